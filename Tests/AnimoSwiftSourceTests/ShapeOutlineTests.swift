// A stroke of a stroked shape: `Shape.stroke(lineWidth:)` is itself a Shape (the band's outline),
// so stroking it again draws the band's two edges.
import Testing
import AnimoSpec
import AnimoRender
import AnimoRaster
import AnimoSwiftSource

private func ring(_ shape: String) throws -> SwiftImport {
    try compile("""
    import SwiftUI
    struct R: View {
        var body: some View {
            \(shape).stroke(lineWidth: 8).stroke(Color(red: 1, green: 0, blue: 0), lineWidth: 2)
                .frame(width: 40, height: 40)
        }
    }
    #Preview { R().frame(width: 48, height: 48) }
    """)
}

@Test func aStrokedCirclesOutlineIsTwoCircles() throws {
    let i = try ring("Circle()")
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    // Frame 4…44; the 8-point band around radius 20 has edges at radius 16 and 24.
    #expect(i.json.contains(#""d": "M48 24 A24 24 0 0 1 0 24 A24 24 0 0 1 48 24 Z M40 24 A16 16 0 0 1 8 24 A16 16 0 0 1 40 24 Z""#), "\(i.json)")
    #expect(i.json.contains(#""frame": [4, 4, 40, 40]"#), "\(i.json)")
    let p = try SceneRenderer(spec: try Spec.load(json: i.json)).render(at: 0)
    let k = p.width / 48
    /// Red on the white canvas: red high, green low; the canvas: both high.
    func isRed(_ xPoints: Double) -> Bool {
        let px = p.pixels[24 * k * p.width + Int(xPoints * Double(k))]
        return px.x > 0.9 && px.y < 0.1
    }
    func isCanvas(_ xPoints: Double) -> Bool {
        let px = p.pixels[24 * k * p.width + Int(xPoints * Double(k))]
        return px.x > 0.9 && px.y > 0.9
    }
    // Along the middle row: the outer edge at x 0…1, the inner one at 8…9, nothing at the band's
    // centre line (x 4) nor inside (x 20).
    #expect(isRed(0.5) && isRed(8.5))
    #expect(isCanvas(4.5) && isCanvas(20))
}

@Test func aStrokedRectanglesOutlineIsTwoRectangles() throws {
    let i = try ring("Rectangle()")
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    #expect(i.json.contains(#""d": "M0 0 L48 0 L48 48 L0 48 Z M8 8 L40 8 L40 40 L8 40 Z""#), "\(i.json)")
}

@Test func aStrokedOutlineThatIsNotModelledIsReported() throws {
    let i = try ring("Ellipse()")
    #expect(warningPlaces(i) == ["4: .stroke"], "\(warningPlaces(i))")
}
