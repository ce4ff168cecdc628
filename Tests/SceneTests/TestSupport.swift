import Foundation
@testable import Scene

/// Locates the shared examples: `$ANIMO_SHARED`, then `<worktree>/../shared`, then `/work/shared`.
enum TestSupport {
    static var sharedDirectory: URL? {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["ANIMO_SHARED"] {
            candidates.append(URL(fileURLWithPath: env))
        }
        // #filePath = <root>/Tests/SceneTests/TestSupport.swift → up 3 levels = package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent("../shared").standardizedFileURL)
        candidates.append(root.appendingPathComponent("../../shared").standardizedFileURL)
        candidates.append(URL(fileURLWithPath: "/work/shared"))
        return candidates.first { fm.fileExists(atPath: $0.appendingPathComponent("examples").path) }
    }

    static var exampleFiles: [URL] {
        guard let dir = sharedDirectory?.appendingPathComponent("examples") else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// Loads a spec and returns its errors (empty when it loads).
    static func errors(_ json: String) -> [SpecError] {
        do {
            _ = try Spec.load(json: json)
            return []
        } catch {
            return error.errors
        }
    }

    /// A minimal valid spec around some content JSON, with optional extra top-level members.
    static func spec(content: String, state: String = "{\"on\": false, \"x\": 1}", extra: String = "") -> String {
        """
        {"canvas": {"width": 100, "height": 100}, "duration": 1, "state": \(state),
         "events": [{"at": 0.5, "set": {"on": true}}],\(extra)
         "content": \(content)}
        """
    }
}
