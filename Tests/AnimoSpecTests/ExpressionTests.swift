import Foundation
import Testing
@testable import AnimoSpec
@testable import AnimoScene

struct ExpressionTests {
    let scope = ExpressionScope().adding("t", slot: 0).adding("on", slot: 1).adding("i", slot: 2)

    func eval(_ s: String, t: Double = 0.5, on: Double = 1, i: Double = 3) throws -> Double {
        try SpecExpression(s, scope: scope).evaluate([t, on, i])
    }

    @Test func arithmeticAndPrecedence() throws {
        #expect(try eval("1 + 2 * 3") == 7)
        #expect(try eval("(1 + 2) * 3") == 9)
        #expect(try eval("-2 * -3") == 6)
        #expect(try eval("10 / 4") == 2.5)
        #expect(try eval("-7 % 3") == 2)  // floored: -7 − 3·floor(-7/3) = -7 + 9
        #expect(try eval("7 % 3") == 1)
        #expect(try eval("2 * pi") == 2 * Double.pi)
        #expect(try eval("1e-3 * 1000") == 1)
    }

    @Test func logicAndTernary() throws {
        #expect(try eval("on ? -80 : 0") == -80)
        #expect(try eval("on ? -80 : 0", on: 0) == 0)
        #expect(try eval("!on", on: 0) == 1)
        #expect(try eval("on && i > 2") == 1)
        #expect(try eval("on && i > 5") == 0)
        #expect(try eval("!on || i == 3", on: 1) == 1)
        #expect(try eval("i != 3 || false") == 0)
        #expect(try eval("i >= 3 && i <= 3") == 1)
        #expect(try eval("t < 1 ? t < 0.25 ? 1 : 2 : 3") == 2)  // right-associative
    }

    @Test func variablesAndFunctions() throws {
        let t = 0.3
        #expect(try eval("195 + 80*cos(2*pi*t/1.6)", t: t) == 195 + 80 * cos(2 * Double.pi * t / 1.6))
        #expect(try eval("0.10 + i * 0.07") == 0.10 + 3 * 0.07)
        #expect(try eval("atan2(1, 1)") == Double.pi / 4)
        #expect(try eval("clamp(5, 0, 1)") == 1)
        #expect(try eval("mix(10, 20, 0.25)") == 12.5)
        #expect(try eval("fract(-0.25)") == 0.75)
        #expect(try eval("smoothstep(0, 1, 0.5)") == 0.5)
        #expect(try eval("smoothstep(0, 2, 0.5)") == 0.15625)  // x = 0.25: 0.0625·(3 − 0.5)
        #expect(try eval("smootherstep(0, 1, 0.25)") == 0.103515625)  // 0.25³·(0.25·(1.5 − 15) + 10)
        #expect(try eval("step(0.5, 0.4)") == 0)
        #expect(try eval("step(0.5, 0.5)") == 1)
        #expect(try eval("sign(-3) + abs(-2) + floor(1.7) + ceil(1.2) + round(2.5)") == -1 + 2 + 1 + 2 + 3)
        #expect(try eval("pow(2, 10) + sqrt(16) + exp(0) + log(1)") == 1024 + 4 + 1 + 0)
        #expect(try eval("min(t, i) + max(t, i)") == 3.5)
    }

    @Test func constantFolding() throws {
        let e = try SpecExpression("2 * pi + sin(0)", scope: scope)
        #expect(e.constantValue == 2 * Double.pi)
        #expect(e.slots.isEmpty)
        let v = try SpecExpression("t * on + t", scope: scope)
        #expect(v.slots == [0, 1])
        #expect(v.constantValue == nil)
    }

    @Test func errorsHaveOffsets() {
        func offset(_ s: String) -> (Int, String)? {
            do {
                _ = try SpecExpression(s, scope: scope)
                return nil
            } catch {
                return (error.offset, error.message)
            }
        }
        #expect(offset("1 + ")?.0 == 4)
        #expect(offset("foo + 1")?.0 == 0)
        #expect(offset("t + sinn(1)")?.1.contains("did you mean \"sin\"?") == true)
        #expect(offset("t + sin(1, 2)")?.1 == "sin takes 1 argument, got 2: sin(x)")
        #expect(offset("(t + 1")?.1.contains("expected ')'") == true)
        #expect(offset("t = 1")?.1.contains("use ==") == true)
        #expect(offset("t & on")?.0 == 2)
        #expect(offset("sin + 1")?.1.contains("is a function") == true)
        #expect(offset("")?.1.contains("empty") == true)
        #expect(offset(String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200))?.1.contains("deeper") == true)
    }

    /// Evaluation must stay cheap: a compiled program over a slot frame, no heap allocation.
    /// Measured in debug builds: prints ns per evaluation (a release build is ~10× faster).
    @Test func evaluationSpeed() throws {
        let e = try SpecExpression("=195 + 80*cos(2*pi*t/1.6) + (on ? i * 0.07 : 0)".dropFirst().description, scope: scope)
        var frame: [Double] = [0, 1, 3]
        let n = 200_000
        var sum = 0.0
        let start = DispatchTime.now().uptimeNanoseconds
        frame.withUnsafeMutableBufferPointer { buf in
            for k in 0..<n {
                buf[0] = Double(k) * 1e-4
                sum += e.evaluate(UnsafeBufferPointer(buf))
            }
        }
        let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(n)
        print("expression evaluation: \(String(format: "%.1f", ns)) ns per call")
        #expect(sum.isFinite)
        #expect(ns < 20_000)
    }
}
