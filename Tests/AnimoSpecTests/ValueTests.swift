// `let`, functions, arrays, `random` and colours as values (docs/spec.md, "Names, arrays and
// functions" and "Colours as values").
import Foundation
import Testing
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene

struct ValueTests {
    let scope = ExpressionScope().adding("t", slot: 0).adding("on", slot: 1).adding("i", slot: 2)

    func eval(_ s: String, in scope: ExpressionScope, t: Double = 0.5, on: Double = 1, i: Double = 3) throws -> Double {
        try SpecExpression(s, scope: scope).evaluate([t, on, i])
    }

    func parsed(_ s: String, _ scope: ExpressionScope) throws -> ParsedValue {
        try ExpressionParser.parseValue(s, scope: scope).0
    }

    func loadError(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> SpecError? {
        do {
            _ = try Spec.load(json: json)
            Issue.record("expected a load error", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error.errors.first
        }
    }

    func spec(_ content: String, extra: String = "", state: String = "{\"on\": false}") -> String {
        "{\"canvas\": {\"width\": 100, \"height\": 100}, \"duration\": 1, \"state\": \(state),\(extra) \"content\": \(content)}"
    }

    /// The solid colours drawn at t, in drawing order.
    func solids(_ json: String, at t: Double) throws -> [AnimoGeometry.Color] {
        let scene = try ResolvedScene(spec: try Spec.load(json: json))
        func walk(_ n: DisplayNode) -> [AnimoGeometry.Color] {
            switch n {
            case .fill(_, .solid(let c)), .stroke(_, _, .solid(let c)): return [c]
            case .fill, .stroke, .material, .image, .glass: return []
            case .group(let list): return list.flatMap(walk)
            case .transform(_, let c), .clip(_, let c), .opacity(_, let c), .blendMode(_, let c), .effect(_, let c), .hitTarget(_, let c): return walk(c)
            case .layer(let c, _): return walk(c)
            }
        }
        return walk(scene.displayList(at: t))
    }

    // MARK: - let

    @Test func namedColoursInExpressionsTakeTheCanvasAppearance() throws {
        // In a dark canvas "green" is the dark system green, in an expression as in a literal.
        func json(_ scheme: String) -> String {
            "{\"canvas\": {\"width\": 100, \"height\": 100, \"colorScheme\": \"\(scheme)\"}, \"duration\": 1, \"state\": {\"on\": false}, "
                + "\"content\": [{\"rectangle\": {\"frame\": [0, 0, 10, 10]}, \"fill\": \"green\"}, "
                + "{\"rectangle\": {\"frame\": [20, 0, 10, 10]}, \"fill\": \"=on ? red : green\"}]}"
        }
        // (An expression's colour goes through linear sRGB and back: equal within rounding.)
        func same(_ a: AnimoGeometry.Color, _ b: AnimoGeometry.Color) -> Bool {
            abs(a.red - b.red) < 1e-9 && abs(a.green - b.green) < 1e-9 && abs(a.blue - b.blue) < 1e-9 && a.alpha == b.alpha
        }
        let dark = try solids(json("dark"), at: 0)
        let light = try solids(json("light"), at: 0)
        #expect(dark.count == 2 && same(dark[0], dark[1]), "\(dark)")
        #expect(light.count == 2 && same(light[0], light[1]) && !same(light[0], dark[0]), "\(light) \(dark)")
    }

    @Test func letIsSubstitutedWhereItIsRead() throws {
        let p = try parsed("fract(t / 1.2 + 0.2 * i)", scope)
        let s = scope.adding("p", value: p)
        #expect(try eval("p * 10", in: s, t: 0.6, i: 1) == (0.6 / 1.2 + 0.2) * 10)
        #expect(try eval("p < 0.5 ? 1 : 2", in: s, t: 0.6, i: 2) == 2)  // fract(0.9) = 0.9
        // A later binding of the same name shadows it, and a loop variable shadows a let.
        #expect(try eval("p", in: s.adding("p", value: .number(.constant(7)))) == 7)
        #expect(try eval("p", in: s.adding("p", slot: 2), i: 9) == 9)
    }

    @Test func letOnANodeIsVisibleToItsSubtreeOnly() throws {
        let ok = spec("""
            [{"group": [{"circle": {"center": ["=x", 50], "radius": "=r"}}],
              "let": {"x": 40, "r": "=x / 4", "tint": "orange"}}]
            """)
        #expect(throws: Never.self) { try Spec.load(json: ok) }
        let e = loadError(spec("""
            [{"group": [{"circle": {}}], "let": {"x": 40}}, {"circle": {"center": ["=x", 50], "radius": 5}}]
            """))
        #expect(e?.path == "content[1].circle.center[0]")
        #expect(e?.message.contains("unknown name \"x\"") == true)
    }

    @Test func canvasLetIsVisibleEverywhere() throws {
        let json = """
            {"canvas": {"width": 100, "height": 100, "let": {"ink": "#FF0000", "k": 2}}, "duration": 1,
             "content": [{"circle": {"center": [50, 50], "radius": "=10 * k"}, "fill": "=ink"}]}
            """
        let c = try solids(json, at: 0)
        #expect(c.count == 1)
        #expect(abs(c[0].red - 1) < 1e-12 && abs(c[0].green) < 1e-12)
    }

    // MARK: - Arrays

    @Test func arraysAreIndexedAndCounted() throws {
        let s = scope.adding("a", array: .numbers([10, 20, 30]))
        #expect(try eval("a[i - 2]", in: s) == 20)
        #expect(try eval("a[i % count(a)]", in: s, i: 4) == 20)
        #expect(try eval("count(a)", in: s) == 3)
        // Computed indices are floored and clamped.
        #expect(try eval("a[i]", in: s, i: 1.9) == 20)
        #expect(try eval("a[i]", in: s, i: 7) == 30)
        #expect(try eval("a[i]", in: s, i: -4) == 10)
        #expect(try eval("a[i / 0 * 0]", in: s) == 10)  // NaN reads the first element
    }

    @Test func literalIndexOutOfRangeIsALoadError() {
        let s = scope.adding("a", array: .numbers([10, 20, 30]))
        #expect(throws: ExpressionError.self) { try SpecExpression("a[3]", scope: s) }
        #expect(throws: ExpressionError.self) { try SpecExpression("a[-1]", scope: s) }
        #expect(throws: ExpressionError.self) { try SpecExpression("a[0.5]", scope: s) }
        let e = loadError(spec("""
            [{"circle": {"center": [50, 50], "radius": "=sizes[4]"}, "let": {"sizes": [1, 2, 3]}}]
            """))
        #expect(e?.path == "content[0].circle.radius")
        #expect(e?.message.contains("index 4 is out of range: sizes has 3 elements") == true)
        #expect(e?.line == 1)
        #expect(e?.column == 144)  // the 4
    }

    @Test func arrayOfMixedTypesIsALoadError() {
        let e = loadError(spec("""
            [{"group": [{"circle": {}}], "let": {"palette": ["#FF375F", 3, "orange"]}}]
            """))
        #expect(e?.path == "content[0].let.palette[1]")
        #expect(e?.message.contains("mixed types") == true)
        #expect(e?.line == 1 && e?.column == 153)  // the 3
    }

    @Test func colourArraysGiveColours() throws {
        let json = spec("""
            [{"repeat": {"count": 3, "content": [{"circle": {"center": [50, 50], "radius": 5}, "fill": "=palette[i]"}]},
              "let": {"palette": ["#FF0000", "#00FF00", {"white": 0.5}]}}]
            """)
        let c = try solids(json, at: 0)
        #expect(c.count == 3)
        #expect(abs(c[0].red - 1) < 1e-12 && abs(c[1].green - 1) < 1e-12)
        #expect(abs(c[2].red - 0.5) < 1e-12 && abs(c[2].blue - 0.5) < 1e-12)
    }

    // MARK: - Functions

    @Test func functionsExpandWithTheirArguments() throws {
        let json = spec("""
            [{"repeat": {"count": 2, "content": [{"circle": {"center": ["=ease(i, 10)", 50], "radius": 5}}]}}]
            """, extra: """
             "functions": {"ease": {"params": ["x", "k"], "value": "=twice(x) * k + on"}, "twice": {"params": ["y"], "value": "=2 * y"}},
            """)
        let spec = try Spec.load(json: json)
        guard case .repeat(let r) = spec.content[0].kind, case .shape(let s) = r.content[0].kind,
              case .circle(let center, _)? = s.shape.frame else {
            Issue.record("unexpected tree")
            return
        }
        let frame = [0.0, 1, 1]  // t, on, i
        #expect(center.x.value(frame) == 2 * 1 * 10 + 1)
    }

    @Test func recursiveFunctionsAreLoadErrors() {
        let direct = loadError(spec("[{\"group\": []}]", extra: """
            "functions": {"f": {"params": ["x"], "value": "=x < 1 ? 0 : f(x - 1)"}},
            """))
        #expect(direct?.path == "functions.f.value")
        #expect(direct?.message.contains("calls itself (f → f)") == true)
        #expect(direct?.column == 141)  // the call f(x - 1)
        let mutual = loadError(spec("[{\"group\": []}]", extra: """
            "functions": {"f": {"params": [], "value": "=g() + 1"}, "g": {"params": [], "value": "=f()"}},
            """))
        #expect(mutual?.message.contains("recursive") == true)
        #expect(mutual?.path == "functions.f.value")
    }

    @Test func functionArityIsChecked() {
        let e = loadError(spec("[{\"circle\": {\"center\": [\"=f(1, 2)\", 5], \"radius\": 5}}]", extra: """
            "functions": {"f": {"params": ["x"], "value": "=x"}},
            """))
        #expect(e?.message.contains("f takes 1 argument (x), got 2") == true)
    }

    @Test func anArgumentReadSeveralTimesIsComputedOnce() throws {
        // Nine Newton steps for E − 0.5·sin E = M, each call nested in the argument of the next:
        // the body reads E three times, so written in place the last step would stand for 3⁸
        // copies of the first (a load error past 20,000 operations); computed once it is linear.
        let steps = (0..<9).reduce("t") { inner, _ in "nw(\(inner))" }
        let json = spec("""
            [{"circle": {"center": ["=\(steps)", "=twice(t * 2 + 1)"], "radius": 5}}]
            """, extra: """
             "functions": {"nw": {"params": ["E"], "value": "=E - (E - 0.5 * sin(E) - 1.2) / (1 - 0.5 * cos(E))"},
                           "twice": {"params": ["y"], "value": "=y + y"}},
            """)
        let spec = try Spec.load(json: json)
        guard case .shape(let s) = spec.content[0].kind, case .circle(let center, _)? = s.shape.frame else {
            Issue.record("unexpected tree")
            return
        }
        for t in [0.0, 0.7, 3] {
            var e = t
            for _ in 0..<9 { e = e - (e - 0.5 * sin(e) - 1.2) / (1 - 0.5 * cos(e)) }
            let frame = [t, 0]  // t, on
            #expect(abs(center.x.value(frame) - e) < 1e-12, "t = \(t)")
            #expect(center.y.value(frame) == 2 * (t * 2 + 1))
        }
    }

    @Test func aLetNameWithACallInsideAnotherCallsArgumentKeepsBothArgumentsApart() throws {
        // `p` is parsed on its own and holds a computed-once argument of `sq`; `f` reads its
        // first argument twice, after its second argument (`p + 2`, read once, written in place).
        // Both temporaries are the first call's first parameter of their own expression: the
        // inner one must not hide the outer one from the reads that follow it.
        let json = spec("""
            [{"circle": {"center": ["=1 + f(t + 2, p + 2)", "=2 + g(t * 3, p)"], "radius": 5}, "let": {"p": "=sq(t + 3)"}}]
            """, extra: """
             "functions": {"sq": {"params": ["x"], "value": "=x * x"},
                           "f": {"params": ["a", "b"], "value": "=b + a * a"},
                           "g": {"params": ["a", "b"], "value": "=b * a + a"}},
            """)
        let spec = try Spec.load(json: json)
        guard case .shape(let s) = spec.content[0].kind, case .circle(let center, _)? = s.shape.frame else {
            Issue.record("unexpected tree")
            return
        }
        for t in [0.0, 0.5, 2] {
            let frame = [t, 0]  // t, on
            let p = (t + 3) * (t + 3)
            #expect(center.x.value(frame) == 1 + (p + 2) + (t + 2) * (t + 2), "t = \(t)")
            #expect(center.y.value(frame) == 2 + p * (t * 3) + t * 3, "t = \(t)")
        }
    }

    @Test func exponentialExpansionIsRefused() {
        var fns: [String] = ["\"f0\": {\"params\": [\"x\"], \"value\": \"=x\"}"]
        for k in 1...12 { fns.append("\"f\(k)\": {\"params\": [\"x\"], \"value\": \"=f\(k - 1)(x) + f\(k - 1)(x)\"}") }
        let e = loadError(spec("[{\"group\": []}]", extra: "\"functions\": {\(fns.joined(separator: ", "))},"))
        #expect(e?.message.contains("function calls to expand") == true)
    }

    @Test func aChainOfFunctionsNestedTooDeepIsALoadErrorNotACrash() {
        // Each body nests its call ten levels deep: 500 functions stand for 5,000 levels, each a
        // level of the parser's recursion. The nesting is counted through the bodies.
        var fns: [String] = ["\"f0\": {\"params\": [\"x\"], \"value\": \"=x * x\"}"]
        for k in 1..<500 { fns.append("\"f\(k)\": {\"params\": [\"x\"], \"value\": \"=-(-(-(-(-(-(-(-(-(-f\(k - 1)(x))))))))))\"}") }
        let e = loadError(spec("[{\"circle\": {\"center\": [\"=f499(t)\", 0], \"radius\": 5}}]", extra: "\"functions\": {\(fns.joined(separator: ", "))},"))
        #expect(e?.message.contains("nested deeper than \(ExpressionParser.maxCallDepth) levels with the bodies of the functions it calls") == true)
        // A chain within the limit still loads.
        var short: [String] = ["\"g0\": {\"params\": [\"x\"], \"value\": \"=x * x\"}"]
        for k in 1..<20 { short.append("\"g\(k)\": {\"params\": [\"x\"], \"value\": \"=-(-(g\(k - 1)(x)))\"}") }
        #expect(throws: Never.self) { try Spec.load(json: spec("[{\"circle\": {\"center\": [\"=g19(t)\", 0], \"radius\": 5}}]", extra: "\"functions\": {\(short.joined(separator: ", "))},")) }
    }

    // MARK: - random

    @Test func randomIsKeyedAndUniform() throws {
        let a = try eval("random(i, 7)", in: scope, i: 3)
        #expect(a == (try eval("random(3, 7)", in: scope)))  // run time and folded agree
        #expect(a != (try eval("random(7, 3)", in: scope)))
        #expect(try eval("random(i)", in: scope, i: 0) == (try eval("random(-0)", in: scope)))
        var sum = 0.0, inRange = true
        var values = Set<Double>()
        for k in 0..<10_000 {
            let v = try eval("random(i, 1)", in: scope, i: Double(k))
            inRange = inRange && v >= 0 && v < 1
            sum += v
            values.insert(v)
        }
        #expect(inRange)
        #expect(abs(sum / 10_000 - 0.5) < 0.01)
        #expect(values.count == 10_000)
    }

    // MARK: - Colours

    /// IEC 61966-2-1: sRGB 0.5 is linear 0.21404, linear 0.5 is sRGB 0.73536.
    @Test func transferFunction() {
        #expect(abs(ColorTransfer.linear(0.5) - 0.214041) < 1e-6)
        #expect(abs(ColorTransfer.encoded(0.5) - 0.735357) < 1e-6)
        #expect(abs(ColorTransfer.linear(0.02) - 0.02 / 12.92) < 1e-12)
        #expect(ColorTransfer.linear(-0.5) == -ColorTransfer.linear(0.5))
    }

    /// A computed colour leaves the gamut neither by overshoot nor by NaN: each channel is clamped
    /// to 0…1 (NaN → 0) before it is encoded; linear 0.5 is sRGB 0.73536.
    @Test func aComputedColourIsClampedThenEncoded() {
        let c = SpecColor(clampingLinearRed: .nan, green: 0.5, blue: 1.7, opacity: -0.2)
        #expect(c.red == 0 && abs(c.blue - 1) < 1e-12 && c.opacity == 0, "\(c)")
        #expect(abs(c.green - 0.735357) < 1e-6, "\(c)")
    }

    func color(_ s: String, on: Double = 1, i: Double = 0) throws -> (Double, Double, Double, Double) {
        let c = try SpecColorExpression(s, scope: scope)
        let f = [0.0, on, i]
        return (ColorTransfer.encoded(c.red.value(f)), ColorTransfer.encoded(c.green.value(f)), ColorTransfer.encoded(c.blue.value(f)), c.opacity.value(f))
    }

    func near(_ a: (Double, Double, Double, Double), _ b: (Double, Double, Double, Double), _ eps: Double = 1e-9) -> Bool {
        abs(a.0 - b.0) < eps && abs(a.1 - b.1) < eps && abs(a.2 - b.2) < eps && abs(a.3 - b.3) < eps
    }

    @Test func colourExpressions() throws {
        #expect(near(try color("on ? #FF0000 : #0000FF"), (1, 0, 0, 1)))
        #expect(near(try color("on ? #FF0000 : #0000FF", on: 0), (0, 0, 1, 1)))
        #expect(near(try color("on ? white : black", on: 0), (0, 0, 0, 1)))
        // mix(a, b, p) is the frame an animation from a to b shows at p: linear sRGB.
        let m = try color("mix(#FF0000, #0000FF, 0.5)")
        #expect(near(m, (0.735357, 0, 0.735357, 1), 1e-6))
        // Color(hue:saturation:brightness:), read as sRGB.
        #expect(near(try color("hsb(0, 1, 1)"), (1, 0, 0, 1)))
        #expect(near(try color("hsb(1 / 3, 1, 1)"), (0, 1, 0, 1)))
        #expect(near(try color("hsb(2 / 3, 1, 1)"), (0, 0, 1, 1)))
        #expect(near(try color("hsb(0.5, 0.5, 0.8)"), (0.4, 0.8, 0.8, 1)))
        #expect(near(try color("hsb(i / 6, 1, 1, 0.5)", i: 1), (1, 1, 0, 0.5)))
        #expect(near(try color("opacity(#FF000080, 0.5)"), (1, 0, 0, 128.0 / 255 / 2)))
    }

    @Test func colourTypeErrors() {
        #expect(throws: ExpressionError.self) { try SpecColorExpression("on * 2", scope: scope) }
        #expect(throws: ExpressionError.self) { try SpecExpression("on ? red : blue", scope: scope) }
        #expect(throws: ExpressionError.self) { try SpecExpression("red + 1", scope: scope) }
        #expect(throws: ExpressionError.self) { try SpecColorExpression("on ? red : 1", scope: scope) }
        let e = loadError(spec("""
            [{"circle": {"center": [50, 50], "radius": 5}, "fill": "=on ? 1 : 0"}]
            """))
        #expect(e?.path == "content[0].fill")
        #expect(e?.message.contains("expected a colour, but the expression yields a number") == true)
        #expect(e?.line == 1 && e?.column == 150)  // the expression's first character, after "="
    }

    /// A state change animates a colour channel by channel in linear sRGB, not premultiplied
    /// (docs/semantics.md §58, §215): halfway from red to blue is (0.735, 0, 0.735) in sRGB, where
    /// an sRGB mix would give (0.5, 0, 0.5).
    @Test func colourAnimatesInLinearSRGB() throws {
        let json = """
            {"canvas": {"width": 100, "height": 100}, "duration": 2, "state": {"on": false},
             "events": [{"at": 0, "set": {"on": true}, "animation": {"linear": {"duration": 1}}}],
             "content": [{"circle": {"center": [50, 50], "radius": 5}, "fill": "=on ? #0000FF : #FF000000"}]}
            """
        let start = try solids(json, at: 0)[0]
        let mid = try solids(json, at: 0.5)[0]
        let end = try solids(json, at: 1.5)[0]
        #expect(abs(start.red - 1) < 1e-9 && start.alpha < 1e-9)
        #expect(abs(end.blue - 1) < 1e-9 && abs(end.alpha - 1) < 1e-9)
        #expect(abs(mid.red - 0.735357) < 1e-5 && abs(mid.blue - 0.735357) < 1e-5)
        #expect(abs(mid.alpha - 0.5) < 1e-9)  // opacity straight, not premultiplied
    }

    // MARK: - Per-instance parameters

    func timingSpec(_ x1: String) -> String {
        """
        {"canvas": {"width": 100, "height": 100}, "duration": 2, "state": {"on": false},
         "events": [{"at": 0, "set": {"on": true}}],
         "content": [{"repeat": {"count": 2, "content": [{"circle": {"center": [50, 50], "radius": 5},
            "modifiers": [{"offset": ["=on ? 100 : 0", 0]},
                          {"animation": {"timingCurve": [\(x1), 0, 1, "=1 - 0.5 * i"], "duration": 1, "value": "on"}}]}]}}]}
        """
    }

    /// The x of each drawn fill's transform at t.
    func offsets(_ json: String, at t: Double) throws -> [Double] {
        let scene = try ResolvedScene(spec: try Spec.load(json: json))
        func walk(_ n: DisplayNode, _ x: Double) -> [Double] {
            switch n {
            case .fill: return [x]
            case .group(let list): return list.flatMap { walk($0, x) }
            case .transform(let m, let c): return walk(c, x + m.tx)
            case .stroke, .material, .image, .glass: return []
            case .clip(_, let c), .opacity(_, let c), .blendMode(_, let c), .effect(_, let c), .layer(let c, _), .hitTarget(_, let c): return walk(c, x)
            }
        }
        return walk(scene.displayList(at: t), 0)
    }

    @Test func timingCurvePointsAreEvaluatedPerInstance() throws {
        let x = try offsets(timingSpec("\"=0.5 * i\""), at: 0.5)
        #expect(x.count == 2)
        // Instance 0 is (0, 0, 1, 1), the linear curve: halfway at t = 0.5. Instance 1 is
        // (0.5, 0, 1, 0.5): x(s) = 0.5 at s = 0.3472964 (bisection), where y(s) = 0.1599776.
        #expect(abs(x[0] - 50) < 1e-6)
        #expect(abs(x[1] - 15.99776) < 1e-3)
    }

    @Test func aComputedControlPointOutsideTheUnitIntervalIsAnError() throws {
        let spec = try Spec.load(json: timingSpec("\"=2 * i\""))
        #expect(throws: SpecErrors.self) { try ResolvedScene(spec: spec) }
        do {
            _ = try ResolvedScene(spec: spec)
        } catch {
            #expect(error.errors.first?.path == "content[0].repeat.content[0].modifiers[1].animation.timingCurve[0]", "\(error.errors)")
            #expect(error.errors.first?.message.contains("evaluates to 2") == true)
        }
    }

    @Test func aComputedIndexOutOfRangeIsReportedOnce() throws {
        func diagnostics(_ count: Int, _ index: String) throws -> [RenderDiagnostic] {
            let json = spec("""
                [{"repeat": {"count": \(count), "content": [{"circle": {"center": [50, 50], "radius": "=sizes[\(index)]"}}]},
                  "let": {"sizes": [1, 2, 3]}}]
                """, extra: " \"events\": [{\"at\": 0.5, \"set\": {\"on\": true}}],")
            return try ResolvedScene(spec: try Spec.load(json: json)).diagnostics.filter { $0.feature == "index" }
        }
        #expect(try diagnostics(3, "i").isEmpty)
        let d = try diagnostics(5, "i")
        #expect(d.count == 1)
        #expect(d.first?.path == "content[0].repeat.content[0]")
        #expect(d.first?.message.contains("clamped") == true)
        // Reached only after the event at 0.5 s: found by the check over time.
        #expect(try diagnostics(3, "i + on").isEmpty == false)
        #expect(try diagnostics(3, "i + on * 0").isEmpty)
    }
}

extension ValueTests {
    /// A Color view (and a background colour) may be computed: `Color(on ? .green : .gray)`.
    @Test func colorViewsTakeColourExpressions() throws {
        let json = """
            {"canvas": {"width": 100, "height": 100}, "duration": 2, "state": {"on": false},
             "events": [{"at": 0.5, "set": {"on": true}}],
             "content": [{"vstack": [{"color": "=on ? #00FF00 : #FF0000"},
                                     {"spacer": {}, "modifiers": [{"background": "=on ? black : white"}]}]}]}
            """
        let before = try solids(json, at: 0)
        let after = try solids(json, at: 1)
        #expect(before.count == 2 && after.count == 2)
        #expect(abs(before[0].red - 1) < 1e-9 && abs(after[0].green - 1) < 1e-9 && after[0].red < 1e-9)
        #expect(abs(before[1].red - 1) < 1e-9 && after[1].red < 1e-9)
    }

    @Test func aColourExpressionWhereAColourMustBeKnownAtLoadIsExplained() {
        // An `expect` colour is compared with pixels, so it must be a literal.
        let e = loadError(spec("[]", extra: #" "expect": [{"at": 0, "colorAt": {"point": [10, 5], "color": "=on ? red : blue"}}],"#))
        #expect(e?.path == "expect[0].colorAt.color")
        #expect(e?.message.contains("must be known at load") == true)
        #expect(e?.message.contains("a shadow's color") == true && e?.message.contains("colorMultiply") == true && e?.message.contains("a symbol's color") == true, "\(String(describing: e))")
    }
}

extension ValueTests {
    @Test func pointArraysGivePointsAndCoordinates() throws {
        let s = scope.adding("orbit", array: .points(x: [10, 20, 30], y: [1, 2, 3]))
        #expect(try eval("orbit[i - 2].x + orbit[i - 1].y", in: s) == 20 + 3)
        #expect(try eval("mix(orbit[0], orbit[2], 0.5).y", in: s) == 2)
        #expect(try eval("(on ? orbit[1] : orbit[2]).x", in: s, on: 0) == 30)
        let p = try parsed("orbit[1]", s)
        #expect(try eval("p.x * p.y", in: s.adding("p", value: p)) == 40)
        #expect(throws: ExpressionError.self) { try SpecExpression("orbit[1]", scope: s) }
        #expect(throws: ExpressionError.self) { try SpecExpression("orbit[1].z", scope: s) }
        #expect(throws: ExpressionError.self) { try SpecExpression("i.x", scope: s) }
    }

    @Test func aPointExpressionPlacesAShape() throws {
        let json = spec("""
            [{"repeat": {"count": 2, "content": [{"circle": {"center": "=spots[i]", "radius": 5},
                                                  "modifiers": [{"offset": "=on ? spots[1 - i] : spots[0]"}]}]},
              "let": {"spots": [[10, 20], ["=2 * 15", 40]]}}]
            """)
        let loaded = try Spec.load(json: json)
        guard case .repeat(let r) = loaded.content[0].kind, case .shape(let s) = r.content[0].kind,
              case .circle(let center, _)? = s.shape.frame, case .offset(let ox, let oy) = r.content[0].modifiers[0] else {
            Issue.record("unexpected tree")
            return
        }
        #expect(center.x.value([0, 0, 1]) == 30 && center.y.value([0, 0, 1]) == 40)
        #expect(ox.value([0, 1, 1]) == 10 && oy.value([0, 1, 1]) == 20)
        let e = loadError(spec("""
            [{"circle": {"center": [50, 50], "radius": 5}, "let": {"spots": [[10, 20], [30, 40], 5]}}]
            """))
        #expect(e?.path == "content[0].let.spots[2]")
        #expect(e?.message.contains("mixed types") == true)
        let n = loadError(spec("""
            [{"circle": {"center": "=1", "radius": 5}}]
            """))
        #expect(n?.message.contains("expected a point [x, y], but the expression yields a number") == true)
    }
}

extension ValueTests {
    /// Each name doubles the one before: 40 of them would stand for 2⁴⁰ operations.
    @Test func exponentialLetNestingIsRefused() {
        var lets = ["\"a0\": \"=t + 1\""]
        for k in 1...40 { lets.append("\"a\(k)\": \"=a\(k - 1) * a\(k - 1)\"") }
        let e = loadError(spec("[{\"circle\": {}, \"let\": {\(lets.joined(separator: ", "))}}]"))
        #expect(e?.path.hasPrefix("content[0].let.a") == true)
        #expect(e?.message.contains("more than 20000 operations") == true)
    }
}

extension ValueTests {
    func repeatSpec(_ count: String) -> String {
        """
        {"canvas": {"width": 100, "height": 100}, "duration": 4, "state": {"on": false},
         "events": [{"at": 0, "set": {"on": true}}],
         "content": [{"repeat": {"count": 2, "content": [{"circle": {"center": [50, 50], "radius": 5},
            "modifiers": [{"offset": ["=on ? 100 : 0", 0]},
                          {"animation": {"linear": {"duration": 1}, "repeatCount": \(count), "autoreverses": false, "value": "on"}}]}]}}]}
        """
    }

    /// repeatCount(1 + i, autoreverses: false): instance 0 has finished at 1.5 s, instance 1 is
    /// halfway through its second run (each run restarts from the old value).
    @Test func repeatCountIsEvaluatedPerInstance() throws {
        let x = try offsets(repeatSpec("\"=1 + i\""), at: 1.5)
        #expect(x.count == 2)
        #expect(abs(x[0] - 100) < 1e-6)
        #expect(abs(x[1] - 50) < 1e-6)
        let spec = try Spec.load(json: repeatSpec("\"=i + 0.5\""))
        do {
            _ = try ResolvedScene(spec: spec)
            Issue.record("expected a resolve error")
        } catch {
            #expect(error.errors.first?.path == "content[0].repeat.content[0].modifiers[1].animation.repeatCount")
            #expect(error.errors.first?.message.contains("whole number") == true)
        }
    }
}

extension ValueTests {
    func gradients(_ json: String) throws -> [AnimoGeometry.Gradient] {
        let scene = try ResolvedScene(spec: try Spec.load(json: json))
        func walk(_ n: DisplayNode) -> [AnimoGeometry.Gradient] {
            switch n {
            case .fill(_, .linearGradient(let g, _, _)): return [g]
            case .fill, .stroke, .material, .image, .glass: return []
            case .group(let list): return list.flatMap(walk)
            case .transform(_, let c), .clip(_, let c), .opacity(_, let c), .blendMode(_, let c), .effect(_, let c), .layer(let c, _), .hitTarget(_, let c): return walk(c)
            }
        }
        return walk(scene.displayList(at: 0))
    }

    @Test func gradientStopsAreEvaluatedPerInstance() throws {
        let g = try gradients(spec("""
            [{"repeat": {"count": 2, "content": [{"rectangle": {"frame": [0, 0, 10, 10]},
               "fill": {"linearGradient": {"stops": [{"color": "=palette[i]", "location": 0},
                                                     {"color": "white", "location": "=0.25 + 0.5 * i"}]}}}]},
              "let": {"palette": ["#FF0000", "#0000FF"]}}]
            """))
        #expect(g.count == 2)
        #expect(abs(g[0].stops[0].color.red - 1) < 1e-9 && abs(g[1].stops[0].color.blue - 1) < 1e-9)
        #expect(g[0].stops[1].location == 0.25 && g[1].stops[1].location == 0.75)
    }

    @Test func gradientStopsReadLoopAndStateVariablesOnly() throws {
        // The state is accepted, in a colour and in a location.
        let ok = try Spec.load(json: spec("""
            [{"rectangle": {}, "fill": {"linearGradient": {"stops": [{"color": "=on ? red : blue", "location": 0},
                                                                     {"color": "white", "location": "=on ? 0.8 : 0.2"}]}}}]
            """))
        guard case .shape(let shape) = ok.content[0].kind, case .linearGradient(let g, _, _)? = shape.fill else { Issue.record("expected a linear gradient"); return }
        #expect(g.stops[0].computedColor?.source == "on ? red : blue")
        #expect(g.stops[1].computedLocation?.source == "on ? 0.8 : 0.2")
        // The clock is not: a stop is computed per state change, not per frame.
        let e = loadError(spec("""
            [{"rectangle": {}, "fill": {"radialGradient": {"colors": ["=mix(red, blue, t)", "white"], "endRadius": 10}}}]
            """))
        #expect(e?.path == "content[0].fill.radialGradient.colors[0]")
        #expect(e?.message.contains("loop and state variables only; \"t\" is the clock") == true, "\(e?.message ?? "no error")")
        let l = loadError(spec("""
            [{"rectangle": {}, "fill": {"angularGradient": {"stops": [{"color": "red", "location": 0}, {"color": "white", "location": "=t / 10"}]}}}]
            """))
        #expect(l?.path == "content[0].fill.angularGradient.stops[1].location")
        // A number where a stop's colour is expected.
        let n = loadError(spec("""
            [{"rectangle": {}, "fill": {"linearGradient": {"stops": [{"color": "=on ? 1 : 0", "location": 0}, {"color": "white", "location": 1}]}}}]
            """))
        #expect(n?.path == "content[0].fill.linearGradient.stops[0].color")
        #expect(n?.message.contains("expected a colour") == true, "\(n?.message ?? "no error")")
        let spec = try Spec.load(json: spec("""
            [{"repeat": {"count": 2, "content": [{"rectangle": {},
               "fill": {"linearGradient": {"stops": [{"color": "red", "location": 0.5}, {"color": "white", "location": "=i"}]}}}]}}]
            """))
        do {
            _ = try ResolvedScene(spec: spec)
            Issue.record("expected a resolve error")
        } catch {
            #expect(error.errors.first?.path == "content[0].repeat.content[0].fill.linearGradient.stops[1].location")
        }
    }
}
