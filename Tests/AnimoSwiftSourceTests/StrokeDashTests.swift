// Dash patterns from Swift: SwiftUI strokes through RenderBox, which dashes with each length's
// magnitude and strokes solid when the lengths sum to no more than FLT_EPSILON
// (docs/semantics.md §285). The spec itself keeps lengths ≥ 0.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoRaster
import AnimoSwiftSource

@Test func aNegativeDashLengthIsDrawnWithItsMagnitude() throws {
    // 24 dashes of 8 pt round a circle of 75 pt leave a gap of π − 8 ≈ −4.86; RenderBox dashes
    // with each length's magnitude (docs/semantics.md §285), so the gap is 8 − π.
    let i = try compile("""
    import SwiftUI
    struct Ring: View {
        let gap: CGFloat = (2 * .pi * 12) / 24 - 8
        var body: some View {
            Circle()
                .stroke(.blue, style: StrokeStyle(lineWidth: 2, lineCap: .round, dash: [8, gap]))
                .frame(width: 24, height: 24)
        }
    }
    #Preview { Ring().frame(width: 30, height: 30) }
    """)
    let content = try #require(try document(i)["content"] as? [[String: Any]])
    let stroke = try #require(content.first?["stroke"] as? [String: Any])
    let dash = try #require(stroke["dash"] as? [Any]).compactMap { ($0 as? NSNumber)?.doubleValue }
    #expect(dash.count == 2 && dash[0] == 8 && abs(dash[1] - (8 - Double.pi)) < 1e-9, "\(stroke)")
    #expect(i.warnings.isEmpty, "\(i.warnings)")
}

@Test func aComputedDashLengthIsWrittenAsItsMagnitudeAndAZeroPatternIsLeftOut() throws {
    let i = try compile("""
    import SwiftUI
    struct Ring: View {
        @State private var gap: CGFloat = -3
        var body: some View {
            ZStack {
                Circle().stroke(.blue, style: StrokeStyle(lineWidth: 2, dash: [8, gap]))
                Circle().stroke(.red, style: StrokeStyle(lineWidth: 2, dash: [0, -0.0]))
            }
            .frame(width: 24, height: 24)
        }
    }
    #Preview { Ring() }
    """)
    let strokes = strokeStyles(in: try document(i))
    #expect(strokes.count == 2, "\(i.json)")
    let blue = strokes.first { $0["color"] as? String == "blue" }
    let red = strokes.first { $0["color"] as? String == "red" }
    let dash = blue?["dash"] as? [Any] ?? []
    #expect(dash.count == 2 && (dash.first as? NSNumber)?.doubleValue == 8 && dash.last as? String == "=abs(gap)", "\(i.json)")
    // [0, −0] sums to 0: RenderBox drops the pattern and strokes solid.
    #expect(red != nil && red?["dash"] == nil, "\(i.json)")
    #expect(i.warnings.isEmpty, "\(i.warnings)")
}

/// Every `stroke` object of a compiled document, in document order.
private func strokeStyles(in value: Any) -> [[String: Any]] {
    if let d = value as? [String: Any] {
        let own = (d["stroke"] as? [String: Any]).map { [$0] } ?? []
        return own + d.keys.sorted().filter { $0 != "stroke" }.flatMap { strokeStyles(in: d[$0]!) }
    }
    if let a = value as? [Any] { return a.flatMap { strokeStyles(in: $0) } }
    return []
}

@Test func aDashWithANegativeGapLeavesGapsInThePixels() throws {
    // The top edge of an 80 × 20 rectangle centred in 100 × 40 points runs from (10, 10) to
    // (90, 10); [10, 10 − 20] dashes it as [10, 10]: painted x 10…20, 30…40, 50…60, 70…80.
    let i = try compile("""
    import SwiftUI
    struct Edge: View {
        let gap: CGFloat = 10 - 20
        var body: some View {
            Rectangle()
                .stroke(Color(red: 1, green: 0, blue: 0), style: StrokeStyle(lineWidth: 2, dash: [10, gap]))
                .frame(width: 80, height: 20)
        }
    }
    #Preview { Edge().frame(width: 100, height: 40) }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    let p = try SceneRenderer(spec: try Spec.load(json: i.json)).render(at: 0)
    // On the white canvas a dash is red (no green), a gap white.
    let scale = p.width / 100
    func green(_ x: Double, _ y: Double) -> Float { p.pixels[Int(y * Double(scale)) * p.width + Int(x * Double(scale))].y }
    for x in [12.0, 15, 18, 35, 55, 75] { #expect(green(x, 10) < 0.1, "dash at x \(x): \(green(x, 10))") }
    for x in [22.0, 25, 28, 45, 65, 85] { #expect(green(x, 10) > 0.9, "gap at x \(x): \(green(x, 10))") }
}
