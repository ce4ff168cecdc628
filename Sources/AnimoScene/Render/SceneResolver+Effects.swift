// Resolving effects (docs/architecture.md, "Pixels" and "Shaders"): canvas filters, filter-like
// modifiers and shader modifiers. Literal numbers were range-checked by the decoder (negative
// radius, threshold outside 0…1, min > max, with their JSON paths); numbers from expressions are
// clamped per frame (SceneEvaluator+Effects.swift). Shader modifiers are recorded as
// `ShaderUse`s: the renderer checks each against its kernels before any frame (an unknown name, a
// wrong kind, argument count or type, or a missing image is a load error naming the JSON path;
// on a device the same mistakes render silently black, docs/semantics.md §69–74).
import AnimoSpec
import AnimoGeometry

extension SceneResolver {
    /// Canvas filters in spec order (= the order `addFilter` was called).
    func filters(_ list: [SpecFilter], _ scope: Scope) -> [RFilter] {
        list.map { filter($0, scope) }
    }

    func filter(_ f: SpecFilter, _ s: Scope) -> RFilter {
        switch f {
        case .alphaThreshold(let lo, let hi, let c): return .alphaThreshold(min: number(lo, s), max: number(hi, s), color: colorValue(c, s))
        case .blur(let r, let opaque): return .blur(number(r, s), opaque: opaque)
        case .shadow(let sh): return shadow(sh, s)
        case .saturation(let v): return .saturation(number(v, s))
        case .brightness(let v): return .brightness(number(v, s))
        case .contrast(let v): return .contrast(number(v, s))
        case .hueRotation(let d): return .hueRotation(number(d, s))
        case .grayscale(let v): return .grayscale(number(v, s))
        case .colorInvert(let v): return .colorInvert(number(v, s))
        case .colorMultiply(let c): return .colorMultiply(colorValue(c, s))
        case .luminanceToAlpha: return .luminanceToAlpha
        case .colorMatrix(let m):
            // The decoder checked the count (20); a non-finite entry cannot come from JSON.
            return .colorMatrix(m)
        }
    }

    func shadow(_ sh: SpecShadow, _ s: Scope) -> RFilter {
        .shadow(color: sh.computedColor.map { colorChannels($0, s) } ?? .constant(color(sh.color)), radius: number(sh.radius, s), x: number(sh.x, s), y: number(sh.y, s))
    }

    func colorChannels(_ e: SpecColorExpression, _ s: Scope) -> RColor {
        .channels(number(e.red, s), number(e.green, s), number(e.blue, s), number(e.opacity, s))
    }

    /// A literal colour as it is; an expression's channels as numbers that animate.
    func colorValue(_ c: SpecColorValue, _ s: Scope) -> RColor {
        switch c {
        case .literal(let k): return .constant(color(k))
        case .expression(let e): return colorChannels(e, s)
        }
    }

    /// Modifiers drawn as effects (`effectModifier`); one that failed to resolve has an issue.
    static let effectModifierNames: Set<String> = ["blur", "shadow", "saturation", "brightness", "contrast", "hueRotation", "grayscale",
                                                   "colorMultiply", "colorInvert", "luminanceToAlpha", "colorEffect", "distortionEffect", "layerEffect"]

    /// The effect of an effect modifier, or nil when `m` is not one.
    func effectModifier(_ m: SpecModifier, path: String, _ s: Scope) -> REffect? {
        let one: RFilter
        switch m {
        case .blur(let r, let opaque): one = .blur(number(r, s), opaque: opaque)
        case .shadow(let sh): one = shadow(sh, s)
        case .saturation(let v): one = .saturation(number(v, s))
        case .brightness(let v): one = .brightness(number(v, s))
        case .contrast(let v): one = .contrast(number(v, s))
        case .hueRotation(let d): one = .hueRotation(number(d, s))
        case .grayscale(let v): one = .grayscale(number(v, s))
        case .colorMultiply(let c): one = .colorMultiply(colorValue(c, s))
        case .colorInvert: one = .colorInvert(.constant(1))
        case .luminanceToAlpha: one = .luminanceToAlpha
        case .colorEffect(let e): return .shader(shader(e, kind: .colorEffect, path: path + ".colorEffect", s))
        case .distortionEffect(let e): return .shader(shader(e, kind: .distortionEffect, path: path + ".distortionEffect", s))
        case .layerEffect(let e): return .shader(shader(e, kind: .layerEffect, path: path + ".layerEffect", s))
        default: return nil
        }
        return .filters([one], path: path)
    }

    // MARK: Shaders

    /// Resolves a shader modifier's numbers and records its use (name, kind, argument forms,
    /// image files) for the renderer's check against its kernels.
    func shader(_ e: ShaderEffect, kind: ShaderUse.Kind, path: String, _ s: Scope) -> RShader {
        var args: [RShaderArgument] = []
        var forms: [ShaderUse.ArgumentForm] = []
        var images: [(index: Int, file: String)] = []
        for (i, a) in e.arguments.enumerated() {
            switch a {
            case .float(let x): args.append(.float(number(x, s))); forms.append(.float)
            case .float2(let x, let y): args.append(.float2(number(x, s), number(y, s))); forms.append(.float2)
            case .float3(let x, let y, let z): args.append(.float3(number(x, s), number(y, s), number(z, s))); forms.append(.float3)
            case .float4(let x, let y, let z, let w):
                args.append(.float4(number(x, s), number(y, s), number(z, s), number(w, s))); forms.append(.float4)
            case .color(let c): args.append(.color(.constant(color(c)))); forms.append(.color)
            case .colorExpression(let c): args.append(.color(colorChannels(c, s))); forms.append(.color)
            case .floatArray(let list): args.append(.floatArray(list.map { number($0, s) })); forms.append(.floatArray)
            case .image(let file): args.append(.image(file)); forms.append(.image); images.append((i, file))
            }
        }
        if !shaderUses.contains(where: { $0.path == path }) {
            shaderUses.append(ShaderUse(name: e.shader, kind: kind, arguments: forms, images: images, path: path))
        }
        let offset = kind == .colorEffect ? (width: 0.0, height: 0.0) : e.maxSampleOffset
        return RShader(name: e.shader, kind: kind, arguments: args, maxSampleOffset: offset,
                       isEnabled: e.isEnabled.map { number($0, s) }, path: path)
    }

    func report(_ path: String, _ message: String) {
        if !issues.contains(where: { $0.path == path }) { issues.append(ResolveIssue(path: path, message: message)) }
    }
}
