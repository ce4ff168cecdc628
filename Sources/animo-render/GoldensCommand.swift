enum GoldensCommand { static func run(_ args: ArraySlice<String>) throws -> Int32 { throw UsageError(description: "goldens: not implemented yet") } }
