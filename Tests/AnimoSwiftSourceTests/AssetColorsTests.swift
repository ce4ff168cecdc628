// Asset catalogue colours: `Color("BgColor")` takes the colour set of the file's project, in the
// preview's appearance; a missing or unreadable set keeps the gray placeholder and says why.
import Foundation
import Testing
import AnimoSpec
import AnimoSwiftSource

private func project(_ sets: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("asset-colors-\(UUID().uuidString)")
    let sources = root.appendingPathComponent("App/Views")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try Data().write(to: root.appendingPathComponent("Package.swift"))
    for (path, contents) in sets {
        let folder = root.appendingPathComponent("App/Assets.xcassets").appendingPathComponent(path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: folder.appendingPathComponent("Contents.json"))
    }
    return sources.appendingPathComponent("Card.swift")
}

private let bgColor = """
{"colors": [
  {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0.200", "green": "0x80", "blue": "255", "alpha": "1.000"}}},
  {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
   "color": {"color-space": "srgb", "components": {"red": "0.050", "green": "0.050", "blue": "0.100", "alpha": "0.500"}}}
], "info": {"author": "xcode", "version": 1}}
"""

private func card(dark: Bool) -> String {
    """
    import SwiftUI
    struct Card: View {
        var body: some View {
            Rectangle().fill(Color("BgColor")).frame(width: 40, height: 40)
        }
    }
    #Preview { Card()\(dark ? ".preferredColorScheme(.dark)" : "") }
    """
}

private func fillOfFirstShape(_ i: SwiftImport) throws -> Any? {
    let doc = try document(i)
    var nodes = doc["content"] as? [[String: Any]] ?? []
    while let node = nodes.first {
        if let fill = node["fill"] { return fill }
        nodes = (node["group"] ?? node["zstack"] ?? node["content"]) as? [[String: Any]] ?? Array(nodes.dropFirst())
    }
    return nil
}

@Test func aColourSetOfTheProjectGivesItsLightAndDarkColours() throws {
    let file = try project(["BgColor.colorset": bgColor])
    let found = AssetColors.catalogues(near: file)
    #expect(found.map(\.lastPathComponent) == ["Assets.xcassets"])
    let assets = AssetColors.load(catalogues: found)
    let c = try #require(assets.colors["BgColor"])
    #expect(abs(c.light.red - 0.2) < 1e-9 && abs(c.light.green - 128.0 / 255) < 1e-9 && c.light.blue == 1 && c.light.opacity == 1)
    #expect(abs(c.dark.blue - 0.1) < 1e-9 && c.dark.opacity == 0.5)

    for dark in [false, true] {
        let i = try SwiftSourceFile(text: card(dark: dark), fileName: "Card.swift").compile(SwiftImportOptions(assetColors: assets))
        #expect(i.warnings.isEmpty, "\(i.warnings)")
        let fill = try #require(try fillOfFirstShape(i) as? [String: Any], "no fill in \(i.json)")
        let blue = fill["blue"] as? Double, opacity = fill["opacity"] as? Double
        #expect(dark ? (blue == 0.1 && opacity == 0.5) : (blue == 1 && opacity == 1), "\(fill)")
    }
}

@Test func aColourSetInAGroupFolderIsFound() throws {
    let file = try project(["Brand/BgColor.colorset": bgColor])
    let assets = AssetColors.load(catalogues: AssetColors.catalogues(near: file))
    #expect(assets.colors["BgColor"] != nil)
}

@Test func missingAndBrokenColourSetsKeepThePlaceholderAndSayWhy() throws {
    let none = try SwiftSourceFile(text: card(dark: false), fileName: "Card.swift").compile(SwiftImportOptions())
    #expect(none.warnings.contains { $0.construct == #"Color("BgColor")"# && $0.message.contains("no asset catalogue") }, "\(none.warnings)")

    let other = try project(["Accent.colorset": bgColor])
    let withoutIt = AssetColors.load(catalogues: AssetColors.catalogues(near: other))
    let missing = try SwiftSourceFile(text: card(dark: false), fileName: "Card.swift").compile(SwiftImportOptions(assetColors: withoutIt))
    #expect(missing.warnings.contains { $0.message.contains(#"no colour set named "BgColor" in Assets.xcassets"#) }, "\(missing.warnings)")

    let broken = try project(["BgColor.colorset": #"{"colors": [{"idiom": "universal", "color": {"components": {"red": "1.7", "green": "0", "blue": "0"}}}]}"#])
    let bad = AssetColors.load(catalogues: AssetColors.catalogues(near: broken))
    #expect(bad.colors["BgColor"] == nil)
    let i = try SwiftSourceFile(text: card(dark: false), fileName: "Card.swift").compile(SwiftImportOptions(assetColors: bad))
    #expect(i.warnings.contains { $0.message.contains("Contents.json") && $0.message.contains(#"component "red" is 1.7"#) }, "\(i.warnings)")
}
