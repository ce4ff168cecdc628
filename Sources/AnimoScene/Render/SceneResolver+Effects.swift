// Resolving effects (docs/architecture.md, "Pixels" and "Shaders"): canvas filters, filter-like modifiers and shader
// modifiers. Literal numbers were range-checked by the decoder (negative radius, threshold
// outside 0…1, min > max, with their JSON paths); numbers from expressions are clamped per frame
// (SceneEvaluator+Effects.swift). Shaders are looked up in `ShaderCatalogue.registry` here, once:
// an unknown name, a wrong kind, a wrong argument count or type, or an image that is missing or
// outside the spec's folder is a load error naming the JSON path and the kernel's signature
// (on a device the same mistakes render silently black, docs/semantics.md §69–74).
import AnimoSpec
import AnimoEffects
import Foundation
import AnimoRaster
import AnimoGeometry
import AnimoShaders

extension SceneResolver {
    /// Canvas filters in spec order (= the order `addFilter` was called).
    func filters(_ list: [SpecFilter], _ scope: Scope) -> [RFilter] {
        list.map { filter($0, scope) }
    }

    func filter(_ f: SpecFilter, _ s: Scope) -> RFilter {
        switch f {
        case .alphaThreshold(let lo, let hi, let c): return .alphaThreshold(min: number(lo, s), max: number(hi, s), color: color(c))
        case .blur(let r, let opaque): return .blur(number(r, s), opaque: opaque)
        case .shadow(let sh): return shadow(sh, s)
        case .saturation(let v): return .saturation(number(v, s))
        case .brightness(let v): return .brightness(number(v, s))
        case .contrast(let v): return .contrast(number(v, s))
        case .hueRotation(let d): return .hueRotation(number(d, s))
        case .grayscale(let v): return .grayscale(number(v, s))
        case .colorInvert(let v): return .colorInvert(number(v, s))
        case .colorMultiply(let c): return .colorMultiply(color(c))
        case .luminanceToAlpha: return .luminanceToAlpha
        case .colorMatrix(let m):
            // The decoder checked the count (20); a non-finite entry cannot come from JSON.
            let rows = (0..<4).map { i in Array(m[(i * 5)..<(i * 5 + 5)]) }
            return .colorMatrix((try? ColorMatrix(rows: rows)) ?? .identity)
        }
    }

    func shadow(_ sh: SpecShadow, _ s: Scope) -> RFilter {
        .shadow(color: color(sh.color), radius: number(sh.radius, s), x: number(sh.x, s), y: number(sh.y, s))
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
        case .colorMultiply(let c): one = .colorMultiply(color(c))
        case .colorInvert: one = .colorInvert(.constant(1))
        case .luminanceToAlpha: one = .luminanceToAlpha
        case .colorEffect(let e): return shader(e, kind: .colorEffect, path: path + ".colorEffect", s).map(REffect.shader)
        case .distortionEffect(let e): return shader(e, kind: .distortionEffect, path: path + ".distortionEffect", s).map(REffect.shader)
        case .layerEffect(let e): return shader(e, kind: .layerEffect, path: path + ".layerEffect", s).map(REffect.shader)
        default: return nil
        }
        return .filters([one], path: path)
    }

    // MARK: Shaders

    /// Looks the shader up and checks its arguments' count and types against the signature.
    /// Problems are appended to `issues`; returns nil then.
    func shader(_ e: ShaderEffect, kind: ShaderKind, path: String, _ s: Scope) -> RShader? {
        let registry = ShaderCatalogue.registry
        let kernel: any ShaderKernel.Type
        do {
            kernel = try registry.kernel(named: e.shader)
        } catch {
            report(path + ".shader", "\(error)")
            return nil
        }
        let sig = kernel.signature
        guard sig.kind == kind else {
            report(path + ".shader", "\(ShaderError.wrongKind(signature: sig, requested: kind))")
            return nil
        }
        guard e.arguments.count == sig.parameters.count else {
            report(path + ".arguments", "\(ShaderError.wrongArgumentCount(signature: sig, expected: sig.parameters.count, supplied: e.arguments.count))")
            return nil
        }
        var args: [RShaderArgument] = []
        var ok = true
        for (i, (a, p)) in zip(e.arguments, sig.parameters).enumerated() {
            let argPath = "\(path).arguments[\(i)]"
            let supplied = Self.argumentType(a)
            // The file is checked first: an image outside the spec's folder is refused whatever
            // the kernel expects.
            var loaded: ShaderImage? = nil
            if case .image(let file) = a {
                do {
                    loaded = try image(file)
                } catch {
                    report(argPath + ".image", "\(error.message); the shader is \(sig)")
                    ok = false
                    continue
                }
            }
            guard p.type.accepts(supplied) else {
                report(argPath, "\(ShaderError.wrongArgumentType(signature: sig, index: i, expected: p.type, supplied: supplied))")
                ok = false
                continue
            }
            switch a {
            case .float(let x): args.append(.float(number(x, s)))
            case .float2(let x, let y): args.append(.float2(number(x, s), number(y, s)))
            case .float3(let x, let y, let z): args.append(.float3(number(x, s), number(y, s), number(z, s)))
            case .float4(let x, let y, let z, let w): args.append(.float4(number(x, s), number(y, s), number(z, s), number(w, s)))
            case .color(let c): args.append(.color(color(c).premultiplied.simd))
            case .floatArray(let list): args.append(.floatArray(list.map { number($0, s) }))
            case .image:
                if let loaded { args.append(.image(loaded)) }
            }
        }
        guard ok else { return nil }
        let offset = kind == .colorEffect ? (width: 0.0, height: 0.0) : e.maxSampleOffset
        return RShader(kernel: kernel, arguments: args, maxSampleOffset: offset,
                       isEnabled: e.isEnabled.map { number($0, s) }, path: path)
    }

    func report(_ path: String, _ message: String) {
        if !issues.contains(where: { $0.path == path }) { issues.append(ResolveIssue(path: path, message: message)) }
    }

    static func argumentType(_ a: AnimoSpec.ShaderArgument) -> ShaderArgumentType {
        switch a {
        case .float: return .float
        case .float2: return .float2
        case .float3: return .float3
        case .float4: return .float4
        case .color: return .color
        case .image: return .image
        case .floatArray: return .floatArray
        }
    }

    /// Decodes the PNG at `file` (relative to the spec's folder, or absolute inside it), once per
    /// file. Paths that leave the folder (`..`, absolute paths elsewhere, symbolic links pointing
    /// out) are refused: a spec may only read images shipped beside it.
    func image(_ file: String) throws(ResolveIssue) -> ShaderImage {
        guard let base = spec.baseDirectory else {
            throw ResolveIssue(path: "", message: "image arguments need the spec's folder: load the spec from a file (Spec.load(path:)) or set Spec.baseDirectory")
        }
        let folder = URL(fileURLWithPath: base).standardizedFileURL.resolvingSymlinksInPath().path
        let candidate = (file.hasPrefix("/") ? URL(fileURLWithPath: file) : URL(fileURLWithPath: base).appendingPathComponent(file))
            .standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard candidate.hasPrefix(prefix) else {
            throw ResolveIssue(path: "", message: "image \"\(file)\" is outside the spec's folder \(folder) (images must be beside the spec)")
        }
        if let cached = imageCache[candidate] { return cached }
        let pixmap: Pixmap
        do {
            pixmap = try PNG.read(from: URL(fileURLWithPath: candidate))
        } catch {
            throw ResolveIssue(path: "", message: "cannot read the PNG image \"\(file)\" (\(candidate)): \(error)")
        }
        guard let im = ShaderImage(width: pixmap.width, height: pixmap.height, pixels: pixmap.pixels) else {
            throw ResolveIssue(path: "", message: "image \"\(file)\" has an unusable size or non-finite pixels")
        }
        imageCache[candidate] = im
        return im
    }
}
