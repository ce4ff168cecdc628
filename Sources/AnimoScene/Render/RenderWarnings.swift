// Warnings found while evaluating and painting frames (not while resolving): the black-shader trap,
// shader arguments that became non-finite, filter numbers from expressions that had to be clamped.
// Frames may render concurrently, so the store is lock-protected; each (feature, path, message)
// is kept once, in the order first seen.
import AnimoSpec
import Foundation

/// A feature the renderer skipped or approximated, with where it is used.
public struct RenderDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What it concerns, e.g. `filter:blur`, `shader:liquidMetal`, `modifier:animation`.
    public var feature: String
    public var path: String
    public var message: String
    public init(feature: String, path: String, message: String) {
        self.feature = feature
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(feature): \(message)" }
}

/// A thread-safe, de-duplicating list of render-time diagnostics.
public final class RenderWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [RenderDiagnostic] = []
    private var seen: Set<String> = []

    public init() {}

    /// Records `d` unless the same (feature, path, message) was recorded before.
    public func add(_ d: RenderDiagnostic) {
        let key = d.feature + "\u{1}" + d.path + "\u{1}" + d.message
        lock.lock(); defer { lock.unlock() }
        if seen.insert(key).inserted { items.append(d) }
    }

    /// Everything recorded, in the order first seen.
    public var all: [RenderDiagnostic] {
        lock.lock(); defer { lock.unlock() }
        return items
    }
}
