// `ProgressView()`: SwiftUI's indeterminate circular progress view, the system activity indicator,
// drawn with the spec's own nodes (docs/semantics.md §290): a 20 × 20 pt layout view holding eight
// rounded spokes round its centre, the brightest stepping clockwise once a second and the seven
// behind it fading by a tenth each. `.progressViewStyle(CircularProgressViewStyle(tint:))` or
// `.tint(_:)` colours the spokes (a colour chosen by state stays an expression); without one they
// are the secondary label colour. A determinate `ProgressView(value:)` or one with a label is
// reported and left out.
import Foundation
internal import SwiftSyntax

extension Compiler {
    /// The spinner's geometry (points): its frame, the spokes' size and distance from the centre,
    /// their number and the turns per second of the highlight.
    static let spinnerSize = 20.0
    static let spinnerSpoke = (width: 2.5, length: 7.0, offset: 6.5)
    static let spinnerSpokes = 8
    static let spinnerTurnsPerSecond = 1.0

    func compileProgressView(_ a: Arguments, _ s: Scope, _ ctx: ViewContext, _ at: SwiftPosition) throws -> [JSON] {
        if !a.list.isEmpty || !a.trailing.isEmpty {
            throw Unsupported(position: at, construct: "ProgressView", message: "a progress view with a value or a label is not modelled (only the indeterminate spinner, ProgressView()): left out")
        }
        let spoke = freshName("spoke")
        let n = Self.spinnerSpokes
        let steps = Double(n) * Self.spinnerTurnsPerSecond
        let fill: JSON = ctx.progressTint ?? .string("secondary")
        let capsule: JSON = .located(at, .object([
            ("capsule", .object([])),
            ("fill", fill),
            ("modifiers", .array([
                .object([("frame", .object([("width", .number(Self.spinnerSpoke.width)), ("height", .number(Self.spinnerSpoke.length))]))]),
                .object([("offset", .array([.number(0), .number(-Self.spinnerSpoke.offset)]))]),
                .object([("opacity", .string("=1 - 0.1 * ((floor(t * \(formatSpecNumber(steps))) - \(spoke)) % \(n))"))]),
                .object([("rotationEffect", .string("=\(spoke) * \(formatSpecNumber(360 / Double(n)))"))]),
            ])),
        ]))
        nodeCount += 2 + n
        let spokes: JSON = .object([("repeat", .object([("count", .number(Double(n))), ("as", .string(spoke)), ("content", .array([capsule]))]))])
        return [.located(at, .object([
            ("zstack", .object([("content", .array([spokes]))])),
            ("modifiers", .array([.object([("frame", .object([("width", .number(Self.spinnerSize)), ("height", .number(Self.spinnerSize))]))])])),
            ("about", .string("ProgressView(): the indeterminate spinner")),
        ]))]
    }
}
