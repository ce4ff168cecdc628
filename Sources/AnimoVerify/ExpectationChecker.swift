// Expectations: a spec's `expect` entries checked from rendered pixels (docs/spec.md,
// "Expectations"). Each entry's instants — `at`, `relativeTo`, `changesFrom`, `sameAs`, `until`
// and the frames of an interval, with `start:N`, `mid:N` and `rest:N` resolved through the key
// poses — are rendered once at the chosen scale, and measured with AnimoCheck's `VisibleMask`
// (visible pixels, 8-connected components, coverage, bounds, centroid, changed pixels) and its
// colour measures (CIE76 ΔE). Each verdict says what was measured, with its figure, so a failure
// explains itself.
import Foundation
import AnimoSpec
import AnimoScene
import AnimoRender
import AnimoCheck
import AnimoRaster

/// One expectation's verdict and its figures.
public struct ExpectationVerdict: Sendable, Equatable {
    public var passed: Bool
    /// e.g. `expect[0] at mid:0 (0.477 s): components 3 (expected = 3)`.
    public var text: String
    /// The entry's JSON path, e.g. `expect[0]`.
    public var path: String = ""
    /// The entry's instant as written (`0.4`, `mid:0`).
    public var at: String = ""
    /// The instant in seconds; nil when it does not exist.
    public var seconds: Double? = nil
}

/// Checks a spec's expectations, rendering each instant once.
public struct ExpectationChecker {
    var frames: FrameCache
    let spec: Spec

    /// - Parameter scale: pixels per point to render at (default: the canvas's).
    public init(renderer: SceneRenderer, scale: Double? = nil) {
        spec = renderer.spec
        frames = FrameCache(renderer: renderer, scale: scale ?? renderer.spec.canvas.scale)
    }

    /// How many distinct instants were rendered so far.
    public var framesRendered: Int { frames.rendered }

    /// The verdict of every `expect` entry, in order.
    public mutating func checkAll() -> [ExpectationVerdict] {
        spec.expect.map { check($0) }
    }

    /// The verdict of one entry.
    public mutating func check(_ e: Expectation) -> ExpectationVerdict {
        Self.check(e, spec: spec, scale: frames.scale, frames: &frames)
    }

    /// Renders each instant once.
    struct FrameCache {
        let renderer: SceneRenderer
        let scale: Double
        var images: [Double: RGBAImage] = [:]
        var rendered: Int { images.count }
        lazy var poses: KeyPoseSet = renderer.keyPoseSet()

        init(renderer: SceneRenderer, scale: Double) {
            self.renderer = renderer
            self.scale = scale
        }

        /// Seconds of an `ExpectTime`, or nil when the key pose does not exist (e.g. rest:N of a
        /// repeatForever animation, or an event index out of range) or falls outside the timeline.
        mutating func seconds(_ t: ExpectTime) -> Double? {
            switch t {
            case .seconds(let s): return s
            default: return poses.time(of: "\(t)")
            }
        }

        /// Why the key pose `t` has no time: it would fall outside [0, duration], or never comes.
        mutating func missing(_ t: ExpectTime) -> String {
            if let p = poses.outside("\(t)") {
                return "\(t) would be at " + String(format: "%.3f", p.time) + " s, outside the spec's 0…\(formatNumber(renderer.spec.duration)) s, so it is never shown"
            }
            return "the instant \(t) does not exist (no such event, or it never settles)"
        }

        mutating func image(at t: Double) throws -> RGBAImage {
            if let i = images[t] { return i }
            let i = RGBAImage(try renderer.render(at: t, scale: scale))
            images[t] = i
            return i
        }
    }

    static func fmt(_ v: Double) -> String { String(format: "%.4g", v) }

    /// ` (0.350 s)` after a key pose's name; nothing after seconds.
    static func timeText(_ t: ExpectTime, _ seconds: Double) -> String {
        if case .seconds = t { return "" }
        return String(format: " (%.3f s)", seconds)
    }

    /// The most frames an interval (`unchanged`, `monotonic`) renders.
    static let maxIntervalFrames = 2_000

    /// The instants of an interval: its ends and every frame of the spec's fps strictly between;
    /// nil when there would be more than `maxIntervalFrames` (any times, however large, are safe).
    static func intervalTimes(from a: Double, to b: Double, fps: Double) -> [Double]? {
        guard b > a, fps.isFinite, fps > 0 else { return [a] }
        guard (b - a) * fps < Double(maxIntervalFrames - 1), b * fps < 1e15 else { return nil }
        let first = Int((a * fps).rounded(.down)) + 1, last = Int((b * fps).rounded(.up)) - 1
        var out = [a]
        if first <= last { out += (first...last).map { Double($0) / fps }.filter { $0 > a && $0 < b } }
        return out + [b]
    }

    /// `#RRGGBB` (and `AA` when not opaque) of a pixel.
    static func hex(_ image: RGBAImage, _ x: Int, _ y: Int) -> String {
        let o = 4 * (y * image.width + x)
        let b = image.bytes
        return "#" + String(format: "%02X%02X%02X", b[o], b[o + 1], b[o + 2]) + (b[o + 3] == 255 ? "" : String(format: "%02X", b[o + 3]))
    }

    /// Whether the visible centroid moves one way over `times`: between consecutive frames it may
    /// go back by at most half a pixel (the threshold's jitter on anti-aliased edges), and overall
    /// it must move forward by more than one pixel.
    static func monotonic(_ dir: ExpectDirection, times: [Double], region: PixelRect?, background: BackgroundColor,
                          scale: Double, frames: inout FrameCache) throws -> (passed: Bool, text: String) {
        var positions: [(t: Double, p: Double)] = []
        for x in times {
            let m = VisibleMask(image: try frames.image(at: x), background: background, region: region)
            guard let c = m.centroid else {
                return (false, "no visible pixel at \(String(format: "%.3f", x)) s")
            }
            let v: Double
            switch dir {
            case .right: v = c.x
            case .left: v = -c.x
            case .down: v = c.y
            case .up: v = -c.y
            }
            positions.append((x, v))
        }
        let axis = dir == .left || dir == .right ? "x" : "y"
        let sign: Double = dir == .left || dir == .up ? -1 : 1
        let from = sign * positions[0].p / scale, to = sign * positions[positions.count - 1].p / scale
        let range = "centroid \(axis) \(fmt(from)) → \(fmt(to)) pt"
        for i in 1..<positions.count where positions[i].p < positions[i - 1].p - 0.5 {
            let back = (positions[i - 1].p - positions[i].p) / scale
            return (false, range + "; it moves back \(fmt(back)) pt at \(String(format: "%.3f", positions[i].t)) s")
        }
        let total = positions[positions.count - 1].p - positions[0].p
        guard total > 1 else { return (false, range + "; it does not move \(dir.rawValue) (more than one pixel)") }
        return (true, range)
    }

    static func rangeText(_ r: ExpectRange) -> String {
        switch (r.min, r.max) {
        case let (lo?, hi?): return lo == hi ? "= \(fmt(lo))" : "in \(fmt(lo))…\(fmt(hi))"
        case let (lo?, nil): return "≥ \(fmt(lo))"
        case let (nil, hi?): return "≤ \(fmt(hi))"
        default: return "any"
        }
    }

    static func check(_ e: Expectation, spec: Spec, scale: Double, frames: inout FrameCache) -> ExpectationVerdict {
        var v = measure(e, spec: spec, scale: scale, frames: &frames)
        v.path = e.path
        v.at = "\(e.at)"
        v.seconds = frames.seconds(e.at)
        return v
    }

    static func measure(_ e: Expectation, spec: Spec, scale: Double, frames: inout FrameCache) -> ExpectationVerdict {
        var head = "\(e.path) at \(e.at)"
        guard let t = frames.seconds(e.at) else {
            return ExpectationVerdict(passed: false, text: head + ": " + frames.missing(e.at))
        }
        if case .seconds = e.at {} else { head += String(format: " (%.3f s)", t) }
        var region: PixelRect? = nil
        if let r = e.region {
            head += " region [\(fmt(r.x)), \(fmt(r.y)), \(fmt(r.width)), \(fmt(r.height))]"
            guard let px = VisibleMask.pixelRegion(x: r.x, y: r.y, width: r.width, height: r.height, scale: scale) else {
                return ExpectationVerdict(passed: false, text: head + ": invalid region")
            }
            region = px
        }
        let bg = spec.canvas.background
        let background = BackgroundColor(red: bg.red, green: bg.green, blue: bg.blue, alpha: bg.opacity)
        do {
            let image = try frames.image(at: t)
            let mask = VisibleMask(image: image, background: background, region: region)
            var parts: [String] = [], ok = true
            if let c = e.components {
                let n = mask.components()
                let good = c.contains(Double(n))
                ok = ok && good
                parts.append("components \(n) (expected \(rangeText(c)))")
            }
            if let c = e.coverage {
                // Visible pixels, or those of a colour.
                let target = e.color.map { LabColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.opacity) }
                let deltaE = e.deltaE ?? 2.3
                func counted(_ img: RGBAImage) -> VisibleMask {
                    target.map { VisibleMask(image: img, matching: $0, deltaE: deltaE, region: region) }
                        ?? VisibleMask(image: img, background: background, region: region)
                }
                let mask = e.color == nil ? mask : counted(image)
                let what = e.color.map { "coverage of \($0) (ΔE ≤ \(fmt(deltaE)))" } ?? "coverage"
                if let rel = e.relativeTo {
                    guard let rt = frames.seconds(rel) else {
                        return ExpectationVerdict(passed: false, text: head + ": relativeTo: " + frames.missing(rel))
                    }
                    let ref = counted(try frames.image(at: rt))
                    if let v = mask.coverage(relativeTo: ref) {
                        let good = c.contains(v)
                        ok = ok && good
                        parts.append("\(what) \(fmt(v)) of the \(e.color == nil ? "visible" : "same") pixels at \(rel) (\(String(format: "%.3f s", rt))) (expected \(rangeText(c)))")
                    } else {
                        ok = false
                        parts.append("\(what) relative to \(rel): the reference frame has no \(e.color == nil ? "visible" : "such") pixel")
                    }
                } else {
                    let v = mask.coverage
                    let good = c.contains(v)
                    ok = ok && good
                    parts.append("\(what) \(fmt(v)) (expected \(rangeText(c)))")
                }
            }
            if e.notBlank == true || e.blank == false {
                ok = ok && !mask.isBlank
                parts.append("notBlank: \(mask.visibleCount) visible px")
            }
            if e.blank == true || e.notBlank == false {
                ok = ok && mask.isBlank
                parts.append("blank: \(mask.visibleCount) visible px")
            }
            if let ref = e.changesFrom {
                guard let rt = frames.seconds(ref) else {
                    return ExpectationVerdict(passed: false, text: head + ": changesFrom: " + frames.missing(ref))
                }
                let n = VisibleMask.changedPixels(image, from: try frames.image(at: rt), region: region)
                ok = ok && n > 0
                parts.append("changesFrom \(ref): \(n) px changed")
            }
            let regionPixels = VisibleMask.clipped(region, width: image.width, height: image.height)
            let allowed = Int(((e.maxChanged ?? 0) * Double(regionPixels)).rounded(.down))
            let allowedText = e.maxChanged.map { "allowed \(allowed) = \(fmt($0)) of \(regionPixels)" } ?? "allowed 0"
            if let ref = e.sameAs {
                guard let rt = frames.seconds(ref) else {
                    return ExpectationVerdict(passed: false, text: head + ": sameAs: " + frames.missing(ref))
                }
                let n = VisibleMask.changedPixels(image, from: try frames.image(at: rt), region: region)
                ok = ok && n <= allowed
                parts.append("sameAs \(ref)\(timeText(ref, rt)): \(n) px differ (\(allowedText))")
            }
            if e.unchanged == true || e.monotonic != nil {
                guard let u = e.until, let ut = frames.seconds(u) else {
                    return ExpectationVerdict(passed: false, text: head + ": until: " + (e.until.map { frames.missing($0) } ?? "missing"))
                }
                guard ut > t else {
                    return ExpectationVerdict(passed: false, text: head + ": until \(u)\(timeText(u, ut)) is not after the start of the interval")
                }
                guard let times = Self.intervalTimes(from: t, to: ut, fps: spec.fps) else {
                    return ExpectationVerdict(passed: false, text: head + ": the interval to \(u) holds more than \(Self.maxIntervalFrames) frames at \(fmt(spec.fps)) fps; the limit is \(Self.maxIntervalFrames)")
                }
                let span = "\(String(format: "%.3f", t))…\(String(format: "%.3f", ut)) s, \(times.count) frames"
                if e.unchanged == true {
                    var worst: (time: Double, n: Int)? = nil
                    for x in times.dropFirst() {
                        let n = VisibleMask.changedPixels(try frames.image(at: x), from: image, region: region)
                        if n > allowed { worst = (x, n); break }
                    }
                    ok = ok && worst == nil
                    parts.append("unchanged until \(u) (\(span)): " + (worst.map { "the frame at \(String(format: "%.3f", $0.time)) s differs in \($0.n) px (\(allowedText))" } ?? "every frame the same (\(allowedText))"))
                }
                if let dir = e.monotonic {
                    let r = try monotonic(dir, times: times, region: region, background: background, scale: scale, frames: &frames)
                    ok = ok && r.passed
                    parts.append("monotonic \(dir.rawValue) until \(u) (\(span)): " + r.text)
                }
            }
            if let c = e.colorAt {
                let px = Int((c.x * scale).rounded(.down)), py = Int((c.y * scale).rounded(.down))
                let expected = LabColor(red: c.color.red, green: c.color.green, blue: c.color.blue, alpha: c.color.opacity)
                if let lab = VisibleMask.color(of: image, x: px, y: py) {
                    let d = lab.deltaE(expected)
                    ok = ok && d <= c.deltaE
                    parts.append("colorAt [\(fmt(c.x)), \(fmt(c.y))]: \(Self.hex(image, px, py)), ΔE \(String(format: "%.2f", d)) from \(c.color) (expected ≤ \(fmt(c.deltaE)))")
                } else {
                    ok = false
                    parts.append("colorAt [\(fmt(c.x)), \(fmt(c.y))]: outside the image")
                }
            }
            if let b = e.bounds {
                let want = "[\(fmt(b.rect.x)), \(fmt(b.rect.y)), \(fmt(b.rect.width)), \(fmt(b.rect.height))] ± \(fmt(b.tolerance))"
                if let box = mask.bounds {
                    let got = [Double(box.x) / scale, Double(box.y) / scale, Double(box.maxX) / scale, Double(box.maxY) / scale]
                    let exp = [b.rect.x, b.rect.y, b.rect.x + b.rect.width, b.rect.y + b.rect.height]
                    let good = zip(got, exp).allSatisfy { abs($0 - $1) <= b.tolerance + 1e-9 }
                    ok = ok && good
                    parts.append("bounds [\(fmt(got[0])), \(fmt(got[1])), \(fmt(got[2] - got[0])), \(fmt(got[3] - got[1]))] (expected \(want))")
                } else {
                    ok = false
                    parts.append("bounds: no visible pixel (expected \(want))")
                }
            }
            var text = head + ": " + parts.joined(separator: "; ")
            if !ok, let about = e.about { text += " — \(about)" }
            return ExpectationVerdict(passed: ok, text: text)
        } catch {
            return ExpectationVerdict(passed: false, text: head + ": cannot render: \(error)")
        }
    }
}
