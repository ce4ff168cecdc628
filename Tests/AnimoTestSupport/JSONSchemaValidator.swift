// A small JSON Schema (draft 2020-12) validator for the tests: enough of the vocabulary to check
// docs/spec.schema.json and docs/output.schema.json, written independently of the Scene target's own JSON parser (documents
// are read with Foundation's JSONSerialization).
//
// Keyword semantics follow "JSON Schema Validation: A Vocabulary for Structural Validation of
// JSON" (draft 2020-12), §6 (type, enum, const, numeric and string bounds, array and object
// bounds, required, dependentRequired) and "JSON Schema Core" (draft 2020-12), §10 (allOf, anyOf,
// oneOf, not, properties, patternProperties, additionalProperties, propertyNames, prefixItems,
// items) and §8.2.3 ($ref). Unsupported keywords are refused when the schema is loaded, so a
// constraint is never silently ignored.
import Foundation

/// A JSON value as the validator sees it (numbers keep whether they are whole).
public indirect enum SchemaJSON: Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SchemaJSON])
    case object([String: SchemaJSON])

    /// Converts the output of `JSONSerialization`. Booleans are told apart from numbers by their
    /// NSNumber type code ("c"/"B"), since `NSNumber(1) is Bool` is true in Foundation.
    public init?(foundation v: Any) {
        switch v {
        case is NSNull: self = .null
        case let n as NSNumber:
            let code = String(cString: n.objCType)
            self = code == "c" || code == "B" ? .bool(n.boolValue) : .number(n.doubleValue)
        case let s as String: self = .string(s)
        case let a as [Any]:
            var out: [SchemaJSON] = []
            for e in a {
                guard let j = SchemaJSON(foundation: e) else { return nil }
                out.append(j)
            }
            self = .array(out)
        case let d as [String: Any]:
            var out: [String: SchemaJSON] = [:]
            for (k, e) in d {
                guard let j = SchemaJSON(foundation: e) else { return nil }
                out[k] = j
            }
            self = .object(out)
        default: return nil
        }
    }

    /// Parses JSON text (any value at the top).
    public static func parse(_ data: Data) throws -> SchemaJSON {
        let any = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        guard let j = SchemaJSON(foundation: any) else { throw SchemaLoadError(message: "unsupported JSON value") }
        return j
    }

    public static func parse(_ text: String) throws -> SchemaJSON { try parse(Data(text.utf8)) }

    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let d): return d == d.rounded() ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .string(let s): return "\"\(s)\""
        case .array(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .object(let o): return "{" + o.keys.sorted().map { "\"\($0)\": \(o[$0]!)" }.joined(separator: ", ") + "}"
        }
    }

    public var objectValue: [String: SchemaJSON]? { if case .object(let o) = self { return o } else { return nil } }
    public var arrayValue: [SchemaJSON]? { if case .array(let a) = self { return a } else { return nil } }
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var numberValue: Double? { if case .number(let d) = self { return d } else { return nil } }
}

public struct SchemaLoadError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// One failed constraint: the instance location (`content[0].modifiers[2]`) and what failed.
public struct SchemaViolation: Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path.isEmpty ? "(root)" : path): \(message)" }
}

/// Validates JSON instances against one schema document.
public struct JSONSchemaValidator {
    public let root: SchemaJSON
    private var regexCache: [String: NSRegularExpression] = [:]

    /// Keywords this validator applies, and annotations it ignores.
    public static let assertions: Set<String> = [
        "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "pattern", "minLength", "maxLength", "items", "prefixItems", "minItems", "maxItems",
        "properties", "patternProperties", "additionalProperties", "propertyNames", "required",
        "dependentRequired", "minProperties", "maxProperties", "allOf", "anyOf", "oneOf", "not", "$ref",
    ]
    public static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description", "default", "examples", "$comment"]

    /// Loads a schema and checks it: every keyword supported, every `$ref` resolvable, every
    /// pattern a valid regular expression.
    public init(schema: SchemaJSON) throws {
        root = schema
        var problems: [String] = []
        var patterns: [String] = []
        walk(schema, "#", &problems, &patterns)
        for p in patterns where regexCache[p] == nil {
            do { regexCache[p] = try NSRegularExpression(pattern: p) } catch { problems.append("bad pattern \(p)") }
        }
        if !problems.isEmpty { throw SchemaLoadError(message: problems.joined(separator: "; ")) }
    }

    public init(schemaText: String) throws { try self.init(schema: SchemaJSON.parse(schemaText)) }

    private func walk(_ s: SchemaJSON, _ at: String, _ problems: inout [String], _ patterns: inout [String]) {
        if case .bool = s { return }
        guard let o = s.objectValue else { problems.append("\(at): a schema is an object or a boolean"); return }
        for (k, v) in o {
            let here = at + "/" + k
            switch k {
            case "properties", "patternProperties", "$defs":
                guard let m = v.objectValue else { problems.append("\(here): expected an object"); continue }
                for (name, sub) in m { walk(sub, here + "/" + name, &problems, &patterns) }
                if k == "patternProperties" { patterns += m.keys }
            case "items", "additionalProperties", "propertyNames", "not":
                walk(v, here, &problems, &patterns)
            case "prefixItems", "allOf", "anyOf", "oneOf":
                guard let a = v.arrayValue, !a.isEmpty else { problems.append("\(here): expected a non-empty array"); continue }
                for (i, sub) in a.enumerated() { walk(sub, here + "/\(i)", &problems, &patterns) }
            case "$ref":
                guard let r = v.stringValue, resolve(r) != nil else { problems.append("\(here): unresolvable \(v)"); continue }
            case "pattern":
                if let p = v.stringValue { patterns.append(p) } else { problems.append("\(here): expected a string") }
            default:
                if !Self.assertions.contains(k) && !Self.annotations.contains(k) {
                    problems.append("\(here): unsupported keyword")
                }
            }
        }
    }

    /// Resolves a local JSON pointer reference ("#/$defs/name", "#").
    public func resolve(_ ref: String) -> SchemaJSON? {
        guard ref.hasPrefix("#") else { return nil }
        var node = root
        for raw in ref.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
            let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch node {
            case .object(let o):
                guard let next = o[token] else { return nil }
                node = next
            case .array(let a):
                guard let i = Int(token), a.indices.contains(i) else { return nil }
                node = a[i]
            default: return nil
            }
        }
        return node
    }

    /// Every violation of the schema by `instance` (empty = valid).
    public func validate(_ instance: SchemaJSON) -> [SchemaViolation] {
        var out: [SchemaViolation] = []
        check(instance, against: root, path: "", depth: 0, limit: .max, into: &out)
        return out
    }

    public func validate(json text: String) throws -> [SchemaViolation] { validate(try SchemaJSON.parse(text)) }

    public func isValid(_ instance: SchemaJSON) -> Bool { validate(instance).isEmpty }

    // MARK: - Checking

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// Appends the violations of `s` by `v` to `out`, stopping once `out` holds `limit` of them
    /// (combinators only need to know whether an alternative passes).
    private func check(_ v: SchemaJSON, against s: SchemaJSON, path: String, depth: Int, limit: Int, into out: inout [SchemaViolation]) {
        func fail(_ m: String) { out.append(SchemaViolation(path: path, message: m)) }
        func sub(_ e: SchemaJSON, _ schema: SchemaJSON, _ p: String) {
            if out.count < limit { check(e, against: schema, path: p, depth: depth + 1, limit: limit, into: &out) }
        }
        guard depth < 2_000 else { fail("schema recursion deeper than 2000"); return }
        if case .bool(let b) = s {
            if !b { fail("no value is allowed here") }
            return
        }
        guard let s = s.objectValue else { return }

        if let r = s["$ref"]?.stringValue, let target = resolve(r) {
            sub(v, target, path)
        }

        // Generic keywords.
        if let t = s["type"] {
            let names = t.arrayValue?.compactMap(\.stringValue) ?? [t.stringValue].compactMap { $0 }
            if !names.contains(where: { Self.hasType(v, $0) }) {
                fail("expected \(names.joined(separator: " or ")), got \(v.typeName) \(v)")
            }
        }
        if let e = s["enum"]?.arrayValue, !e.contains(where: { Self.equal($0, v) }) {
            fail("\(v) is not one of \(e.map(\.description).joined(separator: ", "))")
        }
        if let c = s["const"], !Self.equal(c, v) { fail("expected \(c), got \(v)") }

        // Combinators.
        if let all = s["allOf"]?.arrayValue {
            for a in all { sub(v, a, path) }
        }
        if let any = s["anyOf"]?.arrayValue {
            let results = any.map { errors(v, $0, path, depth) }
            if !results.contains(where: \.isEmpty) { fail("matches none of anyOf: " + Self.closest(results)) }
        }
        if let one = s["oneOf"]?.arrayValue {
            let results = one.map { errors(v, $0, path, depth) }
            let passing = results.filter(\.isEmpty).count
            if passing == 0 { fail("matches none of oneOf: " + Self.closest(results)) }
            if passing > 1 { fail("matches \(passing) alternatives of oneOf (expected exactly one)") }
        }
        if let n = s["not"], errors(v, n, path, depth).isEmpty { fail("matches a schema it must not match") }

        switch v {
        case .number(let d):
            if let m = s["minimum"]?.numberValue, d < m { fail("expected ≥ \(m), got \(v)") }
            if let m = s["maximum"]?.numberValue, d > m { fail("expected ≤ \(m), got \(v)") }
            if let m = s["exclusiveMinimum"]?.numberValue, d <= m { fail("expected > \(m), got \(v)") }
            if let m = s["exclusiveMaximum"]?.numberValue, d >= m { fail("expected < \(m), got \(v)") }
        case .string(let str):
            let count = str.unicodeScalars.count  // lengths count code points (Validation §6.3.1)
            if let m = s["minLength"]?.numberValue, Double(count) < m { fail("shorter than \(Int(m))") }
            if let m = s["maxLength"]?.numberValue, Double(count) > m { fail("longer than \(Int(m))") }
            if let p = s["pattern"]?.stringValue, !matches(p, str) { fail("\(v) does not match /\(p)/") }
        case .array(let a):
            if let m = s["minItems"]?.numberValue, Double(a.count) < m { fail("expected at least \(Int(m)) items, got \(a.count)") }
            if let m = s["maxItems"]?.numberValue, Double(a.count) > m { fail("expected at most \(Int(m)) items, got \(a.count)") }
            let prefix = s["prefixItems"]?.arrayValue ?? []
            for (i, e) in a.enumerated() {
                let p = path + "[\(i)]"
                if i < prefix.count {
                    sub(e, prefix[i], p)
                } else if let items = s["items"] {
                    sub(e, items, p)
                }
            }
        case .object(let o):
            if let m = s["minProperties"]?.numberValue, Double(o.count) < m { fail("expected at least \(Int(m)) keys, got \(o.count)") }
            if let m = s["maxProperties"]?.numberValue, Double(o.count) > m { fail("expected at most \(Int(m)) keys, got \(o.count)") }
            for r in s["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where o[r] == nil {
                fail("missing required key \"\(r)\"")
            }
            if let deps = s["dependentRequired"]?.objectValue {
                for (key, needs) in deps where o[key] != nil {
                    for n in needs.arrayValue?.compactMap(\.stringValue) ?? [] where o[n] == nil {
                        fail("\"\(key)\" requires \"\(n)\"")
                    }
                }
            }
            let props = s["properties"]?.objectValue ?? [:]
            let patternProps = s["patternProperties"]?.objectValue ?? [:]
            for key in o.keys.sorted() {
                let value = o[key]!
                let p = Self.join(path, key)
                if let names = s["propertyNames"] {
                    let e = errors(.string(key), names, p, depth)
                    if !e.isEmpty { out.append(SchemaViolation(path: p, message: "key \"\(key)\" is not allowed: \(e[0].message)")) }
                }
                var matched = false
                if let schema = props[key] {
                    matched = true
                    sub(value, schema, p)
                }
                for (pattern, schema) in patternProps.sorted(by: { $0.key < $1.key }) where matches(pattern, key) {
                    matched = true
                    sub(value, schema, p)
                }
                if !matched, let add = s["additionalProperties"] {
                    if case .bool(false) = add {
                        out.append(SchemaViolation(path: p, message: "unknown key \"\(key)\""))
                    } else {
                        sub(value, add, p)
                    }
                }
            }
        default:
            break
        }
    }

    private func errors(_ v: SchemaJSON, _ s: SchemaJSON, _ path: String, _ depth: Int) -> [SchemaViolation] {
        var e: [SchemaViolation] = []
        check(v, against: s, path: path, depth: depth + 1, limit: 1, into: &e)
        return e
    }

    /// The first failures of the alternatives (at most 4), to make combinator failures readable.
    private static func closest(_ results: [[SchemaViolation]]) -> String {
        let firsts = results.compactMap(\.first).map(\.description)
        return firsts.prefix(4).joined(separator: " | ") + (firsts.count > 4 ? " | …" : "")
    }

    private func matches(_ pattern: String, _ s: String) -> Bool {
        // Patterns are unanchored searches (Validation §6.3.3); NSRegularExpression works on UTF-16.
        guard let re = regexCache[pattern] ?? (try? NSRegularExpression(pattern: pattern)) else { return false }
        return re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
    }

    public static func hasType(_ v: SchemaJSON, _ name: String) -> Bool {
        switch (v, name) {
        case (.null, "null"), (.bool, "boolean"), (.string, "string"), (.array, "array"), (.object, "object"), (.number, "number"):
            return true
        case (.number(let d), "integer"):
            return d.isFinite && d == d.rounded()  // "integer" = a number with zero fractional part (Core §4.2.1)
        default:
            return false
        }
    }

    /// Equality for enum and const: numbers by value (1 == 1.0), arrays in order, objects by keys.
    public static func equal(_ a: SchemaJSON, _ b: SchemaJSON) -> Bool { a == b }
}
