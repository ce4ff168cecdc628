// Components: metaball, pathLoader, symbol, as decoded from the spec. AnimoScene expands them
// (Sources/AnimoScene/Components).

/// Blobs merged by blur + alpha threshold (a convenience over a goo `canvas`).
public struct MetaballNode: Sendable {
    public struct Blob: Sendable {
        public var center: SpecPoint
        public var radius: SpecNumber

        public init(center: SpecPoint, radius: SpecNumber) {
            self.center = center
            self.radius = radius
        }
    }
    public var blobs: [Blob]
    /// The threshold's colour: a literal or an expression, as `alphaThreshold`'s.
    public var color: SpecColorValue
    /// Blur radius (σ in points).
    public var blur: SpecNumber
    /// Alpha threshold in 0…1, default 0.5.
    public var threshold: SpecNumber
    public var animatable: [StateReference]

    public init(blobs: [Blob], color: SpecColorValue, blur: SpecNumber, threshold: SpecNumber, animatable: [StateReference]) {
        self.blobs = blobs
        self.color = color
        self.blur = blur
        self.threshold = threshold
        self.animatable = animatable
    }
}

/// The shape a path loader traces.
public enum PathLoaderShape: Sendable {
    case shape(SpecShape)
    /// The lemniscate of Bernoulli.
    case infinity
    case heart
    /// A rose curve r = cos(k·θ) with `petals`.
    case rose(petals: Int)
    /// A closed polygon through custom points, in 0…1 of the frame.
    case points([(x: Double, y: Double)])

    public static let generatorNames = ["infinity", "heart", "rose", "points"]
}

/// The skill's comet-trail path loader.
public struct PathLoaderNode: Sendable {
    public enum Sampler: String, Sendable, CaseIterable { case polyline, catmullRom }
    public struct Outline: Sendable {
        /// A literal or an expression, as a fill's colour.
        public var color: SpecColorValue
        public var opacity: SpecNumber
        public var lineWidth: SpecNumber

        public init(color: SpecColorValue, opacity: SpecNumber, lineWidth: SpecNumber) {
            self.color = color
            self.opacity = opacity
            self.lineWidth = lineWidth
        }
    }
    public struct Trail: Sendable {
        public var count: Int
        /// Length of the trail as a fraction (0…1] of the outline.
        public var length: SpecNumber
        /// Dot radius at the head and at the tail.
        public var radius: (head: SpecNumber, tail: SpecNumber)
        public var opacity: (head: SpecNumber, tail: SpecNumber)
        /// A literal or an expression, as a fill's colour.
        public var color: SpecColorValue

        public init(count: Int, length: SpecNumber, radius: (head: SpecNumber, tail: SpecNumber), opacity: (head: SpecNumber, tail: SpecNumber), color: SpecColorValue) {
            self.count = count
            self.length = length
            self.radius = radius
            self.opacity = opacity
            self.color = color
        }
    }

    public var shape: PathLoaderShape
    public var sampler: Sampler
    public var frame: SpecRect
    /// Seconds per lap of the head.
    public var period: SpecNumber
    public var outline: Outline?
    public var trail: Trail
    /// Extra rotation in degrees (typically an expression of `t`).
    public var rotation: SpecNumber?
    /// Extra scale about the frame's center (typically an expression of `t`).
    public var scale: SpecNumber?

    public init(shape: PathLoaderShape, sampler: Sampler, frame: SpecRect, period: SpecNumber, outline: Outline? = nil, trail: Trail, rotation: SpecNumber? = nil, scale: SpecNumber? = nil) {
        self.shape = shape
        self.sampler = sampler
        self.frame = frame
        self.period = period
        self.outline = outline
        self.trail = trail
        self.rotation = rotation
        self.scale = scale
    }
}

/// A symbol glyph from the built-in library (or custom SVG path data), with an optional effect.
public struct SymbolNode: Sendable {
    public enum Weight: String, Sendable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    public var name: String
    /// Custom glyph outline (SVG path data in a 100×100 box) instead of a library name.
    public var pathData: String?
    public var pointSize: SpecNumber
    public var weight: Weight
    /// A literal or an expression, as a fill's colour.
    public var color: SpecColorValue
    /// False when the spec gives no `color`: the symbol takes the foreground style.
    public var hasColor = true
    public var effect: SymbolEffect?

    /// Built-in glyph names.
    public static let knownNames = ["checkmark", "checkmark.circle", "heart", "heart.fill", "star", "star.fill", "plus", "xmark", "bell", "bell.fill", "wifi", "signature", "arrow.clockwise", "circle", "circle.fill",
        "photo", "photo.fill", "star.slash", "wifi.slash", "checkmark.seal.fill", "xmark.seal.fill", "arrow.down.right.circle.fill",
        "line.3.horizontal.decrease.circle", "exclamationmark.triangle", "drop.triangle.fill", "ellipsis", "play.fill", "pause.fill",
        "person", "person.2.fill", "music.note", "snowflake", "book.fill", "cart.fill", "paintpalette.fill", "desktopcomputer",
        "hand.raised.fill", "scissors", "building.2.fill", "leaf.fill", "carrot.fill", "circle.lefthalf.filled", "nosign", "fish.fill",
        "bolt.fill", "flame.fill", "staroflife.fill", "cube.fill", "leaf.arrow.circlepath", "face.smiling.inverse", "message.fill",
        "bookmark.fill", "doc.text", "square.and.arrow.up", "archivebox", "house", "magnifyingglass", "trash", "tray", "pencil",
        "pencil.line", "scribble", "lasso", "antenna.radiowaves", "circle.dotted", "rays", "waveform", "arrow.2.circlepath", "gear"]

    public init(name: String, pathData: String? = nil, pointSize: SpecNumber, weight: Weight, color: SpecColorValue, effect: SymbolEffect? = nil) {
        self.name = name
        self.pathData = pathData
        self.pointSize = pointSize
        self.weight = weight
        self.color = color
        self.effect = effect
    }
}

/// A symbol effect (`symbolEffect(_:options:isActive:)` / `value:`).
public struct SymbolEffect: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case drawOn, drawOff, bounce, pulse, breathe, wiggle, rotate, variableColor, replace
    }

    public var kind: Kind
    /// Numeric options (`speed`, `repeatCount`, and booleans as 1/0 such as `reversing`).
    public var options: [String: SpecNumber]
    /// Enumerated options (`direction`, `style`, `mode`, `to`).
    public var choices: [String: String]
    /// `isActive` (non-zero = active; for drawOn, active means hidden, SwiftUI\'s inverted sense).
    public var isActive: SpecNumber?
    /// Discrete effects play when one of these state variables changes.
    public var value: [StateReference]

    public init(kind: Kind, options: [String: SpecNumber], choices: [String: String], isActive: SpecNumber? = nil, value: [StateReference]) {
        self.kind = kind
        self.options = options
        self.choices = choices
        self.isActive = isActive
        self.value = value
    }
}
