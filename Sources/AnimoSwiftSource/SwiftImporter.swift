// The Swift front end's entry point: parse a SwiftUI file with the toolchain's parser
// (SwiftParser; syntax errors are SwiftParserDiagnostics' own messages), list what can be rendered
// (`#Preview` blocks, PreviewProviders, View structs), and compile one of them into a spec
// document — JSON text plus a source map — that `Spec.load` validates like any spec. The spec is
// the one semantic core: what `animo-render import` prints is exactly what is rendered.
import Foundation
import AnimoSpec
internal import SwiftSyntax
internal import SwiftParser
internal import SwiftParserDiagnostics
internal import SwiftDiagnostics
internal import SwiftOperators

/// Something that can be rendered from a Swift file.
public struct SwiftPreviewEntry: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// `#Preview("name") { … }` (unnamed: "Preview", "Preview 2", …).
        case preview = "#Preview"
        /// `struct X_Previews: PreviewProvider`.
        case previewProvider = "PreviewProvider"
        /// `struct X: View`.
        case view = "View"
    }
    public var name: String
    public var kind: Kind
    public var line: Int
}

public struct SwiftImportOptions: Sendable {
    /// A preview's name or a View type's name; nil = the default (docs/swift.md).
    public var preview: String?
    /// Seconds to render; nil = from the events and animations (1…10 s).
    public var duration: Double?

    /// The named colours of the project's asset catalogues (`Color("BgColor")`);
    /// `AssetColors.load(catalogues: AssetColors.catalogues(near: file))` finds them.
    public var assetColors: AssetColors

    /// Without `duration`: the render lasts at least this long (seconds; a tap given on the
    /// command line after the compiled duration, and its response).
    public var minimumDuration: Double?

    public init(preview: String? = nil, duration: Double? = nil, assetColors: AssetColors = .none, minimumDuration: Double? = nil) {
        self.preview = preview
        self.duration = duration
        self.assetColors = assetColors
        self.minimumDuration = minimumDuration
    }
}

/// A file that could not be compiled: every diagnostic, errors first.
public struct SwiftImportFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [SwiftDiagnostic]
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// A compiled view: the spec document, its source map and the warnings.
public struct SwiftImport: Sendable {
    /// The device a preview without a constant root frame is shown on (its size and safe area).
    public static let previewDevice = "iPhone 16"

    /// The Swift file's name, for messages.
    public var fileName: String
    /// The entry that was compiled.
    public var entry: SwiftPreviewEntry
    /// The spec document (JSON text).
    public var json: String
    public var sourceMap: SwiftSourceMap
    /// Constructs not modelled: what the render leaves out or approximates.
    public var warnings: [SwiftDiagnostic]

    /// Loads the document; spec errors are placed at the Swift code that produced them.
    public func load() throws(SpecErrors) -> Spec {
        do {
            return try Spec.load(json: json, fileName: fileName + ".spec.json")
        } catch {
            throw remap(error)
        }
    }

    /// Spec errors (from loading, or found later by the renderer) at their Swift positions.
    /// Errors placed in a `.metal` shader source (docs/shaders.md) keep their file and position.
    public func remap(_ errors: SpecErrors) -> SpecErrors {
        SpecErrors(errors.errors.map { e in
            if e.file.hasSuffix(".metal") && e.line > 0 { return e }
            let p = sourceMap.position(of: e.path)
            return SpecError(file: p?.file ?? fileName, path: e.path, line: p?.line ?? 0, column: p?.column ?? 0, message: e.message)
        })
    }
}

/// A parsed Swift file.
public final class SwiftSourceFile: @unchecked Sendable {
    public let fileName: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    let index: SourceIndex

    /// Reads and parses a file; a syntax error throws the parser's diagnostics. Types the file
    /// uses but does not declare are looked for in the other files of its project
    /// (ProjectFiles.swift).
    public convenience init(path: String) throws(SwiftImportFailure) {
        try self.init(path: path, displayName: (path as NSString).lastPathComponent, project: ProjectFiles(mainPath: path))
    }

    convenience init(path: String, displayName name: String, project: ProjectFiles?) throws(SwiftImportFailure) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SwiftImportFailure(diagnostics: [SwiftDiagnostic(file: name, line: 0, column: 0, construct: "", message: "cannot read the file \(path)", severity: .error)])
        }
        guard data.count <= 4 << 20 else {
            throw SwiftImportFailure(diagnostics: [SwiftDiagnostic(file: name, line: 0, column: 0, construct: "", message: "the file is \(data.count) bytes; the limit for a Swift source is 4 MiB", severity: .error)])
        }
        guard !data.contains(0), let text = String(data: data, encoding: .utf8) else {
            throw SwiftImportFailure(diagnostics: [SwiftDiagnostic(file: name, line: 0, column: 0, construct: "", message: "not a Swift source file (binary data, not UTF-8 text)", severity: .error)])
        }
        try self.init(text: text, fileName: name, project: project)
    }

    /// Parses text; nothing outside it is read.
    public convenience init(text: String, fileName: String) throws(SwiftImportFailure) {
        try self.init(text: text, fileName: fileName, project: nil)
    }

    init(text: String, fileName: String, project: ProjectFiles?) throws(SwiftImportFailure) {
        self.fileName = fileName
        let parsed = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: fileName, tree: parsed)
        let errors = ParseDiagnosticsGenerator.diagnostics(for: parsed).filter { $0.diagMessage.severity == .error }
        if !errors.isEmpty {
            throw SwiftImportFailure(diagnostics: errors.prefix(20).map { d in
                let l = d.location(converter: converter)
                return SwiftDiagnostic(file: fileName, line: l.line, column: l.column, construct: "syntax error", message: d.message, severity: .error)
            })
        }
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self) ?? parsed
        self.tree = folded
        self.converter = SourceLocationConverter(fileName: fileName, tree: folded)
        self.index = SourceIndex(folded)
        self.index.project = project
    }

    /// Stored properties a View must be given (no default value, no init without arguments).
    func requiredArguments(_ t: TypeDecl) -> [String] {
        if t.initializers.contains(where: { $0.signature.parameterClause.parameters.allSatisfy { $0.defaultValue != nil } }) { return [] }
        // A View that declares initializers has no memberwise one: it needs what they all ask for.
        if let first = t.initializers.first {
            return first.signature.parameterClause.parameters.filter { $0.defaultValue == nil }.map { ($0.secondName ?? $0.firstName).text }
        }
        // The memberwise initializer asks for every stored property without a value, `@State`
        // ones included.
        return t.properties.filter { !$0.isStatic && $0.getter == nil && $0.initializer == nil && !$0.name.hasPrefix("_")
            && !Self.wrapperGivesValue($0) && $0.type?.hasPrefix("Environment") != true && !$0.type.map { $0.hasSuffix("?") }.isTrue }.map(\.name)
    }

    /// Property wrappers that need no value from the caller: SwiftUI fills them in.
    static let implicitWrappers: Set<String> = ["Environment", "EnvironmentObject", "Namespace", "FocusState", "FocusedValue", "GestureState", "AppStorage", "SceneStorage", "ScaledMetric", "Query"]

    static func wrapperGivesValue(_ p: TypeDecl.Property) -> Bool {
        guard let v = p.node.parent?.parent?.as(VariableDeclSyntax.self) else { return false }
        return v.attributes.contains { a in
            guard let name = a.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return false }
            return implicitWrappers.contains(name)
        }
    }

    /// What can be rendered, in source order of kind: previews first, then the View types that
    /// need no arguments (the others render through a preview that makes them).
    public var entries: [SwiftPreviewEntry] {
        let previews = index.previews.map { p in
            SwiftPreviewEntry(name: p.name, kind: p.isMacro ? .preview : .previewProvider, line: p.node.startLocation(converter: converter).line)
        }
        let views = index.views.filter { requiredArguments($0).isEmpty }.map { t in SwiftPreviewEntry(name: t.name, kind: .view, line: t.node.startLocation(converter: converter).line) }
        return previews + views
    }

    /// The entry `--preview NAME` picks; the default is the first #Preview, else the first
    /// PreviewProvider, else the first View.
    public func entry(named name: String?) throws(SwiftImportFailure) -> SwiftPreviewEntry {
        let all = entries
        if let name {
            if let e = all.first(where: { $0.name == name }) { return e }
            if let t = index.declaredHere(name), t.isView {
                return SwiftPreviewEntry(name: name, kind: .view, line: t.node.startLocation(converter: converter).line)
            }
            let names = all.map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw failure("no preview or View named \"\(name)\"; this file has \(names.isEmpty ? "none" : names) (animo-render previews FILE lists them)")
        }
        if let e = all.first(where: { $0.kind == .preview }) ?? all.first(where: { $0.kind == .previewProvider }) ?? all.first(where: { $0.kind == .view }) {
            return e
        }
        throw failure("no View in the file: nothing to render (a struct conforming to View, or a #Preview)")
    }

    func failure(_ message: String, line: Int = 0, column: Int = 0, construct: String = "", file: String? = nil) -> SwiftImportFailure {
        SwiftImportFailure(diagnostics: [SwiftDiagnostic(file: file ?? fileName, line: line, column: column, construct: construct, message: message, severity: .error)])
    }

    /// Compiles one entry into a spec document.
    public func compile(_ options: SwiftImportOptions = SwiftImportOptions()) throws(SwiftImportFailure) -> SwiftImport {
        let entry = try entry(named: options.preview)
        let c = Compiler(fileName: fileName, converter: converter, index: index)
        if let d = options.duration { c.horizon = d } else if let m = options.minimumDuration { c.horizon = max(c.horizon, m) }
        c.assetColors = options.assetColors
        do {
            let (items, root) = try rootItems(entry, c)
            if let items {
                let text = Array(items).filter { !c.skippedItems.contains($0.id) }.map(\.trimmedDescription).joined(separator: "\n")
                c.darkScheme = text.contains("preferredColorScheme(.dark)") || text.contains("colorScheme, .dark")
                if let (w, h) = c.rootFrame(items) { c.canvasWidth = w; c.canvasHeight = h; c.hasRootFrame = true }
            }
            // On a device the root view is offered the safe area (SwiftUI places a hosting
            // view's content there); `.ignoresSafeArea` extends a view back to the screen's edges.
            if !c.hasRootFrame, let device = DevicePreset.named(SwiftImport.previewDevice) {
                c.safeAreaTop = device.safeAreaInsets.top
                c.safeAreaBottom = device.safeAreaInsets.bottom
            }
            let canvas = Rect(x: .num(0), y: .num(c.safeAreaTop), width: .num(c.canvasWidth),
                              height: .num(c.canvasHeight - c.safeAreaTop - c.safeAreaBottom))
            let ctx = ViewContext(rect: canvas)
            var content: [JSON]
            if let items {
                content = try c.compileViewItems(items, Scope(parent: nil), ctx)
            } else if let root {
                content = try c.guarded(c.position(root.node)) { try c.compileInstance(root, Arguments(list: [], trailing: []), Scope(parent: nil), ctx, c.position(root.node)) }
            } else {
                content = []
            }
            content = content.map(c.resolvingHandlers)
            try c.runEvents()
            let document = c.document(name: entry.name, content: content, options: options)
            var writer = JSONWriter()
            writer.write(document)
            return SwiftImport(fileName: fileName, entry: entry, json: writer.text, sourceMap: SwiftSourceMap(positions: writer.map),
                               warnings: c.diagnostics)
        } catch let f as FatalCompileError {
            throw failure(f.message, line: f.position.line, column: f.position.column, construct: f.construct, file: f.position.file)
        } catch let u as Unsupported {
            throw failure(u.message, line: u.position.line, column: u.position.column, construct: u.construct, file: u.position.file)
        } catch let n as NeedsConstant {
            throw failure("depends on \(n.names.sorted().joined(separator: ", ")), known only while rendering", line: n.position.line, column: n.position.column, construct: n.what, file: n.position.file)
        } catch let f as SwiftImportFailure {
            throw f
        } catch let t as SwiftThrow {
            throw failure("an error thrown here is not caught (do/catch, try?): nothing is rendered", line: t.position.line, column: t.position.column, construct: "throw")
        } catch {
            throw failure("\(error)")
        }
    }

    private func rootItems(_ entry: SwiftPreviewEntry, _ c: Compiler) throws -> (CodeBlockItemListSyntax?, TypeDecl?) {
        switch entry.kind {
        case .preview, .previewProvider:
            guard let p = index.previews.first(where: { $0.name == entry.name }) else { return (nil, nil) }
            c.skippedItems = p.skipped
            return (p.items, nil)
        case .view:
            guard let t = index.declaredHere(entry.name) else { return (nil, nil) }
            let required = requiredArguments(t)
            if !required.isEmpty {
                throw failure("\(t.name) needs arguments (\(required.joined(separator: ", "))): render a #Preview that makes one", line: c.position(t.node).line, column: c.position(t.node).column, construct: t.name)
            }
            return (nil, t)
        }
    }
}

extension Optional where Wrapped == Bool {
    var isTrue: Bool { self == true }
}

extension Arguments {
    init(list: [(label: String?, expr: ExprSyntax)], trailing: [ClosureExprSyntax]) {
        self.list = list
        self.trailing = trailing
    }
}

extension Compiler {
    /// A constant `.frame(width:height:)` on the preview's root view: the canvas size.
    func rootFrame(_ items: CodeBlockItemListSyntax) -> (Double, Double)? {
        for item in items.reversed() where !skippedItems.contains(item.id) {
            guard case .expr(let e) = item.item, let (_, mods) = splitChain(e, Scope(parent: nil)) else { continue }
            for m in mods.reversed() where m.name == "frame" {
                guard let we = m.args.labeled("width"), let he = m.args.labeled("height"),
                      let w = try? constant(we, Scope(parent: nil), "width"), let h = try? constant(he, Scope(parent: nil), "height"),
                      w > 0, h > 0, w <= 4096, h <= 4096 else { continue }
                return (w, h)
            }
            return nil
        }
        return nil
    }

    func document(name: String, content: [JSON], options: SwiftImportOptions) -> JSON {
        reportInitialIndexReads()
        var duration = options.duration ?? {
            var end = 1.0
            for e in events { end = max(end, e.at + settleTime(e.animation)) }
            end = max(end, (events.last?.at ?? 0) + modifierSettle)
            if usesClock { end = max(end, 3) }
            return max(min(horizon, (end * 10).rounded(.up) / 10), options.minimumDuration ?? 0)
        }()
        duration = max(duration, 0.1)
        // Without a constant root frame the preview is an iPhone 16's screen with its safe area,
        // where layout views are centred as a hosting view centres them.
        var canvasMembers: [(String, JSON)] = hasRootFrame
            ? [("width", .number(canvasWidth)), ("height", .number(canvasHeight)), ("scale", .number(3))]
            : [("device", .string(SwiftImport.previewDevice))]
        canvasMembers.append(("background", .string(darkScheme ? "black" : "white")))
        if darkScheme { canvasMembers.append(("colorScheme", .string("dark"))) }
        var members: [(String, JSON)] = [
            ("name", .string(name)),
            ("about", .string("compiled from \(fileName) by animo-render's Swift front end")),
            ("canvas", .object(canvasMembers)),
            ("duration", .number(duration)),
            ("fps", .number(30)),
        ]
        if !states.isEmpty {
            members.append(("state", .object(states.map { s in
                if s.arrayKind == "records" {
                    return (s.name, .located(s.position, .object([("records", .object(s.recordFields)), ("initial", .array(s.arrayInitial))])))
                }
                if let kind = s.arrayKind { return (s.name, .located(s.position, .object([(kind, .array(s.arrayInitial))]))) }
                return (s.name, .located(s.position, s.isBool ? .bool(s.initial != 0) : .number(s.initial)))
            })))
        }
        if !shapeTemplates.isEmpty { members.append(("shapes", .object(shapeTemplates.map { ($0.name, $0.json) }))) }
        let kept = events.filter { $0.at <= duration }
        if !kept.isEmpty {
            members.append(("events", .array(kept.map { e in
                var m: [(String, JSON)] = [("at", .number((e.at * 1e6).rounded() / 1e6)), ("set", .object(e.set.map { (name, v) in
                    (name, states.first { $0.name == name }?.isBool == true ? .bool(v != 0) : .number(v))
                } + e.operations))]
                if let a = e.animation { m.append(("animation", a.json)) }
                return .located(e.position, .object(m))
            })))
        }
        members.append(("content", .array(content.isEmpty ? [.object([("group", .array([.object([("rectangle", .object([("frame", .array([.number(0), .number(0), .number(0), .number(0)]))])), ("fill", .string("clear"))])]))])] : content)))
        return .object(members)
    }
}
