// Where animo-render's SwiftUI is: the shared library, its modules, the `#Preview` macro and the
// host process, built with the renderer (`swift build` puts them beside the executable).
import Foundation

public struct CompiledSwiftUI: Sendable {
    /// The folder that holds libSwiftUI.so, libAnimoPreviewMacros.so, animo-swiftui-host and
    /// Modules/SwiftUI.swiftmodule.
    public var folder: String
    public var swiftc: String

    public static let modules = ["SwiftUI", "Combine", "UIKit", "AnimoClock", "AnimoViewRecord"]

    /// The scheduling names AnimoClock declares in place of Dispatch's and Foundation's, with the
    /// AnimoClock type each means (wall time is the render clock too).
    static let clockNames: [(name: String, type: String)] = [
        ("DispatchQueue", "DispatchQueue"), ("DispatchTime", "DispatchTime"), ("DispatchWallTime", "DispatchTime"),
        ("DispatchTimeInterval", "DispatchTimeInterval"), ("DispatchWorkItem", "DispatchWorkItem"), ("DispatchGroup", "DispatchGroup"),
        ("DispatchQoS", "DispatchQoS"), ("DispatchWorkItemFlags", "DispatchWorkItemFlags"), ("Timer", "Timer"), ("RunLoop", "RunLoop"),
    ]

    /// From ANIMO_SWIFTUI_DIR, else the running executable's folder; swiftc from PATH.
    public static func locate() throws(CompiledViewFailure) -> CompiledSwiftUI {
        let env = ProcessInfo.processInfo.environment
        let folder: String
        if let explicit = env["ANIMO_SWIFTUI_DIR"], !explicit.isEmpty {
            folder = explicit
        } else {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            folder = (exe as NSString).deletingLastPathComponent
        }
        let needed = ["libSwiftUI.so", "libAnimoPreviewMacros.so", "animo-swiftui-host", "Modules/SwiftUI.swiftmodule"]
        let missing = needed.filter { !FileManager.default.fileExists(atPath: folder + "/" + $0) }
        if !missing.isEmpty {
            throw CompiledViewFailure("the compiled front end needs animo-render's SwiftUI beside the executable (\(missing.joined(separator: ", ")) missing in \(folder)); build it with `swift build -c release` (all products), or set ANIMO_SWIFTUI_DIR to the folder that holds it")
        }
        let path = (env["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
        guard let swiftc = path.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CompiledViewFailure("the compiled front end needs swiftc on PATH (the Swift 6 toolchain)")
        }
        return CompiledSwiftUI(folder: folder, swiftc: swiftc)
    }

    /// What a compiled view depends on besides its own sources: the library's bytes and swiftc.
    func fingerprint() -> String {
        var h = ContentHash()
        for file in ["libSwiftUI.so", "libAnimoPreviewMacros.so"] + Self.modules.map({ "Modules/\($0).swiftmodule" }) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + file)
            h.add("\(file) \(attributes?[.size] ?? 0) \((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        }
        h.add(swiftc)
        return h.hex
    }
}

/// An error of the compiled front end, with the diagnostics it has (swiftc's, the run's).
public struct CompiledViewFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A 128-bit content hash (two FNV-1a lanes) for cache keys.
struct ContentHash {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x8422_2325_cbf2_9ce4
    mutating func add(_ bytes: some Sequence<UInt8>) {
        for x in bytes {
            a = (a ^ UInt64(x)) &* 0x0000_0100_0000_01b3
            b = (b ^ UInt64(x)) &* 0x0000_0100_0000_01b3 ^ (b >> 29)
        }
        a = (a ^ 0xff) &* 0x0000_0100_0000_01b3
    }
    mutating func add(_ s: String) { add(s.utf8) }
    var hex: String { String(format: "%016llx%016llx", a, b) }

    /// The entry point `#Preview` at `line` of `path` expands to (AnimoPreviewMacros).
    static func previewSymbol(path: String, line: Int) -> String {
        let file = (path as NSString).lastPathComponent
        let name = String(file.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "_" })
        return "animo_preview_\(name)_\(line)"
    }
}
