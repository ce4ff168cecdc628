// animo-render: the command-line front door. Arguments, progress and exit codes only; the work
// happens in the libraries (AnimoSpec, AnimoScene, AnimoRender, AnimoExport, AnimoVerify).
import Foundation
import AnimoRaster
import AnimoGeometry
import AnimoSpec

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
             "gif-background", "background", "max-gif-bytes", "max-bytes", "webp-quality", "filmstrip",
             "preview", "duration", "tap", "drag", "front-end"],
    switches: ["help", "version", "key-poses", "quiet", "strict", "json"],
    optionalValued: ["demo", "gif", "apng", "webp", "mp4", "sheet"],
    repeated: ["tap", "drag"]
)

/// The main form, `animo-render SPEC.json --out DIR [options]` (or `animo-render render …`), and
/// --help, --version, --demo.
/// - Parameter asCommand: true after the word `render`; otherwise a first word that cannot be a
///   spec is taken as a mistyped command (see `Subcommand.isMistyped`).
func renderMain(_ arguments: ArraySlice<String>, asCommand: Bool) throws -> Int32 {
    if !asCommand, let first = arguments.first, !first.hasPrefix("-") { try Subcommand.rejectMistyped(first) }
    let options = try spec.parse(arguments)
    if options.flag("help") || arguments.isEmpty {
        print(Help.text)
        return arguments.isEmpty ? ExitStatus.usage.rawValue : ExitStatus.success.rawValue
    }
    if options.flag("version") {
        print(Help.version)
        return 0
    }
    if options.flag("demo") {
        let path = options.string("demo") ?? options.positionals.first ?? "demo.png"
        try DemoCommand.run(outputPath: path)
        return 0
    }
    if !asCommand, let first = options.positionals.first { try Subcommand.rejectMistyped(first) }
    let renderOptions = try RenderOptions(options)
    let start = Date()
    let warnings = try RenderCommand.run(renderOptions)
    if options.flag("json") {
        print(RenderJSON.summary(renderOptions, warnings: warnings, seconds: Date().timeIntervalSince(start)).text())
    }
    return 0
}

/// The command being run, for the machine outputs of an error (`render` for the main form).
let commandName = arguments.first.flatMap(Subcommand.init(rawValue:))?.rawValue ?? "render"

/// With --json, --junit or --annotations, an error (exit status 2) is reported there too.
func reportInMachineOutputs(_ message: String, errors: [SpecError] = []) {
    let machine = MachineOptions.bestEffort(arguments)
    guard machine.json || machine.annotations || machine.junit != nil else { return }
    machine.emitError(command: commandName, message: message, errors: errors)
}

do {
    // Subcommands (render, compare, goldens, verify, lint, report) have their own options and exit statuses.
    if let first = arguments.first, let command = Subcommand(rawValue: first) {
        exit(try command.run(arguments.dropFirst()))
    }
    exit(try renderMain(arguments, asCommand: false))
} catch let error as UsageError {
    reportInMachineOutputs(error.description)
    fail("\(error.description)\nRun 'animo-render --help' for usage.", status: .usage)
} catch let error as SpecLoadFailure {
    reportInMachineOutputs(error.description, errors: error.located)
    fail(error.description, status: .usage)
} catch let error as SpecFailure {
    reportInMachineOutputs(error.message)
    fail(error.message, status: .usage)
} catch {
    // A file that could not be read or written: its path and the reason, not Foundation's dump.
    fail(FileProblem.describe(error) ?? "\(error)", status: .failure)
}
