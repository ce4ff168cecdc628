// The command line's interaction options: `--tap TIME[@TARGET]` and
// `--drag TIME:x1,y1->x2,y2[:SECONDS]`, parsed into the spec's interactions.
import Foundation

/// A malformed `--tap` or `--drag` value: what was given and what was expected.
public struct InteractionArgumentError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

extension SpecInteraction {
    /// `TIME[@TARGET]`: seconds, then optionally `@` and a view's id or label text, `#N` (the N-th
    /// view with a gesture handler), or `x,y` (a point on the canvas).
    public static func parse(tap value: String) throws(InteractionArgumentError) -> SpecInteraction {
        let expected = "expected TIME[@TARGET], e.g. 0.5, 0.5@Buy, 0.5@#0 or 0.5@120,80 (seconds, then a view's id or label, #index, or a point)"
        let parts = value.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let at = seconds(parts[0]) else {
            throw InteractionArgumentError(description: "--tap \(UserText.quoted(value)): \(UserText.quoted(parts[0])) is not a time in seconds ≥ 0; \(expected)")
        }
        var target: InteractionTarget?
        if parts.count == 2 {
            let t = parts[1]
            if t.isEmpty { throw InteractionArgumentError(description: "--tap \(UserText.quoted(value)): nothing after @; \(expected)") }
            if t.hasPrefix("#"), let n = Int(t.dropFirst()), n >= 0 {
                target = .index(n)
            } else if let p = point(t) {
                target = .point(x: p.x, y: p.y)
            } else {
                target = .name(t)
            }
        }
        return SpecInteraction(at: at, kind: .tap(target: target, hold: defaultHold), path: "--tap \(value)")
    }

    /// `TIME:x1,y1->x2,y2[:SECONDS]` (default duration 0.3 s).
    public static func parse(drag value: String) throws(InteractionArgumentError) -> SpecInteraction {
        let expected = "expected TIME:x1,y1->x2,y2[:SECONDS], e.g. 1:100,200->220,200:0.4"
        func fail(_ why: String) -> InteractionArgumentError {
            InteractionArgumentError(description: "--drag \(UserText.quoted(value)): \(why); \(expected)")
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 || parts.count == 3 else { throw fail("found \(parts.count - 1) ':' (one between the time and the points, one before an optional duration)") }
        guard let at = seconds(parts[0]) else { throw fail("\(UserText.quoted(parts[0])) is not a time in seconds ≥ 0") }
        let ends = parts[1].components(separatedBy: "->")
        guard ends.count == 2 else { throw fail("\(UserText.quoted(parts[1])) is not two points joined by ->") }
        guard let from = point(ends[0]) else { throw fail("\(UserText.quoted(ends[0])) is not a point x,y") }
        guard let to = point(ends[1]) else { throw fail("\(UserText.quoted(ends[1])) is not a point x,y") }
        var duration = 0.3
        if parts.count == 3 {
            guard let d = seconds(parts[2]), d > 0 else { throw fail("\(UserText.quoted(parts[2])) is not a duration in seconds > 0") }
            duration = d
        }
        return SpecInteraction(at: at, kind: .drag(from: from, to: to, duration: duration), path: "--drag \(value)")
    }

    static func seconds(_ s: String) -> Double? {
        guard let d = Double(s.trimmingCharacters(in: .whitespaces)), d.isFinite, d >= 0 else { return nil }
        return d
    }

    static func point(_ s: String) -> (x: Double, y: Double)? {
        let c = s.split(separator: ",", omittingEmptySubsequences: false)
        guard c.count == 2, let x = Double(c[0].trimmingCharacters(in: .whitespaces)), let y = Double(c[1].trimmingCharacters(in: .whitespaces)),
              x.isFinite, y.isFinite else { return nil }
        return (x, y)
    }
}
