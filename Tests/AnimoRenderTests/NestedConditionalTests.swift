import AnimoTestSupport
import Foundation
import Testing
import AnimoRaster
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// An `if` inside an `if` whose conditions change in the same event (docs/semantics.md §292): the
/// outer one's transition carries its whole content, the inner one's content is present or absent
/// as the new state (insertion) or the old one (removal) says, without a transition of its own.
/// Measured on a 20×10 canvas: the outer `if` (on `a`) draws red over the left half, the inner one
/// (on `b`) white over the right half; events animate linearly over 1 s, so at 0.5 s into one
/// the outer opacity is one half.
struct NestedConditionalTests {
    func spec(a: Bool, b: Bool, events: String) throws -> Spec {
        try Spec.load(json: """
        {"canvas": {"width": 20, "height": 10, "scale": 1, "background": {"red": 0, "green": 0, "blue": 0}}, "duration": 4,
         "state": {"a": \(a), "b": \(b)}, "events": [\(events)],
         "content": [{"if": {"condition": "=a", "content": [
            {"rectangle": {"frame": [0, 0, 10, 10]}, "fill": "red"},
            {"if": {"condition": "=b", "content": [{"rectangle": {"frame": [10, 0, 10, 10]}, "fill": "white"}]}}]}}]}
        """)
    }

    func event(_ at: Double, _ set: String) -> String {
        #"{"at": \#(at), "set": {\#(set)}, "animation": {"linear": {"duration": 1}}}"#
    }

    /// The red channel of the outer content (left) and of the inner content (right).
    func halves(_ spec: Spec, at t: Double) throws -> (outer: Float, inner: Float) {
        let r = try SceneRenderer(spec: spec)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        let p = try r.render(at: t, scale: 1)
        return (p.pixels[5 * p.width + 5].x, p.pixels[5 * p.width + 15].x)
    }

    @Test func anInnerIfTurnedOffAsItsParentIsInsertedIsAbsent() throws {
        let s = try spec(a: false, b: true, events: event(0.2, #""a": true, "b": false"#))
        let (outer, inner) = try halves(s, at: 0.7)
        #expect(outer > 0.2 && outer < 0.8, "the outer content fades in: \(outer)")
        // Not fading out inside the parent fading in.
        #expect(inner < 0.01, "inner \(inner)")
    }

    @Test func anInnerIfTurnedOnAsItsParentIsInsertedAppearsWithIt() throws {
        let s = try spec(a: false, b: false, events: event(0.2, #""a": true, "b": true"#))
        let (outer, inner) = try halves(s, at: 0.7)
        #expect(outer > 0.2 && outer < 0.8, "the outer content fades in: \(outer)")
        // The same opacity as its sibling: no fade of its own inside the outer one's.
        #expect(abs(inner - outer) < 0.02, "inner \(inner), outer \(outer)")
    }

    @Test func aParentRemovedTogetherWithItsInnerIfShowsItsContentAsItWas() throws {
        let s = try spec(a: true, b: true, events: event(0.2, #""a": false, "b": false"#))
        let (outer, inner) = try halves(s, at: 0.7)
        #expect(outer > 0.2 && outer < 0.8, "the outer content fades out: \(outer)")
        #expect(abs(inner - outer) < 0.02, "inner \(inner), outer \(outer)")
        let (lateOuter, lateInner) = try halves(s, at: 1.5)
        #expect(lateOuter < 0.01 && lateInner < 0.01, "gone after the removal: \(lateOuter), \(lateInner)")
    }

    @Test func anInnerIfTurnedOnAsItsParentIsRemovedStaysAbsent() throws {
        let s = try spec(a: true, b: false, events: event(0.2, #""a": false, "b": true"#))
        let (outer, inner) = try halves(s, at: 0.7)
        #expect(outer > 0.2 && outer < 0.8, "the outer content fades out: \(outer)")
        #expect(inner < 0.01, "inner \(inner)")
    }

    /// After a removal that kept the inner content as it was, the next insertion of the parent shows
    /// the inner `if` as the state says then (here absent), again without a transition.
    @Test func aParentInsertedAgainShowsTheInnerIfAsTheStateSays() throws {
        let s = try spec(a: true, b: true, events: event(0.2, #""a": false, "b": false"#) + ", " + event(2, #""a": true"#))
        let (outer, inner) = try halves(s, at: 2.5)
        #expect(outer > 0.2 && outer < 0.8, "the outer content fades in: \(outer)")
        #expect(inner < 0.01, "inner \(inner)")
        let (_, settled) = try halves(s, at: 3.5)
        #expect(settled < 0.01, "inner \(settled)")
    }

    /// An inner `if` whose parent is already present plays its own transition, also when the event
    /// sets the parent's condition to the value it already has.
    @Test func anInnerIfInAPresentParentAnimatesItsOwnTransition() throws {
        for set in [#""b": true"#, #""a": true, "b": true"#] {
            let s = try spec(a: true, b: false, events: event(0.2, set))
            let (outer, inner) = try halves(s, at: 0.7)
            #expect(outer > 0.99, "the outer content stays: \(outer)")
            #expect(inner > 0.2 && inner < 0.8, "the inner content fades in: \(inner) (\(set))")
            let (_, settled) = try halves(s, at: 1.5)
            #expect(settled > 0.99, "inner \(settled)")
        }
    }

    /// The same inside a layout container, where an `if` passes its transition to each subview.
    @Test func anInnerIfInAStackAppearsWithItsParent() throws {
        let s = try Spec.load(json: """
        {"canvas": {"width": 20, "height": 10, "scale": 1, "background": {"red": 0, "green": 0, "blue": 0}}, "duration": 2,
         "state": {"a": false, "b": false}, "events": [\(event(0.2, #""a": true, "b": true"#))],
         "content": [{"hstack": {"spacing": 0, "content": [{"if": {"condition": "=a", "content": [
            {"color": "red", "modifiers": [{"frame": {"width": 10, "height": 10}}]},
            {"if": {"condition": "=b", "content": [{"color": "white", "modifiers": [{"frame": {"width": 10, "height": 10}}]}]}}]}}]}}]}
        """)
        let (outer, inner) = try halves(s, at: 0.7)
        #expect(outer > 0.2 && outer < 0.8, "the outer content fades in: \(outer)")
        #expect(abs(inner - outer) < 0.02, "inner \(inner), outer \(outer)")
    }

    /// The key poses of the event follow the outer transition alone: the inner `if`, with its own
    /// slower animation (3 s), takes no part in it when its parent is inserted.
    @Test func theKeyPosesOfTheEventFollowTheOuterTransition() throws {
        let s = try Spec.load(json: """
        {"canvas": {"width": 20, "height": 10, "scale": 1, "background": {"red": 0, "green": 0, "blue": 0}}, "duration": 4,
         "state": {"a": false, "b": false}, "events": [\(event(0.2, #""a": true, "b": true"#))],
         "content": [{"if": {"condition": "=a", "content": [
            {"rectangle": {"frame": [0, 0, 10, 10]}, "fill": "red"},
            {"if": {"condition": "=b", "content": [{"rectangle": {"frame": [10, 0, 10, 10]}, "fill": "white"}]},
             "modifiers": [{"animation": {"linear": {"duration": 3}, "value": "b"}}]}]}}]}
        """)
        let r = try SceneRenderer(spec: s)
        let poses = Dictionary(uniqueKeysWithValues: r.keyPoses().map { ($0.role, $0.time) })
        let mid = try #require(poses["mid:0"]), rest = try #require(poses["rest:0"])
        #expect(abs(mid - 0.7) < 0.02, "mid:0 at \(mid)")
        #expect(abs(rest - 1.2) < 0.02, "rest:0 at \(rest)")
        let (outer, inner) = try halves(s, at: 0.7)
        #expect(abs(inner - outer) < 0.02, "inner \(inner), outer \(outer)")
    }

    /// A `forEach` element inserted by the event that also turns on an `if` inside it: the element's
    /// transition carries the `if`'s content.
    @Test func anIfInsideAForEachElementInsertedWithItAppearsWithIt() throws {
        let s = try Spec.load(json: """
        {"canvas": {"width": 20, "height": 10, "scale": 1, "background": {"red": 0, "green": 0, "blue": 0}}, "duration": 2,
         "state": {"items": {"numbers": []}, "b": false},
         "events": [{"at": 0.2, "set": {"items": {"append": 1}, "b": true}, "animation": {"linear": {"duration": 1}}}],
         "content": [{"forEach": {"in": "items", "as": "item", "content": [
            {"rectangle": {"frame": [0, 0, 10, 10]}, "fill": "red"},
            {"if": {"condition": "=b", "content": [{"rectangle": {"frame": [10, 0, 10, 10]}, "fill": "white"}]}}]}}]}
        """)
        let (outer, inner) = try halves(s, at: 0.7)
        #expect(outer > 0.2 && outer < 0.8, "the element fades in: \(outer)")
        #expect(abs(inner - outer) < 0.02, "inner \(inner), outer \(outer)")
    }
}
