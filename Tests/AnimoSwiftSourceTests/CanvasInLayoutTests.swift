// A Canvas inside layout views is one view of its frame's size: what it draws lands at the same
// place in that frame as in the closure's coordinates, wherever the stack puts the frame.
import Testing
import AnimoSpec
import AnimoRender
import AnimoRaster
import AnimoSwiftSource

@Test func aCanvasInAStackDrawsAtItsOwnPointsInsideItsLaidOutFrame() throws {
    let i = try compile("""
    import SwiftUI
    struct Marks: View {
        var body: some View {
            VStack(spacing: 0) {
                Color(red: 0, green: 0, blue: 1).frame(width: 40, height: 10)
                Canvas { context, size in
                    context.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(Color(red: 1, green: 0, blue: 0)))
                    context.fill(Path(CGRect(x: 15, y: 15, width: 5, height: 5)), with: .color(Color(red: 0, green: 1, blue: 0)))
                }
                .frame(width: 20, height: 20)
            }
            .padding(5)
        }
    }
    #Preview { Marks().frame(width: 60, height: 60) }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    let p = try SceneRenderer(spec: try Spec.load(json: i.json)).render(at: 0)
    // 60 × 60 points at scale 3. The stack is 40 × 30 (10 + 20), padded to 50 × 40 and centred:
    // its content starts at (10, 15). The bar fills x 10…50, y 15…25; the canvas, centred in the
    // 40-wide column, is x 20…40, y 25…45. Its marks: red x 20…25, y 25…30; green x 35…40, y 40…45.
    let blue = box(p, 0, 0, 1), red = box(p, 1, 0, 0), green = box(p, 0, 1, 0)
    #expect(blue.map { $0 == (30, 45, 149, 74) } == true, "\(String(describing: blue))")
    #expect(red.map { $0 == (60, 75, 74, 89) } == true, "\(String(describing: red))")
    #expect(green.map { $0 == (105, 120, 119, 134) } == true, "\(String(describing: green))")
}
