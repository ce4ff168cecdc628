// The files a view is compiled with: the view's own file and the files of its project that
// declare what it uses, as Xcode compiles a target's files together. The project is the nearest
// folder up (at most eight levels) that holds an `.xcodeproj`, an `.xcworkspace`, a `Package.swift`
// or an asset catalogue, else the file's own folder; its Swift files outside test targets and build
// folders are read (bounded), and a file joins when it declares a type, a static member or a
// top-level name that the files already chosen mention, until none is added.
//
// In a Swift package a target sees only its own files and the modules it imports: a file under
// `Sources/<Target>/` is compiled with files of that target only, and each `import X` of the
// package's own target `X` (`Sources/X/`) is a module of its own, compiled from all its files
// (and its own imports first).
import Foundation

struct ProjectSources {
    static let fileLimit = 600
    static let byteLimit = 32 << 20

    var root: String
    var files: [String]
    /// The names the chosen files declare at the top level (types, functions, constants).
    var declared: Set<String> = []
    /// The package's own modules the files import, each after the modules it imports.
    var modules: [(name: String, files: [String])] = []

    init(main: String) {
        let mainPath = URL(fileURLWithPath: main).standardizedFileURL.path
        root = Self.projectRoot(of: (mainPath as NSString).deletingLastPathComponent)
        var candidates = Self.swiftFiles(under: root).filter { $0 != mainPath }
        let target = Self.packageTarget(of: mainPath, root: root)
        if let target { candidates = candidates.filter { $0.hasPrefix(target + "/") } }
        var texts: [String: String] = [:]
        var bytes = 0
        for path in candidates {
            guard bytes < Self.byteLimit, let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            bytes += text.utf8.count
            texts[path] = text
        }
        let mainText = (try? String(contentsOfFile: mainPath, encoding: .utf8)) ?? ""
        var chosen = [mainPath]
        var mentioned = Self.identifiers(mainText)
        var declared = Set(Self.declarations(mainText))
        var remaining = candidates.filter { texts[$0] != nil }
        var changed = true
        while changed {
            changed = false
            remaining = remaining.filter { path in
                let names = Self.declarations(texts[path]!)
                guard names.contains(where: { mentioned.contains($0) && !declared.contains($0) }) else { return true }
                chosen.append(path)
                mentioned.formUnion(Self.identifiers(texts[path]!))
                declared.formUnion(names)
                changed = true
                return false
            }
        }
        files = chosen
        self.declared = declared
        if target != nil { modules = Self.packageModules(importedBy: chosen, root: root) }
    }

    /// The target folder (`<root>/Sources/<Target>`) of a file in a Swift package, else nil.
    static func packageTarget(of file: String, root: String) -> String? {
        guard FileManager.default.fileExists(atPath: root + "/Package.swift") else { return nil }
        let sources = root + "/Sources/"
        guard file.hasPrefix(sources), let name = file.dropFirst(sources.count).split(separator: "/").first,
              file.dropFirst(sources.count).contains("/") else { return nil }
        return sources + name
    }

    /// The modules `files` import that are the package's own targets, dependencies first.
    static func packageModules(importedBy files: [String], root: String) -> [(name: String, files: [String])] {
        var order: [(name: String, files: [String])] = []
        var visiting: Set<String> = []
        func visit(_ name: String) {
            guard !visiting.contains(name), !order.contains(where: { $0.name == name }) else { return }
            let folder = root + "/Sources/" + name
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else { return }
            visiting.insert(name)
            let moduleFiles = swiftFiles(under: folder)
            for m in imports(of: moduleFiles) where m != name { visit(m) }
            visiting.remove(name)
            if !moduleFiles.isEmpty { order.append((name, moduleFiles)) }
        }
        for m in imports(of: files) { visit(m) }
        return order
    }

    /// The modules named by the files' `import` lines.
    static func imports(of files: [String]) -> [String] {
        var out: [String] = []
        for f in files {
            guard let text = try? String(contentsOfFile: f, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard let i = words.firstIndex(of: "import"), words[..<i].allSatisfy({ $0.hasPrefix("@") }), i + 1 < words.count else { continue }
                let name = String(words[i + 1].split(separator: ".").first ?? "")
                if !name.isEmpty, !out.contains(name) { out.append(name) }
            }
        }
        return out
    }

    /// How many folders above the file's a project root is looked for.
    static let levelsUp = 8

    static func projectRoot(of folder: String) -> String {
        var dir = folder
        for _ in 0...Self.levelsUp {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            if entries.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") || $0 == "Package.swift" || $0.hasSuffix(".xcassets") }) {
                return dir
            }
            let up = (dir as NSString).deletingLastPathComponent
            if up == dir || up.isEmpty { break }
            dir = up
        }
        return folder
    }

    static func swiftFiles(under root: String) -> [String] {
        var out: [String] = []
        guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]) else { return [] }
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if name.hasSuffix("Tests") || name == ".build" || name == "Pods" || name == "DerivedData" || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcassets") {
                    walker.skipDescendants()
                }
                continue
            }
            if name.hasSuffix(".swift"), name != "Package.swift" {
                out.append(url.standardizedFileURL.path)
                if out.count >= fileLimit { break }
            }
        }
        return out.sorted()
    }

    /// Names a file declares for other files: types, static members and top-level declarations.
    static func declarations(_ text: String) -> [String] {
        var names: [String] = []
        for line in code(text).split(separator: "\n", omittingEmptySubsequences: true) {
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            let topLevel = !(line.first?.isWhitespace ?? true)
            for (i, w) in words.enumerated() where i + 1 < words.count {
                switch w {
                case "struct", "class", "enum", "protocol", "actor", "typealias":
                    names.append(String(words[i + 1]))
                case "func", "var", "let":
                    if topLevel || (i > 0 && words[i - 1] == "static") { names.append(String(words[i + 1])) }
                default: break
                }
            }
        }
        return names
    }

    /// The names the code mentions: comments and string literals left out, whose words would pull
    /// in files the code does not use.
    static func identifiers(_ text: String) -> Set<String> {
        Set(code(text).split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
    }

    /// The text with comments and the contents of string literals blanked out.
    static func code(_ text: String) -> String {
        String(String.UnicodeScalarView(SourceMask.mask(Array(text.unicodeScalars))))
    }
}
