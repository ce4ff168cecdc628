// A seeded mutator over the examples: whenever the loader accepts a mutated spec, the schema must
// accept it too (the schema is never stricter than the decoder). The reverse is not required: the
// loader also checks what a schema cannot express (expressions, declared names, min ≤ max, limits).
// ANIMO_SCHEMA_MUTATIONS=N sets the mutations per example (default 100); ANIMO_SCHEMA_SHOW=1 prints
// the loader's errors for specs only the schema accepts (all semantic so far: names in scope,
// declared state, same values in every phase, event numbers).
import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoSpec
@testable import AnimoScene

extension SchemaJSON {
    /// JSON text (RFC 8259 string escapes).
    var jsonText: String {
        switch self {
        case .string(let s):
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
                default: out.unicodeScalars.append(u)
                }
            }
            return out + "\""
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .array(let a): return "[" + a.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let o): return "{" + o.keys.sorted().map { SchemaJSON.string($0).jsonText + ":" + o[$0]!.jsonText }.joined(separator: ",") + "}"
        default: return description
        }
    }
}

enum SpecMutator {
    static let replacements: [SchemaJSON] = [
        .number(0), .number(-1), .number(0.5), .number(2), .number(3.5), .string("=1"), .string("=t"), .string("x"),
        .bool(true), .bool(false), .null, .object([:]), .array([]), .string("red"), .string("top"), .string("smooth"),
        .array([.number(1), .number(2)]), .string("rest:0"),
    ]

    /// Every location in the tree, as index paths (object keys or array indices).
    static func locations(_ v: SchemaJSON, _ prefix: [String] = [], into out: inout [[String]]) {
        out.append(prefix)
        switch v {
        case .object(let o): for k in o.keys.sorted() { locations(o[k]!, prefix + [k], into: &out) }
        case .array(let a): for (i, e) in a.enumerated() { locations(e, prefix + [String(i)], into: &out) }
        default: break
        }
    }

    static func keys(_ v: SchemaJSON, into out: inout Set<String>) {
        switch v {
        case .object(let o): for (k, e) in o { out.insert(k); keys(e, into: &out) }
        case .array(let a): for e in a { keys(e, into: &out) }
        default: break
        }
    }

    /// Applies `f` to the value at `path` (the parent when `parent` is set).
    static func update(_ v: SchemaJSON, _ path: ArraySlice<String>, _ f: (SchemaJSON) -> SchemaJSON) -> SchemaJSON {
        guard let head = path.first else { return f(v) }
        switch v {
        case .object(var o):
            if let e = o[head] { o[head] = update(e, path.dropFirst(), f) }
            return .object(o)
        case .array(var a):
            if let i = Int(head), a.indices.contains(i) { a[i] = update(a[i], path.dropFirst(), f) }
            return .array(a)
        default: return v
        }
    }

    static func mutate(_ doc: SchemaJSON, allKeys: [String], rng: inout TestRandom) -> SchemaJSON {
        var locs: [[String]] = []
        locations(doc, into: &locs)
        let path = locs[Int.random(in: 0..<locs.count, using: &rng)]
        let op = Int.random(in: 0..<5, using: &rng)
        switch op {
        case 0:  // replace the value
            let r = replacements[Int.random(in: 0..<replacements.count, using: &rng)]
            return update(doc, path[...]) { _ in r }
        case 1, 2:  // delete, or rename, a key of the parent object
            guard let last = path.last else { return doc }
            let newKey = allKeys[Int.random(in: 0..<allKeys.count, using: &rng)]
            return update(doc, path.dropLast()[...]) { parent in
                guard case .object(var o) = parent, let e = o[last] else {
                    if case .array(var a) = parent, let i = Int(last), a.indices.contains(i) { a.remove(at: i); return .array(a) }
                    return parent
                }
                o[last] = nil
                if op == 2 { o[newKey] = e }
                return .object(o)
            }
        case 3:  // add a known key with a replacement value
            let k = allKeys[Int.random(in: 0..<allKeys.count, using: &rng)]
            let r = replacements[Int.random(in: 0..<replacements.count, using: &rng)]
            return update(doc, path[...]) { v in
                guard case .object(var o) = v else { return v }
                o[k] = r
                return .object(o)
            }
        default:  // duplicate an array element / wrap a value in an array
            return update(doc, path[...]) { v in
                if case .array(let a) = v, let f = a.first { return .array(a + [f]) }
                return .array([v])
            }
        }
    }
}

@Suite struct SchemaMutationTests {
    @Test func schemaNeverRejectsWhatTheLoaderAccepts() throws {
        let v = try SchemaSupport.validator()
        let docs = try TestSupport.exampleFiles.map { try SchemaJSON.parse(Data(contentsOf: $0)) }
        #expect(docs.count >= 8)
        var allKeys = Set<String>()
        for d in docs { SpecMutator.keys(d, into: &allKeys) }
        let keyList = allKeys.sorted()
        var rng = TestRandom(state: 0x5EED_0004)
        var loaderAccepted = 0, schemaOnly = 0
        var disagreements: [String] = []
        let perDoc = Int(ProcessInfo.processInfo.environment["ANIMO_SCHEMA_MUTATIONS"] ?? "") ?? 100
        for doc in docs {
            for _ in 0..<perDoc {
                var m = SpecMutator.mutate(doc, allKeys: keyList, rng: &rng)
                if Bool.random(using: &rng) { m = SpecMutator.mutate(m, allKeys: keyList, rng: &rng) }
                let text = m.jsonText
                let loaderOK = TestSupport.errors(text).isEmpty
                let schemaErrors = v.validate(m)
                if loaderOK {
                    loaderAccepted += 1
                    if !schemaErrors.isEmpty, disagreements.count < 10 {
                        disagreements.append("\(schemaErrors.prefix(2)) in \(text.prefix(400))")
                    }
                } else if schemaErrors.isEmpty {
                    schemaOnly += 1
                    if ProcessInfo.processInfo.environment["ANIMO_SCHEMA_SHOW"] == "1" { print("SCHEMA-ONLY: \(TestSupport.errors(text).prefix(2))") }
                }
            }
        }
        #expect(disagreements.isEmpty, "the schema rejects specs the loader accepts:\n\(disagreements.joined(separator: "\n"))")
        // The mutator must produce a useful mix: some accepted, some rejected.
        #expect(loaderAccepted > 0 && loaderAccepted < docs.count * perDoc)
        print("mutations: \(docs.count * perDoc), loader-accepted \(loaderAccepted), schema-valid but loader-rejected \(schemaOnly)")
    }
}
