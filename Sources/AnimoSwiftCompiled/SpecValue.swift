// The spec document the lowering builds: JSON values with the Swift position each came from, made
// into AnimoSpec's JSONValue (typed, never JSON text) for `Spec.load(value:)`.
import AnimoSpec
import AnimoViewRecord

indirect enum SpecValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SpecValue])
    case object([(String, SpecValue)])

    static func == (a: SpecValue, b: SpecValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    subscript(key: String) -> SpecValue? {
        if case .object(let m) = self { return m.first { $0.0 == key }?.1 }
        return nil
    }

    /// The value as AnimoSpec's JSON tree, every value placed at `position`.
    func json(at position: SourcePosition) -> JSONValue {
        switch self {
        case .null: return JSONValue(kind: .null, position: position)
        case .bool(let b): return JSONValue(kind: .bool(b), position: position)
        case .number(let d): return JSONValue(kind: .number(d), position: position)
        case .string(let s): return JSONValue(kind: .string(s), position: position)
        case .array(let a): return JSONValue(kind: .array(a.map { $0.json(at: position) }), position: position)
        case .object(let m):
            return JSONValue(kind: .object(m.map { JSONMember(key: $0.0, keyPosition: position, value: $0.1.json(at: position)) }), position: position)
        }
    }

    /// A number as JSON text, exactly (integers without a fraction).
    static func text(of d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return d.isFinite ? "\(d)" : "0"
    }

    /// JSON text, for `animo-render import`.
    func write(into out: inout String, indent: String = "") {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += SpecValue.text(of: d)
        case .string(let s): out += JSONText.quoted(s)
        case .array(let a):
            if a.allSatisfy({ if case .number = $0 { return true }; return false }) {
                out += "[" + a.map { v -> String in var s = ""; v.write(into: &s); return s }.joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (i, v) in a.enumerated() {
                out += indent + "  "
                v.write(into: &out, indent: indent + "  ")
                out += i + 1 < a.count ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let m):
            if m.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, (k, v)) in m.enumerated() {
                out += indent + "  " + JSONText.quoted(k) + ": "
                v.write(into: &out, indent: indent + "  ")
                out += i + 1 < m.count ? ",\n" : "\n"
            }
            out += indent + "}"
        }
    }
}
