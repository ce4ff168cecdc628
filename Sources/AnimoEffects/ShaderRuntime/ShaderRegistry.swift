// Kernels by name: the CPU counterpart of `ShaderLibrary.default` (docs/semantics.md §69). A spec
// names the Metal function; the registry finds the kernel, checks the kind, validates the
// arguments against the signature and returns a PreparedShader. An unknown name lists the
// closest names by Levenshtein edit distance (Levenshtein 1966; Wagner–Fischer dynamic program).

/// An immutable set of kernels addressed by their stitchable name.
public struct ShaderRegistry: Sendable {
    /// How many suggestions an unknown-name error lists at most.
    public static let maximumSuggestions = 3

    private let kernels: [String: any ShaderKernel.Type]

    /// Makes a registry. Throws `ShaderError.invalidDeclaration` when a kernel's signature is
    /// malformed (see `ShaderSignature.declarationProblems`) or two kernels share a name.
    public init(kernels: [any ShaderKernel.Type]) throws(ShaderError) {
        var table: [String: any ShaderKernel.Type] = [:]
        for k in kernels {
            let sig = k.signature
            let problems = sig.declarationProblems
            if !problems.isEmpty { throw .invalidDeclaration(name: sig.name, problems: problems) }
            if table[sig.name] != nil {
                throw .invalidDeclaration(name: sig.name, problems: ["two kernels are named '\(sig.name)'"])
            }
            table[sig.name] = k
        }
        self.kernels = table
    }

    /// Registered names, sorted.
    public var names: [String] { kernels.keys.sorted() }

    /// Signatures of all kernels, sorted by name.
    public var signatures: [ShaderSignature] { names.compactMap { kernels[$0]?.signature } }

    /// The kernel named `name`, or `unknownShader` with the closest names.
    public func kernel(named name: String) throws(ShaderError) -> any ShaderKernel.Type {
        if let k = kernels[name] { return k }
        throw .unknownShader(name: name, suggestions: suggestions(for: name))
    }

    /// Looks up `name`, checks it is of `kind` (when given) and validates `arguments`.
    /// Errors: `unknownShader`, `wrongKind`, `wrongArgumentCount`, `wrongArgumentType`,
    /// `nonFiniteArgument`.
    public func prepare(_ name: String, kind: ShaderKind? = nil, arguments: [ShaderArgument]) throws(ShaderError) -> PreparedShader {
        let k = try kernel(named: name)
        let sig = k.signature
        if let kind, kind != sig.kind { throw .wrongKind(signature: sig, requested: kind) }
        let validated = try sig.validate(arguments)
        return k.prepare(validated)
    }

    /// Up to `maximumSuggestions` registered names nearest to `name` by edit distance (ties by
    /// name), comparing case-insensitively so `LiquidMetal` finds `liquidMetal` first.
    public func suggestions(for name: String) -> [String] {
        let target = Array(name.lowercased().unicodeScalars)
        return kernels.keys
            .map { (name: $0, distance: Self.editDistance(target, Array($0.lowercased().unicodeScalars))) }
            .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
            .prefix(Self.maximumSuggestions)
            .map(\.name)
    }

    /// Levenshtein distance (insertions, deletions, substitutions, each cost 1), two-row
    /// Wagner–Fischer. Inputs are capped at 256 scalars so a huge name cannot stall a lookup.
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        let a = a.prefix(256), b = Array(b.prefix(256))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for (i, ca) in a.enumerated() {
            current[0] = i + 1
            for j in 0..<b.count {
                let substitution = previous[j] + (ca == b[j] ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
