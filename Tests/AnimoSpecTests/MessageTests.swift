// Messages of load errors as a user reads them: long text is cut, one problem gives one error,
// keys that take constants say so, unreadable files say why, every error has a real position.
import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoSpec

struct MessageTests {
    /// `line:column` (1-based) where `marker` first occurs in `text` (columns in Unicode scalars).
    static func place(of marker: String, in text: String) -> String? {
        guard let r = text.range(of: marker) else { return nil }
        let before = text[..<r.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return "\(line):\(text[lineStart..<r.lowerBound].unicodeScalars.count + 1)"
    }

    @Test func aLongUnknownKeyIsCutInThePathAndTheMessage() {
        let key = String(repeating: "k", count: 1_048_576)
        let e = TestSupport.errors(#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "content": [{"rectangle": {}}], "\#(key)": 1}"#)
        #expect(e.count == 1)
        let text = SpecErrors(e).description
        #expect(text.count < 400, "\(text.prefix(400))")
        #expect(text.contains("unknown key \"" + String(repeating: "k", count: 40) + "…\" (1048576 characters)"), "\(text)")
        #expect(text.contains(": " + String(repeating: "k", count: 40) + "… (1048576 characters): unknown key"), "the path is cut too: \(text)")
    }

    @Test func longStringValuesAndNamesAreCut() {
        let long = String(repeating: "r", count: 5000)
        for content in [#"[{"rectangle": {}, "fill": "\#(long)"}]"#,                          // unknown color
                        #"[{"rectangle": {}, "modifiers": [{"opacity": "=\#(long)"}]}]"#,       // unknown name in an expression
                        #"[{"rectangle": {}, "modifiers": [{"blendMode": "\#(long)"}]}]"#] {   // unknown value
            let e = TestSupport.errors(TestSupport.spec(content: content))
            let text = SpecErrors(e).description
            #expect(!e.isEmpty)
            #expect(text.count < 600, "\(text.prefix(600))")
            #expect(text.contains("(5000 characters)") || text.contains("(5001 characters)"), "\(text.prefix(600))")
        }
    }

    @Test func anInvalidDurationIsNotAlsoComparedWithTheEvents() {
        let e = TestSupport.errors("""
            {"canvas": {"width": 10, "height": 10}, "duration": -1, "state": {"a": 0},
             "events": [{"at": 0.5, "set": {"a": 1}}], "content": [{"rectangle": {}}]}
            """)
        #expect(e.map(\.path) == ["duration"], "\(e)")
        // A valid duration is still checked.
        let late = TestSupport.errors("""
            {"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"a": 0},
             "events": [{"at": 1.5, "set": {"a": 1}}], "content": [{"rectangle": {}}]}
            """)
        #expect(late.map(\.path) == ["events[0].at"])
        #expect(late.first.map { "\($0.line):\($0.column)" } == Self.place(of: "1.5", in: """
            {"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"a": 0},
             "events": [{"at": 1.5, "set": {"a": 1}}], "content": [{"rectangle": {}}]}
            """), "placed at the time itself")
    }

    @Test func aKeyThatTakesAConstantSaysSoForALoopVariable() {
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "content": [{"repeat": {"count": 3, "content": [{"repeat": {"count": "=i", "content": [{"star": {"points": "=i", "innerRadius": 0.5}}]}}]}}]}"#
        let e = TestSupport.errors(json)
        #expect(e.map(\.path) == ["content[0].repeat.content[0].repeat.count",
                                  "content[0].repeat.content[0].repeat.content[0].star.points"], "one error each: \(e)")
        for error in e {
            #expect(error.message.contains("takes a constant (a number or an expression of constants such as \"=2*pi\"); \"i\" is a loop variable"), "\(error.message)")
            #expect(!error.message.contains("unknown name"), "\(error.message)")
        }
        #expect(e.first?.message.hasPrefix("count takes a constant") == true, "\(e.first?.message ?? "")")
    }

    @Test func aKeyThatTakesAConstantNamesStateAndTheClock() {
        let state = TestSupport.errors(#"{"canvas": {"width": 10, "height": 10}, "duration": "=on", "state": {"on": true}, "content": [{"rectangle": {}}]}"#)
        #expect(state.first?.message.contains("\"on\" is a state variable") == true, "\(state)")
        let clock = TestSupport.errors(#"{"canvas": {"width": "=t", "height": 10}, "duration": 1, "content": [{"rectangle": {}}]}"#)
        #expect(clock.first?.message.contains("\"t\" is the clock") == true, "\(clock)")
        // Constants still work, and an unknown name still gets a suggestion.
        #expect(TestSupport.errors(#"{"canvas": {"width": "=2*pi", "height": 10}, "duration": 1, "content": [{"rectangle": {}}]}"#).isEmpty)
        let typo = TestSupport.errors(#"{"canvas": {"width": "=2*pii", "height": 10}, "duration": 1, "content": [{"rectangle": {}}]}"#)
        #expect(typo.first?.message.contains("did you mean \"pi\"?") == true, "\(typo)")
    }

    @Test func anUnreadableSpecSaysWhy() throws {
        let folder = temporaryFolder("spec-folder")
        do {
            _ = try Spec.load(path: folder.path)
            Issue.record("a folder loaded as a spec")
        } catch {
            #expect(error.description == "\(folder.path): is a folder, not a spec file", "\(error)")
        }
        let missing = folder.appendingPathComponent("nope.json").path
        do {
            _ = try Spec.load(path: missing)
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.description == "\(missing): no such file", "\(error)")
        }
    }

    @Test func theInstanceLimitIsPlacedAtTheContent() {
        let json = """
            {"canvas": {"width": 10, "height": 10}, "duration": 1,
             "content": [{"repeat": {"count": 1001, "content": [{"repeat": {"count": 1000, "content": [{"rectangle": {}}]}}]}}]}
            """
        let e = TestSupport.errors(json)
        let error = e.first { $0.message.contains("node instances") }
        #expect(error.map { "\($0.line):\($0.column)" } == Self.place(of: "[{\"repeat\"", in: json), "\(e)")
    }
}
