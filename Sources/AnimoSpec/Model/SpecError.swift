// Errors found while loading a spec: each names the JSON path, the source position and what was
// expected. `SpecErrors` carries every error found in one load (validation keeps going after the
// first problem so that a user fixes several at once).

/// One problem in a spec, e.g. `spec.json:12:7: content[2].modifiers[0].blur.radius: expected a number ≥ 0, got -3`.
public struct SpecError: Sendable, Hashable, CustomStringConvertible {
    /// The file name shown in the description (the last path component given to `Spec.load`).
    public var file: String
    /// The JSON path, e.g. `content[2].modifiers[0].blur.radius`; empty for syntax errors and for
    /// the document itself.
    public var path: String
    /// 1-based line and column in the source text (for expressions: the column of the offending
    /// token inside the expression when the string has no escapes); 0 when unknown.
    public var line: Int
    public var column: Int
    /// What is wrong and what was expected.
    public var message: String

    public init(file: String, path: String, line: Int, column: Int, message: String) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: path: message`; without the position when it is unknown (line 0, a spec
    /// built in memory) and without the path for the document itself.
    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        if path.isEmpty { return "\(place): \(message)" }
        return "\(place): \(UserText.path(path)): \(message)"
    }
}

/// All the errors of one failed load; thrown by `Spec.load`.
public struct SpecErrors: Error, Sendable, CustomStringConvertible {
    /// The errors in source order (at least one).
    public var errors: [SpecError]

    public init(_ errors: [SpecError]) {
        self.errors = errors
    }

    /// `errors` in source order (line, then column; errors without a position last), ties kept
    /// in the order found.
    public static func sorted(_ errors: [SpecError]) -> [SpecError] {
        func key(_ e: SpecError) -> (Int, Int) { e.line > 0 ? (e.line, e.column) : (Int.max, 0) }
        return errors.enumerated().sorted { a, b in
            (key(a.element).0, key(a.element).1, a.offset) < (key(b.element).0, key(b.element).1, b.offset)
        }.map(\.element)
    }

    /// One error per line, followed by a count when there are several.
    public var description: String {
        var lines = errors.map(\.description)
        if errors.count > 1 { lines.append("\(errors.count) errors") }
        return lines.joined(separator: "\n")
    }
}
