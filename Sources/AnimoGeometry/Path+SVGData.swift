// Writing a Path back as SVG path data (absolute commands), the inverse of `Path(svg:)`.
// Used to hand our geometry to other renderers (the Skia conformance run) and for debugging.
import Foundation

extension Path {
    /// The path as SVG path data with absolute M, L, Q, C and Z commands. Numbers are written with
    /// up to 6 decimals, enough to round-trip device-space geometry far below 1/1000 px.
    public var svgData: String {
        func n(_ v: Double) -> String {
            var s = String(format: "%.6f", v)
            while s.contains(".") && (s.hasSuffix("0") || s.hasSuffix(".")) { s.removeLast() }
            return s == "-0" ? "0" : s
        }
        func p(_ q: Point) -> String { "\(n(q.x)) \(n(q.y))" }
        var parts: [String] = []
        for e in elements {
            switch e {
            case .move(let a): parts.append("M\(p(a))")
            case .line(let a): parts.append("L\(p(a))")
            case .quad(let c, let a): parts.append("Q\(p(c)) \(p(a))")
            case .cubic(let c1, let c2, let a): parts.append("C\(p(c1)) \(p(c2)) \(p(a))")
            case .close: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }
}
