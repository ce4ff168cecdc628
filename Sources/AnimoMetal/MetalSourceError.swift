// Errors of compiling `.metal` sources: each names the file as the spec wrote it and, when the
// problem is in the file, its line and column (clang's own diagnostics mapped back to the file).

/// One problem with a shader source file.
public struct MetalDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The file as the spec names it (e.g. `Shaders/LiquidChrome.metal`).
    public var file: String
    /// Where in the file; nil for a problem with the file as a whole (unreadable, too large, no compiler).
    public var position: MetalPosition?
    public var message: String

    public init(file: String, position: MetalPosition?, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    /// `Shaders/X.metal:12:5: message`
    public var description: String {
        if let p = position { return "\(file):\(p.line):\(p.column): \(message)" }
        return "\(file): \(message)"
    }
}

/// Every problem found in one source file (at least one).
public struct MetalSourceError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [MetalDiagnostic]
    /// Set when no compiler was found: the one message for the whole run.
    public var compilerMissing: Bool = false

    public init(_ diagnostics: [MetalDiagnostic], compilerMissing: Bool = false) {
        self.diagnostics = diagnostics
        self.compilerMissing = compilerMissing
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
