// A `@State var box: CGRect = .zero` is four state variables, its origin and size: a handler's
// `box = CGRect(…)` sets them, and `box.midX`, `box.size.width` read them.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

private let framed = """
import SwiftUI
struct BoxView: View {
    @State private var box: CGRect = .zero
    var body: some View {
        let size = box.size
        Rectangle()
            .fill(Color(red: 0, green: 0, blue: 1))
            .frame(width: size.width, height: box.height)
            .position(x: box.midX, y: box.midY)
            .onAppear {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    box = CGRect(x: 10, y: 4, width: 20, height: 8)
                }
            }
    }
}
#Preview { BoxView().frame(width: 40, height: 20) }
"""

@Test func aRectangleStateIsItsOriginAndSize() throws {
    let i = try compile(framed, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "state", #"{ "box_x": 0, "box_y": 0, "box_width": 0, "box_height": 0 }"#)
    try expectMember(i, "events", #"[{ "at": 0.5, "set": { "box_x": 10, "box_y": 4, "box_width": 20, "box_height": 8 } }]"#)
    // After the event the blue rectangle covers x 10…30, y 4…12 (scale 3).
    let renderer = try SceneRenderer(spec: try Spec.load(json: i.json))
    let p = try renderer.render(at: 0.8)
    let b = try #require(box(p, 0, 0, 1))
    #expect(b.0 == 30 && b.1 == 12 && b.2 == 89 && b.3 == 35, "\(b)")
    #expect(box(try renderer.render(at: 0.2), 0, 0, 1) == nil)
}
