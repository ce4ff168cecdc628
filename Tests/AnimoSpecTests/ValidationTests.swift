import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoSpec
@testable import AnimoScene

/// One test per validation error class, each checking the path and the message.
struct ValidationTests {
    func single(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> SpecError? {
        let e = TestSupport.errors(json)
        #expect(e.count >= 1, "expected an error", sourceLocation: sourceLocation)
        return e.first
    }

    @Test func unknownKeyWithSuggestion() {
        let json = TestSupport.spec(content: """
            [{"circle": {"center": [50, 50], "radius": 10}, "fill": "white",
              "modifiers": [{"animation": {"spring": {"response": 0.5, "dampingFration": 0.8}, "value": "on"}}]}]
            """)
        let e = single(json)
        #expect(e?.path == "content[0].modifiers[0].animation.spring.dampingFration")
        #expect(e?.message.contains("did you mean \"dampingFraction\"?") == true)
    }

    @Test func anEventsAboutMustBeAString() {
        // Every other "about" is checked; an event's was accepted whatever it held.
        let e = single("""
            {"canvas": {"width": 40, "height": 40}, "duration": 1, "state": {"on": false},
             "events": [{"at": 0.5, "set": {"on": true}, "about": ["x"]}], "content": [{"circle": {}}]}
            """)
        #expect(e?.path == "events[0].about")
        #expect(e?.message.contains("expected a string") == true)
        #expect(e?.line == 2)
    }

    @Test func unknownTopLevelKey() {
        let e = single("""
            {"canvas": {"width": 10, "height": 10}, "duration": 1, "fsp": 30, "content": [{"rectangle": {}}]}
            """)
        #expect(e?.path == "fsp")
        #expect(e?.message.contains("did you mean \"fps\"?") == true)
        #expect(e?.line == 1)
        let json = "{\"canvas\": {\"width\": 10, \"height\": 10}, \"duration\": 1, \"fsp\": 30, \"content\": [{\"rectangle\": {}}]}"
        let offset = json.range(of: "\"fsp\"").map { json.distance(from: json.startIndex, to: $0.lowerBound) } ?? -1
        #expect(e?.column == offset + 1)
    }

    @Test func wrongType() {
        let e = single(TestSupport.spec(content: "[{\"rectangle\": {\"frame\": [0, 0, \"wide\", 10]}}]"))
        #expect(e?.path == "content[0].rectangle.frame[2]")
        #expect(e?.message.contains("expected a number ≥ 0 or an expression starting with \"=\", got \"wide\"") == true)
    }

    @Test func outOfRangeBlurRadius() {
        let json = TestSupport.spec(content: """
            [{"rectangle": {}}, {"rectangle": {}}, {"circle": {}, "modifiers": [{"blur": {"radius": -3}}]}]
            """)
        let e = single(json)
        #expect(e?.path == "content[2].modifiers[0].blur.radius")
        #expect(e?.message == "expected a number ≥ 0, got -3")
        #expect(e?.description.hasPrefix("spec.json:3:") == true)
        #expect(e?.description.hasSuffix("content[2].modifiers[0].blur.radius: expected a number ≥ 0, got -3") == true)
    }

    @Test(arguments: [
        ("\"fps\": 0,", "fps", "expected a number in (0, 240], got 0"),
        ("\"fps\": 500,", "fps", "expected a number in (0, 240], got 500"),
    ])
    func outOfRangeTiming(extra: String, path: String, message: String) {
        let e = TestSupport.errors(TestSupport.spec(content: "[{\"rectangle\": {}}]", extra: extra))
        #expect(e.first?.path == path)
        #expect(e.first?.message == message)
    }

    @Test func outOfRangeTrimAndLineWidth() {
        let e = TestSupport.errors(TestSupport.spec(content: "[{\"circle\": {}, \"trim\": [0, 1.5], \"stroke\": {\"color\": \"red\", \"lineWidth\": -1}}]"))
        #expect(e.map(\.path) == ["content[0].trim[1]", "content[0].stroke.lineWidth"])
        #expect(e[0].message == "expected a number in [0, 1], got 1.5")
    }

    @Test func thresholdMinAboveMax() {
        let e = TestSupport.errors(TestSupport.spec(content: """
            [{"canvas": {"filters": [{"alphaThreshold": {"min": 0.8, "max": 0.2}}], "content": [{"circle": {}}]}}]
            """))
        #expect(e.first?.path == "content[0].canvas.filters[0].alphaThreshold.min")
        #expect(e.first?.message.contains("greater than max") == true)
    }

    @Test func badColors() {
        let e = TestSupport.errors(TestSupport.spec(content: """
            [{"rectangle": {}, "fill": "redd"}, {"rectangle": {}, "fill": "#12345"}, {"rectangle": {}, "fill": {"white": 2}}]
            """))
        #expect(e.map(\.path) == ["content[0].fill", "content[1].fill", "content[2].fill.white"])
        #expect(e[0].message.contains("did you mean \"red\"?"))
        #expect(e[0].message.contains("#RRGGBBAA"))
        #expect(e[1].message.contains("bad hex color"))
        #expect(e[2].message == "expected a number in [0, 1], got 2")
    }

    @Test func expressionSyntaxWithColumn() {
        // The string starts at column 43; "=" is column 44; the bad token "*" is expression column 5.
        let json = "{\"canvas\": {\"width\": 10, \"height\": 10}, \"duration\": \"=1 + * 2\", \"content\": [{\"rectangle\": {}}]}"
        let e = single(json)
        #expect(e?.path == "duration")
        #expect(e?.message.contains("column 5 of the expression") == true)
        let quote = Array(json.utf8).firstIndex(of: UInt8(ascii: "=")).map { $0 } ?? 0  // 0-based offset of "="
        #expect(e?.column == quote + 1 + 1 + 4)  // column of "=", then the expression's 5th character
    }

    @Test func unknownNameInExpression() {
        let e = single(TestSupport.spec(content: "[{\"circle\": {}, \"modifiers\": [{\"opacity\": \"=onn ? 1 : 0\"}]}]"))
        #expect(e?.path == "content[0].modifiers[0].opacity")
        #expect(e?.message.contains("unknown name \"onn\" (did you mean \"on\"?)") == true, "\(e?.message ?? "")")
        #expect(e?.message.contains("column 1 of the expression") == true)
    }

    @Test func unknownStateInSet() {
        let json = """
            {"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"expanded": false},
             "events": [{"at": 0.1, "set": {"expandd": true}}], "content": [{"rectangle": {}}]}
            """
        let e = single(json)
        #expect(e?.path == "events[0].set.expandd")
        #expect(e?.message.contains("did you mean \"expanded\"?") == true)
    }

    @Test func unknownStateInAnimationValue() {
        let e = single(TestSupport.spec(content: "[{\"circle\": {}, \"modifiers\": [{\"animation\": {\"spring\": {}, \"value\": \"of\"}}]}]"))
        #expect(e?.path == "content[0].modifiers[0].animation.value")
        #expect(e?.message.contains("unknown state variable \"of\"") == true)
    }

    @Test func wrongArity() {
        let e = single(TestSupport.spec(content: "[{\"circle\": {}, \"modifiers\": [{\"offset\": [\"=clamp(t, 1)\", 0]}]}]"))
        #expect(e?.path == "content[0].modifiers[0].offset[0]")
        #expect(e?.message.contains("clamp takes 3 arguments, got 2: clamp(x, lo, hi)") == true)
    }

    @Test func emptyContent() {
        let e = single(TestSupport.spec(content: "[{\"repeat\": {\"count\": 3, \"content\": []}}]"))
        #expect(e?.path == "content[0].repeat.content")
        #expect(e?.message == "content is empty: expected at least one node")
    }

    @Test func loopVariableScope() {
        // `i` is only visible inside the repeat.
        let e = TestSupport.errors(TestSupport.spec(content: """
            [{"repeat": {"count": 3, "as": "k", "content": [{"circle": {"center": ["=k * 10", 5], "radius": 2}}]}},
             {"circle": {"center": ["=k", 5], "radius": 2}}]
            """))
        #expect(e.map(\.path) == ["content[1].circle.center[0]"])
    }

    /// The size limit is applied before reading: a sparse file far over the limit is refused from
    /// its size, and an input without one (/dev/zero, endless) is read only up to the limit.
    @Test func specFileSizeIsCheckedBeforeReading() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animo-spec-size-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let huge = dir.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let h = try FileHandle(forWritingTo: huge)
        try h.truncate(atOffset: 200 << 20)
        try h.close()
        do {
            _ = try Spec.load(path: huge.path)
            Issue.record("a 200 MiB spec loaded")
        } catch {
            #expect(error.errors.count == 1)
            #expect(error.description == "huge.json:1:1: the spec is 209715200 bytes (200 MiB); the limit is 16777216 bytes (16 MiB)")
        }
        // Bounded reads: exactly the limit loads, one byte more does not, an endless device stops.
        let small = dir.appendingPathComponent("small.json")
        try Data(repeating: 0x20, count: 21).write(to: small)
        guard case .bytes(let b) = Spec.readFile(small.path, limit: 21) else { Issue.record("21 bytes at limit 21"); return }
        #expect(b.count == 21)
        guard case .tooLarge(21) = Spec.readFile(small.path, limit: 20) else { Issue.record("21 bytes at limit 20"); return }
        guard case .tooLarge(nil) = Spec.readFile("/dev/zero", limit: 1000) else { Issue.record("/dev/zero"); return }
        guard case .unreadable = Spec.readFile(dir.path, limit: 1000) else { Issue.record("a folder"); return }
    }

    @Test func limits() {
        let big = TestSupport.errors("{\"canvas\": {\"width\": 10000, \"height\": 10, \"scale\": 2}, \"duration\": 1, \"content\": [{\"rectangle\": {}}]}")
        #expect(big.first?.message.contains("16384 px a side") == true)
        let area = TestSupport.errors("{\"canvas\": {\"width\": 8100, \"height\": 8100, \"scale\": 2}, \"duration\": 1, \"content\": [{\"rectangle\": {}}]}")
        #expect(area.first?.message.contains("256 Mpx") == true)
        let frames = TestSupport.errors("{\"canvas\": {\"width\": 10, \"height\": 10}, \"duration\": 5000, \"fps\": 30, \"content\": [{\"rectangle\": {}}]}")
        #expect(frames.first?.path == "duration")
        #expect(frames.first?.message.contains("the limit is 100000") == true)
        let count = TestSupport.errors(TestSupport.spec(content: "[{\"repeat\": {\"count\": 100001, \"content\": [{\"circle\": {}}]}}]"))
        #expect(count.first?.path == "content[0].repeat.count")
        #expect(count.first?.message == "expected a whole number in [0, 100000], got 100001")
        var deep = "{\"circle\": {}}"
        for _ in 0..<70 { deep = "{\"group\": [\(deep)]}" }
        let nest = TestSupport.errors(TestSupport.spec(content: "[\(deep)]"))
        #expect(nest.first?.message == "nodes nested deeper than 64 levels")
        let product = TestSupport.errors(TestSupport.spec(content: "[{\"repeat\": {\"count\": 100000, \"content\": [{\"repeat\": {\"count\": 100000, \"content\": [{\"circle\": {}}]}}]}}]"))
        #expect(product.first?.message.contains("node instances") == true)
    }

    @Test func severalErrorsAtOnce() {
        let e = TestSupport.errors(TestSupport.spec(content: """
            [{"circle": {}, "fill": "nope"}, {"ellipse": {}, "modifiers": [{"opacty": 1}]}, {"star": {"points": 1, "innerRadius": 0.5}}]
            """))
        #expect(e.count == 3)
        #expect(e.map(\.path) == ["content[0].fill", "content[1].modifiers[0].opacty", "content[2].star.points"])
    }

    @Test func syntaxErrorHasLineAndColumn() {
        let e = single("{\n  \"duration\": 1,\n  \"canvas\": {\"width\": 10 \"height\": 10}\n}")
        #expect(e?.line == 3)
        #expect(e?.column == 26)
        #expect(e?.message.contains("expected ',' or '}'") == true)
        let dup = single("{\"duration\": 1, \"duration\": 2}")
        #expect(dup?.message.contains("duplicate key \"duration\"") == true)
    }

    @Test func expectationKeyPoseOutOfRange() {
        let e = single(TestSupport.spec(content: "[{\"circle\": {}}]", extra: "\"expect\": [{\"at\": \"rest:3\", \"notBlank\": true}],"))
        #expect(e?.path == "expect[0].at")
        #expect(e?.message.contains("names event 3") == true)
    }

    @Test func descriptionFormat() {
        let err = SpecError(file: "spec.json", path: "content[2].modifiers[0].blur.radius", line: 12, column: 7, message: "expected a number ≥ 0, got -3")
        #expect(err.description == "spec.json:12:7: content[2].modifiers[0].blur.radius: expected a number ≥ 0, got -3")
        let all = SpecErrors([err, err])
        #expect(all.description.split(separator: "\n").count == 3)
    }
}
