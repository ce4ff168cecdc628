// A resolved text evaluated at time t: laid out for its proposal (AnimoGeometry's TextLayout),
// placed, and drawn as glyph outlines filled with its paint. Its layout frame is the text's own
// bounds (the size it answers, §121), which modifiers' anchors refer to.
//
// Content transitions while the version counter moves from k − 1 to k (progress p in 0…1):
// - `opacity` (the default; `interpolate` too): the old string fades out (1 − p) as the new one
//   fades in (p), each laid out and placed on its own.
// - `identity`: the new string at once.
// - `numericText`: characters are matched from the end of the string (numbers grow on the
//   left); a character that is the same in both slides from its old place to its new one, any
//   other rolls: the old one moves up by 0.7 em while fading out, the new one comes up from
//   0.7 em below while fading in (counting down reverses the direction; `numericText(value:)`
//   takes it from the sign of the change). OpenSwiftUI records a blur and a scale in the
//   transition but their meaning is undecoded (docs/semantics.md §137): this motion is a choice.
import AnimoSpec
import Foundation
import AnimoGeometry

extension SceneEvaluator {
    func text(_ r: RText, _ t: Double, _ frame: [Double]) -> (DisplayNode?, Rect?) {
        let proposal: (Double?, Double?)
        switch r.placement {
        case .frame(_, _, let w, let h, _): proposal = (max(0, finite(value(w, t, frame))), max(0, finite(value(h, t, frame))))
        case .center(_, _, let w): proposal = (w.map { max(0, finite(value($0, t, frame))) }, nil)
        case .canvas: proposal = (canvasRect.width, canvasRect.height)
        }
        return drawText(r, proposal: proposal, t, frame) { origin(of: $0, r.placement, t, frame) }
    }

    /// The font (its size evaluated, clamped with a diagnostic) and paragraph options of a text at t.
    func textStyle(_ r: RText, _ t: Double, _ frame: [Double]) -> (font: ResolvedFont, options: TextLayoutOptions) {
        var size = value(r.size, t, frame)
        if !size.isFinite || size <= 0 || size > 1000 {
            let clamped = size.isFinite && size > 1000 ? 1000 : 0.001
            warnings.add(RenderDiagnostic(feature: "text", path: r.path + ".font.size",
                                          message: "a font size of \(formatNumber(size)) pt is outside (0, 1000]: drawn at \(formatNumber(clamped)) pt in the frames where this happens"))
            size = clamped
        }
        let font = size == r.font.font.size ? r.font : r.font.sized(size)
        var options = r.options
        // Spacings from expressions are kept within ±10,000 pt so that widths and heights stay
        // finite (docs/robustness.md); a clamp is reported.
        func spacing(_ n: RNumber, _ key: String) -> Double {
            let v = finite(value(n, t, frame))
            guard abs(v) > 10_000 else { return v }
            warnings.add(RenderDiagnostic(feature: "text", path: r.path + "." + key,
                                          message: "\(key) \(formatNumber(v)) pt is beyond ±10000 pt: clamped"))
            return min(max(v, -10_000), 10_000)
        }
        if let k = r.kerning { options.kerning = spacing(k, "kerning") }
        if let k = r.tracking { options.tracking = spacing(k, "tracking") }
        if let s = r.lineSpacing { options.lineSpacing = max(0, spacing(s, "lineSpacing")) }
        return (font, options)
    }

    /// The string a text shows at t, and while a content transition runs the previous one with
    /// the transition's progress and direction (up = the value grew).
    func textStrings(_ r: RText, _ t: Double, _ frame: [Double]) -> (current: String, previous: (string: String, progress: Double, up: Bool)?) {
        switch r.content {
        case .fixed(let s): return (s, nil)
        case .direct(let e, let format): return (TextFormat.format(e.evaluate(frame), format), nil)
        case .versions(let strings, let values, let times, let track):
            var k = 0
            while k + 1 < times.count && times[k + 1] <= t { k += 1 }
            guard k > 0 else { return (strings[0], nil) }
            let v = tracks[track].value(at: t)
            let p = min(max(1 - (Double(k) - v), 0), 1)
            return (strings[k], p < 1 ? (strings[k - 1], p, values[k] >= values[k - 1]) : nil)
        }
    }

    /// The size a text needs for a proposal (nil = unspecified) at t (docs/semantics.md §121):
    /// what a layout container asks a text.
    func textSize(_ r: RText, proposal: (Double?, Double?), _ t: Double, _ frame: [Double]) -> TextLayout {
        let (font, options) = textStyle(r, t, frame)
        let s = textStrings(r, t, frame).current
        return TextLayout.make(String(s.prefix(TextNode.maxCharacters)), font: font, options: options, width: proposal.0, height: proposal.1)
    }

    /// Draws a text laid out for `proposal`, its top-left where `place` puts a text of its size.
    func drawText(_ r: RText, proposal: (Double?, Double?), _ t: Double, _ frame: [Double], place: (Size) -> Point) -> (DisplayNode?, Rect?) {
        let (font, options) = textStyle(r, t, frame)
        func laidOut(_ s: String) -> (TextLayout, Point) {
            let l = TextLayout.make(String(s.prefix(TextNode.maxCharacters)), font: font, options: options, width: proposal.0, height: proposal.1)
            return (l, place(l.size))
        }
        let (current, previous) = textStrings(r, t, frame)
        let (layout, o) = laidOut(current)
        let rect = Rect(x: o.x, y: o.y, width: layout.size.width, height: layout.size.height)
        let displayPaint = paint(r.paint, rect, t, frame)
        guard let prev = previous, r.transition != .identity else {
            return (layout.lines.isEmpty ? nil : .fill(layout.path(at: o), displayPaint), rect)
        }
        let (old, oo) = laidOut(prev.string)
        let p = prev.progress
        switch r.transition {
        case .numericText(let countsDown):
            let up = countsDown.map { !$0 } ?? prev.up
            return (numericTransition(from: old, at: oo, to: layout, at: o, p: p, up: up, font: font, paint: displayPaint), rect)
        default:
            var parts: [DisplayNode] = []
            if !old.lines.isEmpty { parts.append(.opacity(1 - p, .fill(old.path(at: oo), displayPaint))) }
            if !layout.lines.isEmpty { parts.append(.opacity(p, .fill(layout.path(at: o), displayPaint))) }
            return (.group(parts), rect)
        }
    }

    func finite(_ x: Double) -> Double { x.isFinite ? x : 0 }

    /// The text's top-left for its placement.
    func origin(of size: Size, _ placement: RTextPlacement, _ t: Double, _ frame: [Double]) -> Point {
        switch placement {
        case .frame(let x, let y, let w, let h, let a):
            let fx = finite(value(x, t, frame)), fy = finite(value(y, t, frame))
            let fw = max(0, finite(value(w, t, frame))), fh = max(0, finite(value(h, t, frame)))
            return Point(fx + (fw - size.width) * a.x, fy + (fh - size.height) * a.y)
        case .center(let x, let y, _):
            return Point(finite(value(x, t, frame)) - size.width / 2, finite(value(y, t, frame)) - size.height / 2)
        case .canvas:
            return Point(canvasRect.midX - size.width / 2, canvasRect.midY - size.height / 2)
        }
    }

    /// Glyph outlines by cluster, keyed by the cluster's distance from the end of the string.
    func clustersFromEnd(_ l: TextLayout, at o: Point) -> [Int: (character: Character, path: Path, x: Double, y: Double)] {
        var out: [Int: (Character, Path, Double, Double)] = [:]
        let n = l.characters.count
        var ellipsis = -1
        for g in l.glyphs {
            let key = g.cluster >= 0 ? n - g.cluster : ellipsis
            if g.cluster < 0 { ellipsis -= 1 }
            var e = out[key] ?? (g.cluster >= 0 ? l.characters[g.cluster] : "\u{2026}", Path(), g.origin.x + o.x, g.origin.y + o.y)
            e.1.addPath(l.path(of: g, at: o))
            out[key] = e
        }
        return out
    }

    func numericTransition(from old: TextLayout, at oo: Point, to new: TextLayout, at no: Point, p: Double, up: Bool, font: ResolvedFont, paint: DisplayPaint) -> DisplayNode {
        let a = clustersFromEnd(old, at: oo), b = clustersFromEnd(new, at: no)
        let d = 0.7 * font.font.size * (up ? 1 : -1)
        var parts: [DisplayNode] = []
        for (key, o) in a.sorted(by: { $0.key < $1.key }) {
            if let n = b[key], n.character == o.character { continue }
            parts.append(.opacity(1 - p, .transform(.translation(0, -d * p), .fill(o.path, paint))))
        }
        for (key, n) in b.sorted(by: { $0.key < $1.key }) {
            if let o = a[key], o.character == n.character {
                parts.append(.transform(.translation((o.x - n.x) * (1 - p), (o.y - n.y) * (1 - p)), .fill(n.path, paint)))
            } else {
                parts.append(.opacity(p, .transform(.translation(0, d * (1 - p)), .fill(n.path, paint))))
            }
        }
        return .group(parts)
    }
}
