// `animo-bench import FILE.swift`: time to parse a SwiftUI file with the toolchain's parser and
// to compile its default preview into a spec document (and to load that spec), medians over runs.
import Foundation
import AnimoSpec
#if ANIMO_SWIFT_FRONT_END
import AnimoSwiftSource
import SwiftSyntax
import SwiftParser
import SwiftParserDiagnostics
import SwiftOperators

enum ImportBenchmarks {
    static func run(path: String, preview: String?, runs: Int) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var tree: SourceFileSyntax?
        let parseOnly = measure(runs: runs) { tree = Parser.parse(source: text) }
        let diagnose = measure(runs: runs) { _ = ParseDiagnosticsGenerator.diagnostics(for: tree!) }
        let fold = measure(runs: runs) { _ = OperatorTable.standardOperators.foldAll(tree!) { _ in } }
        let locate = measure(runs: runs) { _ = SourceLocationConverter(fileName: "f", tree: tree!) }
        var parsed: SwiftSourceFile?
        let parse = try measure(runs: runs) { parsed = try SwiftSourceFile(path: path) }
        guard let file = parsed else { return [] }
        var compiled: SwiftImport?
        let compile = try measure(runs: runs) { compiled = try file.compile(SwiftImportOptions(preview: preview)) }
        let both = try measure(runs: runs) { _ = try SwiftSourceFile(path: path).compile(SwiftImportOptions(preview: preview)) }
        let load = try measure(runs: runs) { _ = try compiled!.load() }
        let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false).count ?? 0
        return [
            "import \((path as NSString).lastPathComponent) (\(lines) lines), preview \(compiled?.entry.name ?? "?"), \(compiled?.warnings.count ?? 0) warnings, \(compiled?.json.utf8.count ?? 0) bytes of spec",
            "  parse (SwiftParser, operators folded, indexed): \(parse.summary)",
            "    of which SwiftParser's Parser.parse:        \(parseOnly.summary)",
            "    SwiftParserDiagnostics:                     \(diagnose.summary)",
            "    SwiftOperators' foldAll:                    \(fold.summary)",
            "    SourceLocationConverter:                    \(locate.summary)",
            "  compile to a spec document:                    \(compile.summary)",
            "  parse + compile:                               \(both.summary)",
            "  Spec.load of the document:                     \(load.summary)",
        ]
    }
}
#else
enum ImportBenchmarks {
    static func run(path: String, preview: String?, runs: Int) throws -> [String] {
        ["import: this build has no Swift front end (the toolchain's SwiftSyntax host libraries were not found; docs/swift.md)"]
    }
}
#endif
