// `"lint": {"ignore": {"rule-id": "why"}}`, at the top level of a spec or on any node: lint
// findings a spec means to have (an example that demonstrates a trap), each with the reason.
// A top-level entry covers the whole spec; a node's covers findings at that node and inside it.
// The rules themselves live in AnimoVerify's SpecLint (docs/lint.md); their ids are listed here
// so that an unknown id is an error when the spec loads, with a suggestion.

/// A spec's or a node's lint settings.
public struct LintSettings: Sendable, Equatable {
    /// One suppressed rule.
    public struct Ignore: Sendable, Equatable {
        /// The rule id, one of `LintSettings.ruleIDs`.
        public var rule: String
        /// Why its findings are intended (non-empty).
        public var reason: String
        /// The JSON path of the entry, e.g. `content[1].lint.ignore.thin-fill-blur`.
        public var path: String

        public init(rule: String, reason: String, path: String) {
            self.rule = rule; self.reason = reason; self.path = path
        }
    }

    public var ignore: [Ignore]

    public init(ignore: [Ignore] = []) {
        self.ignore = ignore
    }

    /// Every lint rule id, in docs/lint.md order.
    public static let ruleIDs = ["metaball-teardrop", "metaball-shrinking-blob", "thin-fill-blur", "metaball-fast-spring",
                                 "draw-on-fill-glyph", "draw-on-starts-visible", "appear-flag-at-destination",
                                 "loader-spring-driven", "glass-spacing",
                                 "glass-fast-motion", "glass-clip-shape", "glass-untinted-dark"]
}
