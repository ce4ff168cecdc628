// The compiled front end (docs/swift.md, "Compiled"): a SwiftUI file compiled with swiftc against
// animo-render's own SwiftUI, run on the virtual clock in a process of its own, and its recording
// lowered into the spec model.
import Foundation
import AnimoSpec
import AnimoViewRecord

public struct CompiledView: Sendable {
    public enum EntryKind: Sendable { case preview, previewProvider, view }

    public var fileName: String
    /// Constructs compiled and run but not drawn, and project files left out.
    public var warnings: [String]
    let document: SpecValue

    /// Compiles and runs `entry` (a `#Preview` at `line`, a PreviewProvider or a View type).
    /// A tap or a drag the view's process plays at its time (`--tap`, `--drag`).
    public enum Interaction: Sendable {
        public enum Target: Sendable {
            /// The first view with a tap action whose content shows this text (or symbol name).
            case label(String)
            /// The n-th view with a tap action, in drawing order (0-based).
            case index(Int)
            case point(Double, Double)
        }
        case tap(at: Double, hold: Double, target: Target?)
        case drag(at: Double, from: (x: Double, y: Double), to: (x: Double, y: Double), duration: Double)

        /// As the host reads it: `tap,AT,HOLD[,KIND,VALUE]` or `drag,AT,X1,Y1,X2,Y2,SECONDS`.
        var argument: String {
            switch self {
            case .tap(let at, let hold, let target):
                var s = "tap,\(at),\(hold)"
                switch target {
                case .label(let l)?: s += ",label," + l.unicodeScalars.map { String($0.value) }.joined(separator: ".")
                case .index(let i)?: s += ",index,\(i)"
                case .point(let x, let y)?: s += ",point,\(x) \(y)"
                case nil: break
                }
                return s
            case .drag(let at, let from, let to, let duration):
                return "drag,\(at),\(from.x),\(from.y),\(to.x),\(to.y),\(duration)"
            }
        }
    }

    /// `assetColors`: the project's asset-catalogue colours, light and dark. `minimumDuration`:
    /// without `duration`, the render lasts at least this long (a second past the last
    /// interaction).
    public static func compile(path: String, entry: String, kind: EntryKind, line: Int, duration: Double?, minimumDuration: Double? = nil, cacheDirectory: String,
                               assetColors: [String: (light: SpecColor, dark: SpecColor)] = [:], interactions: [Interaction] = []) throws(CompiledViewFailure) -> CompiledView {
        let swiftUI = try CompiledSwiftUI.locate()
        let sources = ProjectSources(main: path)
        let main = sources.files[0]
        var symbol = "animo_entry"
        var entrySource = "import SwiftUI\n"
        // The entry point of a PreviewProvider or a View goes at the end of the view's own file, so
        // that a `private` view can be made there; the file's other previews are blanked out
        // (PreviewBlocks), and so are all previews of the project's other files.
        var appendix = ""
        switch kind {
        case .preview: symbol = ContentHash.previewSymbol(path: main, line: line)
        case .previewProvider: appendix = "\n@_cdecl(\"animo_entry\") @MainActor public func __animoEntry() -> UnsafeMutableRawPointer { SwiftUI._animoPreviewBuilderBox { \(entry).previews } }\n"
        case .view: appendix = "\n@_cdecl(\"animo_entry\") @MainActor public func __animoEntry() -> UnsafeMutableRawPointer { SwiftUI._animoPreviewBuilderBox { \(entry)() } }\n"
        }
        let keepLine = kind == .preview ? line : nil
        let keepProvider = kind == .previewProvider ? entry : nil
        let stage: (String, String) -> String = { file, text in
            file == main ? PreviewBlocks.strip(text, keepLine: keepLine, keepProvider: keepProvider) + appendix : PreviewBlocks.strip(text)
        }
        // The virtual clock's names, declared in the user's own module: a module's declarations
        // come before any import's, so `DispatchQueue.main` means the render clock's queue
        // whatever else the files import (Foundation or Combine beside SwiftUI would otherwise
        // make it ambiguous with Dispatch's). A name the project declares itself is left alone.
        for (name, type) in CompiledSwiftUI.clockNames where !sources.declared.contains(name) {
            entrySource += "typealias \(name) = AnimoClock.\(type)\n"
        }
        let moduleName = "App"
        let compiler = ViewCompiler(swiftUI: swiftUI, cacheFolder: cacheDirectory + "/swiftui")
        let entryError = kind == .view
            ? "the View `\(entry)` cannot be made without arguments; render a #Preview or PreviewProvider that passes them (--preview NAME)"
            : "the preview `\(entry)` does not compile"
        let (library, leftOut) = try compiler.library(sources: sources.files, packageModules: sources.modules, projectNames: sources.declared, entry: entrySource, moduleName: moduleName, entryError: entryError,
                                                       stageKey: "\(kind) \(entry) \(line)", stage: stage)
        let horizon = duration ?? max(10, minimumDuration ?? 0)
        let output = NSTemporaryDirectory() + "animo-recording-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).plist"
        defer { try? FileManager.default.removeItem(atPath: output) }
        // The run's CPU budget (seconds; ANIMO_SWIFTUI_RUN_SECONDS, default 20) and twice that of
        // wall-clock time; 4 GiB of address space.
        let budget = ProcessInfo.processInfo.environment["ANIMO_SWIFTUI_RUN_SECONDS"].flatMap(Int.init).map { max(1, min($0, 600)) } ?? 20
        let result = HostProcess.run(swiftUI.folder + "/animo-swiftui-host", [library, symbol, entry, output, "\(horizon)", "\(budget)", "4096", interactions.map(\.argument).joined(separator: ";")], seconds: Double(2 * budget + 5))
        let name = (path as NSString).lastPathComponent
        // SIGXCPU at the CPU budget; SIGKILL at its hard limit, 2 s later, if SIGXCPU was caught.
        if result.timedOut || (result.signalled && (result.status == SIGXCPU || result.status == SIGKILL)) {
            throw CompiledViewFailure("\(name): the view's code did not finish within its time budget (an endless loop in a body, an onAppear or a timer?)")
        }
        // The run names files by `#fileID` ("App/Name.swift"): the user's paths instead.
        var byName: [String: String] = [:]
        for file in sources.files.reversed() { byName[(file as NSString).lastPathComponent] = file }
        byName[(main as NSString).lastPathComponent] = path
        func located(_ text: String) -> String {
            var t = text
            for (base, file) in byName { t = t.replacingOccurrences(of: "\(moduleName)/\(base):", with: "\(file):") }
            return t
        }
        if result.signalled {
            var message = result.stderr.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("error") }.map(String.init) ?? "signal \(result.status)"
            if result.status == SIGSEGV || result.status == SIGBUS, !message.contains("Fatal error") {
                message += " (a memory fault: an endless recursion overflows the stack)"
            }
            throw CompiledViewFailure("\(name): the view's code crashed while it ran: \(located(message))")
        }
        if result.status != 0 {
            let message = located(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
            throw CompiledViewFailure(message.hasPrefix(path) || message.contains(".swift:") ? message : "\(name): " + message)
        }
        let recording: Recording
        do {
            recording = try PropertyListDecoder().decode(Recording.self, from: Data(contentsOf: URL(fileURLWithPath: output)))
        } catch {
            throw CompiledViewFailure("\(name): the run left no readable recording: \(error)")
        }
        let dark = recording.preferredColorScheme == "dark"
        var lowering = RecordingLowering(recording: recording, assets: assetColors.mapValues { dark ? $0.dark : $0.light })
        let lowered = lowering.lower()
        func located(_ site: SourceSite) -> String {
            let base = site.file.split(separator: "/").last.map(String.init) ?? site.file
            return "\(byName[base] ?? site.file):\(site.line):\(site.column)"
        }
        var warnings = recording.warnings.map { "\(located($0.site)): \($0.api): \($0.effect)" }
            + lowering.warnings.map { "\(located($0.site)): \($0.message)" }
        warnings += leftOut.map { "\(($0 as NSString).lastPathComponent): left out of the compile: it does not compile with animo-render's SwiftUI" }
        let document = Self.document(name: entry, lowered: lowered, recording: recording, duration: duration, minimumDuration: minimumDuration)
        return CompiledView(fileName: name, warnings: warnings, document: document)
    }

    /// The size of a root view with a fixed `.frame(width:height:)` (and the padding outside it).
    static func fixedSize(of root: RecordedView) -> (width: Double, height: Double)? {
        var size: (width: Double, height: Double)?
        for m in root.modifiers {
            switch m {
            case .frame(let w?, let h?, _) where size == nil && w > 0 && h > 0:
                size = (w, h)
            case .padding(let edges, let length) where size != nil:
                let l = length ?? 16
                let all = edges.contains("all")
                let dx = (all || edges.contains("leading") ? l : 0) + (all || edges.contains("trailing") ? l : 0)
                let dy = (all || edges.contains("top") ? l : 0) + (all || edges.contains("bottom") ? l : 0)
                size = (size!.width + dx, size!.height + dy)
            default: continue
            }
        }
        return size
    }

    static func document(name: String, lowered: RecordingLowering.Lowered, recording: Recording, duration: Double?, minimumDuration: Double? = nil) -> SpecValue {
        // The last change the code made, and its animation's end; a TimelineView's ticks run to
        // the end of the run, so a view with one lasts at least 3 s rather than the whole run.
        // A change an `.animation(_:value:)` modifier animates runs as long as the longest such
        // animation in the view.
        var implicit = 0.0
        func walk(_ v: RecordedView) {
            for case .animation(let a?, _) in v.modifiers { implicit = max(implicit, RecordedValues.settleTime(a)) }
            // A symbol effect a change starts plays for about a second (a draw takes 0.8 s).
            for case .symbolEffect(_, let options, _, _) in v.modifiers { implicit = max(implicit, 1 / max(Double(options["speed"] ?? "1") ?? 1, 0.1)) }
            v.children.forEach(walk)
        }
        recording.updates.forEach { walk($0.root) }
        var end = 1.0
        for e in lowered.events where !e.isTick { end = max(end, e.time + max(RecordedValues.settleTime(e.animation), implicit)) }
        if lowered.events.isEmpty { end = max(end, implicit) }
        if lowered.events.contains(where: \.isTick) { end = max(end, 3) }
        let total = duration ?? max(min(10, (end * 10).rounded(.up) / 10), minimumDuration ?? 0)
        let dark = recording.preferredColorScheme == "dark"
        var canvas: [(String, SpecValue)]
        if let size = recording.updates.first.flatMap({ Self.fixedSize(of: $0.root) }) {
            // A preview that gives its root a fixed frame is that size, as Xcode's canvas shows
            // a fixed-layout preview: at scale 3, with no safe area.
            canvas = [("width", .number(size.width)), ("height", .number(size.height)), ("scale", .number(3))]
        } else {
            canvas = [("device", .string("iPhone 16"))]
        }
        canvas.append(("background", .string(dark ? "black" : "white")))
        if dark { canvas.append(("colorScheme", .string("dark"))) }
        var members: [(String, SpecValue)] = [
            ("name", .string(name)),
            ("about", .string("compiled with swiftc against animo-render's SwiftUI and run on its clock")),
            ("canvas", .object(canvas)),
            ("duration", .number(total)),
            ("fps", .number(30)),
        ]
        if !lowered.shapes.isEmpty { members.append(("shapes", .object(lowered.shapes))) }
        if !lowered.state.isEmpty { members.append(("state", .object(lowered.state))) }
        let events = lowered.events.filter { $0.time <= total }
        if !events.isEmpty {
            members.append(("events", .array(events.map { e in
                var m: [(String, SpecValue)] = [("at", .number((e.time * 1e6).rounded() / 1e6)), ("set", .object(e.set))]
                if let a = e.animation { m.append(("animation", RecordedValues.animation(a))) }
                return .object(m)
            })))
        }
        let content = lowered.content.isEmpty ? [SpecValue.object([("color", .string("clear"))])] : lowered.content
        members.append(("content", .array(content)))
        return .object(members)
    }

    /// The spec: decoded and checked like any spec, from the typed tree (no JSON text).
    public func load() throws(SpecErrors) -> Spec {
        try Spec.load(value: document.json(at: SourcePosition(line: 0, column: 0)), fileName: fileName)
    }

    /// The spec as JSON text, for `animo-render import`.
    public var json: String {
        var s = ""
        document.write(into: &s)
        return s + "\n"
    }
}
