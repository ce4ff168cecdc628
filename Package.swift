// swift-tools-version:6.0
// animo-render: an offscreen CPU renderer for SwiftUI animations.
//
// The targets follow the pipeline (docs/architecture.md), and dependencies point one way:
//
//   AnimoSpec ──▶ AnimoScene ──▶ AnimoRender ──▶ AnimoVerify ──▶ animo-render (the CLI)
//   (JSON,        (resolve, time,  (paint a        (expectations,
//    expressions,  a display list;  display list    lint, goldens)
//    the model)    no pixels)       into pixels)
//
//   beneath them: AnimoGeometry (paths, shapes, stroking, glyph outlines, colours; no pixels),
//   AnimoMotion (springs, curves, transactions; no pixels), AnimoRaster (the coverage rasterizer,
//   pixmaps, compositing, PNG), AnimoEffects (filters and the shader runtime), AnimoShaders (the
//   kernel catalogue), AnimoExport (GIF, APNG, WebP, MP4, PNG, sheets, manifest) and AnimoCheck
//   (image metrics and pixel measures).
//
//   AnimoSnapshotTesting: `assertAnimationSnapshot`, the one assertion an app's tests call (Swift
//   Testing and XCTest), over AnimoRender and AnimoCheck.
//
// Module names carry the `Animo` prefix so that none collides with SwiftUI's types (`Scene`,
// `Path`, `Color`) in an app's test target. Nothing here depends on a package from outside the
// Swift toolchain; the C libraries come from Debian packages (scripts/setup).
import PackageDescription
import Foundation

// AnimoRasterAVX2 holds the 8-bit compositing loops compiled for AVX2; AnimoRaster calls them only on
// processors that have it (AnimoRasterAVX2/AVX2Kernels.swift). Swift compiles one CPU level per
// module, hence the module and this flag; elsewhere the module is empty and compiled for the baseline.
#if arch(x86_64)
let avx2Flags: [SwiftSetting] = [.unsafeFlags(["-target-cpu", "haswell"])]
#else
let avx2Flags: [SwiftSetting] = []
#endif

// The Swift front end (AnimoSwiftSource: `animo-render View.swift`) parses SwiftUI source with the
// toolchain's own parser. The toolchain ships SwiftSyntax, SwiftParser, SwiftOperators,
// SwiftDiagnostics and SwiftParserDiagnostics as host libraries (`<toolchain>/usr/lib/swift/host`,
// module interfaces beside the .so files); no package is fetched. The folder is found from
// ANIMO_SWIFT_HOST_LIBS if set, else from the `swift` driver on PATH (symbolic links followed),
// else /opt/swift/usr and /usr. Without it the target is left out: everything else builds and
// works, and the CLI says in one line that Swift source input needs those libraries (docs/swift.md).
let swiftSyntaxModules = ["SwiftSyntax", "SwiftParser", "SwiftOperators", "SwiftDiagnostics", "SwiftParserDiagnostics"]

func toolchainHostLibraries() -> String? {
    let fm = FileManager.default
    func usable(_ dir: String) -> Bool {
        swiftSyntaxModules.allSatisfy { m in
            fm.fileExists(atPath: "\(dir)/\(m).swiftmodule") && fm.fileExists(atPath: "\(dir)/lib\(m).so")
        }
    }
    let env = ProcessInfo.processInfo.environment
    if let explicit = env["ANIMO_SWIFT_HOST_LIBS"] {
        return explicit.isEmpty || !usable(explicit) ? nil : explicit
    }
    var candidates: [String] = []
    for dir in (env["PATH"] ?? "").split(separator: ":") {
        let driver = "\(dir)/swift"
        guard fm.isExecutableFile(atPath: driver) else { continue }
        // <prefix>/usr/bin/swift → <prefix>/usr/lib/swift/host
        let real = URL(fileURLWithPath: driver).resolvingSymlinksInPath()
        let usr = real.deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(usr.appendingPathComponent("lib/swift/host").path)
    }
    candidates += ["/opt/swift/usr/lib/swift/host", "/usr/lib/swift/host"]
    return candidates.first(where: usable)
}

let hostLibraries = toolchainHostLibraries()

let package = Package(
    name: "animo-render",
    products: [
        .executable(name: "animo-render", targets: ["animo-render"]),
        .executable(name: "animo-bench", targets: ["animo-bench"]),
        .library(name: "AnimoGeometry", targets: ["AnimoGeometry"]),
        .library(name: "AnimoRaster", targets: ["AnimoRaster"]),
        .library(name: "AnimoMotion", targets: ["AnimoMotion"]),
        .library(name: "AnimoEffects", targets: ["AnimoEffects"]),
        .library(name: "AnimoShaders", targets: ["AnimoShaders"]),
        .library(name: "AnimoMetal", targets: ["AnimoMetal"]),
        .library(name: "AnimoSpec", targets: ["AnimoSpec"]),
        .library(name: "AnimoScene", targets: ["AnimoScene"]),
        .library(name: "AnimoRender", targets: ["AnimoRender"]),
        .library(name: "AnimoExport", targets: ["AnimoExport"]),
        .library(name: "AnimoCheck", targets: ["AnimoCheck"]),
        .library(name: "AnimoVerify", targets: ["AnimoVerify"]),
        .library(name: "AnimoSnapshotTesting", targets: ["AnimoSnapshotTesting"]),
        // The SwiftUI that a `.swift` view is compiled against (docs/swift.md, "Compiled"): one
        // shared library with the stand-ins for Combine and UIKit, and the process that runs it.
        .library(name: "SwiftUI", type: .dynamic, targets: ["SwiftUI"]),
        .executable(name: "animo-swiftui-host", targets: ["animo-swiftui-host"]),
    ],
    targets: [
        // System libraries from Debian packages (scripts/setup installs them).
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", providers: [.apt(["libdeflate-dev"])]),
        // libwebp (BSD 3-clause) encodes WebP frames; libwebpdemux decodes them in the tests only.
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CWebPDemux", path: "Sources/CWebPDemux", providers: [.apt(["libwebp-dev"])]),
        // OpenH264 (BSD 2-clause) encodes H.264 for MP4 (docs/formats.md: why this codec library).
        .systemLibrary(name: "COpenH264", path: "Sources/COpenH264", providers: [.apt(["libopenh264-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),

        .target(name: "AnimoGeometry", dependencies: ["CFreeType"]),
        .target(name: "AnimoRasterAVX2", swiftSettings: avx2Flags),
        .target(name: "AnimoRaster", dependencies: ["AnimoGeometry", "CPNG", "CZlib", "AnimoRasterAVX2"]),
        .target(name: "AnimoMotion"),
        .target(name: "AnimoEffects", dependencies: ["AnimoRaster"]),
        // The shader catalogue: one Swift kernel per file with its .metal twin in Shaders/Metal/
        // (the twins ship to the app and are checked by AnimoShadersTests, not compiled here).
        .target(name: "AnimoShaders", dependencies: ["AnimoEffects"], path: "Shaders", exclude: ["Metal"]),
        // User shaders: `.metal` sources compiled for the CPU by the toolchain's clang++ against a
        // Metal shim, cached, loaded with dlopen and run through the shader runtime (docs/shaders.md).
        .target(name: "AnimoMetal", dependencies: ["AnimoEffects", "AnimoRaster"]),
        .target(name: "AnimoSpec"),
        .target(name: "AnimoScene", dependencies: ["AnimoSpec", "AnimoGeometry", "AnimoMotion"]),
        .target(name: "AnimoRender", dependencies: ["AnimoSpec", "AnimoScene", "AnimoGeometry", "AnimoRaster", "AnimoEffects", "AnimoShaders", "AnimoMetal"]),
        .target(name: "AnimoExport", dependencies: ["AnimoRaster", "CGIF", "CZlib", "CDeflate", "CWebP", "COpenH264"]),
        .target(name: "AnimoCheck", dependencies: ["AnimoRaster"]),
        // Expectations, lint, the golden-case runner, folder comparison and its report.
        .target(name: "AnimoVerify", dependencies: ["AnimoSpec", "AnimoScene", "AnimoRender", "AnimoMotion", "AnimoCheck", "AnimoRaster", "AnimoGeometry"]),
        // The test API for an app's own test target (Swift Testing and XCTest).
        .target(name: "AnimoSnapshotTesting", dependencies: ["AnimoSpec", "AnimoScene", "AnimoRender", "AnimoRaster", "AnimoCheck"]),

        // The compiled front end's SwiftUI (Sources/SwiftUI, by area as Apple's documentation is),
        // over the recording it writes (AnimoViewRecord) and the virtual clock that Combine's,
        // UIKit's and SwiftUI's stand-ins share (AnimoClock). Swift 5 mode, as users' app targets are.
        .target(name: "AnimoViewRecord"),
        .target(name: "AnimoClock", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "Combine", dependencies: ["AnimoClock"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "UIKit", dependencies: ["AnimoClock"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "SwiftUI", dependencies: ["AnimoViewRecord", "AnimoClock", "Combine", "UIKit"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // The process a compiled view runs in: loads it, runs it on the virtual clock, writes the
        // recording; a crash or an endless loop there ends that process, not the renderer (C, so
        // that it links nothing of Swift's but what the view's library brings).
        .executableTarget(name: "animo-swiftui-host"),

        .executableTarget(name: "animo-render", dependencies: ["AnimoSpec", "AnimoScene", "AnimoRender", "AnimoMetal", "AnimoRaster", "AnimoGeometry", "AnimoMotion", "AnimoExport", "AnimoCheck", "AnimoVerify"]),
        .executableTarget(name: "animo-bench", dependencies: ["AnimoSpec", "AnimoScene", "AnimoRender", "AnimoRaster", "AnimoGeometry", "AnimoMotion", "AnimoEffects", "AnimoShaders", "AnimoMetal", "AnimoExport", "AnimoCheck", "AnimoVerify"]),

        // Seeded generators, reference geometry and the repository's own folders, for every test target.
        .target(name: "AnimoTestSupport", dependencies: ["AnimoGeometry", "AnimoSpec", "AnimoRaster", "AnimoCheck"], path: "Tests/AnimoTestSupport"),
        .testTarget(name: "AnimoGeometryTests", dependencies: ["AnimoTestSupport", "AnimoGeometry", "CFreeType"]),
        .testTarget(name: "AnimoRasterTests", dependencies: ["AnimoTestSupport", "AnimoRaster", "AnimoGeometry", "AnimoCheck"]),
        .testTarget(name: "AnimoMotionTests", dependencies: ["AnimoTestSupport", "AnimoMotion"]),
        .testTarget(name: "AnimoEffectsTests", dependencies: ["AnimoTestSupport", "AnimoEffects", "AnimoRaster", "AnimoGeometry"]),
        .testTarget(name: "AnimoShadersTests", dependencies: ["AnimoTestSupport", "AnimoShaders", "AnimoEffects"], exclude: ["MetalShim"]),
        .testTarget(name: "AnimoSpecTests", dependencies: ["AnimoTestSupport", "AnimoSpec", "AnimoScene", "AnimoRender"]),
        // The layout engine against hand-computed SwiftUI results (docs/semantics.md §84–120).
        .testTarget(name: "AnimoSceneTests", dependencies: ["AnimoTestSupport", "AnimoScene", "AnimoSpec", "AnimoGeometry"]),
        .testTarget(name: "AnimoRenderTests", dependencies: ["AnimoTestSupport", "AnimoSpec", "AnimoScene", "AnimoRender", "AnimoGeometry", "AnimoRaster", "AnimoCheck", "AnimoVerify", "AnimoMetal", "AnimoEffects", "AnimoShaders"]),
        .testTarget(name: "AnimoExportTests", dependencies: ["AnimoTestSupport", "AnimoExport", "AnimoRaster", "AnimoGeometry", "CGIF", "CZlib", "CWebPDemux", "COpenH264", "AnimoSpec", "AnimoScene", "AnimoRender", "AnimoCheck"]),
        .testTarget(name: "AnimoCheckTests", dependencies: ["AnimoTestSupport", "AnimoCheck", "AnimoRaster", "AnimoGeometry"]),
        .testTarget(name: "AnimoVerifyTests", dependencies: ["AnimoTestSupport", "AnimoVerify", "AnimoCheck", "AnimoRender", "AnimoScene", "AnimoSpec", "AnimoRaster", "AnimoGeometry"]),
        .testTarget(name: "AnimoSnapshotTestingTests", dependencies: ["AnimoTestSupport", "AnimoSnapshotTesting", "AnimoRaster", "AnimoCheck"]),
        // The animo-render executable run as a user runs it (arguments, output, exit status, files).
        .testTarget(name: "CommandLineTests", dependencies: ["AnimoTestSupport", "AnimoRaster", "AnimoGeometry", "AnimoCheck"]),
    ]
)

// The Swift front end, only where the toolchain's SwiftSyntax host libraries are (see above). Its
// public interface uses no SwiftSyntax type, but the compiler still loads the modules it imports,
// so its dependents get the same -I; the rpath lets the executables and tests find the libraries
// where the toolchain keeps them.
if let host = hostLibraries {
    package.targets.append(.target(
        name: "AnimoSwiftSource",
        dependencies: ["AnimoSpec"],
        swiftSettings: [.unsafeFlags(["-I", host])],
        linkerSettings: [.unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host])]
            + swiftSyntaxModules.map { LinkerSetting.linkedLibrary($0) }
    ))
    // ANIMO_SWIFT_FRONT_END says the front end is linked (not `canImport`, which a module left in
    // a build folder by an earlier build with the front end would also satisfy).
    for target in package.targets where target.name == "animo-render" || target.name == "animo-bench" {
        target.dependencies.append("AnimoSwiftSource")
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-I", host]), .define("ANIMO_SWIFT_FRONT_END")]
    }
    // The test API compiles .swift sources too. It imports the front end implementation-only, so
    // that an app's test target that imports AnimoSnapshotTesting needs neither the front end's
    // module nor SwiftSyntax's (it has no -I to the toolchain's host folder). No type of the front
    // end appears outside a function body there, which is what makes that import safe without
    // library evolution (the compiler's warning about it is expected).
    for target in package.targets where target.name == "AnimoSnapshotTesting" {
        target.dependencies.append("AnimoSwiftSource")
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-I", host]), .define("ANIMO_SWIFT_FRONT_END")]
    }
    // `#Preview` for the compiled front end: a macro library the compiler loads with
    // -load-plugin-library, built on the toolchain's SwiftSyntaxMacros.
    package.products.append(.library(name: "AnimoPreviewMacros", type: .dynamic, targets: ["AnimoPreviewMacros"]))
    package.targets.append(.target(
        name: "AnimoPreviewMacros",
        swiftSettings: [.unsafeFlags(["-I", host])],
        linkerSettings: [.unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host])]
            + ["SwiftSyntax", "SwiftSyntaxMacros", "SwiftDiagnostics", "SwiftParser", "SwiftBasicFormat", "SwiftSyntaxBuilder"].map { LinkerSetting.linkedLibrary($0) }
    ))
    package.targets.append(.target(name: "AnimoSwiftCompiled", dependencies: ["AnimoSpec", "AnimoViewRecord"]))
    for target in package.targets where target.name == "animo-render" {
        target.dependencies.append("AnimoSwiftCompiled")
    }
    package.targets.append(.testTarget(
        name: "AnimoSwiftSourceTests",
        dependencies: ["AnimoSwiftSource", "AnimoTestSupport", "AnimoSpec", "AnimoScene", "AnimoRender", "AnimoCheck", "AnimoRaster"],
        swiftSettings: [.unsafeFlags(["-I", host])]
    ))
}
