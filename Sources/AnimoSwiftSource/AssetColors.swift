// Named colours of an Xcode asset catalogue (`Color("BgColor")`): each `NAME.colorset` folder of
// an `.xcassets` catalogue holds a `Contents.json` with the colour for any appearance and,
// optionally, for the dark one. The Swift front end reads the catalogues of the project a file
// belongs to, so a view that draws `Color("BgColor")` draws the app's colour, not a placeholder.
//
// Contents.json, as Xcode writes it: `{"colors": [{"idiom": "universal", "color":
// {"color-space": "srgb", "components": {"red": "0.110", "green": "0x1C", "blue": "28",
// "alpha": "1.000"}}}, {"idiom": "universal", "appearances": [{"appearance": "luminosity",
// "value": "dark"}], "color": {…}}]}`. A component is a fraction (`"0.110"`), a hexadecimal byte
// (`"0x1C"`) or an integer byte (`"28"`); `white` stands for the three components of a grey
// (`"color-space": "gray-gamma-22"` or `"extended-gray"`). Display P3 colours are taken as sRGB
// components (the renderer draws in sRGB), which is said in docs/swift.md.
import Foundation
import AnimoSpec

/// One named colour: its light (any) appearance and its dark one (the light one when absent).
public struct AssetColor: Sendable, Equatable {
    public var light: SpecColor
    public var dark: SpecColor

    public init(light: SpecColor, dark: SpecColor) {
        self.light = light
        self.dark = dark
    }
}

/// The colour sets of one or more asset catalogues, by name.
public struct AssetColors: Sendable {
    public var colors: [String: AssetColor]
    /// The catalogues read (for messages: where a missing name was looked for).
    public var catalogues: [String]
    /// Colour sets that could not be read, with why (reported as warnings when used).
    public var problems: [String: String]

    public init(colors: [String: AssetColor] = [:], catalogues: [String] = [], problems: [String: String] = [:]) {
        self.colors = colors
        self.catalogues = catalogues
        self.problems = problems
    }

    public static let none = AssetColors()

    /// How far up from a Swift file a project's catalogues are looked for, and how many
    /// folders are visited below each: enough for an Xcode project, bounded for a home folder.
    static let levelsUp = 3
    static let folderBudget = 2_000

    /// The `.xcassets` folders of the project `file` belongs to: below its folder and below each
    /// parent up to `levelsUp` levels, stopping at a folder that holds an `.xcodeproj`,
    /// `Package.swift` or `.git` (the project's root). Sorted, without duplicates.
    public static func catalogues(near file: URL) -> [URL] {
        let fm = FileManager.default
        var found: Set<String> = []
        var folder = file.deletingLastPathComponent().standardizedFileURL
        for _ in 0...levelsUp {
            var budget = folderBudget
            collect(in: folder, into: &found, budget: &budget)
            let names = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0 == "Package.swift" || $0 == ".git" }) { break }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return found.sorted().map { URL(fileURLWithPath: $0) }
    }

    private static func collect(in folder: URL, into found: inout Set<String>, budget: inout Int) {
        let fm = FileManager.default
        var queue = [folder]
        while let next = queue.popLast(), budget > 0 {
            budget -= 1
            guard let names = try? fm.contentsOfDirectory(atPath: next.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let url = next.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                if name.hasSuffix(".xcassets") { found.insert(url.standardizedFileURL.path); continue }
                if name == "build" || name == "DerivedData" || name == "node_modules" || name.hasSuffix(".xcodeproj") { continue }
                queue.append(url)
            }
        }
    }

    /// Reads every colour set of the catalogues (nested groups included). A colour set that
    /// cannot be read is kept in `problems`, so that using it names the file and the reason.
    public static func load(catalogues: [URL]) -> AssetColors {
        var result = AssetColors(catalogues: catalogues.map(\.path))
        let fm = FileManager.default
        for catalogue in catalogues {
            var queue = [catalogue]
            var budget = folderBudget
            while let next = queue.popLast(), budget > 0 {
                budget -= 1
                guard let names = try? fm.contentsOfDirectory(atPath: next.path) else { continue }
                for name in names.sorted() {
                    let url = next.appendingPathComponent(name)
                    if name.hasSuffix(".colorset") {
                        let colorName = String(name.dropLast(".colorset".count))
                        guard result.colors[colorName] == nil else { continue }
                        let contents = url.appendingPathComponent("Contents.json")
                        do {
                            result.colors[colorName] = try parse(contents)
                        } catch {
                            result.problems[colorName] = "\(contents.path): \(error)"
                        }
                    } else if !name.contains(".") {
                        queue.append(url) // a group folder of the catalogue
                    }
                }
            }
        }
        return result
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// One colour set's Contents.json.
    static func parse(_ url: URL) throws -> AssetColor {
        guard let data = FileManager.default.contents(atPath: url.path), data.count <= 1 << 20 else {
            throw Malformed(description: "cannot read it (missing or over 1 MB)")
        }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let entries = root["colors"] as? [[String: Any]] else {
            throw Malformed(description: "expected a JSON object with a \"colors\" array")
        }
        var any: SpecColor?
        var dark: SpecColor?
        for entry in entries {
            if let idiom = entry["idiom"] as? String, idiom != "universal" && idiom != "iphone" { continue }
            guard let color = entry["color"] as? [String: Any] else { continue }
            let value = try components(color)
            let appearances = entry["appearances"] as? [[String: Any]] ?? []
            let luminosity = appearances.first { ($0["appearance"] as? String) == "luminosity" }?["value"] as? String
            if appearances.contains(where: { ($0["appearance"] as? String) == "contrast" }) { continue }
            switch luminosity {
            case nil: if any == nil { any = value }
            case "dark": if dark == nil { dark = value }
            default: break // "light": the any appearance is what a light screen shows
            }
        }
        guard let light = any ?? dark else { throw Malformed(description: "no universal colour in \"colors\"") }
        return AssetColor(light: light, dark: dark ?? light)
    }

    static func components(_ color: [String: Any]) throws -> SpecColor {
        guard let c = color["components"] as? [String: Any] else { throw Malformed(description: "a colour without \"components\"") }
        func component(_ key: String) throws -> Double? {
            guard let raw = c[key] else { return nil }
            let text: String
            if let s = raw as? String { text = s.trimmingCharacters(in: .whitespaces) } else if let n = raw as? NSNumber { text = n.stringValue } else {
                throw Malformed(description: "component \"\(key)\" is not a number")
            }
            let value: Double?
            if text.lowercased().hasPrefix("0x") { value = Int(text.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            else if text.contains(".") { value = Double(text) }
            else { value = Int(text).map { Double($0) / 255 } }
            guard let v = value, v.isFinite, v >= 0, v <= 1 else {
                throw Malformed(description: "component \"\(key)\" is \(text): expected 0.000…1.000, 0x00…0xFF or 0…255")
            }
            return v
        }
        let alpha = try component("alpha") ?? 1
        if let w = try component("white") { return SpecColor(red: w, green: w, blue: w, opacity: alpha) }
        guard let r = try component("red"), let g = try component("green"), let b = try component("blue") else {
            throw Malformed(description: "expected red, green and blue (or white) components")
        }
        return SpecColor(red: r, green: g, blue: b, opacity: alpha)
    }
}
