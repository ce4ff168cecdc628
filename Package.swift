// swift-tools-version:6.0
// animo-render: an offscreen CPU renderer for SwiftUI-style animation specs.
// Targets follow shared/DESIGN.md §2: C shims, then Raster, Motion, Effects, Shaders, Scene,
// Export, Check, and the two executables. Dependencies point one way; nothing here depends on a
// package from outside the toolchain.
import PackageDescription

let package = Package(
    name: "animo-render",
    products: [
        .executable(name: "animo-render", targets: ["animo-render"]),
        .executable(name: "animo-bench", targets: ["animo-bench"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "Effects", targets: ["Effects"]),
        .library(name: "Shaders", targets: ["Shaders"]),
        .library(name: "Scene", targets: ["Scene"]),
        .library(name: "Export", targets: ["Export"]),
        .library(name: "Check", targets: ["Check"]),
    ],
    targets: [
        // System libraries from Debian packages (scripts/setup installs them).
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),

        .target(name: "Raster", dependencies: ["CPNG", "CZlib", "CFreeType"]),
        .target(name: "Motion"),
        // Filters (blur, threshold, color matrices, shadow) and the shader runtime.
        .target(name: "Effects", dependencies: ["Raster"]),
        // The shader catalogue: one Swift kernel per file with its .metal twin in Shaders/Metal/
        // (the twins ship to the app and are checked by ShadersTests, not compiled here).
        .target(name: "Shaders", dependencies: ["Effects"], path: "Shaders", exclude: ["Metal"]),
        .target(name: "Scene", dependencies: ["Raster", "Motion"]),
        .target(name: "Export", dependencies: ["Raster", "CGIF", "CZlib"]),
        .target(name: "Check", dependencies: ["Raster"]),

        .executableTarget(name: "animo-render", dependencies: ["Scene", "Raster", "Motion", "Export", "Check"]),
        .executableTarget(name: "animo-bench", dependencies: ["Scene", "Raster", "Motion", "Effects", "Export", "Check"]),

        .testTarget(name: "RasterTests", dependencies: ["Raster", "Check"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "EffectsTests", dependencies: ["Effects", "Raster"]),
        .testTarget(name: "ShadersTests", dependencies: ["Shaders", "Effects"], exclude: ["MetalShim"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "Check"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Raster", "CGIF", "CZlib"]),
        .testTarget(name: "CheckTests", dependencies: ["Check"]),
    ]
)
