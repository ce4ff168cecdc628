// swift-tools-version:6.0
// animo-render: an offscreen CPU renderer for SwiftUI-style animation specs.
// Targets follow shared/DESIGN.md §2: C shims, then Raster, Motion, Effects, Shaders, Scene,
// Export, Check, and the two executables. Dependencies point one way; nothing here depends on a
// package from outside the toolchain.
import PackageDescription

// RasterAVX2 holds the 8-bit compositing loops compiled for AVX2; Raster calls them only on processors
// that have it (RasterAVX2/AVX2Kernels.swift). Swift compiles one CPU level per module, hence the
// module and this flag; elsewhere the module is empty and compiled for the baseline.
#if arch(x86_64)
let avx2Flags: [SwiftSetting] = [.unsafeFlags(["-target-cpu", "haswell"])]
#else
let avx2Flags: [SwiftSetting] = []
#endif

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
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),

        .target(name: "RasterAVX2", swiftSettings: avx2Flags),
        .target(name: "Raster", dependencies: ["CPNG", "CZlib", "CFreeType", "RasterAVX2"]),
        .target(name: "Motion"),
        // Filters (blur, threshold, color matrices, shadow) and the shader runtime.
        .target(name: "Effects", dependencies: ["Raster"]),
        // The shader catalogue: one Swift kernel per file with its .metal twin in Shaders/Metal/
        // (the twins ship to the app and are checked by ShadersTests, not compiled here).
        .target(name: "Shaders", dependencies: ["Effects"], path: "Shaders", exclude: ["Metal"]),
        .target(name: "Scene", dependencies: ["Raster", "Motion", "Effects", "Shaders"]),
        .target(name: "Export", dependencies: ["Raster", "CGIF", "CZlib", "CDeflate"]),
        .target(name: "Check", dependencies: ["Raster"]),

        .executableTarget(name: "animo-render", dependencies: ["Scene", "Raster", "Motion", "Export", "Check"]),
        .executableTarget(name: "animo-bench", dependencies: ["Scene", "Raster", "Motion", "Effects", "Shaders", "Export", "Check"]),

        .testTarget(name: "RasterTests", dependencies: ["Raster", "Check"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "EffectsTests", dependencies: ["Effects", "Raster"]),
        .testTarget(name: "ShadersTests", dependencies: ["Shaders", "Effects"], exclude: ["MetalShim"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "Check"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Raster", "CGIF", "CZlib", "Scene", "Check"]),
        .testTarget(name: "CheckTests", dependencies: ["Check"]),
    ]
)
