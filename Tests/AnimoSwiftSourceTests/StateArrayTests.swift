// State arrays: `@State var xs: [CGPoint] = []` changed by append/removeFirst/removeAll in event
// handlers, drawn by `ForEach(xs, id: \.self)`, is the spec's state array and forEach.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

@Test func aStateArrayGrowsAndShrinksOnATimer() throws {
    let i = try compile("""
    import SwiftUI
    struct Dots: View {
        @State private var dots: [CGPoint] = []
        @State private var tick = 0.0
        var body: some View {
            ZStack {
                ForEach(dots, id: \\.self) { p in
                    Circle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 4, height: 4).position(p)
                }
            }
            .onAppear {
                Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { timer in
                    tick += 1
                    dots.append(CGPoint(x: tick * 5, y: 10))
                    if tick >= 3 { dots.removeFirst() }
                    if tick >= 4 { dots.removeAll(); timer.invalidate() }
                }
            }
        }
    }
    #Preview { Dots().frame(width: 30, height: 20) }
    """, duration: 3)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "state", #"{ "dots": { "points": [] }, "tick": 0 }"#)
    try expectMember(i, "events", """
    [ { "at": 0.5, "set": { "tick": 1 } }, { "at": 0.5, "set": { "dots": { "append": [5, 10] } } },
      { "at": 1, "set": { "tick": 2 } }, { "at": 1, "set": { "dots": { "append": [10, 10] } } },
      { "at": 1.5, "set": { "tick": 3 } }, { "at": 1.5, "set": { "dots": { "append": [15, 10] } } },
      { "at": 1.5, "set": { "dots": { "removeFirst": 1 } } },
      { "at": 2, "set": { "tick": 4 } }, { "at": 2, "set": { "dots": { "append": [20, 10] } } },
      { "at": 2, "set": { "dots": { "removeFirst": 1 } } }, { "at": 2, "set": { "dots": { "removeAll": true } } } ]
    """)
    let doc = try document(i)
    let each = try #require(((doc["content"] as? [[String: Any]])?.first?["forEach"]) as? [String: Any])
    #expect(each["in"] as? String == "dots")
    // Between 1 and 1.5 s two dots are shown, at x 5 and 10 (points; scale 3): none at 15.
    let renderer = try SceneRenderer(spec: try Spec.load(json: i.json))
    let p = try renderer.render(at: 1.2)
    func red(_ x: Int, _ y: Int) -> Bool { let px = p.pixels[(y * 3) * p.width + x * 3]; return px.x > 0.9 && px.y < 0.1 }
    #expect([red(5, 10), red(10, 10), red(15, 10)] == [true, true, false])
}
