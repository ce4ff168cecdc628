// The subcommands after `animo-render`: each parses its own options and returns its exit status.
enum Subcommand: String, CaseIterable {
    case compare, goldens, verify, lint, previews
    case `import` = "import"

    func run(_ args: ArraySlice<String>) throws -> Int32 {
        switch self {
        case .compare: return try CompareCommand.run(args)
        case .goldens: return try GoldensCommand.run(args)
        case .verify: return try VerifyCommand.run(args)
        case .lint: return try LintCommand.run(args)
        case .previews: return try SwiftFrontEnd.previews(args)
        case .import: return try SwiftFrontEnd.importCommand(args)
        }
    }
}
