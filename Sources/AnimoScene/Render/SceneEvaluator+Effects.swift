// Evaluating effects at time t: filter numbers and shader arguments (which may be expressions,
// e.g. `{"float": "=t"}`) become one frame's `DisplayEffect`. Literal values were checked at
// load; values from expressions are made usable here instead of failing the frame: radii below 0
// or NaN become 0, threshold bounds are clamped to 0…1 (and max raised to min), other NaN amounts
// leave the filter out. Each such repair is recorded once in the renderer's diagnostics.
import AnimoSpec
import AnimoGeometry

extension SceneEvaluator {
    func displayEffect(_ e: REffect, layout: Rect, _ t: Double, _ frame: [Double]) -> DisplayEffect? {
        switch e {
        case .filters(let list, let path):
            return filterEffect(list, path: path, t, frame)
        case .shader(let s):
            if let en = s.isEnabled, value(en, t, frame) == 0 { return nil }
            let args: [DisplayShaderArgument] = s.arguments.map { a in
                func v(_ n: RNumber) -> Double { value(n, t, frame) }
                switch a {
                case .float(let x): return .float(v(x))
                case .float2(let x, let y): return .float2(v(x), v(y))
                case .float3(let x, let y, let z): return .float3(v(x), v(y), v(z))
                case .float4(let x, let y, let z, let w): return .float4(v(x), v(y), v(z), v(w))
                case .color(let c): return .color(color(c, t, frame))
                case .image(let file): return .image(file)
                case .floatArray(let list): return .floatArray(list.map(v))
                }
            }
            return .shader(DisplayShader(name: s.name, kind: s.kind, arguments: args, frame: layout,
                                         maxSampleOffset: s.maxSampleOffset, path: s.path))
        }
    }

    /// The canvas or modifier filter list at t (order kept: the last added applies first).
    func filterEffect(_ list: [RFilter], path: String, _ t: Double, _ frame: [Double]) -> DisplayEffect? {
        var out: [DisplayFilter] = []
        for (i, rf) in list.enumerated() {
            let p = path.hasSuffix(".filters") ? "\(path)[\(i)]" : path
            func v(_ n: RNumber) -> Double { value(n, t, frame) }
            func radius(_ n: RNumber, _ what: String) -> Double {
                let r = v(n)
                if r.isFinite && r >= 0 { return r }
                warn("filter:" + what, p, "\(what) radius \(r) from an expression is not ≥ 0; 0 used")
                return 0
            }
            func amount(_ n: RNumber, _ what: String) -> Double? {
                let a = v(n)
                if a.isFinite { return a }
                warn("filter:" + what, p, "\(what) amount \(a) from an expression is not finite; the filter was left out")
                return nil
            }
            switch rf {
            case .blur(let r, let opaque):
                out.append(.blur(radius: radius(r, "blur"), opaque: opaque))
            case .alphaThreshold(let lo, let hi, let c):
                var a = v(lo), b = v(hi)
                if !(a.isFinite && b.isFinite && a >= 0 && b <= 1 && a <= b) {
                    warn("filter:alphaThreshold", p, "threshold min \(a), max \(b) from an expression is outside 0 ≤ min ≤ max ≤ 1; clamped")
                    a = a.isFinite ? min(max(a, 0), 1) : 0
                    b = b.isFinite ? min(max(b, a), 1) : 1
                }
                out.append(.alphaThreshold(min: a, max: b, color: color(c, t, frame)))
            case .shadow(let c, let r, let x, let y):
                let dx = v(x), dy = v(y)
                out.append(.shadow(color: color(c, t, frame), radius: radius(r, "shadow"), x: dx.isFinite ? dx : 0, y: dy.isFinite ? dy : 0))
            case .saturation(let n): if let a = amount(n, "saturation") { out.append(.saturation(a)) }
            case .brightness(let n): if let a = amount(n, "brightness") { out.append(.brightness(a)) }
            case .contrast(let n): if let a = amount(n, "contrast") { out.append(.contrast(a)) }
            case .hueRotation(let n): if let a = amount(n, "hueRotation") { out.append(.hueRotation(radians: a * .pi / 180)) }
            case .grayscale(let n): if let a = amount(n, "grayscale") { out.append(.grayscale(a)) }
            case .colorInvert(let n): if let a = amount(n, "colorInvert") { out.append(.colorInvert(a)) }
            case .colorMultiply(let c): out.append(.colorMultiply(color(c, t, frame)))
            case .luminanceToAlpha: out.append(.luminanceToAlpha)
            case .colorMatrix(let m): out.append(.colorMatrix(m))
            }
        }
        return out.isEmpty ? nil : .filters(out, path: path)
    }

    /// A resolved colour at t (a computed one clamped to the gamut, as a fill's).
    func color(_ c: RColor, _ t: Double, _ frame: [Double]) -> Color {
        switch c {
        case .constant(let k): return k
        case .channels(let r, let g, let b, let a):
            return Self.encodedColor(value(r, t, frame), value(g, t, frame), value(b, t, frame), value(a, t, frame))
        }
    }

    func warn(_ feature: String, _ path: String, _ message: String) {
        warnings.add(RenderDiagnostic(feature: feature, path: path, message: message))
    }
}
