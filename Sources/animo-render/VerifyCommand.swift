enum VerifyCommand { static func run(_ args: ArraySlice<String>) throws -> Int32 { throw UsageError(description: "verify: not implemented yet") } }
