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
@testable import AnimoRender

extension SchemaJSON {
    /// JSON text (RFC 8259 string escapes).
    var jsonText: String {
        switch self {
        case .string(let s): return JSONText.quoted(s)
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
    ] + huge

    /// Large finite magnitudes, literal and from expressions (the renderer must draw or refuse them).
    static let huge: [SchemaJSON] = [
        .number(1e15), .number(1e16), .number(1e17), .number(-1e19), .number(1e20), .number(1e300), .number(9e307),
        .number(.greatestFiniteMagnitude), .number(-.greatestFiniteMagnitude), .number(9223372036854775808), .number(1e-9),
        .string("=t*1e17"), .string("=t*1e300"), .string("=-t*1e308"), .array([.number(1e-9), .number(1e-9)]),
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


/// The structural mutator's specs, rendered: whatever the loader accepts must resolve (or throw
/// SpecErrors) and render a few frames without trapping (FuzzTests.swift has the harness).
@Suite struct StructuralFuzzTests {
    @Test func structuralMutantsRender() throws {
        let docs = try TestSupport.exampleFiles.map { try SchemaJSON.parse(Data(contentsOf: $0)) }
        var allKeys = Set<String>()
        for d in docs { SpecMutator.keys(d, into: &allKeys) }
        let keyList = allKeys.sorted()
        var rng = TestRandom(state: FuzzRun.seed(0x5EED_0005))
        let n = FuzzRun.cases(240)
        var counts: [String: Int] = [:]
        let start = Date()
        for k in 0..<n {
            var m = SpecMutator.mutate(docs[k % docs.count], allKeys: keyList, rng: &rng)
            // Half the cases put a huge magnitude on a random number of the tree as well.
            if Bool.random(using: &rng) { m = SpecMutator.hugeNumber(m, rng: &rng) }
            if Bool.random(using: &rng) { m = SpecMutator.mutate(m, allKeys: keyList, rng: &rng) }
            counts["\(FuzzRun.run(Array(m.jsonText.utf8)))", default: 0] += 1
        }
        print("fuzz structural: \(n) mutations, \(counts), \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        #expect((counts["rendered"] ?? 0) > 0)
    }
}

extension SpecMutator {
    /// Replaces one number of the tree (chosen at random) by a huge magnitude or an expression of one.
    static func hugeNumber(_ doc: SchemaJSON, rng: inout TestRandom) -> SchemaJSON {
        var locs: [[String]] = []
        locations(doc, into: &locs)
        let numeric = locs.filter { path in
            var v = doc
            for k in path {
                switch v {
                case .object(let o): v = o[k] ?? .null
                case .array(let a): v = Int(k).flatMap { a.indices.contains($0) ? a[$0] : nil } ?? .null
                default: v = .null
                }
            }
            if case .number = v { return true }
            return false
        }
        guard !numeric.isEmpty else { return doc }
        let path = numeric[Int.random(in: 0..<numeric.count, using: &rng)]
        let r = huge[Int.random(in: 0..<huge.count, using: &rng)]
        return update(doc, path[...]) { _ in r }
    }
}
