import Testing
import AnimoTestSupport
@testable import AnimoSpec

/// Shape templates (`shapes`, `{"shape": {…}}`), `strokeBorder` and `outline`: what loads, and
/// every bad input with its JSON path and what was expected.
struct ShapeTemplateValidationTests {
    static let shapes = """
    "shapes": {
      "wave": {"parameters": {"phase": 0, "amplitude": 10, "level": 0.5}, "animatable": ["phase", "level"],
               "path": [{"lines": {"for": "x", "in": [0, 1, 0.02],
                                    "point": ["=rect.minX + x * rect.width", "=rect.maxY - level * rect.height + amplitude * sin(2 * pi * x + phase)"]}},
                        {"line": ["=rect.maxX", "=rect.maxY"]}, {"line": ["=rect.minX", "=rect.maxY"]}, {"close": true}]},
      "pacman": {"parameters": {"mouth": 30},
                 "path": [{"move": ["=rect.midX", "=rect.midY"]},
                          {"arc": {"center": ["=rect.midX", "=rect.midY"], "radius": "=min(rect.width, rect.height) / 2",
                                   "startAngle": "=mouth", "endAngle": "=360 - mouth", "clockwise": false}},
                          {"close": true}]},
      "triangle": {"path": [{"move": ["=rect.midX", "=rect.minY"]}, {"line": ["=rect.maxX", "=rect.maxY"]},
                            {"line": ["=rect.minX", "=rect.maxY"]}, {"close": true}]}
    },
    """

    func errors(_ content: String, shapes: String = ShapeTemplateValidationTests.shapes) -> [SpecError] {
        TestSupport.errors(TestSupport.spec(content: content, extra: shapes))
    }

    @Test func templatesLoadWithDefaultsAndAnimatableFlags() throws {
        let spec = try Spec.load(json: TestSupport.spec(content: """
            [{"shape": {"name": "wave", "parameters": {"phase": "=on ? 6.28 : 0"}, "frame": [0, 0, 50, 80]}, "fill": "blue"},
             {"shape": {"name": "pacman"}, "fill": "yellow"}]
            """, extra: Self.shapes))
        #expect(spec.shapes.map(\.name) == ["wave", "pacman", "triangle"])
        let wave = try #require(spec.shapes.first)
        #expect(wave.parameters.map(\.name) == ["phase", "amplitude", "level"])
        #expect(wave.parameters.map(\.isAnimatable) == [true, false, true])
        #expect(wave.parameters.map(\.defaultValue) == [0, 10, 0.5])
        guard case .shape(let node) = spec.content[0].kind, case .custom(let use) = node.shape.kind else {
            Issue.record("expected a template shape node"); return
        }
        #expect(use.template.name == "wave")
        guard case .expression = use.arguments[0], case .constant(10) = use.arguments[1], case .constant(0.5) = use.arguments[2] else {
            Issue.record("arguments: \(use.arguments)"); return
        }
        guard case .sampledLines(_, let from, let step, let count, _) = wave.commands[0] else {
            Issue.record("expected sampled lines first"); return
        }
        #expect(from == 0 && step == 0.02 && count == 51)
    }

    @Test func unknownTemplateNameSuggestsTheClosest() {
        let e = errors(#"[{"shape": {"name": "wav"}}]"#)
        #expect(e.count == 1)
        #expect(e.first?.path == "content[0].shape.name")
        #expect(e.first?.message.contains("unknown shape \"wav\" (did you mean \"wave\"?)") == true)
        #expect(e.first?.message.contains("shapes: wave, pacman, triangle") == true)
    }

    @Test func unknownParameterSuggestsTheClosest() {
        let e = errors(#"[{"shape": {"name": "wave", "parameters": {"phse": 1}}}]"#)
        #expect(e.count == 1)
        #expect(e.first?.path == "content[0].shape.parameters.phse")
        #expect(e.first?.message.contains("did you mean \"phase\"?") == true)
    }

    @Test func templateWithoutShapesSaysSo() {
        let e = errors(#"[{"shape": {"name": "wave"}}]"#, shapes: "")
        #expect(e.first?.path == "content[0].shape.name")
        #expect(e.first?.message.contains("the spec defines no \"shapes\"") == true)
    }

    @Test func badTemplateDefinitionsNameTheirPaths() {
        let cases: [(String, String, String)] = [
            (#""shapes": {"s": {"animatable": ["phase"], "path": [{"close": true}]}},"#, "shapes.s.animatable[0]", "the shape declares no parameters"),
            (#""shapes": {"s": {"parameters": {"phase": 0}, "animatable": ["phas"], "path": [{"close": true}]}},"#, "shapes.s.animatable[0]", "did you mean \"phase\"?"),
            (#""shapes": {"s": {"path": [{"lin": [0, 0]}]}},"#, "shapes.s.path[0].lin", "did you mean \"line\"?"),
            (#""shapes": {"s": {"path": [{"move": ["=t", 0]}]}},"#, "shapes.s.path[0].move[0]", "unknown name \"t\""),
            (#""shapes": {"s": {"path": [{"move": ["=on", 0]}]}},"#, "shapes.s.path[0].move[0]", "unknown name \"on\""),
            (#""shapes": {"s": {"path": [{"move": ["=rect.widht", 0]}]}},"#, "shapes.s.path[0].move[0]", "did you mean \"rect.width\"?"),
            (#""shapes": {"s": {"path": [{"lines": {"for": "x", "in": [0, 1, 0.00001], "point": [0, 0]}}]}},"#, "shapes.s.path[0].lines.in", "the limit is 10000"),
            (#""shapes": {"s": {"path": [{"lines": {"for": "x", "in": [1, 0, 0.1], "point": [0, 0]}}]}},"#, "shapes.s.path[0].lines.in", "through ≥ from"),
            (#""shapes": {"s": {"path": [{"arc": {"center": [0, 0], "radius": 4, "startAngle": 0}}]}},"#, "shapes.s.path[0].arc.endAngle", "missing required key"),
            (#""shapes": {"s": {"path": [{"move": [0, 0], "line": [1, 1]}]}},"#, "shapes.s.path[0]", "a path command has one key"),
            (#""shapes": {"s": {"path": []}},"#, "shapes.s.path", "the path is empty"),
            (#""shapes": {"s": {"parameters": {"rect": 1}, "path": [{"close": true}]}},"#, "shapes.s.parameters.rect", "choose another parameter name"),
            (#""shapes": {"s": {"parameters": {"pi": 1}, "path": [{"close": true}]}},"#, "shapes.s.parameters.pi", "reserved"),
            (#""shapes": {"s": {"path": [{"close": false}]}},"#, "shapes.s.path[0].close", "expected true"),
            (#""shapes": {"s": {}},"#, "shapes.s.path", "missing required key \"path\""),
        ]
        for (shapes, path, phrase) in cases {
            let e = errors(#"[{"circle": {}}]"#, shapes: shapes)
            #expect(e.contains { $0.path == path && $0.message.contains(phrase) }, "\(shapes): \(e.map { "\($0.path): \($0.message)" })")
        }
    }

    @Test func strokeBorderNeedsAnInsettableShape() {
        let e = errors(#"[{"star": {"points": 5, "innerRadius": 0.5}, "strokeBorder": {"color": "red", "lineWidth": 4}}]"#)
        #expect(e.count == 1)
        #expect(e.first?.path == "content[0].strokeBorder")
        #expect(e.first?.message.contains("insettable") == true)
        #expect(errors(#"[{"roundedRectangle": {"cornerRadius": 8}, "strokeBorder": {"color": "red", "lineWidth": 4}}]"#).isEmpty)
    }

    @Test func strokeBorderOnATemplateNeedsItsInsetParameter() {
        // Without `inset` the error names the use and says what to add to which definition.
        let e = errors(#"[{"shape": {"name": "triangle"}, "strokeBorder": {"lineWidth": 4}}]"#)
        #expect(e.count == 1)
        #expect(e.first?.path == "content[0].strokeBorder")
        #expect(e.first?.message.contains("\"inset\"") == true && e.first?.message.contains("shapes.triangle") == true, "\(e)")
        // With it, the template loads and takes strokeBorder.
        let inset = #""shapes": {"frameRect": {"parameters": {"insetAmount": 0}, "inset": "insetAmount", "path": [{"rect": ["=rect.minX + insetAmount", "=rect.minY + insetAmount", "=rect.width - 2 * insetAmount", "=rect.height - 2 * insetAmount"]}]}},"#
        #expect(errors(#"[{"shape": {"name": "frameRect"}, "strokeBorder": {"lineWidth": 4}}]"#, shapes: inset).isEmpty)
        // `inset` must name a declared parameter.
        let cases: [(String, String)] = [
            (#""shapes": {"r": {"parameters": {"insetAmount": 0}, "inset": "insetAmout", "path": [{"close": true}]}},"#, "did you mean"),
            (#""shapes": {"r": {"inset": "insetAmount", "path": [{"close": true}]}},"#, "declared in \"parameters\""),
            (#""shapes": {"r": {"parameters": {"insetAmount": 0}, "inset": 3, "path": [{"close": true}]}},"#, "expected the name of the parameter"),
        ]
        for (shapes, phrase) in cases {
            let e = errors(#"[{"circle": {}}]"#, shapes: shapes)
            #expect(e.count == 1 && e.first?.path == "shapes.r.inset" && e.first?.message.contains(phrase) == true, "\(shapes): \(e.map { "\($0.path): \($0.message)" })")
        }
    }

    @Test func outlineTakesAStyleWithoutPaint() {
        #expect(errors(#"[{"circle": {}, "outline": {"lineWidth": 20}, "stroke": {"color": "red"}}]"#).isEmpty)
        let e = errors(#"[{"circle": {}, "outline": {"lineWidth": 20, "color": "red"}}]"#)
        #expect(e.count == 1)
        #expect(e.first?.path == "content[0].outline.color")
    }

    @Test func templateParameterValuesMayReadStateAndLoopVariables() {
        #expect(errors("""
            [{"repeat": {"count": 3, "content": [{"shape": {"name": "wave", "parameters": {"phase": "=i + (on ? 1 : 0)", "amplitude": "=x"}}}]}}]
            """).isEmpty)
        #expect(errors(#"[{"shape": {"name": "pacman", "parameters": {"mouth": "=nope"}}}]"#).first?.path == "content[0].shape.parameters.mouth")
    }
}

/// A template's path may call the spec's functions that read only their parameters (and other such
/// functions); one that reads the clock or the state stays out of its reach.
struct ShapeTemplateFunctionTests {
    static let shapes = """
    "functions": {"half": {"params": ["x"], "value": "=x / 2"}, "quarter": {"params": ["x"], "value": "=half(half(x))"},
                  "late": {"params": ["x"], "value": "=x + t"}},
    "shapes": {"bar": {"parameters": {"w": 8},
                       "path": [{"move": ["=rect.minX", "=rect.minY"]}, {"line": ["=rect.minX + quarter(w * 4)", "=rect.minY + half(rect.height)"]}]}},
    """

    @Test func aTemplateCallsAFunctionOfItsParameters() throws {
        let spec = try Spec.load(json: TestSupport.spec(content: #"[{"shape": {"name": "bar", "frame": [0, 0, 40, 20]}, "stroke": {"color": "red"}}]"#, extra: Self.shapes))
        let bar = try #require(spec.shapes.first)
        guard case .line(let p) = bar.commands[1] else {
            Issue.record("commands: \(bar.commands)"); return
        }
        // Slots: rect's names, then w.
        var frame = [Double](repeating: 0, count: (bar.rectSlots + [bar.parameters[0].slot]).max()! + 1)
        for (k, n) in ShapeTemplate.rectNames.enumerated() {
            switch n {
            case "rect.height": frame[bar.rectSlots[k]] = 20
            default: frame[bar.rectSlots[k]] = 0
            }
        }
        frame[bar.parameters[0].slot] = 8
        #expect(p.x.value(frame) == 8 && p.y.value(frame) == 10)
    }

    @Test func aFunctionThatReadsTheClockIsUnknownInATemplate() {
        let shapes = Self.shapes.replacingOccurrences(of: "quarter(w * 4)", with: "late(w)")
        let e = TestSupport.errors(TestSupport.spec(content: "[]", extra: shapes))
        #expect(e.contains { $0.path == "shapes.bar.path[1].line[0]" && $0.message.contains("unknown function \"late\"") }, "\(e)")
    }
}
