// The declared interface of a shader kernel: its Metal function name, its kind and its user
// arguments in order. Both the Swift kernel and its `.metal` twin must agree with it; a spec's
// argument list is validated against it once per frame (docs/architecture.md, "Shaders": an unknown name, a wrong
// count or a wrong type is a clear error, where a device would render black).

/// One declared user argument: a label (the MSL parameter name) and a type.
public struct ShaderParameter: Sendable, Hashable, CustomStringConvertible {
    public let label: String
    public let type: ShaderArgumentType

    public init(_ label: String, _ type: ShaderArgumentType) {
        self.label = label
        self.type = type
    }

    /// `float2 size`
    public var description: String { "\(type) \(label)" }
}

/// The name, kind and ordered user arguments of a kernel.
///
/// `description` prints the call as a spec author writes it, e.g.
/// `liquidMetal(float2 size, float time, float4 ripple0, …)`; `mslDeclaration` prints the full
/// stitchable header including the implicit `position`/`color`/`layer` parameters.
public struct ShaderSignature: Sendable, Hashable, CustomStringConvertible {
    /// The `[[ stitchable ]]` function name, which is also the name a spec uses.
    public let name: String
    public let kind: ShaderKind
    /// User arguments in order (after the implicit ones).
    public let parameters: [ShaderParameter]

    /// Makes a signature. Well-formedness (identifiers, unique labels, at most one image) is
    /// checked by `declarationProblems` and enforced when a registry is built.
    public init(name: String, kind: ShaderKind, parameters: [ShaderParameter]) {
        self.name = name
        self.kind = kind
        self.parameters = parameters
    }

    public var description: String {
        "\(name)(" + parameters.map(\.description).joined(separator: ", ") + ")"
    }

    /// `[[ stitchable ]] half4 name(float2 position, half4 color, float2 size, …)`
    public var mslDeclaration: String {
        let params = kind.implicitMSLParameters + parameters.map { $0.type.mslDeclaration(label: $0.label) }
        return "[[ stitchable ]] \(kind.mslReturnType) \(name)(" + params.joined(separator: ", ") + ")"
    }

    /// Problems with the declaration itself, empty when it is well formed: the name and labels
    /// must be C identifiers, labels unique and not clash with the implicit parameters, and at
    /// most one `image` argument (docs/semantics.md §74).
    public var declarationProblems: [String] {
        var problems: [String] = []
        if !Self.isIdentifier(name) { problems.append("name '\(name)' is not an identifier") }
        var seen: Set<String> = ["position", "color", "layer"]
        for (i, p) in parameters.enumerated() {
            if !Self.isIdentifier(p.label) {
                problems.append("argument \(i) label '\(p.label)' is not an identifier")
            }
            if !seen.insert(p.label).inserted {
                problems.append("argument \(i) label '\(p.label)' is used twice or clashes with an implicit parameter")
            }
        }
        if parameters.filter({ $0.type == .image }).count > 1 {
            problems.append("more than one image argument (SwiftUI allows at most one)")
        }
        return problems
    }

    /// Checks supplied values against the declared arguments and returns them as validated
    /// `ShaderArguments`. Errors name the 0-based argument index and print this signature; the
    /// spec layer prefixes the JSON path.
    public func validate(_ supplied: [ShaderArgument]) throws(ShaderError) -> ShaderArguments {
        guard supplied.count == parameters.count else {
            throw .wrongArgumentCount(signature: self, expected: parameters.count, supplied: supplied.count)
        }
        for (i, (p, v)) in zip(parameters, supplied).enumerated() {
            guard p.type.accepts(v.type) else {
                throw .wrongArgumentType(signature: self, index: i, expected: p.type, supplied: v.type)
            }
            guard v.isFinite else {
                throw .nonFiniteArgument(signature: self, index: i)
            }
        }
        return ShaderArguments(validated: supplied)
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first else { return false }
        func isLetter(_ c: Unicode.Scalar) -> Bool {
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_"
        }
        guard isLetter(first) else { return false }
        return s.unicodeScalars.allSatisfy { isLetter($0) || ($0 >= "0" && $0 <= "9") }
    }
}
