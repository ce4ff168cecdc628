// A `while` whose condition is known only while rendering, `dropFirst`/`dropLast`, tuple labels
// from a function's return type, and fixed-size drawings placed where only the render knows.
import Foundation
import Testing
@testable import AnimoSpec
import AnimoSwiftSource

/// Every value of `key` in the document, depth first.
private func values(_ key: String, in node: Any) -> [Any] {
    if let d = node as? [String: Any] {
        return (d[key].map { [$0] } ?? []) + d.keys.sorted().filter { $0 != key }.flatMap { values(key, in: d[$0]!) }
    }
    if let a = node as? [Any] { return a.flatMap { values(key, in: $0) } }
    return []
}

@Test func aWhileLoopOverAValueOfTheClockIsAChainOfChoices() throws {
    let i = try compile("""
    import SwiftUI
    struct Walker: View {
        let lengths: [Double] = [2, 3, 5]
        func locate(_ d: Double) -> (segment: Int, rest: Double) {
            var distance = d
            var k = 0
            while k < lengths.count && distance > lengths[k] {
                distance -= lengths[k]
                k += 1
            }
            return (k, distance)
        }
        var body: some View {
            TimelineView(.animation) { timeline in
                let p = locate(timeline.date.timeIntervalSinceReferenceDate)
                Circle().frame(width: 10, height: 10).offset(x: Double(p.segment) * 100, y: p.rest)
            }
        }
    }
    #Preview { Walker().frame(width: 50, height: 50) }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    let offsets = values("offset", in: try document(i)).compactMap { $0 as? [Any] }
    try #require(offsets.count == 1, "\(i.json)")
    let scope = ExpressionScope().adding("t", slot: 0)
    func at(_ v: Any, _ t: Double) throws -> Double {
        if let n = v as? Double { return n }
        return try SpecExpression(String((v as! String).dropFirst()), scope: scope).evaluate([t])
    }
    // The same walk in plain Swift: past 2, then 3, then 5; beyond 10 the loop ends at k = 3.
    for t in [0.5, 2.0, 2.5, 4.9, 5.5, 9.0, 11.0] {
        var d = t, k = 0
        let lengths = [2.0, 3, 5]
        while k < lengths.count && d > lengths[k] { d -= lengths[k]; k += 1 }
        #expect(abs(try at(offsets[0][0], t) - Double(k) * 100) < 1e-9, "x at t = \(t): \(offsets[0][0])")
        #expect(abs(try at(offsets[0][1], t) - d) < 1e-9, "y at t = \(t): \(offsets[0][1])")
    }
}

@Test func dropFirstAndTupleLabelsOfTheReturnType() throws {
    let i = try compile("""
    import SwiftUI
    struct Zig: View {
        let points: [CGPoint] = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5), CGPoint(x: 20, y: 0)]
        func ends() -> (first: CGPoint, last: CGPoint) { (points[0], points[points.count - 1]) }
        var body: some View {
            Path { p in
                p.move(to: points[0])
                for q in points.dropFirst() { p.addLine(to: q) }
                for q in points.dropLast(2) { p.addLine(to: CGPoint(x: q.x, y: 10)) }
                p.addLine(to: CGPoint(x: ends().last.x, y: 10))
            }
            .stroke(.red)
        }
    }
    #Preview { Zig().frame(width: 20, height: 10) }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    #expect(values("d", in: try document(i)).compactMap { $0 as? String } == ["M0 0 L10 5 L20 0 L0 10 L20 10"], "\(i.json)")
}

@Test func aFixedSizeCanvasOrPathInsideAReaderIsMovedByAnOffset() throws {
    let i = try compile("""
    import SwiftUI
    struct Tile: View {
        var body: some View {
            VStack {
                GeometryReader { proxy in
                    ZStack {
                        Canvas { context, size in
                            context.fill(Path(CGRect(x: 0, y: 0, width: size.width, height: size.height / 2)), with: .color(.red))
                        }
                        .frame(width: 20, height: 10)
                        Path { p in
                            p.move(to: CGPoint(x: 0, y: 0))
                            p.addLine(to: CGPoint(x: 8, y: 4))
                        }
                        .stroke(.blue)
                        .frame(width: 8, height: 4)
                    }
                    .frame(width: proxy.size.width, height: proxy.size.height)
                }
            }
        }
    }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    let doc = try document(i)
    // Both drawn in their own coordinates (at the origin) ...
    #expect(values("d", in: doc).compactMap { $0 as? String } == ["M0 0 L20 0 L20 5 L0 5 Z", "M0 0 L8 4"], "\(i.json)")
    // ... and moved to the centre of the reader's size by an offset that reads it.
    let offsets = values("offset", in: doc).compactMap { $0 as? [Any] }
    #expect(offsets.count == 2 && offsets.allSatisfy { o in o.allSatisfy { ($0 as? String)?.contains("proxy") == true } }, "\(i.json)")
}
