// `.animation(_:value:)` watching a value computed from the state (`"value": "=expression"`): a
// change animates with the modifier's animation only when the computed value differs before and
// after it, as SwiftUI compares the value it is given, not the state it is computed from.
import Foundation
import Testing
import AnimoCheck
@testable import AnimoSpec
@testable import AnimoRender

struct ComputedAnimationValueTests {
    /// A 20-pt square at x = 10 + 10·s, under a linear 1 s animation watching `watched`; s turns 1
    /// at 0.5 s and 2 at 2 s, both without an animation of their own.
    func renderer(watching watched: String) throws -> SceneRenderer {
        try SceneRenderer(spec: try Spec.load(json: """
        {"canvas": {"width": 60, "height": 40, "scale": 1}, "duration": 3, "state": {"s": 0},
         "events": [{"at": 0.5, "set": {"s": 1}}, {"at": 2, "set": {"s": 2}}],
         "content": [{"rectangle": {"frame": ["=10 + 10 * s", 10, 20, 20]}, "fill": "black",
                      "modifiers": [{"animation": {"linear": {"duration": 1}, "value": \(watched)}}]}]}
        """))
    }

    /// The square's left edge: the first column whose middle row is mostly covered (the canvas
    /// is transparent).
    func left(_ r: SceneRenderer, at t: Double) throws -> Int {
        let image = RGBAImage(try r.render(at: t))
        let y = 20
        for x in 0..<image.width where image.bytes[(y * image.width + x) * 4 + 3] >= 128 { return x }
        return -1
    }

    @Test func aComputedValueThatStaysTheSameDoesNotAnimate() throws {
        let computed = try renderer(watching: #""=s > 0 ? 1 : 0""#)
        // 0 → 1 changes the computed value: the square moves 10 → 20 over 0.5 … 1.5 s.
        #expect(try left(computed, at: 1.0) == 15)
        #expect(try left(computed, at: 1.9) == 20)
        // 1 → 2 leaves it at 1: the square jumps to 30 at 2 s.
        #expect(try left(computed, at: 2.1) == 30)
        // Watching the state itself, the second change animates too.
        let state = try renderer(watching: #""s""#)
        #expect(try left(state, at: 2.5) == 25)
        // Both forms in one array: either kind of change applies.
        let both = try renderer(watching: #"["=s > 5 ? 1 : 0", "s"]"#)
        #expect(try left(both, at: 2.5) == 25)
    }

    @Test func aComputedValueMustBeAnExpressionOfTheSpec() {
        #expect(throws: SpecErrors.self) { try renderer(watching: #""=nosuch + 1""#) }
    }
}
