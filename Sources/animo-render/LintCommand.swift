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

    EXIT STATUS
      0 no finding, 1 findings, 2 bad arguments or an invalid spec
    """

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try options.parse(args)
        if o.flag("help") { print(help); return 0 }
        guard !o.positionals.isEmpty else { throw UsageError(description: "lint needs at least one SPEC.json") }
        var total = 0
        for path in o.positionals {
            let spec: Spec
            do { spec = try Spec.load(path: path) } catch { throw SpecFailure(message: "\(error)") }
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
