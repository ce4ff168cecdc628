// Compiles one `.metal` file into a shared object (or finds it in the cache) and loads it.
//
// Steps: read (at most `maxSourceBytes`), blank comments, refuse constructs the shim leaves out
// (positioned), read the stitchable headers (positioned), write the translation unit
// (MetalDriver) and the shim headers into a private temporary folder inside the cache, run clang++
// with a time limit, map its diagnostics back to the file, then rename the object into place
// (atomic: a concurrent render sees the whole file or none) and dlopen it.
//
// Flags, and why:
// - `-O2`: the compiled path must be at least as fast as the hand-written Swift kernels. (`-O3`
//   executed the same instructions per pixel on the catalogue's twins.)
// - `-ffp-contract=off`: no fused multiply-add. Contraction changes results by an ulp depending
//   on what the optimizer fuses, and Swift never contracts; off, the arithmetic is exactly the
//   source's, the same for every row and thread, and comparable with the Swift kernels.
// - no `-ffast-math` (and `-fno-fast-math` said explicitly): fast-math lets the compiler reorder
//   sums and assume no NaN or infinity, which would make results depend on inlining and
//   vectorization choices and break the NaN handling of the entry points.
// - `-fno-math-errno`: Metal has no errno. With it (clang's default on Linux) every `sin`, `exp`,
//   `pow` may write errno, so a call whose arguments are the same for the whole row cannot be
//   moved out of the pixel loop, and `sqrt` keeps a branch to the library for negative inputs.
//   Results are unchanged: the same library functions compute the same values.
// - `-mllvm -unroll-threshold=1000` (LLVM's default at -O2 is 300): a loop with a constant trip
//   count, such as an fBm's octaves, is unrolled whole, as the Swift compiler does with the
//   catalogue's kernels; what each iteration derives from constants alone is then folded.
//   callgrind: liquidMetal 1,729 -> 1,450 instructions a pixel, plasma 2,936 -> 2,623, the same
//   output. It bounds each unrolled loop's size, so a long loop is left as it is.
// - `-fno-exceptions -fno-rtti`: Metal has neither; smaller objects.
// - `-fvisibility=hidden`: only the row entry points are exported.
// - `-finstrument-functions-after-inlining`, `-fsanitize=integer-divide-by-zero,signed-integer-overflow,bounds`:
//   the guards of MetalDriver (call budget and depth, division by zero, array bounds). Only calls
//   left after inlining are counted, so small helpers cost nothing.
// - `-fno-optimize-sibling-calls`: it also stops LLVM's tail-recursion elimination, which would
//   turn a self-recursive function into a loop that no hook sees (endless recursion would hang
//   instead of reaching the depth limit). Instrumenting before inlining (`-finstrument-functions`)
//   does the same but leaves two hook calls in every inlined helper (rejected for that cost; on the
//   loaded machine it was measured on, the difference was within the noise for most kernels).
// - `-Werror=frame-larger-than`: a function's stack frame is at most `MetalDriver.maxFrameBytes`,
//   so that at the depth limit a row stays far inside a worker thread's stack (no overflow).
// - `-Werror=global-constructors`: a program-scope value computed at load time (Metal allows only
//   constant initializers) would run when the object is loaded, outside any row's guards.
// - no `-march`: the baseline of the machine, so a cached object runs wherever the cache is shared.
//   On x86-64 each row loop is compiled a second time for x86-64-v3 by a function attribute
//   (MetalDriver) and chosen at run time on a processor that has it: `floor` becomes one
//   instruction instead of a libm call around which every live register is spilled, and vector
//   code has three operands. The same IEEE operations in the same order (contraction stays off,
//   so FMA is never formed), the same bytes (MetalWideLoopTests). callgrind, `liquidMetal`: 1,084
//   -> 720 instructions a pixel in the row loop (libm apart), the same output.
import Foundation
import AnimoEffects

public enum MetalCompiler {
    /// Largest source file accepted, in bytes (hand-written shaders are a few kilobytes).
    public static let maxSourceBytes = 1 << 20
    /// Longest a compile may take before it is stopped, in seconds.
    public static let compileTimeLimit: Double = 120

    static let flags = ["-x", "c++", "-std=c++17", "-O2", "-fPIC", "-shared", "-fvisibility=hidden",
                        "-ffp-contract=off", "-fno-fast-math", "-fno-math-errno", "-mllvm", "-unroll-threshold=1000",
                        "-fno-exceptions", "-fno-rtti",
                        "-finstrument-functions-after-inlining", "-fno-optimize-sibling-calls",
                        "-fsanitize=integer-divide-by-zero,signed-integer-overflow,bounds",
                        "-Wno-unknown-attributes", "-Wno-gnu-anonymous-struct", "-Wno-nested-anon-types",
                        "-fno-color-diagnostics", "-fno-caret-diagnostics", "-fno-diagnostics-show-option",
                        "-ferror-limit=10", "-fno-ms-extensions",
                        "-Wframe-larger-than=\(MetalDriver.maxFrameBytes)", "-Werror=frame-larger-than",
                        "-Werror=global-constructors", "-Werror=exit-time-destructors"]

    /// The file at `path`, shown as `displayName`, compiled and loaded.
    public static func compile(path: String, displayName: String, toolchain: MetalToolchain = .current) throws(MetalSourceError) -> [CompiledShader] {
        func fail(_ m: String, _ p: MetalPosition? = nil) -> MetalSourceError {
            MetalSourceError([MetalDiagnostic(file: displayName, position: p, message: m)])
        }
        let text = try read(path, displayName: displayName)
        let source = MetalSourceText(text)
        let unsupported = (source.forbiddenDirectives + source.oversizedArrays).map { MetalDiagnostic(file: displayName, position: $0.position, message: $0.message) }
            + source.unsupportedUses.map { MetalDiagnostic(file: displayName, position: $0.position, message: "'\($0.name)': \($0.why)") }
        if !unsupported.isEmpty { throw MetalSourceError(unsupported) }
        let functions: [StitchableFunction]
        do { functions = try StitchableHeaders.parse(source) } catch { throw fail(error.message, error.position) }
        var seen: [String: MetalPosition] = [:]
        for f in functions {
            if let first = seen[f.signature.name] {
                throw fail("a second stitchable function named '\(f.signature.name)' (the first is at \(first))", f.position)
            }
            seen[f.signature.name] = f.position
        }
        if functions.isEmpty { return [] }
        guard let clang = toolchain.compiler else {
            throw MetalSourceError([MetalDiagnostic(file: displayName, position: nil, message: MetalToolchain.missingCompilerMessage)],
                                   compilerMissing: true)
        }
        let unit = MetalDriver.translationUnit(displayName: displayName, text: source.compilable, functions: functions)
        let object = try objectFile(unit: unit, clang: clang, toolchain: toolchain, displayName: displayName, source: source,
                                    functions: functions)
        guard let handle = dlopen(object, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw fail("the compiled shader could not be loaded (\(why))")
        }
        var out: [CompiledShader] = []
        for f in functions {
            guard let symbol = dlsym(handle, MetalDriver.entryPoint(f.signature.name)) else {
                throw fail("the compiled shader has no entry point for '\(f.signature.name)'", f.position)
            }
            out.append(CompiledShader(function: f, file: displayName, entry: unsafeBitCast(symbol, to: CompiledShader.Entry.self)))
        }
        return out
    }

    static func read(_ path: String, displayName: String) throws(MetalSourceError) -> String {
        func fail(_ m: String) -> MetalSourceError { MetalSourceError([MetalDiagnostic(file: displayName, position: nil, message: m)]) }
        var st = stat()
        guard stat(path, &st) == 0 else { throw fail("cannot read the shader source: \(String(cString: strerror(errno)))") }
        guard st.st_mode & S_IFMT == S_IFREG else { throw fail("the shader source is not a regular file") }
        guard Int(st.st_size) <= maxSourceBytes else {
            throw fail("the shader source is \(st.st_size) bytes; the limit is \(maxSourceBytes) bytes (1 MiB)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw fail("cannot open the shader source") }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxSourceBytes + 1)) ?? Data()
        guard data.count <= maxSourceBytes else { throw fail("the shader source is larger than the limit of \(maxSourceBytes) bytes (1 MiB)") }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("the shader source is not UTF-8 text") }
        if text.utf8.contains(0) { throw fail("the shader source contains a NUL byte") }
        return text
    }

    /// The cached object for `unit`, compiling it first when absent.
    static func objectFile(unit: String, clang: String, toolchain: MetalToolchain, displayName: String,
                           source: MetalSourceText, functions: [StitchableFunction]) throws(MetalSourceError) -> String {
        func fail(_ m: String) -> MetalSourceError { MetalSourceError([MetalDiagnostic(file: displayName, position: nil, message: m)]) }
        let fm = FileManager.default
        var identity = MetalShim.version + "\n" + flags.joined(separator: " ") + "\n" + clang + "\n"
        if let attributes = try? fm.attributesOfItem(atPath: URL(fileURLWithPath: clang).resolvingSymlinksInPath().path) {
            identity += "\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)\n"
        }
        identity += MetalShim.files.map { $0.name + "\n" + $0.contents }.joined(separator: "\n") + "\n" + unit
        let key = SHA256.hex(Array(identity.utf8))
        var folder = toolchain.cacheDirectory + "/metal"
        if fm.fileExists(atPath: folder + "/\(key).so") { return folder + "/\(key).so" }
        if (try? fm.createDirectory(atPath: folder, withIntermediateDirectories: true)) == nil || !fm.isWritableFile(atPath: folder) {
            // An unwritable cache (a read-only home on CI) costs a compile per process, not the render.
            let fallback = NSTemporaryDirectory() + "animo-render-\(getuid())/metal"
            do { try fm.createDirectory(atPath: fallback, withIntermediateDirectories: true) } catch {
                throw fail("cannot create the shader cache folder \(folder) nor \(fallback): \(error.localizedDescription)")
            }
            folder = fallback
        }
        let object = folder + "/\(key).so"
        if fm.fileExists(atPath: object) { return object }
        let work = folder + "/tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        defer { try? fm.removeItem(atPath: work) }
        do {
            try fm.createDirectory(atPath: work + "/include/SwiftUI", withIntermediateDirectories: true)
            for f in MetalShim.files { try f.contents.write(toFile: work + "/include/" + f.name, atomically: false, encoding: .utf8) }
            try unit.write(toFile: work + "/unit.cpp", atomically: false, encoding: .utf8)
        } catch {
            throw fail("cannot write into the shader cache folder \(folder): \(error.localizedDescription)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: clang)
        process.arguments = flags + ["-I", work + "/include", work + "/unit.cpp", "-o", work + "/out.so", "-lm"]
        process.currentDirectoryURL = URL(fileURLWithPath: work)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do { try process.run() } catch { throw fail("cannot run the compiler \(clang): \(error.localizedDescription)") }
        // Drain stderr while waiting, so a chatty compile cannot block on a full pipe.
        let collected = ErrorText()
        let reader = Thread { collected.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        if done.wait(timeout: .now() + compileTimeLimit) == .timedOut {
            process.terminate()
            done.wait()
            throw fail("the compiler took longer than \(Int(compileTimeLimit)) s and was stopped")
        }
        let diagnostics = collected.wait()
        guard process.terminationStatus == 0 else {
            throw MetalSourceError(ClangDiagnostics.map(diagnostics, displayName: displayName, source: source, functions: functions))
        }
        if rename(work + "/out.so", object) != 0 {
            throw fail("cannot store the compiled shader in \(folder): \(String(cString: strerror(errno)))")
        }
        return object
    }
}

/// Text written by a reader thread, read once it is done.
final class ErrorText: @unchecked Sendable {
    private let lock = NSCondition()
    private var data: Data?
    func set(_ d: Data) { lock.lock(); data = d; lock.signal(); lock.unlock() }
    func wait() -> String {
        lock.lock(); defer { lock.unlock() }
        while data == nil { lock.wait() }
        return String(decoding: data!, as: UTF8.self)
    }
}

/// clang's diagnostics, mapped back to the `.metal` file.
enum ClangDiagnostics {
    /// One diagnostic per clang error, at its position in the file. An error inside the shim or
    /// the generated entry points is placed at the nearest position in the file that its notes
    /// name, else at the first stitchable function.
    static func map(_ output: String, displayName: String, source: MetalSourceText, functions: [StitchableFunction]) -> [MetalDiagnostic] {
        let fileName = MetalDriver.lineName(displayName)
        struct Line { var file: String; var position: MetalPosition?; var severity: String; var message: String }
        var lines: [Line] = []
        for raw in output.split(separator: "\n", omittingEmptySubsequences: true) {
            let text = String(raw)
            // `file:line:col: severity: message`
            guard let severityRange = text.range(of: #": (fatal error|error|warning|note): "#, options: .regularExpression) else { continue }
            let location = String(text[..<severityRange.lowerBound])
            let severity = String(text[severityRange]).dropFirst(2).dropLast(2)
            let message = String(text[severityRange.upperBound...])
            let parts = location.split(separator: ":", omittingEmptySubsequences: false)
            var file = location, position: MetalPosition?
            if parts.count >= 3, let l = Int(parts[parts.count - 2]), let c = Int(parts[parts.count - 1]) {
                file = parts.dropLast(2).joined(separator: ":")
                position = MetalPosition(line: l, column: c)
            }
            lines.append(Line(file: file, position: position, severity: String(severity), message: message))
        }
        var out: [MetalDiagnostic] = []
        for (i, l) in lines.enumerated() where l.severity == "error" || l.severity == "fatal error" {
            if l.message.hasPrefix("too many errors emitted") { continue }
            var position = l.file == fileName ? l.position : nil
            var message = l.message
            if position == nil {
                // The notes that follow, up to the next error, name where in the file it came from.
                for n in lines[(i + 1)...] {
                    if n.severity != "note" { break }
                    if n.file == fileName, let p = n.position { position = p; break }
                }
                message += " (in the Metal shim of the CPU renderer)"
            }
            if let name = message.firstMatch(of: /use of undeclared identifier '([A-Za-z_0-9]+)'/)?.1 {
                message += "; \(name) is not a function or type the CPU renderer's Metal shim provides (docs/shaders.md lists them)"
            } else if let name = message.firstMatch(of: /no matching function for call to '([A-Za-z_0-9]+)'/)?.1 {
                message += "; check the argument types of \(name) against docs/shaders.md"
            }
            out.append(MetalDiagnostic(file: displayName, position: position ?? functions.first?.position, message: message))
        }
        if out.isEmpty {
            let tail = output.split(separator: "\n").suffix(5).joined(separator: " / ")
            out.append(MetalDiagnostic(file: displayName, position: nil, message: "the compiler failed: \(tail)"))
        }
        return out
    }
}
