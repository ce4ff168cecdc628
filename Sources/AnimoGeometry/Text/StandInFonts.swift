// SF Pro, SF Pro Rounded, SF Mono and New York may not be redistributed, so each design is drawn
// with an openly licensed stand-in from Debian's packages (docs/semantics.md §135, where the
// choice and the measured width difference are written down):
//
//   default     Inter 4.0 (fonts-inter, SIL OFL), the text cut at every size, nine weights
//   rounded     Quicksand (fonts-quicksand, SIL OFL): Light, Regular, Medium, Bold
//   monospaced  JetBrains Mono (fonts-jetbrains-mono, SIL OFL), eight weights
//   serif       Noto Serif (fonts-noto-core, SIL OFL): Regular and Bold
//
// Each design maps SwiftUI's nine weights onto the faces it has; a design without italics
// (Quicksand) is slanted by 12° instead. Files are found in `$ANIMO_FONT_DIR`, then in the fonts
// a release tarball carries beside its executable (`bin/../share/animo-render/fonts`, so that its
// output does not depend on the machine's font versions), then at Debian's paths, then under the
// fontconfig font folders (`/usr/share/fonts`, `/usr/local/share/fonts`, `~/.local/share/fonts`,
// `~/.fonts`); a missing one is an error naming its package.
import Foundation

/// The stand-in face for a design, weight and posture.
public struct StandInFace: Sendable, Hashable {
    /// The font's file name (`Inter-SemiBold.otf`).
    public var file: String
    /// Debian's folder for the file.
    public var folder: String
    /// The Debian package that installs it.
    public var package: String
    /// True when the italic is made by slanting the upright face (tan 12° = 0.2126).
    public var syntheticOblique: Bool
}

public enum StandInFonts {
    /// The slant of a synthetic oblique: 12°, the angle of SF Pro's own italics.
    public static let obliqueSlant = 0.21255656167002213

    /// The face that draws `design` at `weight`.
    public static func face(design: FontDesign, weight: FontWeight, italic: Bool) -> StandInFace {
        switch design {
        case .default:
            let names: [FontWeight: String] = [.ultraLight: "Thin", .thin: "ExtraLight", .light: "Light", .regular: "Regular",
                                               .medium: "Medium", .semibold: "SemiBold", .bold: "Bold", .heavy: "ExtraBold", .black: "Black"]
            let n = names[weight]!
            let file = italic ? (weight == .regular ? "Inter-Italic.otf" : "Inter-\(n)Italic.otf") : "Inter-\(n).otf"
            return StandInFace(file: file, folder: "/usr/share/fonts/opentype/inter", package: "fonts-inter", syntheticOblique: false)
        case .rounded:
            let n: String
            switch weight {
            case .ultraLight, .thin: n = "Light"
            case .light: n = "Regular"
            case .regular, .medium: n = "Medium"
            case .semibold, .bold, .heavy, .black: n = "Bold"
            }
            return StandInFace(file: "Quicksand-\(n).ttf", folder: "/usr/share/fonts/truetype/quicksand", package: "fonts-quicksand", syntheticOblique: italic)
        case .monospaced:
            let names: [FontWeight: String] = [.ultraLight: "Thin", .thin: "ExtraLight", .light: "Light", .regular: "Regular",
                                               .medium: "Medium", .semibold: "SemiBold", .bold: "Bold", .heavy: "ExtraBold", .black: "ExtraBold"]
            let n = names[weight]!
            let file = italic ? (weight == .regular ? "JetBrainsMono-Italic.ttf" : "JetBrainsMono-\(n)Italic.ttf") : "JetBrainsMono-\(n).ttf"
            return StandInFace(file: file, folder: "/usr/share/fonts/truetype/jetbrains-mono", package: "fonts-jetbrains-mono", syntheticOblique: false)
        case .serif:
            let bold = weight >= .semibold
            let file = "NotoSerif-" + (bold ? (italic ? "BoldItalic" : "Bold") : (italic ? "Italic" : "Regular")) + ".ttf"
            return StandInFace(file: file, folder: "/usr/share/fonts/truetype/noto", package: "fonts-noto-core", syntheticOblique: false)
        }
    }

    /// The fallback for characters a stand-in lacks (DejaVu Sans, from fonts-dejavu-core).
    public static let fallback = StandInFace(file: "DejaVuSans.ttf", folder: "/usr/share/fonts/truetype/dejavu", package: "fonts-dejavu-core", syntheticOblique: false)

    /// Folders searched before Debian's path: `$ANIMO_FONT_DIR` and the fonts bundled beside the
    /// executable.
    public static var preferredFolders: [String] {
        var folders: [String] = []
        if let d = ProcessInfo.processInfo.environment["ANIMO_FONT_DIR"], !d.isEmpty { folders.append(d) }
        if let b = bundledFolder { folders.append(b) }
        return folders
    }

    /// `share/animo-render/fonts` beside the executable's `bin` folder, when it exists (the
    /// release tarball's layout, scripts/package).
    public static let bundledFolder: String? = {
        guard let exe = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        let folder = exe.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/animo-render/fonts").path
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue ? folder : nil
    }()

    /// Folders searched when a file is not at Debian's path.
    public static var searchFolders: [String] {
        var folders: [String] = []
        folders += ["/usr/share/fonts", "/usr/local/share/fonts"]
        let home = NSHomeDirectory()
        folders += [home + "/.local/share/fonts", home + "/.fonts"]
        return folders
    }

    nonisolated(unsafe) private static var cache: [String: Font] = [:]
    private static let lock = NSLock()

    /// The loaded font of a face (opened once and shared; `Font` is safe to use from any thread).
    public static func font(_ face: StandInFace, design: FontDesign) throws -> Font {
        lock.lock(); defer { lock.unlock() }
        if let f = cache[face.file] { return f }
        let path = try locate(face, design: design)
        let f = try Font(path: path)
        cache[face.file] = f
        return f
    }

    static func locate(_ face: StandInFace, design: FontDesign) throws -> String {
        let fm = FileManager.default
        for folder in preferredFolders where fm.fileExists(atPath: folder + "/" + face.file) { return folder + "/" + face.file }
        let direct = face.folder + "/" + face.file
        if fm.fileExists(atPath: direct) { return direct }
        let folders = searchFolders
        for folder in folders {
            if fm.fileExists(atPath: folder + "/" + face.file) { return folder + "/" + face.file }
            guard let walker = fm.enumerator(atPath: folder) else { continue }
            var visited = 0
            while let item = walker.nextObject() as? String, visited < 200_000 {
                visited += 1
                if (item as NSString).lastPathComponent == face.file { return folder + "/" + item }
            }
        }
        throw FontError.missingStandIn(design: design.rawValue, file: face.file, package: face.package, searched: preferredFolders + [face.folder] + folders)
    }
}
