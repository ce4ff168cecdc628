// A Canvas fill with `GraphicsContext.Shading.radialGradient(…)` (or `.linearGradient`): the
// gradient's points, given in the context's coordinates, become unit points of the canvas, which is
// the frame of the path drawn, and its radii follow the context's scale.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

private let planet = """
import SwiftUI
struct PlanetView: View {
    var body: some View {
        Canvas { context, size in
            context.translateBy(x: 10, y: 0)
            let c = CGPoint(x: 20, y: 20)
            let grad = Gradient(colors: [Color(red: 1, green: 1, blue: 1), Color(red: 0, green: 0.5, blue: 0)])
            let shading = GraphicsContext.Shading.radialGradient(grad, center: c, startRadius: 0, endRadius: 10)
            context.fill(Path(ellipseIn: CGRect(x: 10, y: 10, width: 20, height: 20)), with: shading)
            context.fill(Path(CGRect(x: -10, y: 0, width: 5, height: 40)),
                         with: .linearGradient(grad, startPoint: CGPoint(x: -10, y: 0), endPoint: CGPoint(x: -10, y: 40)))
        }
        .frame(width: 60, height: 40)
    }
}
#Preview { PlanetView().frame(width: 60, height: 40) }
"""

@Test func aCanvasRadialGradientIsCentredWhereTheContextPutsIt() throws {
    let i = try compile(planet, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    let nodes = try #require(((try document(i)["content"] as? [[String: Any]])?.first?["group"] as? [[String: Any]]))
    #expect(nodes.count == 2)
    // Centre (20, 20) moved 10 right: (30, 20) of a 60 × 40 canvas.
    let radial = try #require((nodes[0]["fill"] as? [String: Any])?["radialGradient"] as? [String: Any])
    #expect(radial["center"] as? [Double] == [0.5, 0.5], "\(radial)")
    #expect(radial["endRadius"] as? Double == 10, "\(radial)")
    #expect((nodes[0]["path"] as? [String: Any])?["frame"] as? [Double] == [0, 0, 60, 40])
    let linear = try #require((nodes[1]["fill"] as? [String: Any])?["linearGradient"] as? [String: Any])
    #expect(linear["startPoint"] as? [Double] == [0, 0] && linear["endPoint"] as? [Double] == [0, 1], "\(linear)")
    // White at the planet's centre, green at its rim (scale 3).
    let p = try SceneRenderer(spec: try Spec.load(json: i.json)).render(at: 0)
    let centre = p.pixels[(20 * 3) * p.width + 30 * 3], rim = p.pixels[(20 * 3) * p.width + 39 * 3 + 1]
    #expect(centre.x > 0.9 && centre.y > 0.9 && centre.z > 0.9, "\(centre)")
    #expect(rim.x < 0.2 && rim.y > 0.3 && rim.y < 0.6 && rim.z < 0.2, "\(rim)")
}

@Test func aGradientCentreKnownOnlyWhileRenderingIsReported() throws {
    let i = try compile(planet.replacingOccurrences(of: "let c = CGPoint(x: 20, y: 20)", with: "let c = CGPoint(x: 20, y: 20 + size.height * 0)")
        .replacingOccurrences(of: "struct PlanetView: View {", with: "struct PlanetView: View {\n    @State private var dy: CGFloat = 0")
        .replacingOccurrences(of: "20 + size.height * 0", with: "20 + dy"), duration: 1)
    #expect(i.warnings.contains { $0.message.contains("center known only while rendering") }, "\(warningPlaces(i))")
}
