// Warnings found while rendering frames (not while resolving): the black-shader trap, shader
// arguments that became non-finite, filter numbers from expressions that had to be clamped.
// Frames may render concurrently, so the store is lock-protected; each (feature, path, message)
// is kept once, in the order first seen.
import AnimoSpec
import Foundation

/// A thread-safe, de-duplicating list of render-time diagnostics.
final class RenderWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [RenderDiagnostic] = []
    private var seen: Set<String> = []

    func add(_ d: RenderDiagnostic) {
        let key = d.feature + "\u{1}" + d.path + "\u{1}" + d.message
        lock.lock(); defer { lock.unlock() }
        if seen.insert(key).inserted { items.append(d) }
    }

    var all: [RenderDiagnostic] {
        lock.lock(); defer { lock.unlock() }
        return items
    }
}

/// What effect painting needs besides the display list: worker threads for filters and shaders
/// (results are identical for any count) and where to record warnings.
struct EffectEnvironment: Sendable {
    var threads: Int = 1
    var warnings: RenderWarnings? = nil
}
