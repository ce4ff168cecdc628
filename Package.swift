// swift-tools-version:6.0
// animo-render: an offscreen CPU renderer for SwiftUI-style animation specs.
// Targets follow docs/DESIGN (shared/DESIGN.md §2): C shims, then Raster, Motion, Scene,
// and the two executables. Dependencies point one way; nothing here depends on a package
// from outside the toolchain.
import PackageDescription

let package = Package(
    name: "animo-render",
    products: [
        .executable(name: "animo-render", targets: ["animo-render"]),
        .executable(name: "animo-bench", targets: ["animo-bench"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "Scene", targets: ["Scene"]),
        .library(name: "Export", targets: ["Export"]),
    ],
    targets: [
        // System libraries from Debian packages (scripts/setup installs them).
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", providers: [.apt(["libgif-dev"])]),

        .target(name: "Raster", dependencies: ["CPNG", "CZlib"]),
        .target(name: "Motion"),
        .target(name: "Scene", dependencies: ["Raster", "Motion"]),
        .target(name: "Export", dependencies: ["Raster", "CGIF", "CZlib"]),

        .executableTarget(name: "animo-render", dependencies: ["Scene", "Raster", "Motion"]),
        .executableTarget(name: "animo-bench", dependencies: ["Scene", "Raster", "Motion"]),

        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Raster", "CGIF", "CZlib"]),
    ]
)
