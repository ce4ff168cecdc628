// A custom shape's path as a function of its rectangle. The renderer lays the shape out, so the
// rectangle is not known while the view records; the shape's own `path(in:)` runs instead at four
// sizes (at the origin, as SwiftUI gives `path(in:)` the shape's own bounds), and each number of
// each command is solved for `constant + a·width + b·height + m·min(width, height)` (the forms
// shape code writes: `rect.midX`, `rect.width * 0.3`, `min(rect.width, rect.height) / 2`), then
// checked at two more sizes of other proportions. A path that passes is exact at any size; the
// renderer adds the shape's place on the canvas.
//
// A path whose commands change with the size (a wave sampled every point of the width), or whose
// numbers are other functions of it, is taken at the size it is likely drawn at (a fixed
// `.frame` around it, else the device's safe area) and scaled with its rectangle from there:
// exact at that size, and said so in a warning when no frame gave the size.
internal import AnimoViewRecord
import Foundation

enum PathFit {
    /// The safe area of the default device (iPhone 16, 393 × 852 pt less 59 and 34 pt).
    static let deviceSize = CGSize(width: 393, height: 759)
    /// The whole screen, for a view that ignores the safe area.
    static let screenSize = CGSize(width: 393, height: 852)

    /// nil with `reason` when the path cannot be drawn; a path with `reason` set when it is drawn
    /// approximately.
    static func fit(_ shape: some Shape, sizeHint: CGSize?, reason: inout String) -> RecordedPath? {
        let animatable = !(shape.animatableData is EmptyAnimatableData)
        let probes = [CGSize(width: 100, height: 100), CGSize(width: 200, height: 100), CGSize(width: 100, height: 200), CGSize(width: 200, height: 200)]
        let samples = probes.map { flat(shape.path(in: CGRect(origin: .zero, size: $0))) }
        let checks = [CGRect(x: 0, y: 0, width: 150, height: 260), CGRect(x: 0, y: 0, width: 320, height: 90)]
        if let fitted = solve(samples, checks: checks.map { ($0, flat(shape.path(in: $0))) }) {
            return RecordedPath(commands: fitted, animatable: animatable)
        }
        // Scaled from the likely size.
        let size = sizeHint ?? deviceSize
        guard size.width > 0, size.height > 0 else { reason = "it is drawn at a zero size"; return nil }
        let at = flat(shape.path(in: CGRect(origin: .zero, size: size)))
        guard !at.isEmpty else { reason = "its path(in:) is empty"; return nil }
        guard at.count <= 20_000 else { reason = "its path has more than 20,000 commands"; return nil }
        if sizeHint == nil {
            // Drawn, with a warning (the caller's `reason` is set and a path returned).
            reason = "its path(in:) depends on the size in a way that does not scale, so it is drawn as at \(Int(size.width)) × \(Int(size.height)) pt and scaled to its frame (a fixed .frame draws it exactly)"
        }
        return RecordedPath(commands: at.map { c in
            RecordedPath.Command(op: c.op, values: zip(c.kinds, c.numbers).map { kind, v in
                switch kind {
                case .x: RecordedLength(origin: .minX, form: .width, constant: 0, width: clean(v / size.width))
                case .y: RecordedLength(origin: .minY, form: .height, constant: 0, height: clean(v / size.height))
                case .size(let horizontal):
                    horizontal ? RecordedLength(origin: .none, form: .width, constant: 0, width: clean(v / size.width))
                               : RecordedLength(origin: .none, form: .height, constant: 0, height: clean(v / size.height))
                case .radius: RecordedLength(origin: .none, form: .minSide, constant: 0, minSide: clean(v / min(size.width, size.height)))
                case .angle: RecordedLength(origin: .none, form: .constant, constant: v)
                }
            }, clockwise: c.clockwise)
        }, animatable: animatable)
    }

    // MARK: - Animation

    /// The shape's `animatableData` when each shape (by identity) was last recorded.
    nonisolated(unsafe) private static var previousData: [String: Any] = [:]

    /// Whether the path halfway between the shape's previous and current `animatableData` is the
    /// average of the two paths. The renderer interpolates the path's numbers; SwiftUI runs
    /// `path(in:)` with the interpolated data, which is the same only for such paths (a wave's
    /// phase is not: halfway, the averaged points of two waves are flat).
    static func interpolatesLinearly<S: Shape>(_ shape: S, key: String, size: CGSize?) -> Bool {
        let now = shape.animatableData
        defer { previousData[key] = now }
        guard let before = previousData[key] as? S.AnimatableData, before != now else { return true }
        var mid = before + now
        mid.scale(by: 0.5)
        let rect = CGRect(origin: .zero, size: size ?? CGSize(width: 200, height: 200))
        var a = shape, m = shape
        a.animatableData = before
        m.animatableData = mid
        let p0 = flat(a.path(in: rect)), p1 = flat(shape.path(in: rect)), half = flat(m.path(in: rect))
        guard p0.count == p1.count, p1.count == half.count else { return false }
        for i in half.indices {
            guard p0[i].op == half[i].op, p1[i].op == half[i].op, p0[i].numbers.count == half[i].numbers.count, p1[i].numbers.count == half[i].numbers.count else { return false }
            for j in half[i].numbers.indices {
                let expected = (p0[i].numbers[j] + p1[i].numbers[j]) / 2
                if !(abs(half[i].numbers[j] - expected) <= 1e-3 * max(1, abs(expected))) { return false }
            }
        }
        return true
    }

    // MARK: - Commands as numbers

    enum Kind: Equatable { case x, y, size(horizontal: Bool), radius, angle }

    struct Flat: Equatable {
        var op: RecordedPath.Op
        var kinds: [Kind]
        var numbers: [Double]
        var clockwise: Bool
    }

    static func flat(_ path: Path) -> [Flat] {
        path.elements.map { e in
            func xy(_ p: CGPoint) -> [Double] { [Double(p.x), Double(p.y)] }
            switch e {
            case .move(let p): return Flat(op: .move, kinds: [.x, .y], numbers: xy(p), clockwise: false)
            case .line(let p): return Flat(op: .line, kinds: [.x, .y], numbers: xy(p), clockwise: false)
            case .quad(let c, let p): return Flat(op: .quad, kinds: [.x, .y, .x, .y], numbers: xy(c) + xy(p), clockwise: false)
            case .curve(let c1, let c2, let p): return Flat(op: .curve, kinds: [.x, .y, .x, .y, .x, .y], numbers: xy(c1) + xy(c2) + xy(p), clockwise: false)
            case .close: return Flat(op: .close, kinds: [], numbers: [], clockwise: false)
            case .rect(let r): return Flat(op: .rect, kinds: [.x, .y, .size(horizontal: true), .size(horizontal: false)], numbers: [r.minX, r.minY, r.width, r.height].map(Double.init), clockwise: false)
            case .ellipse(let r): return Flat(op: .ellipse, kinds: [.x, .y, .size(horizontal: true), .size(horizontal: false)], numbers: [r.minX, r.minY, r.width, r.height].map(Double.init), clockwise: false)
            case .roundedRect(let r, let k):
                // Not a spec command: the rounded rectangle's outline is written as lines and arcs.
                return Flat(op: .close, kinds: [], numbers: [Double(r.minX), Double(r.minY), Double(r.width), Double(r.height), Double(k)], clockwise: false)
            case .arc(let c, let r, let s, let t, let cw):
                return Flat(op: .arc, kinds: [.x, .y, .radius, .angle, .angle], numbers: xy(c) + [Double(r), s * 180 / .pi, t * 180 / .pi], clockwise: cw)
            }
        }.flatMap(expandRoundedRect)
    }

    /// A rounded rectangle (recorded above as a `close` carrying its numbers) as move, arcs and
    /// close: each arc joins the previous point with a line, as `addArc` does.
    private static func expandRoundedRect(_ f: Flat) -> [Flat] {
        guard f.op == .close, f.numbers.count == 5 else { return [f] }
        let (x, y, w, h) = (f.numbers[0], f.numbers[1], f.numbers[2], f.numbers[3])
        let k = max(0, min(f.numbers[4], w / 2, h / 2))
        func arc(_ cx: Double, _ cy: Double, _ a: Double, _ b: Double) -> Flat {
            Flat(op: .arc, kinds: [.x, .y, .radius, .angle, .angle], numbers: [cx, cy, k, a, b], clockwise: false)
        }
        return [Flat(op: .move, kinds: [.x, .y], numbers: [x + k, y], clockwise: false),
                arc(x + w - k, y + k, -90, 0), arc(x + w - k, y + h - k, 0, 90),
                arc(x + k, y + h - k, 90, 180), arc(x + k, y + k, 180, 270),
                Flat(op: .close, kinds: [], numbers: [], clockwise: false)]
    }

    // MARK: - Solving

    static func solve(_ s: [[Flat]], checks: [(CGRect, [Flat])]) -> [RecordedPath.Command]? {
        guard s.count == 4, !s[0].isEmpty, s[0].count <= 20_000 else { return nil }
        for other in s.dropFirst() + checks.map(\.1) {
            guard other.count == s[0].count else { return nil }
            for (a, b) in zip(s[0], other) where a.op != b.op || a.kinds != b.kinds || a.clockwise != b.clockwise { return nil }
        }
        var commands: [RecordedPath.Command] = []
        for i in s[0].indices {
            var values: [RecordedLength] = []
            for j in s[0][i].numbers.indices {
                let kind = s[0][i].kinds[j]
                let f1 = s[0][i].numbers[j], f2 = s[1][i].numbers[j], f3 = s[2][i].numbers[j], f4 = s[3][i].numbers[j]
                let a = (f2 - f1) / 100, b = (f3 - f1) / 100
                let m = (f4 - f1) / 100 - a - b
                let c = f1 - 100 * (a + b + m)
                let origin: RecordedLength.Origin = kind == .x ? .minX : kind == .y ? .minY : .none
                let length = RecordedLength(origin: origin, form: kind == .angle ? .constant : .full, constant: clean(c), width: clean(a), height: clean(b), minSide: clean(m))
                for (rect, flat) in checks {
                    let expected = flat[i].numbers[j]
                    let base = origin == .minX ? Double(rect.minX) : origin == .minY ? Double(rect.minY) : 0
                    let predicted = base + length.constant + length.width * Double(rect.width) + length.height * Double(rect.height) + length.minSide * Double(min(rect.width, rect.height))
                    if kind == .angle {
                        // Angles are the same at every size, up to whole turns.
                        let d = (predicted - expected).truncatingRemainder(dividingBy: 360)
                        if min(abs(d), 360 - abs(d)) > 1e-6 { return nil }
                    } else if !(abs(predicted - expected) <= 1e-6 * max(1, abs(expected))) {
                        return nil
                    }
                }
                values.append(length)
            }
            commands.append(RecordedPath.Command(op: s[0][i].op, values: values, clockwise: s[0][i].clockwise))
        }
        return commands
    }

    /// Rounding noise of the fit (1e-15 where the code wrote 0) kept out of the spec.
    static func clean(_ v: Double) -> Double {
        guard v.isFinite else { return 0 }
        if abs(v) < 1e-9 { return 0 }
        return (v * 1e9).rounded() / 1e9
    }
}
