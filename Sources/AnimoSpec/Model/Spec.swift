// The resolved, validated spec (docs/spec.md). `Spec.load` decodes and validates everything once,
// before any pixel; a loaded Spec is known to be well-formed.
import Foundation

/// `canvas`: size in points, pixels per point, background.
public struct SpecCanvas: Sendable {
    public var width: Double
    public var height: Double
    /// Pixels per point, default 2.
    public var scale: Double
    /// Default clear (transparent). With `computedBackground`, its value at the first frame's
    /// state (what a check against "the background" compares with).
    public var background: SpecColor
    /// A background computed per frame (`"=on ? black : white"`); it animates as a fill's colour.
    public var computedBackground: SpecColorExpression? = nil
    /// The environment every view sees (docs/spec.md "Environment").
    public var environment: SpecEnvironment = SpecEnvironment()
    /// The device preset named by `canvas.device`, if any (docs/semantics.md §138–142).
    public var device: DevicePreset? = nil
    /// The safe area's insets in points (the device's, or `canvas.safeAreaInsets`; default none).
    /// Layout views at the top level are laid out inside the safe area (docs/semantics.md §120).
    public var safeAreaInsets: DeviceInsets = .zero
    /// Seconds the TimelineView clock `t` reads at the first frame (`canvas.clockStart`, default 0):
    /// expressions read `t` = frame time + clockStart. Events, animations and animators keep the
    /// frame time.
    public var clockStart: Double = 0

    /// width·scale rounded up, saturating at Int.max (load accepts at most 16384).
    public var pixelWidth: Int { SpecCanvas.saturatingInt((width * scale).rounded(.up)) }
    public var pixelHeight: Int { SpecCanvas.saturatingInt((height * scale).rounded(.up)) }

    /// x as an Int, clamped to Int's range (NaN → 0): Int(_:) traps outside it.
    static func saturatingInt(_ x: Double) -> Int {
        if x >= 9.2e18 { return .max }
        if x <= -9.2e18 { return .min }
        return x.isNaN ? 0 : Int(x)
    }

    public init(width: Double, height: Double, scale: Double, background: SpecColor) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
    }
}

/// The environment values a spec sets on its canvas: SwiftUI's `colorScheme`, `dynamicTypeSize`,
/// `accessibilityReduceMotion` and `layoutDirection`, and which published system colours apply.
public struct SpecEnvironment: Sendable {
    public var colorScheme: SpecColorScheme = .light
    public var dynamicTypeSize: SpecDynamicTypeSize = .large
    public var reduceMotion = false
    public var rightToLeft = false
    public var systemColors: SpecSystemColors = .iOS18

    public init() {}

    /// The values expressions read: `colorScheme` (light 0, dark 1, and the constants `light`,
    /// `dark`), `dynamicTypeSize` (xSmall 0 … large 3 … accessibility5 11), `reduceMotion` (0/1),
    /// `layoutDirection` (`leftToRight` 0, `rightToLeft` 1).
    public var expressionConstants: [String: Double] {
        [
            "colorScheme": colorScheme == .light ? 0 : 1, "light": 0, "dark": 1,
            "dynamicTypeSize": Double(SpecDynamicTypeSize.allCases.firstIndex(of: dynamicTypeSize) ?? 3),
            "reduceMotion": reduceMotion ? 1 : 0,
            "layoutDirection": rightToLeft ? 1 : 0, "leftToRight": 0, "rightToLeft": 1,
        ]
    }
}

/// A named state variable (number or boolean; booleans are 1/0 in expressions).
public struct StateVariable: Sendable, Equatable {
    public var name: String
    public var initial: Double
    public var isBoolean: Bool
    public var slot: Int

    public init(name: String, initial: Double, isBoolean: Bool, slot: Int) {
        self.name = name
        self.initial = initial
        self.isBoolean = isBoolean
        self.slot = slot
    }
}

/// One assignment of an event.
public struct StateAssignment: Sendable, Equatable {
    public var name: String
    public var slot: Int
    public var value: Double

    public init(name: String, slot: Int, value: Double) {
        self.name = name
        self.slot = slot
        self.value = value
    }
}

/// One transaction, `withAnimation(animation) { state = … }` at time `at`, with every value
/// already evaluated. A written event becomes one of these per firing (a periodic event fires
/// several times) and per change (`changes` lists several), in the order they happen
/// (SpecDecoder+Events.swift).
public struct SpecEvent: Sendable {
    public var at: Double
    public var set: [StateAssignment]
    /// nil = no animation (only `animation` modifiers animate the change).
    public var animation: SpecAnimation?
    /// The JSON path of the written event (`events[2]`), or of its change (`events[2].changes[1]`).
    public var path: String
    /// For a periodic event (`every`), which firing this is (0 for the first); nil otherwise.
    public var firing: Int?

    public init(at: Double, set: [StateAssignment], animation: SpecAnimation? = nil, path: String, firing: Int? = nil) {
        self.at = at
        self.set = set
        self.animation = animation
        self.path = path
        self.firing = firing
    }

    /// The path and, for a periodic event, the firing and its time: for messages.
    public var label: String {
        firing.map { "\(path) (firing \($0) at \(formatNumber(at)) s)" } ?? path
    }
}

/// What a slot of the evaluation frame holds.
public struct SlotInfo: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `t`, the TimelineView clock in seconds (always slot 0).
        case clock
        case state
        /// The index of a `repeat`.
        case loop
        /// A `phaseAnimator` or `keyframeAnimator` value.
        case animatorValue
        /// A value the layout sets: a `geometryReader`'s size and frame.
        case layout
        /// A drag's value (`translation.width`, …), read by gesture actions only.
        case gesture
        /// A value inside a shape template's path commands: its rect's values, its parameters and
        /// a `lines` sampling variable, written when its path is built.
        case shapeValue
    }
    public var name: String
    public var kind: Kind
    /// Where it is declared (empty for `t`).
    public var path: String

    public init(name: String, kind: Kind, path: String) {
        self.name = name
        self.kind = kind
        self.path = path
    }
}

/// A loaded, validated spec.
public struct Spec: Sendable {
    public var name: String?
    public var about: String?
    public var canvas: SpecCanvas
    /// Seconds, > 0.
    public var duration: Double
    /// Frames per second, default 30, in (0, 240].
    public var fps: Double
    /// In declaration order; `slot` indexes the evaluation frame.
    public var state: [StateVariable]
    /// Every transaction of the spec's `events`, expanded (periodic events once per firing, an
    /// event with `changes` once per change), in the written order with a timer's firings and an
    /// event's changes consecutive (the renderer plays them in time order).
    public var events: [SpecEvent]
    /// Taps and drags played at given instants (docs/spec.md "Interactions"); the scene turns them
    /// into events when it is resolved.
    public var interactions: [SpecInteraction] = []
    /// State arrays (`"stars": {"points": []}`), each element with the boolean state variable
    /// that says whether it is in the array (StateArray.swift).
    public var stateArrays: [StateArray] = []
    public var content: [SpecNode]
    public var expect: [Expectation]
    /// Lint rules the whole spec suppresses (`"lint": {"ignore": {…}}`).
    public var lint = LintSettings()
    /// The top-level `shapes` (shape templates), in declaration order.
    public var shapes: [ShapeTemplate] = []
    /// The evaluation frame's layout: expressions read `frame[slot]`. Slot 0 is `t`, then the
    /// state variables, then loop and animator variables in the order they are declared.
    public var slots: [SlotInfo]
    /// `.metal` files (paths relative to the spec's folder, in the order given) whose
    /// `[[ stitchable ]]` functions shaders may name before the built-in catalogue's; their
    /// JSON paths are `shaders[i]`. Compiled by the renderer (docs/shaders.md).
    public var shaderSources: [String] = []
    /// The folder of the spec file (set by `load(path:)`): shader `image` arguments are read
    /// relative to it and must stay inside it. nil for specs loaded from memory.
    public var baseDirectory: String? = nil
    /// The text the spec was decoded from (set by `load`), to place later errors at their
    /// positions. nil for specs built in memory.
    public var source: SpecSource? = nil

    /// The TimelineView clock `t` at frame time `time` (`canvas.clockStart` later).
    public func clock(at time: Double) -> Double { time + canvas.clockStart }

    /// Frames rendered from 0 to `duration` inclusive at `fps`.
    public var frameCount: Int { SpecCanvas.saturatingInt((duration * fps + 1e-9).rounded(.down)) &+ 1 }

    /// A frame of slot values with `t` = 0, the state at its initial values and the rest 0.
    public func initialFrame() -> [Double] {
        var frame = [Double](repeating: 0, count: slots.count)
        for s in state { frame[s.slot] = s.initial }
        return frame
    }

    /// The state variable with this name.
    public func stateVariable(named name: String) -> StateVariable? {
        state.first { $0.name == name }
    }

    // MARK: - Loading

    /// Decodes and validates a spec. Throws `SpecErrors` with every problem found.
    /// - Parameter fileName: the name shown in error descriptions.
    public static func load(data: Data, fileName: String = "spec.json") throws(SpecErrors) -> Spec {
        try load(bytes: [UInt8](data), fileName: fileName)
    }

    /// Decodes and validates the spec in a string.
    public static func load(json: String, fileName: String = "spec.json") throws(SpecErrors) -> Spec {
        try load(bytes: Array(json.utf8), fileName: fileName)
    }

    /// Reads and validates a spec file. An unreadable file is reported as a `SpecErrors` too, one
    /// error naming the path as given and why (`no such file`, `is a folder, not a spec file`). The
    /// size is checked before anything is read: a regular file above `maxBytes` is refused from its
    /// fstat(2) size, and anything else (a pipe, a device) is read no further than `maxBytes` + 1
    /// bytes, so an oversized input costs neither the time nor the memory to read it.
    public static func load(path: String) throws(SpecErrors) -> Spec {
        let name = (path as NSString).lastPathComponent
        func unreadable(_ why: String) -> SpecErrors {
            SpecErrors([SpecError(file: UserText.cut(path, limit: 200), path: "", line: 0, column: 0, message: why)])
        }
        if let why = FileProblem.unreadable(path) {
            throw unreadable(why == "is a folder" ? "is a folder, not a spec file" : why)
        }
        let bytes: [UInt8]
        switch readFile(path, limit: maxBytes) {
        case .bytes(let b): bytes = b
        case .tooLarge(let size):
            let limit = "\(maxBytes) bytes (\(mebibytes(maxBytes)))"
            throw SpecErrors([SpecError(file: name, path: "", line: 1, column: 1, message: size.map {
                "the spec is \($0) bytes (\(mebibytes($0))); the limit is \(limit)"
            } ?? "the spec is larger than the limit of \(limit)")])
        case .unreadable(let reason):
            throw unreadable("cannot read it: \(reason)")
        }
        var spec = try load(bytes: bytes, fileName: name)
        spec.baseDirectory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        return spec
    }

    /// Maximum size of a spec file (bytes): far above any hand-written spec.
    public static let maxBytes = 16 << 20

    /// "16 MiB", "200.0 MiB": a byte count for people.
    static func mebibytes(_ n: Int) -> String {
        n % (1 << 20) == 0 ? "\(n >> 20) MiB" : String(format: "%.1f MiB", Double(n) / Double(1 << 20))
    }

    enum FileRead { case bytes([UInt8]), tooLarge(Int?), unreadable(String) }

    /// The file's bytes if it holds at most `limit`; its size (nil when it has none to stat, e.g. a
    /// pipe) if it holds more; or the system's reason it cannot be read.
    static func readFile(_ path: String, limit: Int) -> FileRead {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .unreadable(String(cString: strerror(errno))) }
        if st.st_mode & S_IFMT == S_IFDIR { return .unreadable(String(cString: strerror(EISDIR))) }
        let regular = st.st_mode & S_IFMT == S_IFREG
        if regular && Int(st.st_size) > limit { return .tooLarge(Int(st.st_size)) }
        // Read at most limit + 1 bytes: one byte past the limit proves the input too large (a
        // regular file can grow between fstat and read; a pipe has no size).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(regular ? Int(st.st_size) + 1 : 1 << 16)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, min($0.count, limit + 1 - bytes.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                return .unreadable(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        if bytes.count > limit { return .tooLarge(nil) }
        return .bytes(bytes)
    }

    static func load(bytes: [UInt8], fileName: String) throws(SpecErrors) -> Spec {
        guard bytes.count <= maxBytes else {
            throw SpecErrors([SpecError(file: fileName, path: "", line: 1, column: 1, message: "the spec is \(bytes.count) bytes; the limit is \(maxBytes)")])
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SpecErrors([SpecError(file: fileName, path: "", line: error.position.line, column: error.position.column, message: "syntax error: " + error.message)])
        }
        return try load(value: root, fileName: fileName)
    }

    /// Decodes and validates a spec given as a JSON value tree (a front end's typed output; the
    /// values' positions are where errors are reported).
    public static func load(value root: JSONValue, fileName: String) throws(SpecErrors) -> Spec {
        let decoder = SpecDecoder(fileName: fileName)
        let spec = decoder.decodeSpec(root)
        guard decoder.errors.isEmpty, var spec else {
            throw SpecErrors(decoder.sortedErrors)
        }
        spec.source = SpecSource(fileName: fileName, root: root)
        return spec
    }

    public init(name: String? = nil, about: String? = nil, canvas: SpecCanvas, duration: Double, fps: Double, state: [StateVariable], events: [SpecEvent], content: [SpecNode], expect: [Expectation], slots: [SlotInfo], baseDirectory: String? = nil) {
        self.name = name
        self.about = about
        self.canvas = canvas
        self.duration = duration
        self.fps = fps
        self.state = state
        self.events = events
        self.content = content
        self.expect = expect
        self.slots = slots
        self.baseDirectory = baseDirectory
    }
}
