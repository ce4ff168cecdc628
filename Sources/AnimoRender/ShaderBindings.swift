// ShaderBindings: every shader modifier of a scene bound to a kernel, once, before any frame
// (docs/architecture.md, "Shaders"). A name resolves first to a `[[ stitchable ]]` function of the
// spec's own `.metal` sources (`"shaders"`, compiled by AnimoMetal), then to the built-in
// catalogue. Each `ShaderUse` is checked: the function name exists (a suggestion otherwise, and
// the files searched with the functions found in them), it is of the modifier's kind, the argument
// count and each argument's type match its signature, and every `image` argument is a readable PNG
// inside the spec's folder. On a device each of these mistakes renders silently black
// (docs/semantics.md §69–74); here each is a load error naming the JSON path and the signature
// (with the function's line and column in its `.metal` file for the spec's own shaders).
//
// Per frame, `prepared` turns a display list's shader (arguments evaluated for that frame) into
// the kernel's argument values; values that came out non-finite from expressions are the one
// failure left, reported by the caller as a diagnostic.
import AnimoSpec
import AnimoScene
import AnimoGeometry
import AnimoRaster
import AnimoEffects
import AnimoShaders
import AnimoMetal
import Foundation

/// A kernel of the catalogue or a function compiled from the spec's sources.
enum BoundKernel: Sendable {
    case catalogue(any ShaderKernel.Type)
    case compiled(CompiledShader)

    var signature: ShaderSignature {
        switch self {
        case .catalogue(let k): return k.signature
        case .compiled(let c): return c.signature
        }
    }

    /// " (declared at Shaders/X.metal:3:7)" for compiled functions, empty for the catalogue.
    var declaredAt: String {
        if case .compiled(let c) = self { return " (declared at \(c.location))" }
        return ""
    }

    func prepare(_ arguments: ShaderArguments) -> PreparedShader {
        switch self {
        case .catalogue(let k): return k.prepare(arguments)
        case .compiled(let c): return c.prepare(arguments)
        }
    }
}

struct ShaderBindings: Sendable {
    /// Kernels by function name (only those the scene uses).
    let kernels: [String: BoundKernel]
    /// Decoded images by the file name as the spec writes it.
    let images: [String: ShaderImage]

    static let none = ShaderBindings(kernels: [:], images: [:])

    private init(kernels: [String: BoundKernel], images: [String: ShaderImage]) {
        self.kernels = kernels
        self.images = images
    }

    /// Compiles the spec's shader sources, then checks every use against them and `registry`;
    /// throws every problem found, at its JSON path (and, in a `.metal` file, at its line).
    init(uses: [ShaderUse], spec: Spec, registry: ShaderRegistry = ShaderCatalogue.registry,
         fileName: String? = nil, toolchain: MetalToolchain = .current) throws(SpecErrors) {
        var kernels: [String: BoundKernel] = [:]
        var images: [String: ShaderImage] = [:]
        var errors: [SpecError] = []
        func report(_ path: String, _ message: String) {
            errors.append(spec.error(at: path, message, fileName: fileName))
        }
        let compiled = Self.compileSources(spec: spec, toolchain: toolchain, fileName: fileName, errors: &errors)
        let sourcesFailed = !errors.isEmpty
        for use in uses {
            let kernel: BoundKernel
            if let c = compiled[use.name] {
                kernel = .compiled(c)
            } else if let k = try? registry.kernel(named: use.name) {
                kernel = .catalogue(k)
            } else {
                // Sources that failed to compile were reported; their functions are unknown, not missing.
                if sourcesFailed { continue }
                report(use.path + ".shader", Self.unknown(use.name, spec: spec, compiled: compiled, registry: registry))
                continue
            }
            let sig = kernel.signature
            guard sig.kind == Self.kind(use.kind) else {
                report(use.path + ".shader", "\(ShaderError.wrongKind(signature: sig, requested: Self.kind(use.kind)))\(kernel.declaredAt)")
                continue
            }
            // Images first: a file outside the spec's folder is refused whatever the kernel expects.
            var ok = true
            for (index, file) in use.images where images[file] == nil {
                do {
                    images[file] = try Self.image(file, baseDirectory: spec.baseDirectory)
                } catch {
                    report("\(use.path).arguments[\(index)].image", "\(error.message); the shader is \(sig)")
                    ok = false
                }
            }
            guard use.arguments.count == sig.parameters.count else {
                report(use.path + ".arguments", "\(ShaderError.wrongArgumentCount(signature: sig, expected: sig.parameters.count, supplied: use.arguments.count))\(kernel.declaredAt)")
                continue
            }
            for (i, (form, p)) in zip(use.arguments, sig.parameters).enumerated() {
                let supplied = Self.type(form)
                if !p.type.accepts(supplied) {
                    report("\(use.path).arguments[\(i)]", "\(ShaderError.wrongArgumentType(signature: sig, index: i, expected: p.type, supplied: supplied))\(kernel.declaredAt)")
                    ok = false
                }
            }
            if ok { kernels[use.name] = kernel }
        }
        guard errors.isEmpty else { throw SpecErrors(errors) }
        self.kernels = kernels
        self.images = images
    }

    /// The stitchable functions of the spec's `.metal` files by name; problems go to `errors`
    /// (a file outside the spec's folder, unreadable or too large, compile errors at their lines,
    /// a function name defined in two files, no compiler).
    static func compileSources(spec: Spec, toolchain: MetalToolchain, fileName: String?, errors: inout [SpecError]) -> [String: CompiledShader] {
        var out: [String: CompiledShader] = [:]
        for (i, file) in spec.shaderSources.enumerated() {
            let path = "shaders[\(i)]"
            let resolved: String
            do {
                resolved = try confined(file, baseDirectory: spec.baseDirectory, what: "shader source")
            } catch {
                errors.append(spec.error(at: path, error.message, fileName: fileName))
                continue
            }
            do {
                for f in try MetalCompiler.compile(path: resolved, displayName: file, toolchain: toolchain) {
                    if let other = out[f.signature.name] {
                        errors.append(SpecError(file: file, path: path, line: f.position.line, column: f.position.column,
                                                message: "the stitchable function '\(f.signature.name)' is also defined at \(other.location)"))
                    } else {
                        out[f.signature.name] = f
                    }
                }
            } catch {
                if error.compilerMissing {
                    errors.append(spec.error(at: "shaders", MetalToolchain.missingCompilerMessageForSpec, fileName: fileName))
                    return [:]
                }
                for d in error.diagnostics {
                    if let p = d.position {
                        errors.append(SpecError(file: d.file, path: path, line: p.line, column: p.column, message: d.message))
                    } else {
                        errors.append(spec.error(at: path, "\(d.file): \(d.message)", fileName: fileName))
                    }
                }
            }
        }
        return out
    }

    /// The unknown-name message: the catalogue's, plus the files searched and what they hold.
    static func unknown(_ name: String, spec: Spec, compiled: [String: CompiledShader], registry: ShaderRegistry) -> String {
        guard !spec.shaderSources.isEmpty else { return "\(ShaderError.unknownShader(name: name, suggestions: registry.suggestions(for: name)))" }
        let all = Array(compiled.keys) + registry.names
        let target = Array(name.lowercased().unicodeScalars)
        let scored: [(name: String, distance: Int)] = all.map { candidate in
            (candidate, ShaderRegistry.editDistance(target, Array(candidate.lowercased().unicodeScalars)))
        }
        let sorted = scored.sorted { a, b in a.distance != b.distance ? a.distance < b.distance : a.name < b.name }
        let nearest: [String] = sorted.prefix(3).map { $0.name }
        let found = compiled.keys.sorted()
        let files = spec.shaderSources.map { UserText.quoted($0) }.joined(separator: ", ")
        let listing = found.isEmpty ? "which define no stitchable function" : "which define \(found.joined(separator: ", "))"
        var message = "unknown shader \(UserText.quoted(name)): no stitchable function of that name in \(files) (\(listing)) nor in the built-in catalogue"
        if !nearest.isEmpty { message += "; the nearest names are \(nearest.map { UserText.quoted($0) }.joined(separator: ", "))" }
        return message + "; on a device a missing function renders silently black"
    }

    /// The kernel with this frame's arguments, validated (non-finite values are the error left).
    func prepared(_ shader: DisplayShader) throws -> PreparedShader {
        guard let kernel = kernels[shader.name] else {
            throw ShaderError.unknownShader(name: shader.name, suggestions: [])
        }
        var args: [ShaderArgument] = []
        args.reserveCapacity(shader.arguments.count)
        for a in shader.arguments {
            switch a {
            case .float(let x): args.append(.float(Float(x)))
            case .float2(let x, let y): args.append(.float2(SIMD2(Float(x), Float(y))))
            case .float3(let x, let y, let z): args.append(.float3(SIMD3(Float(x), Float(y), Float(z))))
            case .float4(let x, let y, let z, let w): args.append(.float4(SIMD4(Float(x), Float(y), Float(z), Float(w))))
            case .color(let c): args.append(.color(c.premultiplied.simd))
            case .image(let file):
                guard let im = images[file] else { throw ShaderError.unknownShader(name: shader.name, suggestions: []) }
                args.append(.image(im))
            case .floatArray(let list): args.append(.floatArray(list.map { Float($0) }))
            }
        }
        return kernel.prepare(try kernel.signature.validate(args))
    }

    static func kind(_ k: ShaderUse.Kind) -> ShaderKind {
        switch k {
        case .colorEffect: return .colorEffect
        case .distortionEffect: return .distortionEffect
        case .layerEffect: return .layerEffect
        }
    }

    static func type(_ form: ShaderUse.ArgumentForm) -> ShaderArgumentType {
        switch form {
        case .float: return .float
        case .float2: return .float2
        case .float3: return .float3
        case .float4: return .float4
        case .color: return .color
        case .image: return .image
        case .floatArray: return .floatArray
        }
    }

    struct ImageError: Error {
        var message: String
    }

    /// The real path of `file` (relative to the spec's folder, or absolute inside it), refused when
    /// it leaves the folder (`..`, absolute paths elsewhere, symbolic links pointing out).
    static func confined(_ file: String, baseDirectory: String?, what: String) throws(ImageError) -> String {
        guard let base = baseDirectory else {
            throw ImageError(message: "a \(what) needs the spec's folder: load the spec from a file (Spec.load(path:)) or set Spec.baseDirectory")
        }
        let folder = URL(fileURLWithPath: base).standardizedFileURL.resolvingSymlinksInPath().path
        let candidate = (file.hasPrefix("/") ? URL(fileURLWithPath: file) : URL(fileURLWithPath: base).appendingPathComponent(file))
            .standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard candidate.hasPrefix(prefix) else {
            throw ImageError(message: "\(what) \(UserText.quoted(file)) is outside the spec's folder \(folder) (it must be beside the spec)")
        }
        if let why = FileProblem.unreadable(candidate) {
            throw ImageError(message: "cannot read the \(what) \(UserText.quoted(file)) (\(candidate)): \(why)")
        }
        return candidate
    }

    /// Decodes the PNG at `file` (relative to the spec's folder, or absolute inside it). Paths that
    /// leave the folder (`..`, absolute paths elsewhere, symbolic links pointing out) are refused:
    /// a spec may only read images shipped beside it.
    static func image(_ file: String, baseDirectory: String?) throws(ImageError) -> ShaderImage {
        let pixmap = try self.pixmap(file, baseDirectory: baseDirectory)
        guard let im = ShaderImage(width: pixmap.width, height: pixmap.height, pixels: pixmap.pixels) else {
            throw ImageError(message: "image \(UserText.quoted(file)) has an unusable size or non-finite pixels")
        }
        return im
    }

    /// The decoded PNG at `file`, confined to the spec's folder as `image` describes.
    static func pixmap(_ file: String, baseDirectory: String?) throws(ImageError) -> Pixmap {
        let candidate = try confined(file, baseDirectory: baseDirectory, what: "PNG image")
        let pixmap: Pixmap
        do {
            pixmap = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: candidate))))
        } catch let error as PNGError {
            let why: String
            switch error {
            case .decodeFailed(let m): why = "not a PNG it can decode (\(m))"
            case .unsupportedSize(let w, let h): why = "its size \(w)×\(h) is not supported"
            case .encodeFailed(let m), .io(let m): why = m
            }
            throw ImageError(message: "cannot read the PNG image \(UserText.quoted(file)) (\(candidate)): \(why)")
        } catch {
            throw ImageError(message: "cannot read the PNG image \(UserText.quoted(file)) (\(candidate)): \(FileProblem.reason(error))")
        }
        return pixmap
    }
}
