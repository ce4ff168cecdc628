// What a compiled SwiftUI view did on the virtual clock: the view tree its `body` produced after
// each change of state, with the transaction of that change. The `SwiftUI` module writes it in the
// process that runs the user's code; the renderer reads it and lowers it into the scene model
// (AnimoSwiftCompiled). Only value types, Codable, so that it crosses the process boundary as a
// binary property list and nothing else.

/// The whole run: the first tree, then one update per change, in the order they happened.
public struct Recording: Codable, Sendable, Equatable {
    /// The preview that ran (its name or type), for messages.
    public var entry: String
    public var updates: [RecordedUpdate]
    /// APIs that compiled and ran but are not modelled: what the render leaves out.
    public var warnings: [RecordedWarning]
    /// The canvas the preview asked for (`.previewLayout(.fixed…)`, `.frame` on the root), if any.
    public var preferredColorScheme: String?

    public init(entry: String, updates: [RecordedUpdate] = [], warnings: [RecordedWarning] = [], preferredColorScheme: String? = nil) {
        self.entry = entry
        self.updates = updates
        self.warnings = warnings
        self.preferredColorScheme = preferredColorScheme
    }
}

/// The tree after a change at `time`, with the animation of the transaction that made it (nil: none).
public struct RecordedUpdate: Codable, Sendable, Equatable {
    public var time: Double
    public var animation: RecordedAnimation?
    /// Set when the transaction disables animations (`Transaction.disablesAnimations`).
    public var disablesAnimations: Bool
    public var root: RecordedView
    /// A `TimelineView`'s schedule asked for this update (not the user's code).
    public var isTimelineTick: Bool

    public init(time: Double, animation: RecordedAnimation?, disablesAnimations: Bool = false, root: RecordedView, isTimelineTick: Bool = false) {
        self.time = time
        self.animation = animation
        self.disablesAnimations = disablesAnimations
        self.root = root
        self.isTimelineTick = isTimelineTick
    }
}

/// Where in the user's source a view or a modifier was written (`#fileID`, `#line`, `#column`).
public struct SourceSite: Codable, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
    public static let unknown = SourceSite(file: "", line: 0, column: 0)
    public var description: String { "\(file):\(line):\(column)" }
}

public struct RecordedWarning: Codable, Sendable, Hashable {
    public var site: SourceSite
    /// The API, as written in SwiftUI: `hueRotation(_:)`.
    public var api: String
    /// What the render does instead.
    public var effect: String
    public init(site: SourceSite, api: String, effect: String) {
        self.site = site
        self.api = api
        self.effect = effect
    }
}
