// `animo-render lint SPEC…`: static checks of the traps generated animation code falls into
// (SpecLint; docs/lint.md lists every id). Prints `file: path: [id] message` per finding; a finding
// the spec suppresses (`"lint": {"ignore": {"rule-id": "why"}}`) is printed as suppressed with its
// reason and does not count. Exit 0: no finding to fix; 1: findings; 2: bad arguments or an
// invalid spec. --json, --junit and --annotations (MachineOptions) report the same.
import Foundation
import AnimoSpec
import AnimoScene
import AnimoVerify

enum LintCommand {
    static let options = OptionSpec(valued: MachineOptions.valued, switches: Set(["help"]).union(MachineOptions.switches))

    static let help = """
    USAGE
      animo-render lint SPEC.json… [--json] [--junit FILE] [--annotations github]

    Static checks of the animation traps the code generator's skill warns about (ids and fixes: docs/lint.md).
    The spec is first loaded, resolved and its shaders bound, as for rendering (no pixel is drawn):
    a spec that would not render (bad SVG path data, an unknown shader, a wrong shader argument, a
    missing image) is invalid. SPEC may be - for standard input.

    A finding the spec means to have is suppressed in the spec, with the reason:
      "lint": {"ignore": {"thin-fill-blur": "this row shows the trap"}}
    at the top level (the whole spec) or on a node (that node and inside it). It is printed as
    suppressed, with its reason, and does not fail the run.

    OPTIONS
    \(MachineOptions.help)

    EXIT STATUS
      0 no finding to fix, 1 findings, 2 bad arguments or an invalid spec (every error of the first invalid one is printed)
    """

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try options.parse(args)
        if o.flag("help") { print(help); return 0 }
        let machine = try MachineOptions(o)
        guard !o.positionals.isEmpty else { throw UsageError(description: "lint needs at least one SPEC.json") }
        guard o.positionals.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError(description: "lint reads standard input (-) once; give - at most once")
        }
        var open = 0, suppressed = 0
        var specs: [OutputJSON] = [], items: [CheckItem] = []
        for path in o.positionals {
            // Resolving and binding shaders (no pixel is drawn): bad SVG path data or an unknown
            // shader makes the spec invalid (exit status 2), as render and verify find it.
            let spec = try SpecInput.renderer(path).spec
            let findings = SpecLint.run(spec)
            let shown = path == "-" ? SpecInput.standardInputName : path
            open += findings.filter { !$0.isSuppressed }.count
            suppressed += findings.filter(\.isSuppressed).count
            if machine.text {
                for f in findings {
                    if let s = f.suppression {
                        print("\(shown): \(f.path): [\(f.id)] suppressed (\(s.reason))")
                    } else {
                        print("\(shown): \(f.path): [\(f.id)] \(f.message)")
                    }
                }
            }
            specs.append(MachineOutput.lint(file: shown, spec: spec, findings: findings))
            items += MachineOutput.lintItems(file: shown, spec: spec, findings: findings)
        }
        let summary = "\(open) finding\(open == 1 ? "" : "s")" + (suppressed > 0 ? " (\(suppressed) suppressed)" : "")
        if machine.text { print(summary) }
        let status: Int32 = open == 0 ? 0 : 1
        try machine.emit(command: "lint", document: MachineOutput.envelope(command: "lint", exitCode: status, summary: summary,
                                                                             [("specs", .array(specs))]), items: items)
        return status
    }
}
