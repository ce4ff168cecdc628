// A shape template's `path(in:)`: its commands run for one rectangle and one set of parameter
// values, every frame (so an animatable parameter's interpolated value rebuilds the path, as
// SwiftUI calls `path(in:)` with the interpolated `animatableData`).
import AnimoSpec
import AnimoGeometry
import Foundation

extension ShapeTemplate {
    /// The outline in `rect` with `arguments` (one per parameter, in order). `frame` is a slot
    /// frame of the spec (its shape-value slots are overwritten in a copy). A non-finite number is
    /// taken as 0, as everywhere else in the renderer.
    func path(in rect: Rect, arguments: [Double], frame: [Double]) -> Path {
        var f = frame
        let values = [rect.minX, rect.minY, rect.maxX, rect.maxY, rect.midX, rect.midY, rect.width, rect.height]
        for (slot, v) in zip(rectSlots, values) { f[slot] = v.isFinite ? v : 0 }
        for (p, v) in zip(parameters, arguments) { f[p.slot] = v.isFinite ? v : 0 }
        func num(_ n: SpecNumber) -> Double {
            let v = n.value(f)
            return v.isFinite ? v : 0
        }
        func pt(_ p: SpecPoint) -> Point { Point(num(p.x), num(p.y)) }
        func box(_ r: SpecRect) -> Rect { Rect(x: num(r.x), y: num(r.y), width: num(r.width), height: num(r.height)) }
        var path = Path()
        for c in commands {
            switch c {
            case .move(let p): path.move(to: pt(p))
            case .line(let p): path.line(to: pt(p))
            case .lines(let points):
                // SwiftUI's addLines: a new subpath at the first point.
                for (k, p) in points.enumerated() {
                    if k == 0 { path.move(to: pt(p)) } else { path.line(to: pt(p)) }
                }
            case .sampledLines(let slot, let from, let step, let count, let point):
                for k in 0..<count {
                    f[slot] = from + Double(k) * step
                    if k == 0 { path.move(to: pt(point)) } else { path.line(to: pt(point)) }
                }
            case .quad(let to, let control): path.quad(to: pt(to), control: pt(control))
            case .curve(let to, let c1, let c2): path.cubic(to: pt(to), control1: pt(c1), control2: pt(c2))
            case .arc(let center, let radius, let a0, let a1, let clockwise):
                // SwiftUI's `clockwise: false` sweeps toward increasing angles (clockwise on a
                // y-down screen); `Path.addArc`'s flag is the screen's.
                let rad = Double.pi / 180
                path.addArc(center: pt(center), radius: abs(num(radius)), startAngle: num(a0) * rad, endAngle: num(a1) * rad, clockwise: !clockwise)
            case .rect(let r): path.addPath(Path(rect: box(r)))
            case .ellipse(let r): path.addPath(Path(ellipseIn: box(r)))
            case .close: path.close()
            }
        }
        return path
    }
}
