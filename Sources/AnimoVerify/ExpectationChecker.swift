// Expectations: a spec's `expect` entries checked from rendered pixels (docs/spec.md,
// "Expectations"). Each entry's instants — `at`, `relativeTo`, `changesFrom`, with `start:N`,
// `mid:N` and `rest:N` resolved through the key poses — are rendered once at the chosen scale,
// and measured with AnimoCheck's `VisibleMask` (visible pixels, 8-connected components, coverage,
// changed pixels). Each verdict says what was measured, with its figure, so a failure explains
// itself.
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
                if let rel = e.relativeTo {
                    guard let rt = frames.seconds(rel) else {
                        return ExpectationVerdict(passed: false, text: head + ": relativeTo: " + frames.missing(rel))
                    }
                    let ref = VisibleMask(image: try frames.image(at: rt), background: background, region: region)
                    if let v = mask.coverage(relativeTo: ref) {
                        let good = c.contains(v)
                        ok = ok && good
                        parts.append("coverage \(fmt(v)) of the visible pixels at \(rel) (\(String(format: "%.3f s", rt))) (expected \(rangeText(c)))")
                    } else {
                        ok = false
                        parts.append("coverage relative to \(rel): the reference frame has no visible pixel")
                    }
                } else {
                    let v = mask.coverage
                    let good = c.contains(v)
                    ok = ok && good
                    parts.append("coverage \(fmt(v)) (expected \(rangeText(c)))")
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
            var text = head + ": " + parts.joined(separator: "; ")
            if !ok, let about = e.about { text += " — \(about)" }
            return ExpectationVerdict(passed: ok, text: text)
        } catch {
            return ExpectationVerdict(passed: false, text: head + ": cannot render: \(error)")
        }
    }
}
