// The subcommands after `animo-render`: each parses its own options and returns its exit status.
import Foundation
import AnimoSpec

enum Subcommand: String, CaseIterable {
    case render, compare, goldens, verify, lint, report, previews
    case `import` = "import"

    func run(_ args: ArraySlice<String>) throws -> Int32 {
        switch self {
        case .render: return try renderMain(args, asCommand: true)
        case .compare: return try CompareCommand.run(args)
        case .goldens: return try GoldensCommand.run(args)
        case .verify: return try VerifyCommand.run(args)
        case .lint: return try LintCommand.run(args)
        case .report: return try ReportCommand.run(args)
        case .previews: return try SwiftFrontEnd.previews(args)
        case .import: return try SwiftFrontEnd.importCommand(args)
        }
    }

    /// Whether the first word of `animo-render WORD …` is a mistyped command rather than a spec:
    /// it is not `-` (standard input), has no `.json` or `.swift` extension and names no existing file.
    static func isMistyped(_ word: String) -> Bool {
        word != "-" && !word.lowercased().hasSuffix(".json") && !word.lowercased().hasSuffix(".swift") && !FileManager.default.fileExists(atPath: word)
    }

    /// Throws `unknown command "rendr" (did you mean "render"?) …` when `word` is a mistyped command.
    static func rejectMistyped(_ word: String) throws {
        guard isMistyped(word) else { return }
        let names = allCases.map(\.rawValue)
        throw UsageError(description: "unknown command \(UserText.quoted(word))\(Suggestion.phrase(for: word, in: names)); "
            + "the commands are \(names.joined(separator: ", ")), and a spec is a path ending in .json (or a SwiftUI file, .swift) or an existing file")
    }
}
