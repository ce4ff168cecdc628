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
            let hint = suggestions.isEmpty ? "no shaders are registered"
                : "did you mean " + suggestions.map { "'\($0)'" }.joined(separator: ", ") + "?"
            return "unknown shader '\(name)': \(hint) (on a device an unknown name renders silently black)"
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
}
