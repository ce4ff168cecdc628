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
