// `animo-render verify SPEC`: renders only the frames the spec's `expect` entries need (their
// `at`, `relativeTo` and `changesFrom` instants; start:N / mid:N / rest:N resolved through the
// renderer's key poses) and checks each expectation from the pixels with Check's measures
// (VisibleMask: visible pixels, 8-connected components, coverage, changed pixels), printing each
// with its measured figure. Exit 0: all hold; 1: one fails; 2: bad arguments or an invalid spec.
import Foundation
import AnimoRaster
import AnimoGeometry
import AnimoSpec
import AnimoScene
import AnimoRender
import AnimoCheck

enum VerifyCommand {
    static let options = OptionSpec(valued: ["scale"], switches: ["help", "quiet"])

    static let help = """
    USAGE
      animo-render verify SPEC.json [--scale S]

    Renders the instants the spec's `expect` entries name and checks each from the pixels. A pixel
    is visible when its premultiplied RGBA differs from the canvas background by more than 0.04 in
    some channel (docs/spec.md). Regions are in points, mapped to every pixel they touch.

    EXIT STATUS
      0 every expectation holds, 1 one fails, 2 bad arguments or an invalid spec
    """

    /// One expectation's verdict and its figures.
    struct Verdict {
        var passed: Bool
        var text: String
    }

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try options.parse(args)
        if o.flag("help") { print(help); return 0 }
        guard o.positionals.count == 1 else { throw UsageError(description: "verify needs one SPEC.json") }
        let path = o.positionals[0]
        let spec: Spec
        do { spec = try Spec.load(path: path) } catch { throw SpecFailure(message: "\(error)") }
        // Resolving and binding shaders first: an unknown shader or bad path data fails verify
        // even when the spec has no expectations.
        let renderer: SceneRenderer
        do { renderer = try SceneRenderer(spec: spec) } catch { throw SpecFailure(message: "\(error)") }
        guard !spec.expect.isEmpty else {
            print("\(path): no expect entries")
            return 0
        }
        let scale = try o.double("scale", range: 0.01...16) ?? spec.canvas.scale
        var verdicts: [Verdict] = []
        var frames = FrameCache(renderer: renderer, scale: scale)
        for e in spec.expect {
            verdicts.append(check(e, spec: spec, scale: scale, frames: &frames))
        }
        for v in verdicts where !v.passed || !o.flag("quiet") {
            print((v.passed ? "ok    " : "FAIL  ") + v.text)
        }
        let failed = verdicts.filter { !$0.passed }.count
        print("\(verdicts.count - failed) of \(verdicts.count) expectations hold (\(frames.rendered) frame\(frames.rendered == 1 ? "" : "s") rendered)")
        return failed == 0 ? 0 : 1
    }

    /// Renders each instant once.
    struct FrameCache {
        let renderer: SceneRenderer
        let scale: Double
        var images: [Double: RGBAImage] = [:]
        var rendered: Int { images.count }
        lazy var poses: [String: Double] = Dictionary(renderer.keyPoses().map { ($0.role, $0.time) }, uniquingKeysWith: { a, _ in a })

        init(renderer: SceneRenderer, scale: Double) {
            self.renderer = renderer
            self.scale = scale
        }

        /// Seconds of an `ExpectTime`, or nil when the key pose does not exist (e.g. rest:N of a
        /// repeatForever animation, or an event index out of range).
        mutating func seconds(_ t: ExpectTime) -> Double? {
            switch t {
            case .seconds(let s): return s
            case .start(let n): return poses["start:\(n)"]
            case .mid(let n): return poses["mid:\(n)"]
            case .rest(let n): return poses["rest:\(n)"]
            }
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

    static func check(_ e: Expectation, spec: Spec, scale: Double, frames: inout FrameCache) -> Verdict {
        var head = "\(e.path) at \(e.at)"
        guard let t = frames.seconds(e.at) else {
            return Verdict(passed: false, text: head + ": the instant \(e.at) does not exist (no such event, or it never settles)")
        }
        if case .seconds = e.at {} else { head += String(format: " (%.3f s)", t) }
        var region: PixelRect? = nil
        if let r = e.region {
            head += " region [\(fmt(r.x)), \(fmt(r.y)), \(fmt(r.width)), \(fmt(r.height))]"
            guard let px = VisibleMask.pixelRegion(x: r.x, y: r.y, width: r.width, height: r.height, scale: scale) else {
                return Verdict(passed: false, text: head + ": invalid region")
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
                        return Verdict(passed: false, text: head + ": relativeTo \(rel) does not exist")
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
                    return Verdict(passed: false, text: head + ": changesFrom \(ref) does not exist")
                }
                let n = VisibleMask.changedPixels(image, from: try frames.image(at: rt), region: region)
                ok = ok && n > 0
                parts.append("changesFrom \(ref): \(n) px changed")
            }
            var text = head + ": " + parts.joined(separator: "; ")
            if !ok, let about = e.about { text += " — \(about)" }
            return Verdict(passed: ok, text: text)
        } catch {
            return Verdict(passed: false, text: head + ": cannot render: \(error)")
        }
    }
}
