import Foundation
import Testing
import AnimoRaster
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Moving an element of a state array (`{"move": {"from": i, "to": j}}`): it keeps its id and its
/// content, a layout container lays the elements out in the new order, and each element that
/// changed place travels there with the event's animation (docs/spec.md "State arrays and forEach").
struct ElementMoveRenderTests {
    /// Red, green and blue 10×10 squares side by side in a 30×10 canvas.
    static func squares(events: String, interactions: String = "[]", handler: String = "") -> String {
        """
        {"canvas": {"width": 30, "height": 10, "scale": 1}, "duration": 2,
         "state": {"cs": {"records": {"c": "#000000"}, "initial": [{"c": "#FF0000"}, {"c": "#00FF00"}, {"c": "#0000FF"}]}},
         "events": \(events), "interactions": \(interactions),
         "content": [{"hstack": {"spacing": 0, "content": [
           {"forEach": {"in": "cs", "as": "e", "content": [
             {"rectangle": {}, "fill": "=e.c"\(handler), "modifiers": [{"frame": {"width": 10, "height": 10}}]}]}}]}}]}
        """
    }

    static func colour(_ p: SIMD4<Float>) -> String {
        p.w < 0.5 ? "none" : p.x > 0.5 ? "red" : p.y > 0.5 ? "green" : p.z > 0.5 ? "blue" : "other"
    }

    @Test func aMovedElementTravelsToItsNewPlaceAndTheOthersMakeRoom() throws {
        // At 0.5 s red (index 0) moves to index 2 over 1 s (linear): red's centre goes 5 → 25,
        // green's 15 → 5, blue's 25 → 15.
        let s = try Spec.load(json: Self.squares(events: #"[{"at": 0.5, "set": {"cs": {"move": {"from": 0, "to": 2}}}, "animation": {"linear": {"duration": 1}}}]"#))
        let r = try SceneRenderer(spec: s)
        func row(_ t: Double) throws -> [String] {
            let px = try r.render(at: t).pixels
            return [2, 7, 12, 17, 22, 27].map { Self.colour(px[5 * 30 + $0]) }
        }
        #expect(try row(0.4) == ["red", "red", "green", "green", "blue", "blue"])
        // Half way: green covers 5…15, blue 15…25, red 10…20 drawn last (the array's order).
        #expect(try row(1) == ["none", "green", "red", "red", "blue", "none"])
        #expect(try row(1.6) == ["green", "green", "blue", "blue", "red", "red"])
        #expect(r.diagnostics.isEmpty)
        // The index variables follow the array: red's is 2, green's 0, blue's 1 after the move.
        let ranks = s.events[0].set.filter { $0.name.hasSuffix(".index") }.map { "\($0.name)=\(Int($0.value))" }.sorted()
        #expect(ranks == ["cs[id 0].index=2", "cs[id 1].index=0", "cs[id 2].index=1"])
    }

    @Test func aMoveWithoutAnimationJumpsAndLaterOperationsKeepTheOrder() throws {
        // Blue moves to the front at once; then the first element (blue) is removed: red, green.
        let s = try Spec.load(json: Self.squares(events: """
            [{"at": 0.5, "set": {"cs": {"move": {"from": 2, "to": 0}}}},
             {"at": 1, "set": {"cs": {"removeFirst": 1}}, "animation": {"linear": {"duration": 0.2}}}]
            """))
        let r = try SceneRenderer(spec: s)
        func row(_ t: Double) throws -> [String] {
            let px = try r.render(at: t).pixels
            return [5, 15, 25].map { Self.colour(px[5 * 30 + $0]) }
        }
        #expect(try row(0.6) == ["blue", "red", "green"])
        // After the removal the two left are centred: red at 5…15, green at 15…25.
        let px = try r.render(at: 1.5).pixels
        #expect([2, 10, 20, 27].map { Self.colour(px[5 * 30 + $0]) } == ["none", "red", "green", "none"])
    }

    @Test func aMoveOutsideTheArrayIsALoadError() throws {
        #expect(throws: SpecErrors.self) {
            try Spec.load(json: Self.squares(events: #"[{"at": 0.5, "set": {"cs": {"move": {"from": 0, "to": 3}}}}]"#))
        }
        // The content reads a moving array by its elements only.
        let json = Self.squares(events: #"[{"at": 0.5, "set": {"cs": {"move": {"from": 0, "to": 1}}}}]"#)
            .replacingOccurrences(of: #""fill": "=e.c""#, with: #""fill": "=cs[0].c""#)
        #expect(throws: SpecErrors.self) { try Spec.load(json: json) }
    }

    @Test func aTapHandlerMovesTheElementItWasRunFrom() throws {
        // Tapping green (x 15) moves the element at index 1 to index 0, with a 1 s linear animation.
        let handler = #", "onTap": [{"set": {"cs": {"move": {"from": 1, "to": 0}}}, "animation": {"linear": {"duration": 1}}}]"#
        let s = try Spec.load(json: Self.squares(events: "[]", interactions: #"[{"tap": 0.2, "target": [15, 5]}]"#, handler: handler))
        let r = try SceneRenderer(spec: s)
        func row(_ t: Double) throws -> [String] {
            let px = try r.render(at: t).pixels
            return [2, 7, 12, 17, 22, 27].map { Self.colour(px[5 * 30 + $0]) }
        }
        #expect(try row(0.1) == ["red", "red", "green", "green", "blue", "blue"])
        #expect(try row(1.9) == ["green", "green", "red", "red", "blue", "blue"])
        // Half way (the tap ends at 0.2 + its hold): the two have crossed half their way.
        let moves = r.spec.events.filter { $0.set.contains { $0.name.hasSuffix(".index") } }
        #expect(moves.count == 1)
        let half = try r.render(at: moves[0].at + 0.5).pixels
        #expect(Self.colour(half[5 * 30 + 10]) != "none" && Self.colour(half[5 * 30 + 2]) == "none")
    }

    @Test func aDragEndingOverAnotherElementMovesTheDraggedOneToItsIndex() throws {
        // Each square moves itself, when the drag ends, to the index of the other square under the
        // finger (its laid-out frame), else the one whose centre is nearest.
        let handler = #", "onDrag": {"minimumDistance": 1, "onEnded": [{"set": {"cs": {"move": {"from": {"id": "=e.id"}, "to": {"nearest": ["=startLocation.x + translation.width", "=startLocation.y + translation.height"], "excluding": "=e.id"}}}}, "animation": {"linear": {"duration": 1}}}]}"#
        func order(_ drag: String) throws -> [String] {
            let s = try Spec.load(json: Self.squares(events: "[]", interactions: "[\(drag)]", handler: handler))
            let r = try SceneRenderer(spec: s)
            let px = try r.render(at: 1.95).pixels
            return [5, 15, 25].map { Self.colour(px[5 * 30 + $0]) }
        }
        // Red dragged onto blue: red goes to index 2.
        #expect(try order(#"{"drag": {"at": 0.1, "from": [5, 5], "to": [25, 5], "duration": 0.3}}"#) == ["green", "blue", "red"])
        // Blue dragged to a point above the row, nearest green's centre: blue goes to index 1.
        #expect(try order(#"{"drag": {"at": 0.1, "from": [25, 5], "to": [14, -20], "duration": 0.3}}"#) == ["red", "blue", "green"])
        // Red dragged within its own frame (excluded): the nearest other centre is green's.
        #expect(try order(#"{"drag": {"at": 0.1, "from": [2, 5], "to": [4, 5], "duration": 0.3}}"#) == ["green", "red", "blue"])
    }

    @Test func inAGridAMovedElementCrossesRowsInAStraightLine() throws {
        // A 2-column grid of 10×10 cells with no spacing in a 20×20 canvas: red, green / blue,
        // yellow. Red moves to index 3 over 1 s (linear): its centre goes (5, 5) → (15, 15) along
        // the diagonal, green (15, 5) → (5, 5), blue (5, 15) → (15, 5), yellow (15, 15) → (5, 15).
        // Cells of other widths (red is 6 wide) are centred in their cells: no warning.
        let s = try Spec.load(json: """
        {"canvas": {"width": 20, "height": 20, "scale": 1}, "duration": 2,
         "state": {"cs": {"records": {"c": "#000000", "w": 10}, "initial": [{"c": "#FF0000", "w": 6}, {"c": "#00FF00"}, {"c": "#0000FF"}, {"c": "#FFFF00"}]}},
         "events": [{"at": 0.5, "set": {"cs": {"move": {"from": 0, "to": 3}}}, "animation": {"linear": {"duration": 1}}}],
         "content": [{"lazyVGrid": {"columns": [{"fixed": 10, "spacing": 0}, {"fixed": 10, "spacing": 0}], "spacing": 0, "content": [
           {"forEach": {"in": "cs", "as": "e", "content": [
             {"rectangle": {}, "fill": "=e.c", "modifiers": [{"frame": {"width": "=e.w", "height": 10}}]}]}}]}}]}
        """)
        let r = try SceneRenderer(spec: s)
        func at(_ t: Double, _ x: Int, _ y: Int) throws -> SIMD4<Float> { try r.render(at: t).pixels[y * 20 + x] }
        #expect(try at(0.4, 5, 5).x == 1 && at(0.4, 5, 5).y == 0)
        // Half way red's centre is at (10, 10), drawn last: it covers (8…12, 5…15).
        let mid = try at(1, 10, 10)
        #expect(mid.x == 1 && mid.y == 0 && mid.z == 0)
        // Green half way from (15, 5) to (5, 5): centred at (10, 5), so (6, 2) is green.
        #expect(try at(1, 6, 2).y == 1 && at(1, 6, 2).x == 0)
        // After: green, blue / yellow, red.
        #expect(try at(1.6, 5, 5).y == 1 && at(1.6, 15, 5).z == 1 && at(1.6, 5, 15).x == 1 && at(1.6, 5, 15).y == 1)
        #expect(try at(1.6, 15, 15).x == 1 && at(1.6, 15, 15).y == 0 && at(1.6, 11, 15).w == 0)
        #expect(r.diagnostics.isEmpty)
    }

    @Test func inAStackAnElementOfAnotherSizeMovingIsReported() throws {
        // Red is 6 wide, the others 10: where red would sit at another index depends on the
        // others' sizes, which the places' centres do not follow.
        let json = Self.squares(events: #"[{"at": 0.5, "set": {"cs": {"move": {"from": 0, "to": 2}}}, "animation": {"linear": {"duration": 1}}}]"#)
            .replacingOccurrences(of: ##"{"records": {"c": "#000000"}, "initial": [{"c": "#FF0000"}"##, with: ##"{"records": {"c": "#000000", "w": 10}, "initial": [{"c": "#FF0000", "w": 6}"##)
            .replacingOccurrences(of: #""width": 10"#, with: #""width": "=e.w""#)
        let r = try SceneRenderer(spec: try Spec.load(json: json))
        _ = try r.render(at: 1)
        #expect(r.diagnostics.contains { $0.feature == "layout:move" })
    }
}
