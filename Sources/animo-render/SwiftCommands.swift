// Swift source input (docs/swift.md): `animo-render View.swift --out DIR [--preview NAME]`,
// `animo-render previews FILE.swift` and `animo-render import FILE.swift`. The front end compiles
// the Swift into a spec document which loads and renders like any spec; its warnings (constructs
// left out or approximated) are printed, and --strict makes them errors (exit 2).
import Foundation
import AnimoSpec

/// Options shared by the Swift commands.
struct SwiftInputOptions {
    var preview: String?
    var duration: Double?
    /// Without `duration`: at least this long (the last --tap or --drag and a second after it).
    var minimumDuration: Double?
    var strict = false
    var quiet = false
    /// `--front-end compiled`: compile the file with swiftc against animo-render's SwiftUI and run
    /// it (AnimoSwiftCompiled) instead of interpreting it.
    var compiled = false
    /// `--tap` and `--drag`, which the compiled front end plays in the view's own process.
    var interactions: [SpecInteraction] = []

    static func frontEnd(_ value: String?) throws -> Bool {
        switch value {
        case nil, "interpreted": return false
        case "compiled": return true
        case let v?: throw UsageError(description: "--front-end takes compiled or interpreted, not \(v)")
        }
    }
}

#if ANIMO_SWIFT_FRONT_END
import AnimoSwiftSource
import AnimoScene
import AnimoMetal
import AnimoSwiftCompiled

enum SwiftFrontEnd {
    static let available = true

    /// The compiled front end: the preview chosen as the interpreter chooses it, compiled and run.
    static func compiled(_ path: String, _ o: SwiftInputOptions) throws -> CompiledView {
        let file: SwiftSourceFile
        do { file = try SwiftSourceFile(path: path) } catch { throw SpecFailure(message: "\(error)") }
        let entry: SwiftPreviewEntry
        do { entry = try file.entry(named: o.preview) } catch { throw SpecFailure(message: "\(error)") }
        let kind: CompiledView.EntryKind = entry.kind == .preview ? .preview : entry.kind == .previewProvider ? .previewProvider : .view
        let view: CompiledView
        do {
            let assets = AssetColors.load(catalogues: AssetColors.catalogues(near: URL(fileURLWithPath: path)))
            let gestures: [CompiledView.Interaction] = o.interactions.map { x in
                switch x.kind {
                case .tap(let target, let hold):
                    let t: CompiledView.Interaction.Target?
                    switch target {
                    case .name(let n)?: t = .label(n)
                    case .index(let i)?: t = .index(i)
                    case .point(let px, let py)?: t = .point(px, py)
                    case nil: t = nil
                    }
                    return .tap(at: x.at, hold: hold, target: t)
                case .drag(let from, let to, let duration):
                    return .drag(at: x.at, from: from, to: to, duration: duration)
                }
            }
            view = try CompiledView.compile(path: path, entry: entry.name, kind: kind, line: entry.line, duration: o.duration, minimumDuration: o.minimumDuration,
                                            cacheDirectory: MetalToolchain.current.cacheDirectory,
                                            assetColors: assets.colors.mapValues { ($0.light, $0.dark) }, interactions: gestures)
        } catch {
            throw SpecFailure(message: "\(error)")
        }
        if o.strict, !view.warnings.isEmpty {
            throw SpecFailure(message: (view.warnings.map { "error: \($0)" } + ["\(view.warnings.count) construct(s) not modelled (--strict)"]).joined(separator: "\nanimo-render: "))
        }
        for w in view.warnings { FileHandle.standardError.write(Data("animo-render: warning: \(w)\n".utf8)) }
        return view
    }

    /// Compiles FILE.swift and loads the spec; warnings go to stderr (errors under --strict).
    static func load(_ path: String, _ o: SwiftInputOptions) throws -> (Spec, remap: (SpecErrors) -> SpecErrors) {
        if o.compiled {
            let view = try compiled(path, o)
            do {
                var spec = try view.load()
                let folder = (path as NSString).deletingLastPathComponent
                spec.baseDirectory = folder.isEmpty ? "." : folder
                // ShaderLibrary.name(…) resolves to the .metal files beside the Swift file that
                // declare it (docs/shaders.md), as for the interpreted front end.
                if let scene = try? ResolvedScene(spec: spec), let base = spec.baseDirectory {
                    spec.shaderSources = MetalSourceSearch.sources(in: base, defining: Set(scene.shaderUses.map(\.name)))
                }
                return (spec, { $0 })
            } catch {
                throw SpecFailure(message: "\(error)")
            }
        }
        let compiled = try compile(path, o)
        do {
            var spec = try compiled.load()
            spec.baseDirectory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
            // ShaderLibrary.name(…) resolves first to the .metal files beside the Swift file that
            // declare it (docs/shaders.md), as the app's own library would.
            if let scene = try? ResolvedScene(spec: spec), let base = spec.baseDirectory {
                spec.shaderSources = MetalSourceSearch.sources(in: base, defining: Set(scene.shaderUses.map(\.name)))
            }
            return (spec, compiled.remap)
        } catch {
            throw SpecFailure(message: "\(error)")
        }
    }

    static func compile(_ path: String, _ o: SwiftInputOptions) throws -> SwiftImport {
        let compiled: SwiftImport
        do {
            let assets = AssetColors.load(catalogues: AssetColors.catalogues(near: URL(fileURLWithPath: path)))
            compiled = try SwiftSourceFile(path: path).compile(SwiftImportOptions(preview: o.preview, duration: o.duration, assetColors: assets, minimumDuration: o.minimumDuration))
        } catch {
            throw SpecFailure(message: "\(error)")
        }
        if o.strict, !compiled.warnings.isEmpty {
            let lines = compiled.warnings.map { "error: \($0)" }
            throw SpecFailure(message: (lines + ["\(compiled.warnings.count) construct(s) not modelled (--strict)"]).joined(separator: "\nanimo-render: "))
        }
        for w in compiled.warnings {
            FileHandle.standardError.write(Data("animo-render: warning: \(w)\n".utf8))
        }
        return compiled
    }

    static func previews(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try OptionSpec(valued: [], switches: ["help"]).parse(args)
        if o.flag("help") { print(helpPreviews); return 0 }
        guard let path = o.positionals.first, o.positionals.count == 1 else { throw UsageError(description: "previews takes one FILE.swift") }
        let file: SwiftSourceFile
        do { file = try SwiftSourceFile(path: path) } catch { throw SpecFailure(message: "\(error)") }
        let entries = file.entries
        if entries.isEmpty { throw SpecFailure(message: "\(path): no View in the file: nothing to render") }
        let chosen = try? file.entry(named: nil)
        let width = entries.map(\.name.count).max() ?? 0
        for e in entries {
            let name = e.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let kind = e.kind.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
            print("\(name)  \(kind)line \(e.line)\(e == chosen ? "  (default)" : "")")
        }
        return 0
    }

    static func importCommand(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try OptionSpec(valued: ["preview", "duration", "front-end"], switches: ["help", "strict"]).parse(args)
        if o.flag("help") { print(helpImport); return 0 }
        guard let path = o.positionals.first, o.positionals.count == 1 else { throw UsageError(description: "import takes one FILE.swift") }
        let options = SwiftInputOptions(preview: o.string("preview"), duration: try o.double("duration", range: 0.1...600), strict: o.flag("strict"),
                                        compiled: try SwiftInputOptions.frontEnd(o.string("front-end")))
        if options.compiled {
            let view = try compiled(path, options)
            do { _ = try view.load() } catch { throw SpecFailure(message: "\(error)") }
            print(view.json, terminator: "")
            return 0
        }
        let compiled = try compile(path, options)
        do { _ = try compiled.load() } catch { throw SpecFailure(message: "\(error)") }
        print(compiled.json, terminator: "")
        return 0
    }
}
#else
enum SwiftFrontEnd {
    static let available = false
    static let unavailable = "Swift source input needs the toolchain's SwiftSyntax host libraries (<toolchain>/usr/lib/swift/host); this animo-render was built without them (docs/swift.md)"

    static func load(_ path: String, _ o: SwiftInputOptions) throws -> (Spec, remap: (SpecErrors) -> SpecErrors) {
        throw SpecFailure(message: unavailable)
    }
    static func previews(_ args: ArraySlice<String>) throws -> Int32 { throw SpecFailure(message: unavailable) }
    static func importCommand(_ args: ArraySlice<String>) throws -> Int32 { throw SpecFailure(message: unavailable) }
}
#endif

extension SwiftFrontEnd {
    static let helpPreviews = """
    animo-render previews FILE.swift
      Lists what FILE.swift can render: its #Preview blocks, PreviewProviders and View structs, with
      their lines; (default) marks what `animo-render FILE.swift` renders without --preview (the
      first #Preview, else the first PreviewProvider, else the first View). docs/swift.md
    """

    static let helpImport = """
    animo-render import FILE.swift [--preview NAME] [--duration S] [--strict] [--front-end compiled|interpreted]
      Compiles a SwiftUI view into a spec and prints it (JSON) on stdout: exactly what
      `animo-render FILE.swift` renders. Constructs not modelled are printed on stderr as
      file:line:column: construct: what the render does instead; --strict makes them errors (exit 2).
      --preview NAME   a #Preview's name or a View type (default: see `animo-render previews`)
      --duration S     seconds to render (default: from the events and animations, 1…10 s)
      --front-end F    interpreted (default) or compiled: swiftc against animo-render's SwiftUI,
                       the view's code run on the render's clock (docs/swift.md, "Compiled")
    docs/swift.md
    """
}
