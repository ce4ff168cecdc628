// Where the repository's own files are, for tests that read goldens and examples. Everything a
// test reads lives inside the repository: nothing outside it is looked for.
import Foundation

public enum Repository {
    /// The package root: this file is <root>/Tests/AnimoTestSupport/Repository.swift.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path inside the repository, e.g. `Goldens/scenes`.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The scene golden cases (`Goldens/scenes/<name>/spec.json`), sorted by name.
    public static var sceneCases: [URL] {
        let dir = url("Goldens/scenes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted().map { dir.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("spec.json").path) }
    }

    /// The spec of the scene golden case `name`.
    public static func sceneSpec(_ name: String) -> URL {
        url("Goldens/scenes/\(name)/spec.json")
    }
}
