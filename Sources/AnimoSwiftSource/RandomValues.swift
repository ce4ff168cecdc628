// `Double.random(in:)`, `CGFloat.random(in:)`, `Float.random(in:)`, `Int.random(in:)`,
// `Bool.random()`. Where the code runs once (initializers, helpers, event handlers) a draw is a
// number fixed now: one realization of what SwiftUI would draw, from a SplitMix64 sequence in the
// order the compiler meets the calls, so the same file always renders the same. Inside a ForEach
// compiled to a `repeat` the draw differs per element: the spec's `random(i, key)`, keyed by the
// loop variables and the call's place in the file (docs/spec.md, "random").
import Foundation

extension Compiler {
    /// The next draw in [0, 1).
    func nextRandom() -> Double {
        randomState &+= 0x9E37_79B9_7F4A_7C15
        var z = randomState
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    func randomValue(_ type: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        let loops = s.loopNames.sorted().prefix(2)
        // Per element of a repeat: keyed by the loop variables and the call's line and column.
        let u: Expr = loops.isEmpty ? .num(nextRandom()) : .function("random", loops.map { Expr.name($0) } + [.num(Double(at.line * 1000 + at.column))])
        if type == "Bool" { return .bool(.binaryOp("<", u, .num(0.5))) }
        guard let r = a.labeled("in"), case .range(let lo, let hi, let closed) = try eval(r, s) else {
            throw Unsupported(position: at, construct: "\(type).random", message: "expected random(in: lo...hi) or lo..<hi")
        }
        if type == "Int" {
            // lo + ⌊u · count⌋, count = hi − lo (+ 1 when closed).
            let count = Expr.binaryOp("+", .binaryOp("-", hi, lo), .num(closed ? 1 : 0))
            return .number(.binaryOp("+", lo, .function("floor", [.binaryOp("*", u, count)])), isInt: true)
        }
        return .number(.binaryOp("+", lo, .binaryOp("*", u, .binaryOp("-", hi, lo))), isInt: false)
    }
}
