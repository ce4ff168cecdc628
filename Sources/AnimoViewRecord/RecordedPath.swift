// A custom shape's `path(in:)` as a function of the rectangle it is drawn in: each number of each
// path command is `origin + constant + width·w + height·h + minSide·min(w, h)`, fitted from the
// shape's own code run at several rectangles. The renderer rebuilds the path for whatever
// rectangle layout gives the shape.

public struct RecordedPath: Codable, Sendable, Equatable {
    public enum Op: String, Codable, Sendable {
        /// `[x, y]`
        case move, line
        /// `[controlX, controlY, x, y]`
        case quad
        /// `[control1X, control1Y, control2X, control2Y, x, y]`
        case curve
        case close
        /// `[x, y, width, height]`
        case rect, ellipse
        /// `[centerX, centerY, radius, startDegrees, endDegrees]`, with `clockwise` as SwiftUI's flag.
        case arc
    }

    public struct Command: Codable, Sendable, Equatable {
        public var op: Op
        public var values: [RecordedLength]
        public var clockwise: Bool
        public init(op: Op, values: [RecordedLength], clockwise: Bool = false) {
            self.op = op
            self.values = values
            self.clockwise = clockwise
        }
    }

    public var commands: [Command]
    /// The shape has `animatableData`: a change of its numbers is interpolated by an animation.
    public var animatable: Bool
    public init(commands: [Command], animatable: Bool) {
        self.commands = commands
        self.animatable = animatable
    }
}

public struct RecordedLength: Codable, Sendable, Equatable {
    /// What the number is measured from: the rectangle's left edge, its top edge, or nothing (a
    /// size, a radius, an angle).
    public enum Origin: String, Codable, Sendable { case minX, minY, none }
    /// The terms the number is written with, whatever their values: the same in every update, so
    /// that a number that is 0 in one update and not in another is still one parameter.
    public enum Form: String, Codable, Sendable {
        /// All four terms (a path fitted as a function of its rectangle).
        case full
        /// One term: the number scales with the rectangle's width, height or smaller side, or not.
        case width, height, minSide, constant
    }
    public var origin: Origin
    public var form: Form
    public var constant: Double
    public var width: Double
    public var height: Double
    public var minSide: Double
    public init(origin: Origin, form: Form, constant: Double, width: Double = 0, height: Double = 0, minSide: Double = 0) {
        self.origin = origin
        self.form = form
        self.constant = constant
        self.width = width
        self.height = height
        self.minSide = minSide
    }
}
