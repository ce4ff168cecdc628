// ShaderBindings: every shader modifier of a scene bound to a kernel of the catalogue, once,
// before any frame (docs/architecture.md, "Shaders"). Each `ShaderUse` is checked: the function
// name exists (a suggestion otherwise), it is of the modifier's kind, the argument count and each
// argument's type match its signature, and every `image` argument is a readable PNG inside the
// spec's folder. On a device each of these mistakes renders silently black (docs/semantics.md
// §69–74); here each is a load error naming the JSON path and the kernel's signature.
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
import Foundation

struct ShaderBindings: Sendable {
    /// Kernels by function name (only those the scene uses).
    let kernels: [String: any ShaderKernel.Type]
    /// Decoded images by the file name as the spec writes it.
    let images: [String: ShaderImage]

    static let none = ShaderBindings(kernels: [:], images: [:])

    private init(kernels: [String: any ShaderKernel.Type], images: [String: ShaderImage]) {
        self.kernels = kernels
        self.images = images
    }

    /// Checks every use against `registry`; throws every problem found, at its JSON path.
    init(uses: [ShaderUse], spec: Spec, registry: ShaderRegistry = ShaderCatalogue.registry,
         fileName: String? = nil) throws(SpecErrors) {
        var kernels: [String: any ShaderKernel.Type] = [:]
        var images: [String: ShaderImage] = [:]
        var errors: [SpecError] = []
        func report(_ path: String, _ message: String) {
            errors.append(spec.error(at: path, message, fileName: fileName))
        }
        for use in uses {
            let kernel: any ShaderKernel.Type
            do {
                kernel = try registry.kernel(named: use.name)
            } catch {
                report(use.path + ".shader", "\(error)")
                continue
            }
            let sig = kernel.signature
            guard sig.kind == Self.kind(use.kind) else {
                report(use.path + ".shader", "\(ShaderError.wrongKind(signature: sig, requested: Self.kind(use.kind)))")
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
                report(use.path + ".arguments", "\(ShaderError.wrongArgumentCount(signature: sig, expected: sig.parameters.count, supplied: use.arguments.count))")
                continue
            }
            for (i, (form, p)) in zip(use.arguments, sig.parameters).enumerated() {
                let supplied = Self.type(form)
                if !p.type.accepts(supplied) {
                    report("\(use.path).arguments[\(i)]", "\(ShaderError.wrongArgumentType(signature: sig, index: i, expected: p.type, supplied: supplied))")
                    ok = false
                }
            }
            if ok { kernels[use.name] = kernel }
        }
        guard errors.isEmpty else { throw SpecErrors(errors) }
        self.kernels = kernels
        self.images = images
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
        guard let base = baseDirectory else {
            throw ImageError(message: "image arguments need the spec's folder: load the spec from a file (Spec.load(path:)) or set Spec.baseDirectory")
        }
        let folder = URL(fileURLWithPath: base).standardizedFileURL.resolvingSymlinksInPath().path
        let candidate = (file.hasPrefix("/") ? URL(fileURLWithPath: file) : URL(fileURLWithPath: base).appendingPathComponent(file))
            .standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard candidate.hasPrefix(prefix) else {
            throw ImageError(message: "image \(UserText.quoted(file)) is outside the spec's folder \(folder) (images must be beside the spec)")
        }
        if let why = FileProblem.unreadable(candidate) {
            throw ImageError(message: "cannot read the PNG image \(UserText.quoted(file)) (\(candidate)): \(why)")
        }
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
