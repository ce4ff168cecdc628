// Seeded mutators over the example specs: every mutated spec must load or throw SpecErrors, and
// every one that loads must resolve (or throw SpecErrors) and RENDER a few frames at a tiny scale
// without trapping or hanging. Two mutators: bytes here, JSON structure in SchemaMutationTests.swift
// (`SpecMutator`); both put large finite magnitudes (1e15 … 1.8e308, 2⁶³, "=t*1e300") on numbers.
//
// Case counts are bounded for CI (a few seconds in debug); longer runs (docs/robustness.md):
//   ANIMO_FUZZ_CASES=N     cases per test (default 600 bytes mutations, 240 structural, 1 sweep pass)
//   ANIMO_FUZZ_SEED=S      the seed (default: each test's own); scripts/fuzz varies it per round
//   ANIMO_FUZZ_CURRENT=F   the case being tried is written to F first, so a trap leaves it behind
import AnimoTestSupport
import Foundation
import Testing
import AnimoRaster
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

enum FuzzRun {
    static let env = ProcessInfo.processInfo.environment

    /// Cases per test: ANIMO_FUZZ_CASES, or `ci`.
    static func cases(_ ci: Int) -> Int { Int(env["ANIMO_FUZZ_CASES"] ?? "").map { max(1, $0) } ?? ci }

    /// The seed: ANIMO_FUZZ_SEED mixed with the test's own, or the test's own.
    static func seed(_ own: UInt64) -> UInt64 {
        guard let s = env["ANIMO_FUZZ_SEED"].flatMap({ UInt64($0) }) else { return own }
        return own ^ (s &* 0x9E37_79B9_7F4A_7C15)
    }

    /// Records the case about to run (see the header).
    static func note(_ bytes: [UInt8]) {
        guard let f = env["ANIMO_FUZZ_CURRENT"] else { return }
        try? Data(bytes).write(to: URL(fileURLWithPath: f))
    }

    /// Large finite magnitudes and values that once trapped, as JSON number texts.
    static let hugeNumbers = ["1e15", "-1e15", "1e16", "1e17", "1e19", "-1e19", "1e20", "1e100", "1e300", "-1e300",
                              "9e307", "1.7976931348623157e308", "-1.7976931348623157e308", "9223372036854775808",
                              "-9223372036854775808", "1e-9", "4294967296"]
    /// The same as expressions, so that they reach the renderer unchecked by the loader.
    static let hugeExpressions = ["\"=t*1e17\"", "\"=t*1e300\"", "\"=-t*1e308\"", "\"=1e19+t\"", "\"=t*9223372036854775808\""]

    /// Loads, resolves and renders `bytes`: the first, a middle and the last frame at ≤ 48 px a
    /// side, one thread. Returns how far it got.
    enum Outcome { case rejected, unresolved, rendered }

    static func run(_ bytes: [UInt8]) -> Outcome {
        note(bytes)
        let spec: Spec
        do { spec = try Spec.load(bytes: bytes, fileName: "fuzz.json") } catch {
            #expect(!error.errors.isEmpty)
            for e in error.errors { #expect(!e.message.isEmpty) }
            return .rejected
        }
        return render(spec)
    }

    static func render(_ spec: Spec) -> Outcome {
        let renderer: SceneRenderer
        do { renderer = try SceneRenderer(spec: spec) } catch {
            #expect(!error.errors.isEmpty)
            return .unresolved
        }
        let side = max(spec.canvas.width, spec.canvas.height)
        let scale = min(spec.canvas.scale, 48 / side)
        let d = spec.duration
        for t in [0, d / 2, d] {
            do {
                let p = try renderer.render(at: t, scale: scale)
                // side · (48 / side) may round to a hair above 48, and the pixel size rounds up.
                #expect(p.width <= 49 && p.height <= 49, "\(p.width)×\(p.height)")
            } catch {
                // Only an unusable pixel size may fail (e.g. a canvas of 1e-320 pt: 48/side = ∞).
                #expect(error is PixmapError, "\(error)")
            }
        }
        _ = renderer.diagnostics
        return .rendered
    }
}

/// The byte mutator.
struct FuzzTests {
    static let tokens: [[UInt8]] = (["{", "}", "[", "]", ",", ":", "\"", "-1", "1e999", "null", "true", "\"=\"", "\"=t/0\"", "\"=(((\"", "0",
                                     "\\u0000", "\u{00e9}", "100001", "\"#zz\""] + FuzzRun.hugeNumbers + FuzzRun.hugeExpressions)
        .map { Array($0.utf8) }
    static let huge: [[UInt8]] = (FuzzRun.hugeNumbers + FuzzRun.hugeExpressions).map { Array($0.utf8) }

    static func isNumberByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
            || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") || b == UInt8(ascii: "+")
    }

    func mutate(_ input: [UInt8], _ rng: inout TestRandom) -> [UInt8] {
        var b = input
        let edits = Int.random(in: 1...4, using: &rng)
        for _ in 0..<edits where !b.isEmpty {
            let at = Int.random(in: 0..<b.count, using: &rng)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: b[at] = UInt8.random(in: 0...255, using: &rng)
            case 1: b.remove(at: at)
            case 2: b.insert(contentsOf: FuzzTests.tokens.randomElement(using: &rng)!, at: at)
            case 3:  // replace a number-ish byte run by another token
                var end = at
                while end < b.count, end - at < 8, b[end] != UInt8(ascii: ",") { end += 1 }
                b.replaceSubrange(at..<end, with: FuzzTests.tokens.randomElement(using: &rng)!)
            case 4:  // duplicate a slice
                let end = min(b.count, at + Int.random(in: 1...40, using: &rng))
                b.insert(contentsOf: b[at..<end], at: at)
            case 5, 6:  // the next JSON number literal becomes a huge magnitude (or an expression of one)
                var s = at
                while s < b.count, !(b[s] >= UInt8(ascii: "0") && b[s] <= UInt8(ascii: "9")) { s += 1 }
                guard s < b.count, s == 0 || !(b[s - 1] >= UInt8(ascii: "a") && b[s - 1] <= UInt8(ascii: "z")) else { break }
                if s > 0, b[s - 1] == UInt8(ascii: "-") { s -= 1 }
                var e = s
                while e < b.count, FuzzTests.isNumberByte(b[e]) { e += 1 }
                b.replaceSubrange(s..<e, with: FuzzTests.huge.randomElement(using: &rng)!)
            default:  // swap two bytes
                let other = Int.random(in: 0..<b.count, using: &rng)
                b.swapAt(at, other)
            }
        }
        return b
    }

    @Test func mutatedExamplesLoadOrFailCleanlyAndRender() throws {
        let files = TestSupport.exampleFiles
        try #require(!files.isEmpty)
        let inputs = try files.map { try [UInt8](Data(contentsOf: $0)) }
        var rng = TestRandom(state: FuzzRun.seed(0xA11CE))
        let n = FuzzRun.cases(600)
        var counts: [String: Int] = [:]
        let start = Date()
        for k in 0..<n {
            let bytes = mutate(inputs[k % inputs.count], &rng)
            counts["\(FuzzRun.run(bytes))", default: 0] += 1
        }
        let seconds = Date().timeIntervalSince(start)
        print("fuzz bytes: \(n) mutations, \(counts), \(String(format: "%.2f", seconds)) s")
        #expect(counts.values.reduce(0, +) == n)
        #expect((counts["rejected"] ?? 0) > 0)
        #expect((counts["rendered"] ?? 0) > 0, "the mutator must produce specs that render")
    }

    /// Every numeric literal of every example, in turn, becomes each huge magnitude (a literal and
    /// an expression), and the spec is loaded and rendered: the "every numeric key" sweep. In CI a
    /// seeded sample of the (literal, value) pairs; ANIMO_FUZZ_CASES ≥ 1 full passes run them all.
    @Test func everyNumericLiteralTakesHugeMagnitudes() throws {
        let inputs = try TestSupport.exampleFiles.map { try [UInt8](Data(contentsOf: $0)) }
        var sites: [(file: Int, range: Range<Int>)] = []
        for (f, b) in inputs.enumerated() {
            var i = 0, inString = false
            while i < b.count {
                if b[i] == UInt8(ascii: "\"") && (i == 0 || b[i - 1] != UInt8(ascii: "\\")) { inString.toggle() }
                let startsNumber = (b[i] >= UInt8(ascii: "0") && b[i] <= UInt8(ascii: "9")) || b[i] == UInt8(ascii: "-")
                if !inString, startsNumber {
                    var e = i
                    while e < b.count, FuzzTests.isNumberByte(b[e]) { e += 1 }
                    sites.append((f, i..<e)); i = e
                } else { i += 1 }
            }
        }
        #expect(sites.count > 100)
        let values = FuzzTests.huge
        let all = sites.count * values.count
        let full = FuzzRun.env["ANIMO_FUZZ_CASES"] != nil
        var rng = TestRandom(state: FuzzRun.seed(0xB16_5EED))
        let picks: [Int] = full ? Array(0..<all) : (0..<240).map { _ in Int.random(in: 0..<all, using: &rng) }
        var counts: [String: Int] = [:]
        let start = Date()
        for p in picks {
            let site = sites[p / values.count]
            var b = inputs[site.file]
            b.replaceSubrange(site.range, with: values[p % values.count])
            counts["\(FuzzRun.run(b))", default: 0] += 1
        }
        print("fuzz sweep: \(picks.count) of \(all) (literal, value) pairs, \(counts), \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        #expect((counts["rendered"] ?? 0) > 0)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(!TestSupport.errors(deep).isEmpty)
        let deepExpr = "{\"duration\": \"=" + String(repeating: "-", count: 100_000) + "1\"}"
        #expect(!TestSupport.errors(deepExpr).isEmpty)
    }
}
