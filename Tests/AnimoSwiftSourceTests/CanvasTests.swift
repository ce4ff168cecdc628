// Canvas: the GraphicsContext closure runs at compile time; fills and strokes become path nodes in
// canvas points, translateBy/scaleBy/opacity change what follows, and a loop bounded by the clock
// is unrolled to its ceiling with each pass shown while its index is within the bound.
import Foundation
import Testing
import AnimoSwiftSource

private func canvasContent(_ body: String, frame: String = ".frame(width: 40, height: 20)") throws -> SwiftImport {
    try compile("""
    import SwiftUI
    struct C: View {
        var body: some View {
            TimelineView(.animation) { timeline in
                let steps = min(3, Int(timeline.date.timeIntervalSinceReferenceDate))
                Canvas { context, size in
    \(body)
                }
            }
            \(frame)
        }
    }
    #Preview { C().frame(width: 40, height: 20) }
    """)
}

private func contentText(_ i: SwiftImport) throws -> String {
    let doc = try document(i)
    return String(decoding: try JSONSerialization.data(withJSONObject: doc["content"]!, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
}

@Test func fillsAndStrokesArePathNodesInCanvasPoints() throws {
    let i = try canvasContent("""
            var path = Path()
            path.addRect(CGRect(x: 0, y: 0, width: size.width / 2, height: size.height))
            context.fill(path, with: .color(.red))
            context.translateBy(x: 20, y: 0)
            context.opacity = 0.5
            context.stroke(path, with: .color(Color(red: 0, green: 0, blue: 1)), lineWidth: 2)
    """)
    let text = try contentText(i)
    #expect(text.contains(#"{"fill":"red","path":{"d":"M0 0 L20 0 L20 20 L0 20 Z"}}"#), "\(text)")
    #expect(text.contains(#"{"modifiers":[{"opacity":0.5}],"path":{"d":"M20 0 L40 0 L40 20 L20 20 Z"},"stroke":{"color":{"blue":1,"green":0,"opacity":1,"red":0},"lineWidth":2}}"#), "\(text)")
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    _ = try i.load()
}

@Test func aLoopBoundedByTheClockIsUnrolledToItsCeiling() throws {
    let i = try canvasContent("""
            guard steps > 0 else { return }
            for k in 0..<steps {
                let x = CGFloat(k) * 10
                context.fill(Path(CGRect(x: x, y: 0, width: 5, height: 5)), with: .color(.white))
            }
    """)
    let text = try contentText(i)
    // Three passes, each shown while the guard holds and its index is under the bound.
    for (k, x) in [(0, 0), (1, 10), (2, 20)] {
        #expect(text.contains(#""path":{"d":"M\#(x) 0 L\#(x + 5) 0 L\#(x + 5) 5 L\#(x) 5 Z"}"#), "\(text)")
        #expect(text.contains("> 0 && \(k) < min(3, "), "\(text)")
    }
    #expect(!text.contains("M30 0"), "\(text)")
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    _ = try i.load()
}

@Test func aCanvasCallThatIsNotModelledIsReportedWhereItIs() throws {
    let i = try canvasContent("""
            context.clip(to: Path(CGRect(x: 0, y: 0, width: 5, height: 5)))
            context.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.white))
    """)
    #expect(warningPlaces(i).contains("7: context.clip"), "\(warningPlaces(i))")
}

@Test func translateRotateAndScaleMoveThePointsThatFollow() throws {
    let i = try canvasContent("""
            context.translateBy(x: 20, y: 10)
            context.rotate(by: .degrees(90))
            context.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 2)), with: .color(.white))
            context.scaleBy(x: 2, y: 2)
            var arc = Path()
            arc.addArc(center: .zero, radius: 1, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
            context.stroke(arc, with: .color(.white), lineWidth: 1)
    """)
    let text = try contentText(i)
    // Rotated a quarter turn clockwise (y down) about (20, 10): x runs down, y runs left.
    #expect(text.contains(#""d":"M20 10 L20 15 L18 15 L18 10 Z""#), "\(text)")
    // Then scaled by 2: the unit arc from (1, 0) to (0, 1) becomes radius 2 from (20, 12) to (18, 10), a 2-point line.
    #expect(text.contains(#""d":"M20 12 A2 2 0 0 1 18 10""#), "\(text)")
    #expect(text.contains(#""lineWidth":2"#), "\(text)")
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
}

@Test func eachSideOfABranchOnTheClockDrawsWhileItsConditionHolds() throws {
    let i = try canvasContent("""
            if steps > 1 {
                context.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.white))
            } else {
                context.fill(Path(CGRect(x: 10, y: 0, width: 5, height: 5)), with: .color(.white))
            }
    """)
    let text = try contentText(i)
    let nodes = text.components(separatedBy: #"{"fill":"white""#).dropFirst()
    #expect(nodes.count == 2, "\(text)")
    // The first drawn while steps > 1, the second while it is not.
    #expect(nodes.first?.contains("\"=min(3, sign(t) * floor(abs(t))) > 1 ? 1 : 0\"") == true, "\(text)")
    #expect(nodes.last?.contains("\"=!(min(3, sign(t) * floor(abs(t))) > 1) ? 1 : 0\"") == true, "\(text)")
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    _ = try i.load()
}
