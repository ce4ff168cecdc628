// `"lint": {"ignore": {"rule-id": "why"}}` at the top level and on nodes: decoded with the JSON path
// of each entry; an unknown rule id or an empty reason is an error at its line and column, with a
// suggestion for a near miss.
import Foundation
import Testing
import AnimoTestSupport
@testable import AnimoSpec

@Test func lintIgnoreIsDecodedAtTheTopAndOnNodes() throws {
    let spec = try Spec.load(json: """
        {"canvas": {"width": 100, "height": 100}, "duration": 1,
         "lint": {"ignore": {"metaball-fast-spring": "the snap is the point"}},
         "content": [{"group": [{"circle": {"center": [50, 50], "radius": 5}, "lint": {"ignore": {"thin-fill-blur": "row 1 shows the trap", "metaball-teardrop": "joined on purpose"}}}]}]}
        """)
    #expect(spec.lint.ignore == [LintSettings.Ignore(rule: "metaball-fast-spring", reason: "the snap is the point", path: "lint.ignore.metaball-fast-spring")])
    guard case .group(let children) = spec.content[0].kind else { Issue.record("expected a group"); return }
    let node = try #require(children.first)
    #expect(node.path == "content[0].group[0]")
    #expect(node.lint?.ignore.map(\.rule) == ["thin-fill-blur", "metaball-teardrop"])
    #expect(node.lint?.ignore.first?.path == "content[0].group[0].lint.ignore.thin-fill-blur")
    #expect(spec.content[0].lint == nil)
}

@Test func anUnknownLintRuleIsAnErrorWithASuggestion() throws {
    let errors = TestSupport.errors("""
        {"canvas": {"width": 100, "height": 100}, "duration": 1,
         "lint": {"ignore": {"thin-fil-blur": "typo"}},
         "content": [{"circle": {"center": [50, 50], "radius": 5}}]}
        """)
    #expect(errors.count == 1, "\(errors)")
    let e = try #require(errors.first)
    #expect(e.path == "lint.ignore.thin-fil-blur")
    #expect((e.line, e.column) == (2, 22))
    #expect(e.message.hasPrefix("unknown lint rule \"thin-fil-blur\" (did you mean \"thin-fill-blur\"?)"), "\(e.message)")
}

@Test(arguments: [
    (#"{"ignore": {"thin-fill-blur": ""}}"#, "lint.ignore.thin-fill-blur", "a non-empty string"),
    (#"{"ignore": {"thin-fill-blur": 3}}"#, "lint.ignore.thin-fill-blur", "a non-empty string"),
    (#"{"ignore": ["thin-fill-blur"]}"#, "lint.ignore", "expected an object of rule ids and reasons"),
    (#"{}"#, "lint.ignore", "missing required key \"ignore\""),
    (#"{"ignore": {}, "except": {}}"#, "lint.except", "unknown key \"except\""),
])
func aMalformedLintEntryIsAnError(lint: String, path: String, mention: String) throws {
    let errors = TestSupport.errors(#"{"canvas": {"width": 100, "height": 100}, "duration": 1, "lint": \#(lint), "content": [{"circle": {"center": [50, 50], "radius": 5}}]}"#)
    #expect(errors.contains { $0.path == path && $0.message.contains(mention) }, "\(errors)")
}

@Test func lintRuleIdsAreTheSchemasAndDocumented() throws {
    let v = try SchemaSupport.validator()
    let ids = v.resolve("#/$defs/lint/properties/ignore/propertyNames/enum")?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(ids == LintSettings.ruleIDs)
    let doc = try String(contentsOf: Repository.url("docs/lint.md"), encoding: .utf8)
    for id in LintSettings.ruleIDs { #expect(doc.contains("| `\(id)` |"), "docs/lint.md has no row for \(id)") }
}
