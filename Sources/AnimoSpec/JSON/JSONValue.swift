// A JSON value tree that remembers where each value starts in the source text, so that every
// validation error can name a line and column (Foundation's JSONSerialization drops positions).

/// A position in the source text: 1-based line and column (column counted in Unicode scalars).
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

/// One member of a JSON object, in source order.
public struct JSONMember: Sendable {
    public var key: String
    /// Where the key's opening quote is.
    public var keyPosition: SourcePosition
    public var value: JSONValue
    public init(key: String, keyPosition: SourcePosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A parsed JSON value with its source position.
public struct JSONValue: Sendable {
    public indirect enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        /// Members in source order; keys are unique (the parser rejects duplicates).
        case object([JSONMember])
    }

    public var kind: Kind
    /// Where the value starts (for strings: the opening quote).
    public var position: SourcePosition
    /// For strings only: true when the decoded text equals the raw source text between the quotes
    /// (no escape sequences), so an offset inside the string maps to a source column.
    public var isVerbatimString: Bool

    public init(kind: Kind, position: SourcePosition, isVerbatimString: Bool = false) {
        self.kind = kind
        self.position = position
        self.isVerbatimString = isVerbatimString
    }

    /// A short description of the value's type, for "expected …, got …" messages.
    public var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A short rendering of the value for messages (long strings and containers abbreviated).
    public var brief: String {
        switch kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let d): return formatNumber(d)
        case .string(let s):
            return UserText.quoted(s)
        case .array(let a): return "an array of \(a.count)"
        case .object: return "an object"
        }
    }

    public var objectMembers: [JSONMember]? {
        if case .object(let m) = kind { return m }
        return nil
    }
    public var arrayElements: [JSONValue]? {
        if case .array(let a) = kind { return a }
        return nil
    }
    public var stringValue: String? {
        if case .string(let s) = kind { return s }
        return nil
    }
    public var numberValue: Double? {
        if case .number(let d) = kind { return d }
        return nil
    }
    public var boolValue: Bool? {
        if case .bool(let b) = kind { return b }
        return nil
    }
    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }
}

/// Formats a number the short way for messages: integers without a fraction.
public func formatNumber(_ d: Double) -> String {
    if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
    return String(d)
}
