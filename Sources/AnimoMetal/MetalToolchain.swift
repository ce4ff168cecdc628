// Where the C++ compiler and the compiled-object cache are.
//
// The compiler is the clang++ that ships with the Swift toolchain: `ANIMO_CLANG` when set (an empty
// value means "none", which is how a toolchain without clang is simulated), else `clang++` beside
// the `swift` driver found on PATH (symbolic links followed), else `clang++` on PATH.
// The cache is `ANIMO_CACHE_DIR` when set, else `$XDG_CACHE_HOME/animo-render`, else
// `~/.cache/animo-render`; compiled objects live in its `metal/` folder, named by the SHA-256 of
// everything that determines them.
import Foundation

public struct MetalToolchain: Sendable {
    /// The clang++ to run, nil when none was found.
    public var compiler: String?
    /// The folder compiled objects are cached in.
    public var cacheDirectory: String

    public init(compiler: String?, cacheDirectory: String) {
        self.compiler = compiler
        self.cacheDirectory = cacheDirectory
    }

    /// The toolchain this process would use, from its environment.
    public static var current: MetalToolchain {
        let env = ProcessInfo.processInfo.environment
        return MetalToolchain(compiler: findCompiler(env), cacheDirectory: cacheDirectory(env))
    }

    static func findCompiler(_ env: [String: String]) -> String? {
        let fm = FileManager.default
        if let explicit = env["ANIMO_CLANG"] {
            return !explicit.isEmpty && fm.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        let path = (env["PATH"] ?? "").split(separator: ":").map(String.init)
        for dir in path {
            let driver = dir + "/swift"
            guard fm.isExecutableFile(atPath: driver) else { continue }
            let real = URL(fileURLWithPath: driver).resolvingSymlinksInPath().deletingLastPathComponent()
            let clang = real.appendingPathComponent("clang++").path
            if fm.isExecutableFile(atPath: clang) { return clang }
        }
        for dir in path where fm.isExecutableFile(atPath: dir + "/clang++") { return dir + "/clang++" }
        return nil
    }

    static func cacheDirectory(_ env: [String: String]) -> String {
        if let explicit = env["ANIMO_CACHE_DIR"], !explicit.isEmpty { return explicit }
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/animo-render" }
        let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/animo-render"
    }

    /// The same, for a spec that lists shader sources.
    public static let missingCompilerMessageForSpec =
        "this spec lists .metal shader sources, and " + missingCompilerMessage

    /// The one message for a run that needs a compiler and has none.
    static let missingCompilerMessage =
        "compiling .metal shaders needs clang++, which ships with the Swift toolchain, and none was found (beside `swift` on PATH, or on PATH; set ANIMO_CLANG to one); the built-in shaders work without it"
}
