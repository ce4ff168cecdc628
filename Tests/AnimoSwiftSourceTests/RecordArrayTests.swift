// Arrays of structs as state: `@State var xs: [Dot]` of an Identifiable struct (`let id = UUID()`)
// with number, point, angle and colour fields, changed by append, `firstIndex(where:)` then
// `xs[i].field = v`, and `removeAll(where:)` in event handlers, drawn by `ForEach(xs)`: the spec's
// array of records, its updates by id and its removals by condition.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

@Test func anArrayOfStructsFadesOneElementAndRemovesIt() throws {
    let i = try compile("""
    import SwiftUI
    struct Dot: Identifiable {
        let id = UUID()
        var spot: CGPoint
        var alpha: Double = 1
        var tint: Color = .red
    }
    struct Dots: View {
        @State private var dots: [Dot] = [Dot(spot: CGPoint(x: 5, y: 10))]
        var body: some View {
            ZStack {
                ForEach(dots) { d in
                    Circle().fill(d.tint).frame(width: 4, height: 4).opacity(d.alpha).position(d.spot)
                }
            }
            .onAppear {
                Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { timer in
                    let dot = Dot(spot: CGPoint(x: 10 + 5 * Double(dots.count), y: 10), tint: .blue)
                    dots.append(dot)
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                        if let k = dots.firstIndex(where: { $0.id == dot.id }) {
                            withAnimation(.linear(duration: 1)) { dots[k].alpha = 0 }
                        }
                    }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
                        dots.removeAll(where: { $0.id == dot.id })
                    }
                    if dots.count >= 3 { timer.invalidate() }
                }
            }
        }
    }
    #Preview { Dots().frame(width: 30, height: 20) }
    """, duration: 3)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "state", #"{ "dots": { "records": { "spot": [0, 0], "alpha": 1, "tint": "red" }, "initial": [{ "spot": [5, 10], "alpha": 1, "tint": "red" }] } }"#)
    // Each delayed block refers to the element its own firing appended (ids 1 and 2).
    try expectMember(i, "events", """
    [ { "at": 0.5, "set": { "dots": { "append": { "spot": [15, 10], "alpha": 1, "tint": "blue" } } } },
      { "at": 1, "set": { "dots": { "append": { "spot": [20, 10], "alpha": 1, "tint": "blue" } } } },
      { "at": 1.5, "set": { "dots": { "update": { "id": 1, "set": { "alpha": 0 } } } }, "animation": { "linear": { "duration": 1 } } },
      { "at": 2, "set": { "dots": { "update": { "id": 2, "set": { "alpha": 0 } } } }, "animation": { "linear": { "duration": 1 } } },
      { "at": 2.5, "set": { "dots": { "removeAll": { "where": "=item.id == 1" } } } },
      { "at": 3, "set": { "dots": { "removeAll": { "where": "=item.id == 2" } } } } ]
    """)
    // At 2 s, over the white canvas: the first dot red, the second (x 15) half faded (its red
    // half way between blue's 0 and white's 1), the third blue; at 2.9 s the second is gone.
    let renderer = try SceneRenderer(spec: try Spec.load(json: i.json))
    let p = try renderer.render(at: 2)
    func px(_ x: Int) -> SIMD4<Float> { p.pixels[(10 * 3) * p.width + x * 3] }
    #expect(px(5).x > 0.9 && px(5).z < 0.3)
    #expect(px(15).x > 0.3 && px(15).x < 0.7 && px(15).z > 0.9)
    #expect(px(20).x < 0.05 && px(20).z > 0.9)
    #expect(try renderer.render(at: 2.9).pixels[(10 * 3) * p.width + 15 * 3].x > 0.99)
}

@Test func aConstantArrayOfStructsWithStringsIsReadByIndex() throws {
    // A String field has no place in the spec: the array, never changed, is a constant.
    let i = try compile("""
    import SwiftUI
    struct Item: Identifiable {
        var id = UUID().uuidString
        var color: Color
        var name: String
    }
    struct Row: View {
        @State private var items: [Item] = [Item(color: .green, name: "a"), Item(color: .blue, name: "b")]
        var body: some View {
            ZStack {
                ForEach(items.indices, id: \\.self) { k in
                    Rectangle().fill(items[k].color).frame(width: 5, height: 5).position(x: 5 + 10 * CGFloat(k), y: 5)
                }
            }
        }
    }
    #Preview { Row().frame(width: 30, height: 10) }
    """, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    let p = try SceneRenderer(spec: try Spec.load(json: i.json)).render(at: 0)
    let a = p.pixels[(5 * 3) * p.width + 5 * 3], b = p.pixels[(5 * 3) * p.width + 15 * 3]
    #expect(a.y > 0.5 && a.z < 0.5 && b.z > 0.9 && b.y < 0.6)
}
