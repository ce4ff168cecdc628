// `lint`: the rules a spec or a node suppresses, each with its reason.

extension SpecDecoder {
    /// `{"ignore": {"rule-id": "reason", …}}`: every id a known rule, every reason a non-empty string.
    func lintSettings(_ value: JSONValue, _ path: String) -> LintSettings {
        guard let f = object(value, path, allowed: ["ignore"], what: "{\"ignore\": {\"rule-id\": \"why\"}}") else { return LintSettings() }
        guard let iv = f["ignore"] else {
            missing(f, "ignore", "an object of rule ids and the reason each finding is intended")
            return LintSettings()
        }
        guard let members = iv.objectMembers else {
            error(f.path("ignore"), iv.position, "expected an object of rule ids and reasons, e.g. {\"thin-fill-blur\": \"this row shows the trap\"}, got \(iv.brief)")
            return LintSettings()
        }
        var out = LintSettings()
        for m in members {
            let p = SpecDecoder.join(f.path("ignore"), m.key)
            guard LintSettings.ruleIDs.contains(m.key) else {
                error(p, m.keyPosition, "unknown lint rule \(UserText.quoted(m.key))\(Suggestion.phrase(for: m.key, in: LintSettings.ruleIDs)); the rules are \(LintSettings.ruleIDs.joined(separator: ", ")) (docs/lint.md)")
                continue
            }
            guard let reason = m.value.stringValue, reason.contains(where: { !$0.isWhitespace }) else {
                error(p, m.value.position, "expected the reason the \(m.key) findings are intended (a non-empty string), got \(m.value.brief)")
                continue
            }
            out.ignore.append(LintSettings.Ignore(rule: m.key, reason: reason, path: p))
        }
        return out
    }
}
