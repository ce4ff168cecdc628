// docs/spec.schema.json: the examples validate against it, it is strict (typos, wrong types,
// unknown kinds and modifiers fail), it agrees with the loader on accept/reject, and the
// validator used here can itself fail (each keyword on tiny schemas).
import Foundation
import Testing
import AnimoTestSupport
@testable import AnimoSpec
@testable import AnimoScene

enum SchemaSupport {
    static let schemaURL = Repository.url("docs/spec.schema.json")

    static func validator() throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schema: SchemaJSON.parse(Data(contentsOf: schemaURL)))
    }

    static var schemaObject: [String: SchemaJSON] {
        get throws { try SchemaJSON.parse(Data(contentsOf: schemaURL)).objectValue ?? [:] }
    }

    static var goldenSpecs: [URL] { TestSupport.exampleFiles }

    /// A minimal spec (state `on`, `x`; one event) around `content`.
    static func spec(_ content: String, extra: String = "") -> String {
        TestSupport.spec(content: content, extra: extra)
    }

    /// The keys of an object schema's `properties` (through one `$ref` level).
    static func propertyKeys(_ def: String) throws -> Set<String> {
        let v = try validator()
        guard let s = v.resolve("#/$defs/" + def)?.objectValue?["properties"]?.objectValue else { return [] }
        return Set(s.keys)
    }
}

@Suite struct SchemaTests {
    // MARK: - (a) The examples and goldens validate

    @Test func schemaLoadsWithOnlySupportedKeywordsAndResolvableRefs() throws {
        let v = try SchemaSupport.validator()
        let top = try SchemaSupport.schemaObject
        #expect(top["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
        #expect((top["$defs"]?.objectValue?.count ?? 0) > 30)
        #expect(v.resolve("#/$defs/node") != nil)
    }

    @Test func everyExampleValidates() throws {
        let v = try SchemaSupport.validator()
        let files = TestSupport.exampleFiles
        #expect(files.count >= 8, "expected the 8 shared examples, found \(files.count)")
        for url in files {
            let errors = v.validate(try SchemaJSON.parse(Data(contentsOf: url)))
            #expect(errors.isEmpty, "\(url.lastPathComponent): \(errors.prefix(5))")
        }
    }

    @Test func everyGoldenSpecValidates() throws {
        let v = try SchemaSupport.validator()
        let files = SchemaSupport.goldenSpecs
        #expect(files.count >= 3, "expected Goldens/scenes/*/spec.json, found \(files.count)")
        for url in files {
            let errors = v.validate(try SchemaJSON.parse(Data(contentsOf: url)))
            #expect(errors.isEmpty, "\(url.path): \(errors.prefix(5))")
        }
    }

    // MARK: - (b) Strictness: typical mistakes fail

    static let entrance = """
        {"canvas": {"width": 320, "height": 360}, "duration": 1.6, "state": {"appeared": false},
         "events": [{"at": 0.1, "set": {"appeared": true}}],
         "content": [{"roundedRectangle": {"frame": [20, 24, 280, 52], "cornerRadius": 16}, "fill": "white",
                      "modifiers": [{"opacity": "=appeared ? 1 : 0"},
                                    {"animation": {"spring": {"response": 0.5, "dampingFraction": 0.82}, "delay": 0.1, "value": "appeared"}}]}]}
        """

    @Test func baselineForNegativeCasesIsValid() throws {
        #expect(try SchemaSupport.validator().validate(json: Self.entrance).isEmpty)
    }

    @Test(arguments: [
        ("dampingFration", "\"dampingFraction\"", "\"dampingFration\"", "dampingFration"),
        ("wrong type", "\"cornerRadius\": 16", "\"cornerRadius\": \"sixteen\"", "cornerRadius"),
        ("unknown node kind", "\"roundedRectangle\": {\"frame\"", "\"hexagon\": {\"frame\"", "content[0]"),
        ("unknown modifier", "{\"opacity\": \"=appeared", "{\"wobble\": \"=appeared", "modifiers[0]"),
    ])
    func mistakeFailsSchema(name: String, find: String, replace: String, mention: String) throws {
        let json = Self.entrance.replacingOccurrences(of: find, with: replace)
        #expect(json != Self.entrance, "the replacement for \(name) must change the spec")
        let errors = try SchemaSupport.validator().validate(json: json)
        #expect(!errors.isEmpty, "\(name) must fail schema validation")
        #expect(errors.contains { $0.path.contains(mention) || $0.message.contains(mention) }, "\(name): \(errors)")
    }

    // MARK: - (d) The loader and the schema agree

    /// A shape template with every path command, for the agreement cases.
    static let templates = """
        "shapes": {"tri": {"parameters": {"k": 0, "on2": true}, "animatable": ["k"], "path": [
          {"move": ["=rect.midX", "=rect.minY"]}, {"line": ["=rect.maxX", "=rect.maxY"]},
          {"lines": [[0, 0], ["=rect.width", "=k"]]}, {"lines": {"for": "x", "in": [0, 1, 0.5], "point": ["=x * rect.width", 0]}},
          {"quad": {"to": [1, 1], "control": [0, 1]}}, {"curve": {"to": [1, 1], "control1": [0, 1], "control2": [1, 0]}},
          {"arc": {"center": [5, 5], "radius": 4, "startAngle": 0, "endAngle": "=90 * k", "clockwise": true}},
          {"rect": [0, 0, 2, 2]}, {"ellipse": [0, 0, 2, 2]}, {"close": true}]}},
        """

    /// (name, spec JSON, accepted?). Each case states its expectation independently of both
    /// checkers; the test requires both to match it.
    static let agreementCases: [(String, String, Bool)] = {
        func s(_ content: String, extra: String = "") -> String { SchemaSupport.spec(content, extra: extra) }
        let circle = "{\"circle\": {\"center\": [50, 50], \"radius\": 10}, \"fill\": \"white\""
        func mod(_ m: String) -> String { s("[\(circle), \"modifiers\": [\(m)]}]") }
        func fill(_ p: String) -> String { s("[{\"rectangle\": {}, \"fill\": \(p)}]") }
        func anim(_ a: String) -> String { s("[{\"circle\": {}}]").replacingOccurrences(of: "\"set\": {\"on\": true}}", with: "\"set\": {\"on\": true}, \"animation\": \(a)}") }
        return [
            // Accepted.
            ("minimal", s("[{\"rectangle\": {}}]"), true),
            ("entrance", entrance, true),
            ("animation preset modifier", mod("{\"animation\": \"smooth\"}"), true),
            ("animation none", mod("{\"animation\": {\"none\": true, \"value\": \"on\"}}"), true),
            ("animation null modifier", mod("{\"animation\": null}"), true),
            ("animation watching a computed value", mod("{\"animation\": {\"easeIn\": {}, \"value\": [\"=on ? 1 : 0\", \"on\"]}}"), true),
            ("delayed and conditional tap changes", s("[{\"circle\": {}, \"onTap\": [{\"set\": {\"on\": true}, \"after\": 0.5, \"when\": \"=!on\"}]}]"), true),
            ("negative delay of a tap change", s("[{\"circle\": {}, \"onTap\": [{\"set\": {\"on\": true}, \"after\": -1}]}]"), false),
            ("repeatForever false with repeatCount", mod("{\"animation\": {\"easeIn\": {}, \"repeatCount\": 2, \"repeatForever\": false}}"), true),
            ("autoreverses with repeatForever", mod("{\"animation\": {\"linear\": {\"duration\": 1}, \"repeatForever\": true, \"autoreverses\": false}}"), true),
            ("timingCurve with duration", anim("{\"timingCurve\": [0.2, 0, 0.8, 1], \"duration\": 0.5}"), true),
            ("interpolatingSpring physical", anim("{\"interpolatingSpring\": {\"stiffness\": 170, \"damping\": 15}}"), true),
            ("spring duration form", anim("{\"spring\": {\"duration\": 0.5, \"bounce\": 0.3}}"), true),
            ("keyframes animation", anim("{\"keyframes\": [{\"linear\": {\"to\": 1.1, \"duration\": 0.2}}, {\"spring\": {\"to\": 1}}]}"), true),
            ("gray color object", fill("{\"white\": 0.5, \"opacity\": 0.5}"), true),
            ("rgb color object", fill("{\"red\": 1}"), true),
            ("hex 8 color", fill("\"#FF000080\""), true),
            ("gradient stops", fill("{\"radialGradient\": {\"stops\": [{\"color\": \"red\", \"location\": 0}], \"endRadius\": 10}}"), true),
            ("group object form", s("[{\"group\": {\"content\": [{\"ellipse\": {}}]}}]"), true),
            ("transition strings", s("[{\"if\": {\"condition\": \"=on\", \"transition\": \"slide\", \"content\": [{\"capsule\": {}}]}}]"), true),
            ("transition custom", s("[{\"if\": {\"condition\": true, \"transition\": {\"custom\": {\"active\": [{\"opacity\": 0}], \"identity\": [{\"opacity\": 1}]}}, \"content\": [{\"capsule\": {}}]}}]"), true),
            ("canvas filters", s("[{\"canvas\": {\"filters\": [{\"alphaThreshold\": {\"min\": 0.5}}, {\"blur\": 8}, {\"colorInvert\": true}], \"content\": [{\"circle\": {}}]}}]"), true),
            ("shader effect", mod("{\"layerEffect\": {\"shader\": \"wave\", \"arguments\": [{\"float\": \"=t\"}, {\"half2\": [1, 2]}, {\"color\": \"red\"}], \"maxSampleOffset\": [4, 4]}}"), true),
            ("expectation", s("[{\"circle\": {}}]", extra: "\"expect\": [{\"at\": \"rest:0\", \"coverage\": {\"min\": 0.1}, \"relativeTo\": 0}],"), true),
            ("expectations: sameAs, unchanged, colorAt, bounds, monotonic, color coverage", s("[{\"circle\": {}}]", extra: """
                "expect": [{"at": 1, "sameAs": "start:0", "maxChanged": 0.01}, {"at": 0, "until": "start:0", "unchanged": true},
                           {"at": 0, "colorAt": {"point": [50, 50], "color": "white", "deltaE": 3}}, {"at": 0, "bounds": [40, 40, 20, 20]},
                           {"at": 0, "bounds": {"rect": [40, 40, 20, 20], "tolerance": 0.5}}, {"at": 0, "until": 1, "monotonic": "up"},
                           {"at": 0, "coverage": {"min": 0.1}, "color": "#FFFFFF", "deltaE": 5}],
                """), true),
            ("symbol with custom path", s("[{\"symbol\": {\"name\": \"mine\", \"path\": \"M0 0 L10 10\"}}]"), true),
            ("lint ignore at the top", s("[{\"circle\": {}}]", extra: "\"lint\": {\"ignore\": {\"thin-fill-blur\": \"on purpose\"}},"), true),
            ("glass effect forms", mod("{\"glassEffect\": true}, {\"glassEffect\": \"clear\"}, {\"glassEffect\": {\"variant\": \"regular\", \"tint\": \"blue\", \"interactive\": true, \"shape\": {\"roundedRectangle\": {\"cornerRadius\": 12}}, \"isEnabled\": \"=on\"}}"), true),
            ("glass container", mod("{\"glassEffectContainer\": {\"spacing\": 18}}, {\"glassEffectContainer\": true}"), true),
            ("lint ignore on a node", s("[{\"group\": [{\"circle\": {}}], \"lint\": {\"ignore\": {\"metaball-teardrop\": \"joined on purpose\"}}}]"), true),
            ("let on a node", s("[{\"circle\": {\"center\": [\"=x\", 5], \"radius\": \"=r\"}, \"let\": {\"x\": 4, \"r\": \"=x / 2\", \"tint\": \"red\", \"on2\": true}}]"), true),
            ("let arrays on the canvas", "{\"canvas\": {\"width\": 10, \"height\": 10, \"let\": {\"a\": [1, \"=2*pi\"], \"p\": [\"red\", {\"white\": 0.5}]}}, \"duration\": 1, \"content\": [{\"circle\": {}, \"fill\": \"=p[1]\"}]}", true),
            ("colour expressions", s("[{\"circle\": {}, \"fill\": \"=on ? red : hsb(0.5, 1, 1)\", \"stroke\": {\"color\": \"=opacity(blue, 0.5)\"}}, {\"color\": \"=on ? red : blue\"}]"), true),
            ("functions", s("[{\"circle\": {\"center\": [\"=f(1)\", 5], \"radius\": 2}}]", extra: "\"functions\": {\"f\": {\"params\": [\"x\"], \"value\": \"=x * 2\"}},"), true),
            ("timing curve expressions", mod("{\"animation\": {\"timingCurve\": [\"=0.2\", \"=on\", 0.8, 1], \"duration\": 1, \"value\": \"on\"}}"), true),
            ("point arrays", s("[{\"circle\": {\"center\": \"=spots[1]\", \"radius\": \"=spots[0].x\"}, \"let\": {\"spots\": [[1, 2], [3, \"=4\"]]}, \"modifiers\": [{\"offset\": \"=spots[0]\"}, {\"position\": \"=spots[1]\"}]}]"), true),
            ("periodic event with computed values", s("[{\"circle\": {}}]").replacingOccurrences(of: "{\"at\": 0.5, \"set\": {\"on\": true}}", with: "{\"every\": 0.25, \"from\": 0.25, \"until\": 1, \"set\": {\"on\": \"=!on\", \"x\": \"=x + 1\"}, \"animation\": \"smooth\"}"), true),
            ("event with changes", s("[{\"circle\": {}}]").replacingOccurrences(of: "{\"at\": 0.5, \"set\": {\"on\": true}}", with: "{\"at\": 0.5, \"changes\": [{\"set\": {\"x\": 0}}, {\"set\": {\"x\": 1}, \"animation\": \"smooth\"}]}"), true),
            ("state arrays and forEach", TestSupport.spec(content: "[{\"forEach\": {\"in\": \"ps\", \"as\": \"p\", \"id\": \"k\", \"transition\": \"scale\", \"content\": [{\"circle\": {\"center\": \"=p\", \"radius\": \"=k\"}}]}}]", state: "{\"on\": false, \"ps\": {\"points\": [[1, 2]]}, \"ns\": [1, 2], \"qs\": [[1, 2]], \"ms\": {\"numbers\": []}}").replacingOccurrences(of: "\"set\": {\"on\": true}", with: "\"set\": {\"ps\": {\"append\": [\"=random(n, 1)\", 3]}, \"ms\": {\"removeFirst\": 1}, \"ns\": {\"removeAll\": true}}"), true),
            ("clockStart", "{\"canvas\": {\"width\": 10, \"height\": 10, \"clockStart\": 0.4}, \"duration\": 1, \"content\": [{\"circle\": {}}]}", true),
            ("record and colour arrays", TestSupport.spec(content: "[{\"forEach\": {\"in\": \"rs\", \"as\": \"r\", \"content\": [{\"circle\": {\"center\": \"=r.p\", \"radius\": \"=r.size * count(rs)\"}, \"fill\": \"=r.c\"}]}}, {\"circle\": {\"center\": [0, 0], \"radius\": \"=rs[0].size\"}, \"fill\": \"=cs[0]\"}]", state: "{\"on\": false, \"cs\": {\"colors\": [\"red\", \"#00FF00\"]}, \"rs\": {\"records\": {\"size\": 1, \"p\": [0, 0], \"c\": \"white\"}, \"initial\": [{\"size\": 2}]}}").replacingOccurrences(of: "\"set\": {\"on\": true}", with: "\"changes\": [{\"set\": {\"rs\": {\"append\": {\"size\": \"=random(n, 1)\", \"c\": \"=hsb(0.5, 1, 1)\", \"p\": [1, \"=2\"]}}, \"cs\": {\"append\": \"blue\"}}}, {\"set\": {\"rs\": {\"update\": {\"id\": 0, \"set\": {\"size\": \"=item.size + 1\"}}}, \"cs\": {\"removeAll\": {\"where\": \"=item.id == 0\"}}}}]"), true),
            ("record update without a target", TestSupport.spec(content: "[{\"circle\": {}}]", state: "{\"on\": false, \"rs\": {\"records\": {\"size\": 1}}}").replacingOccurrences(of: "\"set\": {\"on\": true}", with: "\"set\": {\"rs\": {\"update\": {\"set\": {\"size\": 2}}}}"), false),
            // Rejected.
            ("event with at and every", s("[{\"circle\": {}}]").replacingOccurrences(of: "{\"at\": 0.5, \"set\": {\"on\": true}}", with: "{\"at\": 0.5, \"every\": 1, \"set\": {\"on\": true}}"), false),
            ("event with set and changes", s("[{\"circle\": {}}]").replacingOccurrences(of: "{\"at\": 0.5, \"set\": {\"on\": true}}", with: "{\"at\": 0.5, \"set\": {\"on\": true}, \"changes\": [{\"set\": {\"on\": false}}]}"), false),
            ("timer every 0", s("[{\"circle\": {}}]").replacingOccurrences(of: "{\"at\": 0.5, \"set\": {\"on\": true}}", with: "{\"every\": 0, \"set\": {\"on\": true}}"), false),
            ("empty state array", TestSupport.spec(content: "[{\"circle\": {}}]", state: "{\"on\": false, \"a\": []}"), false),
            ("forEach without as", TestSupport.spec(content: "[{\"forEach\": {\"in\": \"a\", \"content\": [{\"circle\": {}}]}}]", state: "{\"on\": false, \"a\": [1]}"), false),
            ("shape template", s("[{\"shape\": {\"name\": \"tri\", \"parameters\": {\"k\": \"=on ? 1 : 0\"}, \"frame\": [0, 0, 10, 10]}, \"fill\": \"red\"}]", extra: Self.templates), true),
            ("shadow and shader colour expressions", mod("{\"shadow\": {\"color\": \"=on ? red : blue\", \"radius\": 2}}, {\"colorEffect\": {\"shader\": \"s\", \"arguments\": [{\"color\": \"=mix(red, blue, x)\"}]}}"), true),
            ("colour expressions in colorMultiply, tint, glass and filters", mod("{\"colorMultiply\": \"=on ? red : blue\"}, {\"tint\": \"=mix(red, blue, x)\"}, {\"foregroundColor\": \"=on ? red : blue\"}, {\"glassEffect\": {\"tint\": \"=opacity(blue, x)\"}}"), true),
            ("colour expressions in canvas filters and metaballs", s("[{\"canvas\": {\"filters\": [{\"alphaThreshold\": {\"min\": 0.5, \"color\": \"=on ? red : blue\"}}, {\"colorMultiply\": \"=hsb(x, 1, 1)\"}], \"content\": [{\"circle\": {}}]}}, {\"metaball\": {\"blobs\": [{\"center\": [5, 5], \"radius\": 3}], \"blur\": 2, \"color\": \"=on ? red : blue\"}}]"), true),
            ("computed canvas background", "{\"canvas\": {\"width\": 10, \"height\": 10, \"background\": \"=on ? black : white\"}, \"duration\": 1, \"state\": {\"on\": false}, \"content\": [{\"circle\": {}}]}", true),
            ("insettable template with strokeBorder", s("[{\"shape\": {\"name\": \"box\", \"parameters\": {\"amount\": 2}}, \"strokeBorder\": {\"color\": \"red\", \"lineWidth\": 4}}]", extra: "\"shapes\": {\"box\": {\"parameters\": {\"amount\": 0}, \"inset\": \"amount\", \"path\": [{\"rect\": [\"=rect.minX + amount\", \"=rect.minY + amount\", \"=rect.width - 2 * amount\", \"=rect.height - 2 * amount\"]}]}},"), true),
            ("template inset not a name", s("[{\"circle\": {}}]", extra: "\"shapes\": {\"box\": {\"parameters\": {\"amount\": 0}, \"inset\": 2, \"path\": [{\"close\": true}]}},"), false),
            ("colour expressions in a symbol and a path loader", s("[{\"symbol\": {\"name\": \"heart\", \"color\": \"=on ? red : blue\"}}, {\"pathLoader\": {\"shape\": {\"circle\": {}}, \"frame\": [0, 0, 10, 10], \"period\": 1, \"outline\": {\"color\": \"=opacity(white, x)\"}, \"trail\": {\"color\": \"=hsb(x, 1, 1)\"}}}]"), true),
            ("gestures on a forEach", TestSupport.spec(content: "[{\"forEach\": {\"in\": \"a\", \"as\": \"p\", \"content\": [{\"circle\": {}}]}, \"id\": \"dots\", \"onTap\": [{\"set\": {\"on\": true}}]}]", state: "{\"on\": false, \"a\": [1]}"), true),
            ("a symbol colour that is not one", s("[{\"symbol\": {\"name\": \"heart\", \"color\": 3}}]"), false),
            ("gestures and names on a template node, lint and let on the others", s("[{\"shape\": {\"name\": \"tri\", \"frame\": [0, 0, 10, 10]}, \"id\": \"t\", \"onTap\": [{\"set\": {\"on\": true}}], \"allowsHitTesting\": true}, {\"shape\": {\"name\": \"tri\", \"frame\": [0, 0, 10, 10]}, \"button\": [{\"set\": {\"x\": 2}}]}, {\"vstack\": [{\"text\": \"hi\", \"let\": {\"k\": 1}, \"lint\": {\"ignore\": {\"thin-fill-blur\": \"none\"}}}], \"lint\": {\"ignore\": {\"thin-fill-blur\": \"none\"}}}]", extra: Self.templates), true),
            ("strokeBorder and outline", s("[{\"capsule\": {}, \"strokeBorder\": {\"color\": \"red\", \"lineWidth\": 4}}, {\"circle\": {}, \"outline\": {\"lineWidth\": 8}, \"stroke\": {\"color\": \"blue\"}}]"), true),
            // Rejected.
            ("strokeBorder with outline", s("[{\"circle\": {}, \"strokeBorder\": {\"lineWidth\": 4}, \"outline\": {\"lineWidth\": 8}}]"), false),
            ("strokeBorder on a path", s("[{\"path\": {\"d\": \"M0 0 L9 9\"}, \"strokeBorder\": {\"lineWidth\": 4}}]"), false),
            ("shape without a name", s("[{\"shape\": {}}]", extra: Self.templates), false),
            ("shape template command typo", s("[{\"circle\": {}}]", extra: "\"shapes\": {\"s\": {\"path\": [{\"lin\": [0, 0]}]}},"), false),
            ("shape template parameter named rect", s("[{\"circle\": {}}]", extra: "\"shapes\": {\"s\": {\"parameters\": {\"rect\": 1}, \"path\": [{\"close\": true}]}},"), false),
            ("outline with a paint", s("[{\"circle\": {}, \"outline\": {\"color\": \"red\"}}]"), false),
            ("array of mixed types", s("[{\"circle\": {}, \"let\": {\"a\": [1, \"red\"]}}]"), false),
            ("empty array", s("[{\"circle\": {}, \"let\": {\"a\": []}}]"), false),
            ("let of null", s("[{\"circle\": {}, \"let\": {\"a\": null}}]"), false),
            ("let named pi", s("[{\"circle\": {}, \"let\": {\"pi\": 3}}]"), false),
            ("function without value", s("[{\"circle\": {}}]", extra: "\"functions\": {\"f\": {\"params\": [\"x\"]}},"), false),
            ("function with an unknown key", s("[{\"circle\": {}}]", extra: "\"functions\": {\"f\": {\"value\": \"=1\", \"body\": \"=1\"}},"), false),
            ("typo dampingFration", mod("{\"animation\": {\"spring\": {\"dampingFration\": 0.5}, \"value\": \"on\"}}"), false),
            ("wrong type", s("[{\"roundedRectangle\": {\"cornerRadius\": \"big\"}}]"), false),
            ("unknown node kind", s("[{\"hexagon\": {}}]"), false),
            ("unknown modifier", mod("{\"wobble\": 1}"), false),
            ("unknown top-level key", s("[{\"circle\": {}}]", extra: "\"fsp\": 30,"), false),
            ("two kinds in one node", s("[{\"circle\": {}, \"ellipse\": {}}]"), false),
            ("fill on a group", s("[{\"group\": [{\"circle\": {}}], \"fill\": \"red\"}]"), false),
            ("empty content", s("[]"), false),
            ("two keys in a modifier", mod("{\"opacity\": 1, \"blur\": 2}"), false),
            ("opacity out of range", mod("{\"opacity\": 2}"), false),
            ("number as plain string", mod("{\"opacity\": \"0.5\"}"), false),
            ("bad hex color", fill("\"#12345\""), false),
            ("unknown color name", fill("\"redd\""), false),
            ("gray and red together", fill("{\"white\": 0.5, \"red\": 1}"), false),
            ("color object without components", fill("{\"opacity\": 0.5}"), false),
            ("gradient with colors and stops", fill("{\"linearGradient\": {\"colors\": [\"red\"], \"stops\": [{\"color\": \"red\", \"location\": 0}]}}"), false),
            ("stroke with two paints", s("[{\"circle\": {}, \"stroke\": {\"color\": \"red\", \"linearGradient\": {\"colors\": [\"red\"]}}}]"), false),
            ("circle frame and center", s("[{\"circle\": {\"frame\": [0, 0, 10, 10], \"center\": [5, 5], \"radius\": 5}}]"), false),
            ("repeatCount and repeatForever", mod("{\"animation\": {\"easeIn\": {}, \"repeatCount\": 2, \"repeatForever\": true}}"), false),
            ("autoreverses without repeat", mod("{\"animation\": {\"easeIn\": {}, \"autoreverses\": true}}"), false),
            ("timingCurve without duration", anim("{\"timingCurve\": [0.2, 0, 0.8, 1]}"), false),
            ("duration beside spring", anim("{\"spring\": {}, \"duration\": 1}"), false),
            ("mixed spring forms", anim("{\"spring\": {\"response\": 0.5, \"bounce\": 0.2}}"), false),
            ("unknown animation name", anim("\"springy\""), false),
            ("move without edge", s("[{\"if\": {\"condition\": true, \"transition\": \"move\", \"content\": [{\"capsule\": {}}]}}]"), false),
            ("phaseAnimator with one phase", s("[{\"phaseAnimator\": {\"phases\": [{\"values\": {\"y\": 0}}], \"content\": [{\"circle\": {}}]}}]"), false),
            ("state named t", TestSupport.spec(content: "[{\"circle\": {}}]", state: "{\"on\": false, \"t\": 1}"), false),
            ("repeat count too large", s("[{\"repeat\": {\"count\": 100001, \"content\": [{\"circle\": {}}]}}]"), false),
            ("expectation without assertion", s("[{\"circle\": {}}]", extra: "\"expect\": [{\"at\": 0.5}],"), false),
            ("relativeTo without coverage", s("[{\"circle\": {}}]", extra: "\"expect\": [{\"at\": 0.5, \"blank\": true, \"relativeTo\": 0}],"), false),
            ("unchanged without until", s("[{\"circle\": {}}]", extra: "\"expect\": [{\"at\": 0, \"unchanged\": true}],"), false),
            ("unknown monotonic direction", s("[{\"circle\": {}}]", extra: "\"expect\": [{\"at\": 0, \"until\": 1, \"monotonic\": \"sideways\"}],"), false),
            ("colorAt without color", s("[{\"circle\": {}}]", extra: "\"expect\": [{\"at\": 0, \"colorAt\": {\"point\": [1, 1]}}],"), false),
            ("deltaE without color", s("[{\"circle\": {}}]", extra: "\"expect\": [{\"at\": 0, \"coverage\": {\"min\": 0.1}, \"deltaE\": 2}],"), false),
            ("bounds with a negative width", s("[{\"circle\": {}}]", extra: "\"expect\": [{\"at\": 0, \"bounds\": [0, 0, -1, 4]}],"), false),
            ("bad key-pose time", s("[{\"circle\": {}}]", extra: "\"expect\": [{\"at\": \"middle:0\", \"blank\": true}],"), false),
            ("unknown filter", s("[{\"canvas\": {\"filters\": [{\"sharpen\": 1}], \"content\": [{\"circle\": {}}]}}]"), false),
            ("unknown glass variant", mod("{\"glassEffect\": {\"variant\": \"frosted\"}}"), false),
            ("glass tint not a colour", mod("{\"glassEffect\": {\"tint\": 3}}"), false),
            ("glass shape without a corner radius", mod("{\"glassEffect\": {\"shape\": {\"roundedRectangle\": {}}}}"), false),
            ("negative glass container spacing", mod("{\"glassEffectContainer\": {\"spacing\": -4}}"), false),
            ("colorInvert false", mod("{\"colorInvert\": false}"), false),
            ("unknown symbol without path", s("[{\"symbol\": {\"name\": \"rocket\"}}]"), false),
            ("shader argument with two types", mod("{\"colorEffect\": {\"shader\": \"s\", \"arguments\": [{\"float\": 1, \"half\": 2}]}}"), false),
            ("maxSampleOffset on colorEffect", mod("{\"colorEffect\": {\"shader\": \"s\", \"maxSampleOffset\": [1, 1]}}"), false),
            ("missing canvas", "{\"duration\": 1, \"content\": [{\"circle\": {}}]}", false),
            ("unknown lint rule", s("[{\"circle\": {}}]", extra: "\"lint\": {\"ignore\": {\"thin-fil-blur\": \"typo\"}},"), false),
            ("empty lint reason", s("[{\"circle\": {}, \"lint\": {\"ignore\": {\"thin-fill-blur\": \" \"}}}]"), false),
            ("lint without ignore", s("[{\"circle\": {}}]", extra: "\"lint\": {},"), false),
        ]
    }()

    @Test(arguments: agreementCases)
    func loaderAndSchemaAgree(name: String, json: String, accepted: Bool) throws {
        let schemaErrors = try SchemaSupport.validator().validate(json: json)
        let loaderErrors = TestSupport.errors(json)
        #expect(schemaErrors.isEmpty == accepted, "\(name): schema says \(schemaErrors.isEmpty ? "valid" : "invalid: \(schemaErrors.prefix(3))")")
        #expect(loaderErrors.isEmpty == accepted, "\(name): loader says \(loaderErrors.isEmpty ? "valid" : "invalid: \(loaderErrors.prefix(3))")")
    }

    @Test func examplesAreAcceptedByBothLoaderAndSchema() throws {
        let v = try SchemaSupport.validator()
        for url in TestSupport.exampleFiles + SchemaSupport.goldenSpecs {
            let data = try Data(contentsOf: url)
            #expect(v.isValid(try SchemaJSON.parse(data)), "schema rejects \(url.lastPathComponent)")
            #expect(throws: Never.self, "loader rejects \(url.lastPathComponent)") { try Spec.load(data: data) }
        }
    }

    // MARK: - The schema lists what the model lists

    @Test func schemaNamesMatchTheModel() throws {
        #expect(try SchemaSupport.propertyKeys("modifier") == Set(SpecModifier.names))
        #expect(try SchemaSupport.propertyKeys("filter") == Set(SpecFilter.names))
        #expect(try SchemaSupport.propertyKeys("shapeObject") == Set(SpecShape.kindNames))
        #expect(try SchemaSupport.propertyKeys("keyframe") == Set(SpecKeyframe.kindNames))
        let v = try SchemaSupport.validator()
        // Node kinds: the single required key of each alternative of $defs/node.
        let kinds = (v.resolve("#/$defs/node")?.objectValue?["oneOf"]?.arrayValue ?? []).compactMap { alt -> String? in
            guard let r = alt.objectValue?["$ref"]?.stringValue else { return nil }
            return v.resolve(r)?.objectValue?["required"]?.arrayValue?.first?.stringValue
        }
        #expect(Set(kinds) == Set(SpecNode.kindNames))
        #expect(kinds.count == SpecNode.kindNames.count)
        // Animation base keys: the properties of an animation object minus its modifier keys.
        let anim = try SchemaSupport.propertyKeys("animationObject")
        #expect(anim == Set(SpecAnimation.baseNames + SpecAnimation.modifierNames + ["duration"]))
        // Enumerations.
        func enumValues(_ ref: String) -> Set<String> {
            Set(v.resolve(ref)?.arrayValue?.compactMap(\.stringValue) ?? [])
        }
        #expect(enumValues("#/$defs/modifier/properties/blendMode/enum") == Set(SpecBlendMode.allCases.map(\.rawValue)))
        #expect(enumValues("#/$defs/color/oneOf/1/enum") == Set(SpecColor.named.keys))
        #expect(enumValues("#/$defs/unitPoint/oneOf/0/enum") == Set(UnitPoint.named.keys))
        #expect(enumValues("#/$defs/symbolNode/properties/symbol/anyOf/1/properties/name/enum") == Set(SymbolNode.knownNames))
        let transitionKeys = Set(v.resolve("#/$defs/transition/oneOf/1/properties")?.objectValue?.keys.map { $0 } ?? [])
        #expect(transitionKeys == Set(SpecTransition.names))
        let effects = (v.resolve("#/$defs/symbolEffect/oneOf")?.arrayValue ?? []).compactMap { $0.objectValue?["required"]?.arrayValue?.first?.stringValue }
        #expect(Set(effects) == Set(SymbolEffect.Kind.allCases.map(\.rawValue)))
        // Every node kind takes the keys the loader accepts on any node (modifiers, let, lint, gestures…).
        for alt in v.resolve("#/$defs/node")?.objectValue?["oneOf"]?.arrayValue ?? [] {
            guard let r = alt.objectValue?["$ref"]?.stringValue else { continue }
            let keys = Set(v.resolve(r)?.objectValue?["properties"]?.objectValue?.keys.map { $0 } ?? [])
            #expect(Set(SpecDecoder.commonNodeKeys).subtracting(keys).isEmpty, "\(r) lacks \(Set(SpecDecoder.commonNodeKeys).subtracting(keys).sorted())")
        }
        let reserved = enumValues("#/$defs/identifier/not/enum")
        #expect(reserved == ExpressionScope.reserved.union(["t"]))
    }
}

// MARK: - (c) The validator on tiny schemas

@Suite struct JSONSchemaValidatorTests {
    /// (schema, instance, valid?): each keyword both accepts and rejects.
    static let cases: [(String, String, Bool)] = [
        ("{\"type\": \"number\"}", "1.5", true), ("{\"type\": \"number\"}", "\"1\"", false),
        ("{\"type\": \"integer\"}", "2.0", true), ("{\"type\": \"integer\"}", "2.5", false),
        ("{\"type\": \"boolean\"}", "true", true), ("{\"type\": \"boolean\"}", "1", false),
        ("{\"type\": \"number\"}", "true", false), ("{\"type\": \"null\"}", "null", true),
        ("{\"type\": [\"number\", \"boolean\"]}", "false", true), ("{\"type\": [\"number\", \"boolean\"]}", "\"x\"", false),
        ("{\"type\": \"object\"}", "{}", true), ("{\"type\": \"array\"}", "{}", false),
        ("{\"properties\": {\"a\": {\"type\": \"string\"}}}", "{\"a\": \"x\"}", true),
        ("{\"properties\": {\"a\": {\"type\": \"string\"}}}", "{\"a\": 1}", false),
        ("{\"required\": [\"a\"]}", "{\"a\": 1}", true), ("{\"required\": [\"a\"]}", "{\"b\": 1}", false),
        ("{\"properties\": {\"a\": true}, \"additionalProperties\": false}", "{\"a\": 1}", true),
        ("{\"properties\": {\"a\": true}, \"additionalProperties\": false}", "{\"a\": 1, \"b\": 2}", false),
        ("{\"additionalProperties\": {\"type\": \"number\"}}", "{\"b\": 2}", true),
        ("{\"additionalProperties\": {\"type\": \"number\"}}", "{\"b\": \"2\"}", false),
        ("{\"patternProperties\": {\"^x\": {\"type\": \"number\"}}, \"additionalProperties\": false}", "{\"x1\": 1}", true),
        ("{\"patternProperties\": {\"^x\": {\"type\": \"number\"}}, \"additionalProperties\": false}", "{\"y1\": 1}", false),
        ("{\"patternProperties\": {\"^x\": {\"type\": \"number\"}}}", "{\"x1\": \"a\"}", false),
        ("{\"propertyNames\": {\"pattern\": \"^[a-z]+$\"}}", "{\"abc\": 1}", true),
        ("{\"propertyNames\": {\"pattern\": \"^[a-z]+$\"}}", "{\"a1\": 1}", false),
        ("{\"items\": {\"type\": \"number\"}}", "[1, 2]", true), ("{\"items\": {\"type\": \"number\"}}", "[1, \"2\"]", false),
        ("{\"prefixItems\": [{\"type\": \"string\"}], \"items\": {\"type\": \"number\"}}", "[\"a\", 1]", true),
        ("{\"prefixItems\": [{\"type\": \"string\"}], \"items\": {\"type\": \"number\"}}", "[1, 1]", false),
        ("{\"prefixItems\": [true], \"items\": false}", "[1]", true), ("{\"prefixItems\": [true], \"items\": false}", "[1, 2]", false),
        ("{\"minItems\": 2}", "[1, 2]", true), ("{\"minItems\": 2}", "[1]", false),
        ("{\"maxItems\": 1}", "[1]", true), ("{\"maxItems\": 1}", "[1, 2]", false),
        ("{\"enum\": [\"a\", 1]}", "1.0", true), ("{\"enum\": [\"a\", 1]}", "\"b\"", false),
        ("{\"enum\": [1]}", "true", false),
        ("{\"const\": [0, 0]}", "[0, 0.0]", true), ("{\"const\": [0, 0]}", "[0, 1]", false),
        ("{\"const\": true}", "true", true), ("{\"const\": true}", "1", false),
        ("{\"oneOf\": [{\"type\": \"number\"}, {\"type\": \"string\"}]}", "\"s\"", true),
        ("{\"oneOf\": [{\"type\": \"number\"}, {\"type\": \"string\"}]}", "null", false),
        ("{\"oneOf\": [{\"type\": \"number\"}, {\"minimum\": 0}]}", "5", false),
        ("{\"anyOf\": [{\"type\": \"number\"}, {\"minimum\": 0}]}", "5", true),
        ("{\"anyOf\": [{\"type\": \"number\"}, {\"type\": \"string\"}]}", "[]", false),
        ("{\"allOf\": [{\"minimum\": 0}, {\"maximum\": 1}]}", "0.5", true),
        ("{\"allOf\": [{\"minimum\": 0}, {\"maximum\": 1}]}", "2", false),
        ("{\"not\": {\"type\": \"string\"}}", "1", true), ("{\"not\": {\"type\": \"string\"}}", "\"s\"", false),
        ("{\"$defs\": {\"n\": {\"type\": \"number\"}}, \"$ref\": \"#/$defs/n\"}", "1", true),
        ("{\"$defs\": {\"n\": {\"type\": \"number\"}}, \"$ref\": \"#/$defs/n\"}", "\"1\"", false),
        ("{\"$defs\": {\"list\": {\"type\": \"array\", \"items\": {\"$ref\": \"#/$defs/list\"}}}, \"$ref\": \"#/$defs/list\"}", "[[[]]]", true),
        ("{\"$defs\": {\"list\": {\"type\": \"array\", \"items\": {\"$ref\": \"#/$defs/list\"}}}, \"$ref\": \"#/$defs/list\"}", "[[[1]]]", false),
        ("{\"minimum\": 1}", "1", true), ("{\"minimum\": 1}", "0.999", false),
        ("{\"maximum\": 1}", "1", true), ("{\"maximum\": 1}", "1.001", false),
        ("{\"exclusiveMinimum\": 0}", "0.001", true), ("{\"exclusiveMinimum\": 0}", "0", false),
        ("{\"exclusiveMaximum\": 240}", "239", true), ("{\"exclusiveMaximum\": 240}", "240", false),
        ("{\"minimum\": 5}", "\"1\"", true),  // numeric bounds ignore other types
        ("{\"pattern\": \"^=\"}", "\"=t\"", true), ("{\"pattern\": \"^=\"}", "\" =t\"", false),
        ("{\"pattern\": \"\\\\S\"}", "\"a b\"", true), ("{\"pattern\": \"\\\\S\"}", "\"  \"", false),
        ("{\"minLength\": 1}", "\"é\"", true), ("{\"minLength\": 1}", "\"\"", false),
        ("{\"maxLength\": 1}", "\"é\"", true), ("{\"maxLength\": 1}", "\"ab\"", false),
        ("{\"minProperties\": 1}", "{\"a\": 1}", true), ("{\"minProperties\": 1}", "{}", false),
        ("{\"maxProperties\": 1}", "{\"a\": 1}", true), ("{\"maxProperties\": 1}", "{\"a\": 1, \"b\": 2}", false),
        ("{\"dependentRequired\": {\"a\": [\"b\"]}}", "{\"a\": 1, \"b\": 2}", true),
        ("{\"dependentRequired\": {\"a\": [\"b\"]}}", "{\"b\": 2}", true),
        ("{\"dependentRequired\": {\"a\": [\"b\"]}}", "{\"a\": 1}", false),
        ("true", "{\"anything\": [1]}", true), ("false", "1", false),
    ]

    @Test(arguments: cases)
    func keyword(schema: String, instance: String, valid: Bool) throws {
        let v = try JSONSchemaValidator(schemaText: schema)
        let errors = try v.validate(json: instance)
        #expect(errors.isEmpty == valid, "\(schema) on \(instance): \(errors)")
    }

    @Test func violationsCarryTheInstancePath() throws {
        let v = try JSONSchemaValidator(schemaText: """
            {"properties": {"content": {"type": "array", "items": {"properties": {"r": {"minimum": 0}}, "additionalProperties": false}}}}
            """)
        let errors = try v.validate(json: "{\"content\": [{\"r\": 1}, {\"r\": -1, \"q\": 0}]}")
        #expect(errors.map(\.path).sorted() == ["content[1].q", "content[1].r"])
        #expect(errors.contains { $0.message == "unknown key \"q\"" })
    }

    @Test(arguments: [
        "{\"if\": {\"type\": \"number\"}}",          // unsupported keyword
        "{\"$ref\": \"#/$defs/missing\"}",          // unresolvable reference
        "{\"pattern\": \"([\"}",                     // invalid regular expression
        "{\"oneOf\": []}",                          // empty combinator
        "{\"properties\": {\"a\": 3}}",             // a schema that is not an object or boolean
    ])
    func badSchemasAreRefused(schema: String) {
        #expect(throws: SchemaLoadError.self) { try JSONSchemaValidator(schemaText: schema) }
    }

    @Test func booleansAndNumbersAreDistinct() throws {
        #expect(try SchemaJSON.parse("[true, 1, 0, false]") == .array([.bool(true), .number(1), .number(0), .bool(false)]))
    }
}
