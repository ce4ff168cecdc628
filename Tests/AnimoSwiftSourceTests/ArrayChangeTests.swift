// Changing state arrays element by element in event handlers: `xs[i] = v` on arrays of numbers,
// points and colours, `insert(_:at:)` on every kind, and `xs[i]` read while the handler runs,
// compiled to the spec's updates, insertions and values known when the event fires.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

private let bars = """
import SwiftUI
struct Pin: Identifiable {
    let id = UUID()
    var spot: CGPoint
}
struct Bars: View {
    @State private var heights: [CGFloat] = [4, 8]
    @State private var tints: [Color] = [.red, .blue]
    @State private var pins: [Pin] = [Pin(spot: CGPoint(x: 5, y: 28))]
    var body: some View {
        ZStack {
            ForEach(heights, id: \\.self) { h in
                Rectangle().fill(Color.black).frame(width: 5, height: h).position(x: h, y: 5)
            }
            HStack(spacing: 0) {
                ForEach(tints, id: \\.self) { c in
                    Rectangle().fill(c).frame(width: 10, height: 10)
                }
            }
            .position(x: 15, y: 22)
            ForEach(pins) { p in
                Circle().fill(Color.black).frame(width: 2, height: 2).position(p.spot)
            }
        }
        .onAppear {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                withAnimation(.linear(duration: 1)) {
                    heights[1] = heights[0] + heights[1] * 2
                    tints.insert(.green, at: 1)
                }
                pins.insert(Pin(spot: CGPoint(x: heights[1], y: 28)), at: 0)
            }
        }
    }
}
#Preview { Bars().frame(width: 30, height: 30) }
"""

@Test func assignmentsAndInsertionsCompileToUpdatesAndInserts() throws {
    let i = try compile(bars, duration: 2)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "state", """
    { "heights": { "numbers": [4, 8] }, "tints": { "colors": ["red", "blue"] },
      "pins": { "records": { "spot": [0, 0] }, "initial": [{ "spot": [5, 28] }] } }
    """)
    // heights[1] reads 4 + 8 × 2 = 20 when the handler runs, and so does the pin inserted after it.
    try expectMember(i, "events", """
    [ { "at": 0.5, "set": { "heights": { "update": { "id": 1, "set": 20 } } }, "animation": { "linear": { "duration": 1 } } },
      { "at": 0.5, "set": { "tints": { "insert": { "element": "green", "at": 1 } } }, "animation": { "linear": { "duration": 1 } } },
      { "at": 0.5, "set": { "pins": { "insert": { "element": { "spot": [20, 28] }, "at": 0 } } } } ]
    """)
}

@Test func theImportedArraysRenderAsTheSpecWrittenByHand() throws {
    let i = try compile(bars, duration: 2)
    // The same scene written directly in the spec (on the import's canvas): the import, loaded,
    // draws the same frames.
    let canvasJSON = try #require(try document(i)["canvas"])
    let canvas = String(decoding: try JSONSerialization.data(withJSONObject: canvasJSON), as: UTF8.self)
    let byHand = """
    {"canvas": \(canvas), "duration": 2,
     "state": {"heights": {"numbers": [4, 8]}, "tints": {"colors": ["red", "blue"]},
               "pins": {"records": {"spot": [0, 0]}, "initial": [{"spot": [5, 28]}]}},
     "events": [{"at": 0.5, "set": {"heights": {"update": {"index": 1, "set": "=heights[0] + heights[1] * 2"}}}, "animation": {"linear": {"duration": 1}}},
                {"at": 0.5, "set": {"tints": {"insert": {"element": "green", "at": 1}}}, "animation": {"linear": {"duration": 1}}},
                {"at": 0.5, "set": {"pins": {"insert": {"element": {"spot": ["=heights[1]", 28]}, "at": 0}}}}],
     "content": [{"zstack": [
       {"forEach": {"in": "heights", "as": "h", "content": [
         {"rectangle": {}, "fill": "black", "modifiers": [{"frame": {"width": 5, "height": "=h"}}, {"position": ["=h", 5]}]}]}},
       {"hstack": {"spacing": 0, "content": [{"forEach": {"in": "tints", "as": "c", "content": [
         {"rectangle": {}, "fill": "=c", "modifiers": [{"frame": {"width": 10, "height": 10}}]}]}}]}, "modifiers": [{"position": [15, 22]}]},
       {"forEach": {"in": "pins", "as": "p", "content": [
         {"circle": {}, "fill": "black", "modifiers": [{"frame": {"width": 2, "height": 2}}, {"position": "=p.spot"}]}]}}]}]}
    """
    let imported = try SceneRenderer(spec: try Spec.load(json: i.json))
    let written = try SceneRenderer(spec: try Spec.load(json: byHand))
    for t in [0.0, 0.5, 1.0, 1.6] {
        let a = try imported.render(at: t), b = try written.render(at: t)
        #expect(a.width == b.width && a.height == b.height)
        let differing = zip(a.pixels, b.pixels).filter { abs($0.w - $1.w) > 0.01 || abs($0.x - $1.x) > 0.01 || abs($0.y - $1.y) > 0.01 || abs($0.z - $1.z) > 0.01 }.count
        #expect(differing == 0, "\(differing) pixels differ at \(t) s")
    }
    // Half way, over the white canvas, the second bar is 14 points tall (8 → 20), centred at
    // x 14 and y 5 (black down to y 12); the green square fades in between red and blue.
    let p = try imported.render(at: 1)
    func px(_ x: Double, _ y: Double) -> SIMD4<Float> { p.pixels[Int(y * 3) * p.width + Int(x * 3)] }
    #expect(px(14, 11.5).x < 0.1 && px(14, 12.5).x > 0.9)
    // (SwiftUI's red, green and blue: green's red channel is about 0.2, white's 1.)
    let green = px(15, 22)
    #expect(green.y > green.x && green.y > green.z && green.x > 0.4 && green.x < 0.9)
    #expect(px(5, 22).x > 0.9 && px(5, 22).z < 0.4 && px(25, 22).z > 0.9 && px(25, 22).x < 0.1)
    // The inserted pin is at x 20 (drawn at once: no animation), the first one still at 5.
    #expect(px(20, 28).x < 0.5 && px(5, 28).x < 0.5 && px(12, 28).x > 0.9)
}

@Test func aWholeStructAssignedToAnElementIsReported() throws {
    let i = try compile("""
    import SwiftUI
    struct Pin: Identifiable {
        let id = UUID()
        var x: CGFloat
    }
    struct Pins: View {
        @State private var pins: [Pin] = [Pin(x: 5)]
        var body: some View {
            ZStack {
                ForEach(pins) { p in Circle().frame(width: 2, height: 2).position(x: p.x, y: 5) }
            }
            .onAppear { pins[0] = Pin(x: 9) }
        }
    }
    #Preview { Pins().frame(width: 10, height: 10) }
    """, duration: 1)
    #expect(i.warnings.contains { $0.message.contains("a new id") }, "\(i.warnings.map(\.message))")
}
