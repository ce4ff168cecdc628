// Errors of the shader layer. Each message prints the kernel's signature so a spec author sees
// what the shader expects; the spec layer prefixes the JSON path (docs/architecture.md, "Shaders").

/// A shader lookup, declaration or argument error.
public enum ShaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No kernel has this name; `suggestions` are the closest registered names, nearest first.
    case unknownShader(name: String, suggestions: [String])
    /// The kernel exists but is applied as another kind (e.g. a distortion in `colorEffect`).
    case wrongKind(signature: ShaderSignature, requested: ShaderKind)
    case wrongArgumentCount(signature: ShaderSignature, expected: Int, supplied: Int)
    /// Argument `index` (0-based) has the wrong type.
    case wrongArgumentType(signature: ShaderSignature, index: Int, expected: ShaderArgumentType, supplied: ShaderArgumentType)
    /// Argument `index` (0-based) has a NaN or infinite component.
    case nonFiniteArgument(signature: ShaderSignature, index: Int)
    /// A kernel's declaration is malformed, or two kernels share a name (registry construction).
    case invalidDeclaration(name: String, problems: [String])

    public var description: String {
        switch self {
        case let .unknownShader(name, suggestions):
            let shown = Self.quoted(name)
            guard let nearest = suggestions.first else { return "unknown shader \(shown): no shaders are registered" }
            let device = "on a device an unknown name renders silently black"
            // The nearest name is offered as a correction only when it is a likely typo (at most a
            // third of the letters differ, at least 2 edits allowed); otherwise the nearest few are listed.
            let distance = ShaderRegistry.editDistance(Array(name.lowercased().unicodeScalars), Array(nearest.lowercased().unicodeScalars))
            if distance <= max(2, name.count / 3) {
                return "unknown shader \(shown) (did you mean \(Self.quoted(nearest))?); \(device)"
            }
            return "unknown shader \(shown); the nearest names are \(suggestions.map { Self.quoted($0) }.joined(separator: ", ")); \(device)"
        case let .wrongKind(signature, requested):
            return "shader \(signature) is a \(signature.kind), not a \(requested)"
        case let .wrongArgumentCount(signature, expected, supplied):
            return "wrong argument count for \(signature): expected \(expected), got \(supplied)"
        case let .wrongArgumentType(signature, index, expected, supplied):
            let label = signature.parameters[index].label
            return "wrong type for argument \(index) (\(label)) of \(signature): expected \(expected), got \(supplied)"
        case let .nonFiniteArgument(signature, index):
            let label = signature.parameters[index].label
            return "argument \(index) (\(label)) of \(signature) is not finite"
        case let .invalidDeclaration(name, problems):
            return "invalid shader declaration '\(name)': " + problems.joined(separator: "; ")
        }
    }

    /// A name in double quotes; a long one cut to its first 40 characters and its length
    /// (`"abcd…" (1048576 characters)`), as the spec layer shows user text.
    static func quoted(_ s: String) -> String {
        let limit = 40, count = s.count
        return count <= limit ? "\"\(s)\"" : "\"\(s.prefix(limit))…\" (\(count) characters)"
    }
}
