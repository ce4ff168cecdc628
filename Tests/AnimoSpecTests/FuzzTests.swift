import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoSpec
@testable import AnimoScene

/// A seeded random mutator over the example specs: every mutation must load or throw SpecErrors,
/// never crash or hang.
struct FuzzTests {
    static let tokens: [[UInt8]] = ["{", "}", "[", "]", ",", ":", "\"", "-1", "1e999", "null", "true", "\"=\"", "\"=t/0\"", "\"=(((\"", "0", "\\u0000", "\u{00e9}", "100001", "\"#zz\""].map { Array($0.utf8) }

    func mutate(_ input: [UInt8], _ rng: inout TestRandom) -> [UInt8] {
        var b = input
        let edits = Int.random(in: 1...4, using: &rng)
        for _ in 0..<edits where !b.isEmpty {
            let at = Int.random(in: 0..<b.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
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
            default:  // swap two bytes
                let other = Int.random(in: 0..<b.count, using: &rng)
                b.swapAt(at, other)
            }
        }
        return b
    }

    @Test func mutatedExamplesNeverCrash() throws {
        let files = TestSupport.exampleFiles
        try #require(!files.isEmpty)
        let inputs = try files.map { try [UInt8](Data(contentsOf: $0)) }
        var rng = TestRandom(state: 0xA11CE)
        var loaded = 0, rejected = 0
        let start = Date()
        for k in 0..<3000 {
            let bytes = mutate(inputs[k % inputs.count], &rng)
            do {
                _ = try Spec.load(bytes: bytes, fileName: "fuzz.json")
                loaded += 1
            } catch {
                #expect(!error.errors.isEmpty)
                for e in error.errors { #expect(!e.message.isEmpty) }
                rejected += 1
            }
        }
        let seconds = Date().timeIntervalSince(start)
        print("fuzz: 3000 mutations, \(loaded) loaded, \(rejected) rejected, \(String(format: "%.2f", seconds)) s")
        #expect(loaded + rejected == 3000)
        #expect(rejected > 0)
        #expect(seconds < 60)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(!TestSupport.errors(deep).isEmpty)
        let deepExpr = "{\"duration\": \"=" + String(repeating: "-", count: 100_000) + "1\"}"
        #expect(!TestSupport.errors(deepExpr).isEmpty)
    }
}
