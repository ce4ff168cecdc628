// Bad `expect` input: each mistake is one error at its JSON path, line and column, in words.
import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoSpec

struct ExpectationValidationTests {
    /// The errors of a spec whose `expect` is `entries`, with the column where `marker` starts on
    /// the line that holds it (1-based).
    func errors(_ entries: String, marker: String) -> (errors: [SpecError], line: Int, column: Int) {
        let json = TestSupport.spec(content: "[{\"circle\": {\"center\": [50, 50], \"radius\": 10}}]", extra: " \"expect\": \(entries),")
        let lines = json.components(separatedBy: "\n")
        let line = lines.firstIndex { $0.contains(marker) } ?? -1
        let column = line < 0 ? -1 : lines[line].distance(from: lines[line].startIndex, to: lines[line].range(of: marker)!.lowerBound) + 1
        return (TestSupport.errors(json), line + 1, column)
    }

    /// Exactly one error, at `path`, at the value that starts with `marker`, saying `message`.
    func single(_ entries: String, path: String, marker: String, message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (e, line, column) = errors(entries, marker: marker)
        #expect(e.count == 1, "\(e)", sourceLocation: sourceLocation)
        guard let first = e.first else { return }
        #expect(first.path == path, "\(first)", sourceLocation: sourceLocation)
        #expect(first.line == line && first.column == column, "\(first) (expected \(line):\(column))", sourceLocation: sourceLocation)
        #expect(first.message.contains(message), "\(first.message)", sourceLocation: sourceLocation)
    }

    @Test func unknownDirectionWithSuggestion() {
        single(#"[{"at": 0, "until": 1, "monotonic": "rigth"}]"#, path: "expect[0].monotonic", marker: "\"rigth\"",
               message: "unknown direction \"rigth\" (did you mean \"right\"?); directions: left, right, up, down")
    }

    @Test func intervalWithoutItsEnd() {
        single(#"[{"at": 0, "unchanged": true}]"#, path: "expect[0].until", marker: "{\"at\": 0, \"unchanged\"",
               message: "missing required key \"until\"")
    }

    @Test func untilWithoutAnInterval() {
        single(#"[{"at": 0, "until": 1, "notBlank": true}]"#, path: "expect[0].until", marker: "1, \"notBlank\"",
               message: "until applies to \"unchanged\" or \"monotonic\"")
    }

    @Test func intervalThatEndsBeforeItStarts() {
        single(#"[{"at": 0.5, "until": 0.25, "unchanged": true}]"#, path: "expect[0].until", marker: "0.25",
               message: "the interval ends at 0.25 s, not after it starts (at 0.5 s)")
    }

    @Test func colorAtOutsideTheCanvas() {
        single(#"[{"at": 0, "colorAt": {"point": [120, 5], "color": "red"}}]"#, path: "expect[0].colorAt.point", marker: "[120, 5]",
               message: "the point [120, 5] is outside the 100×100 canvas")
    }

    @Test func colorAtWithAnUnknownColor() {
        single(#"[{"at": 0, "colorAt": {"point": [10, 5], "color": "redd"}}]"#, path: "expect[0].colorAt.color", marker: "\"redd\"",
               message: "unknown color \"redd\" (did you mean \"red\"?)")
    }

    @Test func colorAtWithoutItsColor() {
        single(#"[{"at": 0, "colorAt": {"point": [10, 5]}}]"#, path: "expect[0].colorAt.color", marker: "{\"point\"",
               message: "missing required key \"color\"")
    }

    @Test func negativeDeltaE() {
        single(#"[{"at": 0, "coverage": {"min": 0.1}, "color": "red", "deltaE": -1}]"#, path: "expect[0].deltaE", marker: "-1",
               message: "expected a number ≥ 0, got -1")
    }

    @Test func colorWithoutCoverage() {
        single(#"[{"at": 0, "notBlank": true, "color": "red"}]"#, path: "expect[0].color", marker: "\"red\"",
               message: "color applies to \"coverage\"")
    }

    @Test func maxChangedOutOfRangeAndWithoutItsAssertion() {
        single(#"[{"at": 0, "sameAs": 1, "maxChanged": 1.5}]"#, path: "expect[0].maxChanged", marker: "1.5",
               message: "expected a number in [0, 1], got 1.5")
        single(#"[{"at": 0, "notBlank": true, "maxChanged": 0.1}]"#, path: "expect[0].maxChanged", marker: "0.1",
               message: "maxChanged applies to \"sameAs\" or \"unchanged\"")
    }

    @Test func boundsWithANegativeSizeOrAWrongShape() {
        single(#"[{"at": 0, "bounds": [0, 0, -5, 10]}]"#, path: "expect[0].bounds[2]", marker: "-5",
               message: "expected a number > 0, got -5")
        single(#"[{"at": 0, "bounds": {"rect": [0, 0, 5, 10], "tolerence": 2}}]"#, path: "expect[0].bounds.tolerence", marker: "\"tolerence\"",
               message: "did you mean \"tolerance\"?")
    }

    @Test func sameAsAKeyPoseOfNoEvent() {
        single(#"[{"at": 0, "sameAs": "rest:4"}]"#, path: "expect[0].sameAs", marker: "\"rest:4\"",
               message: "names event 4, but the spec has 1 event")
    }

    @Test func unchangedFalseSaysWhatToUse() {
        single(#"[{"at": 0, "until": 1, "unchanged": false}]"#, path: "expect[0].unchanged", marker: "false}]",
               message: "use \"changesFrom\"")
    }
}
