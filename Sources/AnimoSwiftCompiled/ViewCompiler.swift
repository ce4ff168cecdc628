// Compiles a view's project files against animo-render's SwiftUI into a shared library (or finds
// it in the cache, keyed by the sources' contents, the library and the compiler), then runs one
// preview of it in the host process and reads the recording.
import Foundation
import AnimoViewRecord

struct ViewCompiler {
    let swiftUI: CompiledSwiftUI
    let cacheFolder: String

    /// The library for `sources` with `entry` (Swift source of the renderer's entry point).
    /// `entryError` explains an error swiftc finds in `entry` itself (the entry names a View that
    /// cannot be made without arguments).
    /// `stage` gives the text compiled for each file (its previews blanked out, the main file's
    /// entry point appended); `stageKey` is what distinguishes one staging from another in the cache.
    func library(sources: [String], packageModules: [(name: String, files: [String])] = [], projectNames: Set<String> = [], entry: String, moduleName: String, entryError: String,
                 stageKey: String = "", stage: (String, String) -> String = { $1 }) throws(CompiledViewFailure) -> (path: String, leftOut: [String]) {
        var files = sources
        var leftOut: [String] = []
        var lastErrors = ""
        var leftOutReasons: [(file: String, error: String)] = []
        let modules = try stageModules()
        let (built, moduleLeftOut) = try buildPackageModules(packageModules, modules: modules)
        leftOut += moduleLeftOut
        var linkArgs: [String] = []
        for m in built { linkArgs += ["-I", m.folder, "-L", m.folder, "-l" + m.name, "-Xlinker", "-rpath", "-Xlinker", m.folder] }
        for _ in 0..<10 {
            var h = ContentHash()
            h.add(swiftUI.fingerprint())
            for m in built { h.add(m.folder) }
            h.add(entry)
            h.add(stageKey)
            for f in files {
                h.add(f)
                h.add((try? Data(contentsOf: URL(fileURLWithPath: f))) ?? Data())
            }
            let folder = cacheFolder + "/" + h.hex
            let lib = folder + "/libViews.so"
            if FileManager.default.fileExists(atPath: lib) { return (lib, leftOut) }
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let entryPath = folder + "/AnimoEntry.swift"
            try? entry.write(toFile: entryPath, atomically: true, encoding: .utf8)
            // Each file compiled from its staged copy, under its own name (`#fileID` and the
            // preview symbols use it), in a folder of its own.
            var staged: [(copy: String, original: String)] = []
            for f in files {
                let index = sources.firstIndex(of: f) ?? 0
                let dir = folder + "/src/\(index)"
                try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                let copy = dir + "/" + (f as NSString).lastPathComponent
                let text = (try? String(contentsOfFile: f, encoding: .utf8)) ?? ""
                try? stage(f, text).write(toFile: copy, atomically: true, encoding: .utf8)
                staged.append((copy, f))
            }
            let tmp = folder + "/libViews.so.partial"
            let args = ["-swift-version", "5", "-emit-library", "-parse-as-library", "-Onone", "-suppress-warnings", "-D", "DEBUG",
                        "-module-name", moduleName, "-I", modules, "-L", swiftUI.folder, "-lSwiftUI",
                        "-load-plugin-library", swiftUI.folder + "/libAnimoPreviewMacros.so",
                        "-Xlinker", "-rpath", "-Xlinker", swiftUI.folder, "-o", tmp] + linkArgs + staged.map(\.copy) + [entryPath]
            let result = HostProcess.run(swiftUI.swiftc, args, seconds: 300)
            if result.status == 0, FileManager.default.fileExists(atPath: tmp) {
                try? FileManager.default.removeItem(atPath: lib)
                do { try FileManager.default.moveItem(atPath: tmp, toPath: lib) } catch {
                    throw CompiledViewFailure("cannot write the compiled views into \(folder): \(error.localizedDescription)")
                }
                return (lib, leftOut)
            }
            // swiftc's messages name the staged copies: the user's files instead.
            var stderr = result.stderr
            for (copy, original) in staged { stderr = stderr.replacingOccurrences(of: copy, with: original) }
            let errors = SwiftcDiagnostics(text: stderr)
            let failing = Set(errors.files).subtracting([sources[0], entryPath])
            lastErrors = errors.report(main: sources[0], fallback: stderr, projectNames: projectNames) + Self.notes(leftOutReasons)
            // A project file that does not compile is left out and the rest compiled again: the
            // view's own errors may come from it (a type it declares, then missing).
            if !failing.isEmpty {
                for f in failing.sorted() {
                    let first = errors.lines.first { $0.file == f }?.text ?? ""
                    leftOutReasons.append((f, first.components(separatedBy: ": error: ").last ?? first))
                }
                leftOut += failing.sorted()
                files = files.filter { !failing.contains($0) }
                continue
            }
            // An error in the entry point (the entry file, or the lines appended after the view's
            // own file ends) is the entry's: a View that cannot be made without arguments.
            let mainLines = ((try? String(contentsOfFile: sources[0], encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false).count
            func inEntry(_ l: (file: String, text: String)) -> Bool {
                if l.file == entryPath { return true }
                guard l.file == sources[0] else { return false }
                let parts = l.text.dropFirst(l.file.count + 1).split(separator: ":")
                return parts.first.flatMap { Int($0) }.map { $0 > mainLines } ?? false
            }
            if !errors.lines.isEmpty, errors.lines.allSatisfy(inEntry), let first = errors.lines.first {
                let message = first.text.components(separatedBy: ": error: ").last ?? first.text
                throw CompiledViewFailure("\(sources[0]): \(entryError) (swiftc: \(message))")
            }
            throw CompiledViewFailure(lastErrors)
        }
        throw CompiledViewFailure("\(sources[0]): the project's files it uses still do not compile after leaving out those that failed:\n" + lastErrors)
    }

    /// Why the files left out were left out: the view's errors may follow from them.
    static func notes(_ reasons: [(file: String, error: String)]) -> String {
        reasons.map { "\n  note: \(($0.file as NSString).lastPathComponent) was left out of the compile: \($0.error)" }.joined()
    }

    /// The package's own modules, each a library with its module in a folder named by the hash of
    /// its sources and of the modules it was built against.
    private func buildPackageModules(_ list: [(name: String, files: [String])], modules: String) throws(CompiledViewFailure) -> (built: [(name: String, folder: String)], leftOut: [String]) {
        var built: [(name: String, folder: String)] = []
        var leftOut: [String] = []
        for (name, all) in list {
            var files = all
            var h = ContentHash()
            h.add(swiftUI.fingerprint())
            h.add(name)
            for m in built { h.add(m.folder) }
            for f in files {
                h.add(f)
                h.add((try? Data(contentsOf: URL(fileURLWithPath: f))) ?? Data())
            }
            let folder = cacheFolder + "/module-" + h.hex
            let lib = folder + "/lib\(name).so"
            let leftOutList = folder + "/left-out.txt"
            if FileManager.default.fileExists(atPath: lib) {
                if let text = try? String(contentsOfFile: leftOutList, encoding: .utf8) { leftOut += text.split(separator: "\n").map(String.init) }
                built.append((name, folder))
                continue
            }
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var dropped: [String] = []
            var done = false
            var report = ""
            // A file of the module that does not compile against our SwiftUI is left out, as a
            // project file is, and the module compiled again (at most four times).
            for _ in 0..<4 where !files.isEmpty {
                var args = ["-swift-version", "5", "-D", "DEBUG", "-emit-library", "-emit-module", "-emit-module-path", folder + "/\(name).swiftmodule",
                            "-parse-as-library", "-Onone", "-suppress-warnings", "-module-name", name, "-I", modules,
                            "-L", swiftUI.folder, "-lSwiftUI", "-load-plugin-library", swiftUI.folder + "/libAnimoPreviewMacros.so",
                            "-Xlinker", "-rpath", "-Xlinker", swiftUI.folder, "-o", lib + ".partial"]
                for m in built { args += ["-I", m.folder, "-L", m.folder, "-l" + m.name, "-Xlinker", "-rpath", "-Xlinker", m.folder] }
                let result = HostProcess.run(swiftUI.swiftc, args + files, seconds: 300)
                if result.status == 0, (try? FileManager.default.moveItem(atPath: lib + ".partial", toPath: lib)) != nil {
                    done = true
                    break
                }
                let errors = SwiftcDiagnostics(text: result.stderr)
                report = errors.report(main: files[0], fallback: result.stderr)
                let failing = Set(errors.files).intersection(files)
                if failing.isEmpty { break }
                dropped += failing.sorted()
                files = files.filter { !failing.contains($0) }
            }
            guard done else {
                throw CompiledViewFailure("the package's module \(name), which the view imports, does not compile against animo-render's SwiftUI:\n" + report)
            }
            try? dropped.joined(separator: "\n").write(toFile: leftOutList, atomically: true, encoding: .utf8)
            leftOut += dropped
            built.append((name, folder))
        }
        return (built, leftOut)
    }

    /// The modules a view may import, and only those, in a folder of their own.
    private func stageModules() throws(CompiledViewFailure) -> String {
        let folder = cacheFolder + "/modules-" + swiftUI.fingerprint()
        let fm = FileManager.default
        if !fm.fileExists(atPath: folder + "/SwiftUI.swiftmodule") {
            try? fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for m in CompiledSwiftUI.modules {
                let target = folder + "/\(m).swiftmodule"
                try? fm.removeItem(atPath: target)
                do { try fm.createSymbolicLink(atPath: target, withDestinationPath: swiftUI.folder + "/Modules/\(m).swiftmodule") } catch {
                    throw CompiledViewFailure("cannot prepare the SwiftUI modules in \(folder): \(error.localizedDescription)")
                }
            }
        }
        return folder
    }
}

/// swiftc's error lines, by file.
struct SwiftcDiagnostics {
    var lines: [(file: String, text: String)] = []
    init(text: String) {
        for line in text.split(separator: "\n") where line.contains(": error: ") {
            let file = line.split(separator: ":").first.map(String.init) ?? ""
            lines.append((file, String(line)))
        }
    }
    var files: [String] { lines.map(\.file) }

    /// `projectNames`: names the project declares, which are not SwiftUI API to point at.
    func report(main: String, fallback: String, projectNames: Set<String> = []) -> String {
        if lines.isEmpty { return "swiftc failed:\n" + fallback.split(separator: "\n").prefix(20).joined(separator: "\n") }
        var out: [String] = []
        for (_, text) in lines.prefix(20) {
            out.append(text)
            if let missing = Self.missingAPI(text), !projectNames.contains(missing) {
                out.append("  note: `\(missing)` is declared neither by the project's files nor by animo-render's SwiftUI, which does not declare all of SwiftUI yet")
            }
        }
        return out.joined(separator: "\n")
    }

    /// The name an error says is missing: "has no member 'X'", "cannot find 'X' in scope".
    static func missingAPI(_ text: String) -> String? {
        for marker in ["has no member '", "cannot find '", "cannot find type '", "no such module '"] {
            if let r = text.range(of: marker) {
                let rest = text[r.upperBound...]
                if let end = rest.firstIndex(of: "'") { return String(rest[..<end]) }
            }
        }
        return nil
    }
}

/// A child process with its output, stopped after `seconds` of wall-clock time.
enum HostProcess {
    struct Result {
        var status: Int32
        var signalled: Bool
        var timedOut: Bool
        var stderr: String
    }

    static func run(_ executable: String, _ arguments: [String], seconds: Double) -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        let log = NSTemporaryDirectory() + "animo-stderr-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        FileManager.default.createFile(atPath: log, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: log) }
        let err = FileHandle(forWritingAtPath: log)
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        do { try p.run() } catch {
            return Result(status: 127, signalled: false, timedOut: false, stderr: "cannot start \(executable): \(error.localizedDescription)")
        }
        let deadline = Date().addingTimeInterval(seconds)
        var timedOut = false
        while p.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(p.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        p.waitUntilExit()
        try? err?.close()
        let data = FileManager.default.contents(atPath: log) ?? Data()
        return Result(status: p.terminationStatus, signalled: p.terminationReason == .uncaughtSignal, timedOut: timedOut,
                      stderr: String(decoding: data, as: UTF8.self))
    }
}
