// The JSON the commands print with --json (docs/json.md): a small value type that keeps the key
// order it is built with (so the output reads in a stable, documented order) and writes numbers
// without binary noise (times to the microsecond, never in exponent form).
import Foundation
import AnimoSpec

public indirect enum OutputJSON: Sendable, Equatable {
    case object([(String, OutputJSON)])
    case array([OutputJSON])
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null

    public static func == (a: OutputJSON, b: OutputJSON) -> Bool {
        switch (a, b) {
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.array(x), .array(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.integer(x), .integer(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// An object from pairs whose value may be nil (left out).
    public static func object(_ pairs: (String, OutputJSON?)...) -> OutputJSON {
        .object(pairs.compactMap { k, v in v.map { (k, $0) } })
    }

    /// A number, or null when not finite.
    public static func num(_ v: Double?) -> OutputJSON? {
        v.map { $0.isFinite ? .number($0) : .null }
    }

    public static func str(_ s: String?) -> OutputJSON? { s.map { .string($0) } }
    public static func int(_ v: Int?) -> OutputJSON? { v.map { .integer($0) } }

    public subscript(key: String) -> OutputJSON? {
        if case .object(let m) = self { return m.first { $0.0 == key }?.1 }
        return nil
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var arrayValue: [OutputJSON]? { if case .array(let a) = self { return a }; return nil }
    public var doubleValue: Double? {
        switch self {
        case .number(let d): return d
        case .integer(let i): return Double(i)
        default: return nil
        }
    }
    public var intValue: Int? {
        switch self {
        case .integer(let i): return i
        case .number(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
        default: return nil
        }
    }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }

    /// The text: indented by two spaces per level (`pretty`), or on one line.
    public func text(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(into out: inout String, indent: Int?) {
        let nl = indent.map { "\n" + String(repeating: "  ", count: $0 + 1) } ?? ""
        let close = indent.map { "\n" + String(repeating: "  ", count: $0) } ?? ""
        let next = indent.map { $0 + 1 }
        switch self {
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (k, v)) in members.enumerated() {
                out += (i == 0 ? "" : ",") + nl + JSONText.quoted(k) + (indent == nil ? ":" : ": ")
                v.write(into: &out, indent: next)
            }
            out += close + "}"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            // Arrays of plain numbers stay on one line.
            let flat = items.allSatisfy { if case .number = $0 { return true }; if case .integer = $0 { return true }; return false }
            out += "["
            for (i, v) in items.enumerated() {
                out += (i == 0 ? "" : (flat ? ", " : ",")) + (flat ? "" : nl)
                v.write(into: &out, indent: next)
            }
            out += (flat ? "" : close) + "]"
        case .string(let s): out += JSONText.quoted(s)
        case .number(let d): out += Self.number(d)
        case .integer(let i): out += String(i)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// A finite number with at most 6 decimals and no trailing zeros ("0.04", "1", "0.999871").
    public static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        var s = String(format: "%.6f", d)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    /// Parses JSON text (what `text()` writes, or any JSON document), keeping the key order.
    public static func parse(_ data: Data) throws -> OutputJSON {
        convert(try JSONParser.parse([UInt8](data)))
    }

    private static func convert(_ v: JSONValue) -> OutputJSON {
        switch v.kind {
        case .object(let members): return .object(members.map { ($0.key, convert($0.value)) })
        case .array(let items): return .array(items.map(convert))
        case .string(let s): return .string(s)
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? .integer(Int(d)) : .number(d)
        case .bool(let b): return .bool(b)
        case .null: return .null
        }
    }
}
