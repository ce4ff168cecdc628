// Types declared in another file of the compiled file's folder or project (ProjectFiles.swift).
import Foundation
import Testing
import AnimoSwiftSource

/// A fresh folder with the given files (relative path → text).
private func folder(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("animo-project-\(UUID().uuidString)")
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}

private let screen = """
import SwiftUI
struct Screen: View {
    var body: some View {
        ZStack {
            Wedge().fill(.blue).frame(width: 20, height: 20)
            Badge(size: 10)
        }
    }
}
#Preview { Screen().frame(width: 40, height: 40) }
"""

private let shapes = """
import SwiftUI

struct Wedge: Shape {
    func path(in rect: CGRect) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: rect.minX, y: rect.maxY))
        p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        p.addLine(to: CGPoint(x: rect.midX, y: rect.minY))
        p.closeSubpath()
        return p
    }
}

struct Badge: View {
    let size: CGFloat
    var body: some View {
        Circle().fill(Color("Accent")).frame(width: size, height: size)
    }
}
"""

@Test func viewsAndShapesOfAnotherFileInTheFolderAreCompiled() throws {
    let dir = try folder(["Screen.swift": screen, "Shapes.swift": shapes])
    defer { try? FileManager.default.removeItem(at: dir) }
    let i = try SwiftSourceFile(path: dir.appendingPathComponent("Screen.swift").path).compile()
    let json = i.json
    // The Wedge's path, run for its 20 × 20 frame centred in the 40 × 40 canvas.
    #expect(json.contains("M10 30 L30 30 L20 10 Z"), "\(json)")
    #expect(json.contains("\"circle\""), "\(json)")
    // The one warning is inside Badge: placed in Shapes.swift, at its line and column.
    #expect(i.warnings.map(\.description) == [
        "Shapes.swift:17:23: Color(\"Accent\"): no asset catalogue (.xcassets) found in the file's project: drawn gray",
    ], "\(i.warnings)")
}

@Test func aPrivateTypeOfAnotherFileIsNotVisible() throws {
    let other = shapes.replacingOccurrences(of: "struct Wedge", with: "private struct Wedge")
    let dir = try folder(["Screen.swift": screen, "Shapes.swift": other])
    defer { try? FileManager.default.removeItem(at: dir) }
    let i = try SwiftSourceFile(path: dir.appendingPathComponent("Screen.swift").path).compile()
    #expect(i.warnings.map { "\($0.file):\($0.line): \($0.construct)" }.contains("Screen.swift:5: Wedge"), "\(i.warnings)")
}

@Test func theFileItselfWinsAndTextInputReadsNothingElse() throws {
    let own = screen + "\nstruct Wedge: Shape { func path(in rect: CGRect) -> Path { Path(rect) } }\n"
    let dir = try folder(["Screen.swift": own, "Shapes.swift": shapes])
    defer { try? FileManager.default.removeItem(at: dir) }
    let i = try SwiftSourceFile(path: dir.appendingPathComponent("Screen.swift").path).compile()
    #expect(i.json.contains("M10 10 L30 10 L30 30 L10 30 Z") && !i.json.contains("M10 30 L30 30 L20 10 Z"), "\(i.json)")
    // Compiled from text, the file has no folder: Badge is unknown.
    let t = try SwiftSourceFile(text: screen, fileName: "Screen.swift").compile()
    #expect(t.warnings.map(\.construct).sorted() == ["Badge", "Wedge"], "\(t.warnings)")
}

@Test func theProjectFolderIsSearchedOnlyWhenThereIsOne() throws {
    let files = ["App/Views/Screen.swift": screen, "App/Shapes/Shapes.swift": shapes]
    let loose = try folder(files)
    defer { try? FileManager.default.removeItem(at: loose) }
    let a = try SwiftSourceFile(path: loose.appendingPathComponent("App/Views/Screen.swift").path).compile()
    #expect(Set(a.warnings.map(\.construct)) == ["Wedge", "Badge"], "without a project folder only the file's own folder is read: \(a.warnings)")

    let package = try folder(files.merging(["Package.swift": "// swift-tools-version:6.0\n"]) { a, _ in a })
    defer { try? FileManager.default.removeItem(at: package) }
    let b = try SwiftSourceFile(path: package.appendingPathComponent("App/Views/Screen.swift").path).compile()
    #expect(b.warnings.map(\.file) == ["App/Shapes/Shapes.swift"], "\(b.warnings)")
}

@Test func aFileThatDoesNotParseOrIsNotTextIsPassedOver() throws {
    let dir = try folder([
        "Screen.swift": screen,
        "Broken.swift": "import SwiftUI\nstruct Wedge: Shape { func path(in rect: CGRect) -> Path {\n",
        "Shapes.swift": shapes,
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data([0x73, 0x74, 0x72, 0x75, 0x63, 0x74, 0x20, 0x42, 0x61, 0x64, 0x67, 0x65, 0x00, 0xFF])
        .write(to: dir.appendingPathComponent("Binary.swift"))
    // Broken.swift and Binary.swift come first in the folder and name Wedge and Badge: neither
    // parses, so both types come from Shapes.swift.
    let i = try SwiftSourceFile(path: dir.appendingPathComponent("Screen.swift").path).compile()
    #expect(i.json.contains("M10 30 L30 30 L20 10 Z"), "\(i.json)")
    #expect(i.warnings.map(\.file) == ["Shapes.swift"], "\(i.warnings)")
}
