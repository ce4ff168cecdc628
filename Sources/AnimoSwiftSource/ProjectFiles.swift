// Types declared in the other Swift files of the project a file belongs to: a View or Shape that
// the file uses but another file of its folder declares (as Xcode compiles every file of a target
// together). Looked up only when the file itself does not declare a name, and bounded: the file's
// own folder, then the project folder (the nearest folder up, at most three levels, that holds an
// `.xcodeproj`, `.xcworkspace` or `Package.swift`) and its subfolders; at most `fileLimit` files
// and `byteLimit` bytes are read, and only the files that declare a wanted name are parsed.
import Foundation
internal import SwiftSyntax

final class ProjectFiles: @unchecked Sendable {
    static let fileLimit = 400
    static let byteLimit = 32 << 20
    static let folderLimit = 2_000
    static let levelsUp = 3

    /// The compiled file (standardized path) and its folder.
    let mainPath: String
    let folder: URL
    /// Type name → the files that declare it (by a cheap scan of their text), in search order.
    private var declaring: [String: [String]]? = nil
    private var parsedFiles: [String: SwiftSourceFile?] = [:]
    private var found: [String: TypeDecl?] = [:]
    /// The files parsed so far, by the identifier of their syntax tree's root.
    private(set) var files: [SyntaxIdentifier: SwiftSourceFile] = [:]

    init(mainPath: String) {
        let url = URL(fileURLWithPath: mainPath).standardizedFileURL
        self.mainPath = url.path
        self.folder = url.deletingLastPathComponent()
    }

    /// Its caches fill lazily; one compile at a time reads them, but a parsed file may be
    /// compiled from several threads.
    private let lock = NSLock()

    /// A non-private type `name` declared in another file of the project, or nil.
    func type(named name: String) -> TypeDecl? {
        lock.lock()
        defer { lock.unlock() }
        if let known = found[name] { return known }
        var result: TypeDecl? = nil
        for path in candidates()[name] ?? [] {
            guard let file = parse(path), let t = file.index.declared(name), !t.isFilePrivate else { continue }
            result = t
            break
        }
        found[name] = result
        return result
    }

    /// The file a syntax node of a parsed project file belongs to.
    func file(containing node: some SyntaxProtocol) -> SwiftSourceFile? {
        lock.lock()
        defer { lock.unlock() }
        return files.isEmpty ? nil : files[node.root.id]
    }

    private func parse(_ path: String) -> SwiftSourceFile? {
        if let done = parsedFiles[path] { return done }
        let file = try? SwiftSourceFile(path: path, displayName: displayName(path), project: nil)
        parsedFiles[path] = file
        if let file { files[Syntax(file.tree).id] = file }
        return file
    }

    /// The name a diagnostic gives the file: its path from the compiled file's folder when it is
    /// inside it, else from the project folder.
    private func displayName(_ path: String) -> String {
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        if path.hasPrefix(base) { return String(path.dropFirst(base.count)) }
        if let root = projectRoot() {
            let r = root.path.hasSuffix("/") ? root.path : root.path + "/"
            if path.hasPrefix(r) { return String(path.dropFirst(r.count)) }
        }
        return (path as NSString).lastPathComponent
    }

    private var root: URL?? = nil
    private func projectRoot() -> URL? {
        if let r = root { return r }
        let fm = FileManager.default
        var f = folder
        var result: URL? = nil
        for _ in 0...Self.levelsUp {
            let names = (try? fm.contentsOfDirectory(atPath: f.path)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") || $0 == "Package.swift" }) {
                result = f
                break
            }
            let parent = f.deletingLastPathComponent()
            if parent.path == f.path { break }
            f = parent
        }
        root = .some(result)
        return result
    }

    /// The project's Swift files in search order: the compiled file's folder (sorted), then the
    /// project folder's tree, breadth first; hidden folders and build products are skipped.
    func swiftFiles() -> [String] {
        let fm = FileManager.default
        var result: [String] = []
        var seen: Set<String> = [mainPath]
        func add(_ path: String) {
            guard result.count < Self.fileLimit, seen.insert(path).inserted else { return }
            result.append(path)
        }
        for name in ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where name.hasSuffix(".swift") && !name.hasPrefix(".") {
            add(folder.appendingPathComponent(name).path)
        }
        guard let root = projectRoot() else { return result }
        var queue = [root]
        var visited = 0
        while !queue.isEmpty, visited < Self.folderLimit, result.count < Self.fileLimit {
            let next = queue.removeFirst()
            visited += 1
            guard let names = try? fm.contentsOfDirectory(atPath: next.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let url = next.appendingPathComponent(name)
                if name.hasSuffix(".swift") { add(url.standardizedFileURL.path); continue }
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                if ["build", "DerivedData", "node_modules", "Pods", "Carthage"].contains(name) || name.hasSuffix(".xcodeproj")
                    || name.hasSuffix(".xcassets") || name.hasSuffix(".xcworkspace") { continue }
                queue.append(url)
            }
        }
        return result
    }

    /// Type name → files whose text declares it (`struct`, `class`, `enum`, `actor` followed by
    /// the name), read once.
    private func candidates() -> [String: [String]] {
        if let d = declaring { return d }
        var map: [String: [String]] = [:]
        var budget = Self.byteLimit
        for path in swiftFiles() {
            guard budget > 0, let data = FileManager.default.contents(atPath: path), data.count <= min(budget, 4 << 20) else { continue }
            budget -= data.count
            for name in Self.declaredNames(data) where map[name]?.last != path {
                map[name, default: []].append(path)
            }
        }
        declaring = map
        return map
    }

    /// Identifiers that follow `struct`, `class`, `enum` or `actor` in the text (comments and
    /// strings are not told apart: a false candidate is parsed and found not to declare the name).
    static func declaredNames(_ data: Data) -> [String] {
        var names: [String] = []
        var previous = ""
        var current: [UInt8] = []
        func isIdentifier(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80 }
        func flush() {
            guard !current.isEmpty else { return }
            let word = String(decoding: current, as: UTF8.self)
            if ["struct", "class", "enum", "actor"].contains(previous) { names.append(word) }
            previous = word
            current.removeAll(keepingCapacity: true)
        }
        for b in data {
            if isIdentifier(b) {
                current.append(b)
            } else {
                flush()
                if b != 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { previous = "" }
            }
        }
        flush()
        return names
    }
}
