// `Path.applying(_:)` and the shapes built on it. The path's rectangles, ellipses and arcs are
// written first as the lines and cubic Béziers they are made of (a quarter circle is a cubic with
// handles 0.5523 of the radius long), so every point then simply maps through the matrix.
import Foundation

extension Path {
    public func applying(_ t: CGAffineTransform) -> Path {
        // Even the identity writes the path in curves, so that a transformed shape has the same
        // commands at every value of its transform (it may animate through the identity).
        var out = Path()
        for e in curveElements() {
            switch e {
            case .move(let p): out.elements.append(.move(p.applying(t)))
            case .line(let p): out.elements.append(.line(p.applying(t)))
            case .quad(let c, let p): out.elements.append(.quad(c.applying(t), p.applying(t)))
            case .curve(let c1, let c2, let p): out.elements.append(.curve(c1.applying(t), c2.applying(t), p.applying(t)))
            case .close: out.elements.append(.close)
            default: break
            }
        }
        return out
    }

    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { applying(CGAffineTransform(translationX: dx, y: dy)) }

    /// The elements with rectangles, ellipses, rounded rectangles and arcs written as moves,
    /// lines and cubics.
    func curveElements() -> [Element] {
        var out: [Element] = []
        var current: CGPoint?
        var open = false
        func arc(_ center: CGPoint, _ r: CGFloat, _ start: Double, _ end: Double, _ clockwise: Bool) {
            // SwiftUI's flag is in its flipped coordinates: `clockwise: false` increases the angle.
            var sweep = end - start
            if clockwise { if sweep > 0 { sweep -= 2 * .pi * ((sweep / (2 * .pi)).rounded(.up)) } }
            else if sweep < 0 { sweep += 2 * .pi * ((-sweep / (2 * .pi)).rounded(.up)) }
            let first = CGPoint(x: center.x + r * cos(start), y: center.y + r * sin(start))
            out.append(open ? .line(first) : .move(first))
            open = true
            let pieces = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
            let step = sweep / Double(pieces)
            let k = 4.0 / 3.0 * tan(step / 4)
            var a = start
            for _ in 0..<pieces {
                let b = a + step
                let p0 = CGPoint(x: cos(a), y: sin(a)), p3 = CGPoint(x: cos(b), y: sin(b))
                let c1 = CGPoint(x: p0.x - k * p0.y, y: p0.y + k * p0.x)
                let c2 = CGPoint(x: p3.x + k * p3.y, y: p3.y - k * p3.x)
                func map(_ q: CGPoint) -> CGPoint { CGPoint(x: center.x + r * q.x, y: center.y + r * q.y) }
                out.append(.curve(map(c1), map(c2), map(p3)))
                a = b
            }
            current = CGPoint(x: center.x + r * cos(start + sweep), y: center.y + r * sin(start + sweep))
        }
        for e in elements {
            switch e {
            case .move(let p): out.append(e); current = p; open = true
            case .line(let p), .quad(_, let p), .curve(_, _, let p):
                if !open { out.append(.move(current ?? .zero)); open = true }
                out.append(e); current = p
            case .close: out.append(e); open = false
            case .rect(let r):
                out += [.move(CGPoint(x: r.minX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.maxY)), .line(CGPoint(x: r.minX, y: r.maxY)), .close]
                open = false
            case .ellipse(let r):
                let before = out.count
                open = false
                arc(.zero, 1, 0, 2 * .pi, false)
                for i in before..<out.count {
                    func map(_ q: CGPoint) -> CGPoint { CGPoint(x: r.midX + q.x * r.width / 2, y: r.midY + q.y * r.height / 2) }
                    switch out[i] {
                    case .move(let p): out[i] = .move(map(p))
                    case .curve(let a, let b, let p): out[i] = .curve(map(a), map(b), map(p))
                    default: break
                    }
                }
                out.append(.close)
                open = false
            case .roundedRect(let r, let radius):
                let k = max(0, min(radius, r.width / 2, r.height / 2))
                open = false
                out.append(.move(CGPoint(x: r.minX + k, y: r.minY)))
                open = true
                arc(CGPoint(x: r.maxX - k, y: r.minY + k), k, -.pi / 2, 0, false)
                arc(CGPoint(x: r.maxX - k, y: r.maxY - k), k, 0, .pi / 2, false)
                arc(CGPoint(x: r.minX + k, y: r.maxY - k), k, .pi / 2, .pi, false)
                arc(CGPoint(x: r.minX + k, y: r.minY + k), k, .pi, 1.5 * .pi, false)
                out.append(.close)
                open = false
            case .arc(let c, let radius, let start, let end, let clockwise):
                arc(c, radius, start, end, clockwise)
            }
        }
        return out
    }
}
