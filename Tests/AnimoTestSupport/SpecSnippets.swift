// Spec snippets for tests, and the repository's example specs.
import Foundation
import AnimoSpec

/// Spec snippets and the acceptance examples.
public enum TestSupport {
    /// The acceptance examples: the specs of the scene golden cases (`Goldens/scenes/<name>/spec.json`).
    public static var exampleFiles: [URL] {
        Repository.sceneCases.map { $0.appendingPathComponent("spec.json") }
    }

    /// Loads a spec and returns its errors (empty when it loads).
    public static func errors(_ json: String) -> [SpecError] {
        do {
            _ = try Spec.load(json: json)
            return []
        } catch {
            return error.errors
        }
    }

    /// A minimal valid spec around some content JSON, with optional extra top-level members.
    public static func spec(content: String, state: String = "{\"on\": false, \"x\": 1}", extra: String = "") -> String {
        """
        {"canvas": {"width": 100, "height": 100}, "duration": 1, "state": \(state),
         "events": [{"at": 0.5, "set": {"on": true}}],\(extra)
         "content": \(content)}
        """
    }
}
