// animo-render: the command-line front door. Arguments, progress and exit codes only; the work
// happens in the libraries (AnimoSpec, AnimoScene, AnimoRender, AnimoExport, AnimoVerify).
import Foundation
import AnimoRaster
import AnimoGeometry

/// Exit statuses, documented in --help.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}

func fail(_ message: String, status: ExitStatus) -> Never {
    FileHandle.standardError.write(Data("animo-render: \(message)\n".utf8))
    exit(status.rawValue)
}

let arguments = CommandLine.arguments.dropFirst()
let spec = OptionSpec(
    valued: ["out", "fps", "times", "scale", "threads", "png-level", "gif-fps", "gif-scale", "loop",
             "gif-background", "max-gif-bytes", "filmstrip", "preview", "duration"],
    switches: ["help", "version", "key-poses", "quiet", "strict"],
    optionalValued: ["demo", "gif", "apng", "sheet"]
)

do {
    // Subcommands (compare, goldens, verify, lint) have their own options and exit statuses.
    if let first = arguments.first, let command = Subcommand(rawValue: first) {
        exit(try command.run(arguments.dropFirst()))
    }
    let options = try spec.parse(arguments)
    if options.flag("help") || arguments.isEmpty {
        print(Help.text)
        exit(arguments.isEmpty ? ExitStatus.usage.rawValue : ExitStatus.success.rawValue)
    }
    if options.flag("version") {
        print(Help.version)
        exit(0)
    }
    if options.flag("demo") {
        let path = options.string("demo") ?? options.positionals.first ?? "demo.png"
        try DemoCommand.run(outputPath: path)
        exit(0)
    }
    try RenderCommand.run(try RenderOptions(options))
} catch let error as UsageError {
    fail("\(error.description)\nRun 'animo-render --help' for usage.", status: .usage)
} catch let error as SpecFailure {
    fail(error.message, status: .usage)
} catch {
    fail("\(error)", status: .failure)
}
