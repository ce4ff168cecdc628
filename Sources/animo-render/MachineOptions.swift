// The machine outputs every checking command shares (docs/json.md): --json prints one JSON object
// (the schema of docs/json.md) instead of the text; --junit FILE writes JUnit XML; --annotations
// github prints GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`) for
// each failure. An invalid spec or bad arguments (exit status 2) still produce them, with the
// errors.
import Foundation
import AnimoSpec
import AnimoVerify

struct MachineOptions {
    static let valued: Set<String> = ["junit", "annotations"]
    static let switches: Set<String> = ["json"]

    /// The --help lines of the three options.
    static let help = """
      --json             print one JSON object (docs/json.md) instead of the text
      --junit FILE       also write JUnit XML (a test case per check) to FILE
      --annotations github
                         also print a GitHub Actions annotation (::error file=…,line=…,col=…::…)
                         per failure, shown on the pull request at that line
    """

    var json = false
    var junit: URL?
    var annotations = false

    init() {}

    init(_ o: ParsedOptions) throws {
        json = o.flag("json")
        junit = o.string("junit").map { URL(fileURLWithPath: $0) }
        if let a = o.string("annotations") {
            guard a == "github" else {
                throw UsageError(description: "--annotations supports github (GitHub Actions workflow commands), got \(UserText.quoted(a))")
            }
            annotations = true
        }
        if json && annotations {
            throw UsageError(description: "--json and --annotations github both write to standard output; use one (and --junit FILE for a file)")
        }
    }

    /// The options as far as they can be read from raw arguments, for reporting an error that
    /// happened before (or while) the command parsed them.
    static func bestEffort(_ args: ArraySlice<String>) -> MachineOptions {
        var m = MachineOptions()
        var i = args.startIndex
        while i < args.endIndex {
            let a = args[i]
            if a == "--json" { m.json = true }
            if a == "--annotations", i + 1 < args.endIndex, args[i + 1] == "github" { m.annotations = true }
            if a == "--annotations=github" { m.annotations = true }
            if a == "--junit", i + 1 < args.endIndex { m.junit = URL(fileURLWithPath: args[i + 1]) }
            if a.hasPrefix("--junit=") { m.junit = URL(fileURLWithPath: String(a.dropFirst(8))) }
            i += 1
        }
        if m.json && m.annotations { m.annotations = false }
        return m
    }

    /// Whether the text output is printed (not with --json).
    var text: Bool { !json }

    /// Prints the JSON document (with --json) and the annotations, and writes the JUnit file.
    func emit(command: String, document: OutputJSON, items: [CheckItem]) throws {
        if json { print(document.text()) }
        if annotations { for line in GitHubAnnotations.lines(items) { print(line) } }
        if let junit {
            try FileManager.default.createDirectory(at: junit.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(JUnitXML.document(name: "animo-render \(command)", items: items).utf8).write(to: junit, options: .atomic)
        }
    }

    /// The outputs of a command that stopped with exit status 2: the errors in the JSON document,
    /// one annotation each, and a JUnit file with one failed case per error.
    func emitError(command: String, message: String, errors: [SpecError]) {
        let items: [CheckItem]
        let list: [OutputJSON]
        if errors.isEmpty {
            items = [CheckItem(suite: command, name: "arguments", outcome: .failed(message: message, detail: []))]
            list = [.object([("message", .string(message))])]
        } else {
            items = errors.map { e in
                CheckItem(suite: command, name: CheckItem.displayPath(e.file), file: CheckItem.displayPath(e.file),
                          line: e.line > 0 ? e.line : nil, column: e.column > 0 ? e.column : nil,
                          outcome: .failed(message: e.path.isEmpty ? e.message : "\(e.path): \(e.message)", detail: []))
            }
            list = errors.map { MachineOutput.error($0) }
        }
        let summary = message.split(separator: "\n").first.map(String.init) ?? message
        try? emit(command: command, document: MachineOutput.envelope(command: command, exitCode: 2, summary: summary, [("errors", .array(list))]),
                  items: items)
    }
}
