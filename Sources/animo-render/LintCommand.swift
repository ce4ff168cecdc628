enum LintCommand { static func run(_ args: ArraySlice<String>) throws -> Int32 { throw UsageError(description: "lint: not implemented yet") } }
