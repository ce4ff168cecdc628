// `animo-render lint SPEC…`: static checks of the traps generated animation code falls into (SpecLint; docs/lint.md lists every
// id). Prints `file: path: [id] message` per finding. Exit 0: none; 1: findings; 2: bad arguments
// or an invalid spec.
import Foundation
import AnimoSpec
import AnimoScene
import AnimoVerify

enum LintCommand {
    static let options = OptionSpec(valued: [], switches: ["help", "json"])

    static let help = """
    USAGE
      animo-render lint SPEC.json… [--json]

    Static checks of the animation traps the code generator's skill warns about (ids and fixes: docs/lint.md).
    The spec is first loaded, resolved and its shaders bound, as for rendering (no pixel is drawn):
    a spec that would not render (bad SVG path data, an unknown shader, a wrong shader argument, a
    missing image) is invalid. SPEC may be - for standard input.

    EXIT STATUS
      0 no finding, 1 findings, 2 bad arguments or an invalid spec (every error of the first invalid one is printed)
    """

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try options.parse(args)
        if o.flag("help") { print(help); return 0 }
        guard !o.positionals.isEmpty else { throw UsageError(description: "lint needs at least one SPEC.json") }
        guard o.positionals.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError(description: "lint reads standard input (-) once; give - at most once")
        }
        var total = 0
        for path in o.positionals {
            // Resolving and binding shaders (no pixel is drawn): bad SVG path data or an unknown
            // shader makes the spec invalid (exit status 2), as render and verify find it.
            let spec = try SpecInput.renderer(path).spec
            let findings = SpecLint.run(spec)
            total += findings.count
            for f in findings {
                if o.flag("json") {
                    let d = ["file": path, "id": f.id, "path": f.path, "message": f.message]
                    let data = (try? JSONSerialization.data(withJSONObject: d, options: [.sortedKeys])) ?? Data()
                    print(String(decoding: data, as: UTF8.self))
                } else {
                    print("\(path): \(f.path): [\(f.id)] \(f.message)")
                }
            }
        }
        if !o.flag("json") { print("\(total) finding\(total == 1 ? "" : "s")") }
        return total == 0 ? 0 : 1
    }
}
