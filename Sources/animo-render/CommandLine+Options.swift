// A small, strict command-line option reader: every option is declared, unknown ones are errors
// with a suggestion, values are typed. Swift Argument Parser is not available here (no packages
// from outside the toolchain), and the CLI needs only this much.
import AnimoSpec
import AnimoScene

/// An error in the command line; the CLI prints it and exits with status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
}

/// The parsed command line: positional arguments and option values by long name.
struct ParsedOptions {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    /// Values of options that may be given several times, in order.
    var lists: [String: [String]] = [:]

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func string(_ name: String) -> String? { values[name] }

    func double(_ name: String, range: ClosedRange<Double>? = nil) throws -> Double? {
        guard let s = values[name] else { return nil }
        guard let v = Double(s), v.isFinite else {
            throw UsageError(description: "--\(name) expects a number, got \(UserText.quoted(s))")
        }
        if let r = range, !r.contains(v) {
            throw UsageError(description: "--\(name) must be in \(r.lowerBound)...\(r.upperBound), got \(UserText.cut(s))")
        }
        return v
    }

    func int(_ name: String, range: ClosedRange<Int>? = nil) throws -> Int? {
        guard let s = values[name] else { return nil }
        guard let v = Int(s) else { throw UsageError(description: "--\(name) expects a whole number, got \(UserText.quoted(s))") }
        if let r = range, !r.contains(v) {
            throw UsageError(description: "--\(name) must be in \(r.lowerBound)...\(r.upperBound), got \(UserText.cut(s))")
        }
        return v
    }
}

/// Declared options of one command.
struct OptionSpec {
    /// Options that take a value (`--out DIR` or `--out=DIR`).
    var valued: Set<String>
    /// Options that are switches.
    var switches: Set<String>
    /// Options whose value is optional (`--gif` or `--gif PATH`): a following argument that does not
    /// start with `-` and does not look like a spec file is taken as the value.
    var optionalValued: Set<String> = []
    /// Valued options that may be repeated (`--tap 0.5 --tap 1.2`): every value is kept in order.
    var repeated: Set<String> = []
    /// Single-letter aliases.
    var short: [Character: String] = ["h": "help"]

    func parse(_ args: ArraySlice<String>) throws -> ParsedOptions {
        var out = ParsedOptions()
        var i = args.startIndex
        var onlyPositionals = false
        while i < args.endIndex {
            let a = args[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" {
                out.positionals.append(a); continue
            }
            if a == "--" { onlyPositionals = true; continue }
            var name: String
            var inlineValue: String? = nil
            if a.hasPrefix("--") {
                name = String(a.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else if a.count == 2, let long = short[a.last!] {
                name = long
            } else {
                throw UsageError(description: "unknown option \(UserText.quoted(a))")
            }
            if valued.contains(name) {
                let v: String
                if let inline = inlineValue { v = inline } else {
                    guard i < args.endIndex else { throw UsageError(description: "--\(name) needs a value") }
                    v = args[i]; i += 1
                }
                out.values[name] = v
                if repeated.contains(name) { out.lists[name, default: []].append(v) }
            } else if optionalValued.contains(name) {
                out.flags.insert(name)
                if let v = inlineValue { out.values[name] = v }
                else if i < args.endIndex, !args[i].hasPrefix("-"), !args[i].hasSuffix(".json"), !args[i].hasSuffix(".swift") {
                    out.values[name] = args[i]; i += 1
                }
            } else if switches.contains(name) {
                if inlineValue != nil { throw UsageError(description: "--\(name) takes no value") }
                out.flags.insert(name)
            } else {
                let all = valued.union(switches).union(optionalValued)
                let hint = Suggestion.closest(to: name, in: all.sorted()).map { " (did you mean --\($0)?)" } ?? ""
                throw UsageError(description: "unknown option \(UserText.quoted("--" + name))\(hint)")
            }
        }
        return out
    }
}
