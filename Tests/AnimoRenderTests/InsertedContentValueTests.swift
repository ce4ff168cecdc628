import AnimoTestSupport
import Foundation
import Testing
import AnimoRaster
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Content that an event inserts is built from the state after the event (docs/semantics.md
/// §325): a property the same event changes has no old value there to animate from, so only the
/// transition plays. Measured on a 20×10 canvas: a red 10×10 square at x = `x`, shown while `a`
/// holds, with the identity transition; events animate linearly over 1 s.
struct InsertedContentValueTests {
    func spec(a: Bool, events: String, layout: Bool = false) throws -> Spec {
        let square = layout
            ? #"{"color": "red", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": ["=x - 5", 0]}]}"#
            : #"{"rectangle": {"frame": ["=x", 0, 10, 10]}, "fill": "red"}"#
        let content = #"{"if": {"condition": "=a", "transition": "identity", "content": [\#(square)]}}"#
        return try Spec.load(json: """
        {"canvas": {"width": 20, "height": 10, "scale": 1, "background": {"red": 0, "green": 0, "blue": 0}}, "duration": 3,
         "state": {"a": \(a), "x": 0}, "events": [\(events)],
         "content": [\(layout ? #"{"zstack": {"content": [\#(content)]}}"# : content)]}
        """)
    }

    func event(_ at: Double, _ set: String) -> String {
        #"{"at": \#(at), "set": {\#(set)}, "animation": {"linear": {"duration": 1}}}"#
    }

    /// The red channel at the middle row's pixel columns 2 and 15.
    func columns(_ spec: Spec, at t: Double) throws -> (left: Float, right: Float) {
        let r = try SceneRenderer(spec: spec)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        let p = try r.render(at: t, scale: 1)
        return (p.pixels[5 * p.width + 2].x, p.pixels[5 * p.width + 15].x)
    }

    @Test func contentInsertedByTheEventIsAtTheNewValueAtOnce() throws {
        for layout in [false, true] {
            let s = try spec(a: false, events: event(0.2, #""a": true, "x": 10"#), layout: layout)
            let (left, right) = try columns(s, at: 0.7)
            // Halfway through a slide from 0 it would cover columns 5…14.
            #expect(left < 0.01 && right > 0.99, "layout \(layout): left \(left), right \(right)")
        }
    }

    /// A change made while the content is absent is no animation still running when a later event
    /// inserts it.
    @Test func aChangeWhileAbsentIsNotAnimatedWhenTheContentArrivesLater() throws {
        let s = try spec(a: false, events: event(0.2, #""x": 10"#) + ", " + event(0.4, #""a": true"#))
        let (left, right) = try columns(s, at: 0.7)
        #expect(left < 0.01 && right > 0.99, "left \(left), right \(right)")
    }

    /// Content already present animates the same change.
    @Test func presentContentStillAnimatesTheChange() throws {
        let s = try spec(a: true, events: event(0.2, #""x": 10"#))
        let (left, right) = try columns(s, at: 0.7)
        #expect(left < 0.01 && right < 0.01, "halfway, columns 5…14: left \(left), right \(right)")
        let (_, settled) = try columns(s, at: 1.5)
        #expect(settled > 0.99, "right \(settled)")
    }
}
