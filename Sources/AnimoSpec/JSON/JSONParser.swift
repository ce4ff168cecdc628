import Foundation

// A strict JSON parser (RFC 8259) that keeps source positions. Errors say where (line, column)
// and what was expected. Numbers are Doubles; duplicate keys are an error; nesting is limited so
// that hostile input cannot overflow the stack.

/// A JSON syntax error: where, and what was expected.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    public var position: SourcePosition
    public var message: String
    public var description: String { "\(position.line):\(position.column): \(message)" }
}

/// Parses JSON text into a `JSONValue` tree with positions.
public struct JSONParser {
    /// Maximum nesting of arrays and objects. Far above what a spec needs (node nesting is limited
    /// to 64 separately) and low enough that recursion cannot overflow a thread's stack.
    public static let maxDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one complete JSON document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        // A UTF-8 byte order mark is tolerated (RFC 8259 §8.1 allows ignoring it).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("expected the end of the document, found \(parser.describeCurrent())")
        }
        return value
    }

    // MARK: - Cursor

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(position: position, message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the input" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b == 0x0A { return "a line break" }
        if b == 0x20 || b == 0x09 || b == 0x0D { return "whitespace" }
        return String(format: "byte 0x%02X", b)
    }

    /// Advances one byte, keeping line and column (columns count Unicode scalars: UTF-8
    /// continuation bytes do not advance the column).
    private mutating func advance() {
        let b = bytes[index]
        index += 1
        if b == 0x0A {
            line += 1
            column = 1
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: advance()
            default: return
            }
        }
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else {
            throw error("expected a value (object, array, string, number, true, false or null), found the end of the input")
        }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            let (s, verbatim) = try parseString()
            return JSONValue(kind: .string(s), position: start, isVerbatimString: verbatim)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try parseNumber()), position: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONValue(kind: .bool(true), position: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONValue(kind: .bool(false), position: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONValue(kind: .null, position: start)
        default:
            throw error("expected a value (object, array, string, number, true, false or null), found \(describeCurrent())")
        }
    }

    private mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        let text = word.withUTF8Buffer { Array($0) }
        for b in text {
            guard index < bytes.count, bytes[index] == b else {
                throw JSONSyntaxError(position: start, message: "expected '\(word)' (JSON literals are true, false and null, in lower case)")
            }
            advance()
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maxDepth {
            throw error("nesting deeper than \(JSONParser.maxDepth) arrays/objects")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        try enter()
        advance()  // {
        var members: [JSONMember] = []
        var seen: [String: SourcePosition] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return JSONValue(kind: .object(members), position: start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyPos = position
            let (key, _) = try parseString()
            if let first = seen[key] {
                throw JSONSyntaxError(position: keyPos, message: "duplicate key \(UserText.quoted(key)) (first at \(first.line):\(first.column))")
            }
            seen[key] = keyPos
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \(UserText.quoted(key)), found \(describeCurrent())")
            }
            advance()
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, keyPosition: keyPos, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}', found the end of the input") }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                advance()
                break
            }
            throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
        }
        depth -= 1
        return JSONValue(kind: .object(members), position: start)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        try enter()
        advance()  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return JSONValue(kind: .array(elements), position: start)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']', found the end of the input") }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                advance()
                break
            }
            throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
        }
        depth -= 1
        return JSONValue(kind: .array(elements), position: start)
    }

    // MARK: - Strings

    private mutating func parseString() throws(JSONSyntaxError) -> (String, Bool) {
        let start = position
        advance()  // opening quote
        var out: [UInt8] = []
        var verbatim = true
        while true {
            guard index < bytes.count else {
                throw JSONSyntaxError(position: start, message: "unterminated string (expected a closing '\"')")
            }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                advance()
                break
            }
            if b < 0x20 {
                throw error("control character in a string (write it as an escape such as \\n)")
            }
            if b == UInt8(ascii: "\\") {
                verbatim = false
                advance()
                guard index < bytes.count else { throw error("expected an escape character after '\\'") }
                let e = bytes[index]
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    advance()
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A high surrogate must be followed by \u and a low surrogate (RFC 8259 §7).
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("expected a low surrogate \\uDC00-\\uDFFF after a high surrogate")
                        }
                        advance(); advance()
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("expected a low surrogate \\uDC00-\\uDFFF after a high surrogate")
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("unpaired low surrogate in a \\u escape")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                    continue
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
                }
                advance()
                continue
            }
            out.append(b)
            advance()
        }
        guard let s = String(validating: out, as: UTF8.self) else {
            throw JSONSyntaxError(position: start, message: "string is not valid UTF-8")
        }
        return (s, verbatim)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("expected 4 hexadecimal digits after \\u") }
            let b = bytes[index]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hexadecimal digits after \\u, found \(describeCurrent())")
            }
            v = v * 16 + d
            advance()
        }
        return v
    }

    // MARK: - Numbers

    /// JSON number grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let startPos = position
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        if bytes[index] == UInt8(ascii: "-") { advance() }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error("expected a digit in a number, found \(describeCurrent())")
        }
        if bytes[index] == UInt8(ascii: "0") {
            advance()
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("numbers may not have leading zeros")
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { advance() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advance()
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit after the decimal point, found \(describeCurrent())")
            }
            while index < bytes.count, isDigit(bytes[index]) { advance() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            advance()
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { advance() }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit in the exponent, found \(describeCurrent())")
            }
            while index < bytes.count, isDigit(bytes[index]) { advance() }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            throw JSONSyntaxError(position: startPos, message: "number \(text) is out of range")
        }
        return d
    }
}
