// Interactions resolved into events (InteractionResolver): hit testing with z-order and
// allowsHitTesting, targets by id, label, index and point, the instants handlers fire at, a drag's
// values, a button's pressed look, and what a tap changes on screen.
import Testing
import AnimoSpec
import AnimoGeometry
@testable import AnimoScene

@Suite struct InteractionTests {
    static func scene(_ content: String, _ interactions: String, fps: Double = 10) throws -> ResolvedScene {
        let json = #"{"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 3, "fps": \#(fps), "state": {"on": false, "x": 0}, "interactions": \#(interactions), "content": [\#(content)]}"#
        return try ResolvedScene(spec: try Spec.load(json: json))
    }

    /// The generated events as (time, x) pairs, in time order.
    static func xs(_ s: ResolvedScene) -> [(Double, Double)] {
        s.spec.events.compactMap { e in e.set.first { $0.name == "x" }.map { (e.at, $0.value) } }.sorted { $0.0 < $1.0 }
    }

    /// Every opacity in a display list, outermost first.
    static func opacities(_ n: DisplayNode) -> [Double] {
        switch n {
        case .opacity(let o, let c): return [o] + opacities(c)
        case .group(let list): return list.flatMap(opacities)
        case .transform(_, let c), .clip(_, let c), .blendMode(_, let c), .effect(_, let c), .layer(let c, _), .hitTarget(_, let c): return opacities(c)
        case .fill, .stroke, .material, .image, .glass: return []
        }
    }

    static let two = #"""
        {"rectangle": {"frame": [0, 0, 100, 100]}, "id": "back", "onTap": [{"set": {"x": 1}}]},
        {"rectangle": {"frame": [50, 0, 100, 100]}, "id": "front", "onTap": [{"set": {"x": 2}}]}
        """#

    @Test func theFrontmostViewTakesTheTap() throws {
        #expect(Self.xs(try Self.scene(Self.two, #"[{"tap": 0.5, "target": [75, 50]}]"#)).map(\.1) == [2])
        #expect(Self.xs(try Self.scene(Self.two, #"[{"tap": 0.5, "target": [25, 50]}]"#)).map(\.1) == [1])
        #expect(Self.xs(try Self.scene(Self.two, #"[{"tap": 0.5, "target": [140, 50]}]"#)).map(\.1) == [2])
        // Outside both: nothing happens, and a diagnostic says so.
        let miss = try Self.scene(Self.two, #"[{"tap": 0.5, "target": [190, 150]}]"#)
        #expect(Self.xs(miss).isEmpty)
        #expect(miss.diagnostics.contains { $0.feature == "interaction:tap" && $0.message.contains("no view that takes taps") })
    }

    @Test func allowsHitTestingFalseLetsTheTapThrough() throws {
        let content = #"""
            {"rectangle": {"frame": [0, 0, 100, 100]}, "onTap": [{"set": {"x": 1}}]},
            {"group": [{"rectangle": {"frame": [0, 0, 100, 100]}, "onTap": [{"set": {"x": 2}}]}], "allowsHitTesting": false}
            """#
        #expect(Self.xs(try Self.scene(content, #"[{"tap": 0.5, "target": [50, 50]}]"#)).map(\.1) == [1])
    }

    @Test func aTransformedViewIsHitWhereItIsDrawn() throws {
        // Offset 100 to the right: a tap at its old place misses, one at its new place hits.
        let content = #"{"rectangle": {"frame": [0, 0, 50, 50]}, "onTap": [{"set": {"x": 5}}], "modifiers": [{"offset": [100, 0]}]}"#
        #expect(Self.xs(try Self.scene(content, #"[{"tap": 0.5, "target": [25, 25]}]"#)).isEmpty)
        #expect(Self.xs(try Self.scene(content, #"[{"tap": 0.5, "target": [125, 25]}]"#)).map(\.1) == [5])
        // Named, the tap goes to the centre of the frame as drawn.
        #expect(Self.xs(try Self.scene(content.replacingOccurrences(of: #""onTap""#, with: #""id": "box", "onTap""#),
                                       #"[{"tap": 0.5, "target": "box"}]"#)).map(\.1) == [5])
    }

    @Test func targetsByIdLabelAndIndex() throws {
        let content = #"""
            {"hstack": [
              {"text": "Buy", "button": [{"set": {"x": 1}}]},
              {"text": "Sell", "id": "sell", "button": [{"set": {"x": 2}}]}]}
            """#
        #expect(Self.xs(try Self.scene(content, #"[{"tap": 0.5, "target": "Buy"}]"#)).map(\.1) == [1])
        #expect(Self.xs(try Self.scene(content, #"[{"tap": 0.5, "target": "sell"}]"#)).map(\.1) == [2])
        #expect(Self.xs(try Self.scene(content, #"[{"tap": 0.5, "target": 1}]"#)).map(\.1) == [2])
        // A name that matches nothing, or no name with two candidates: an error listing them.
        for bad in [#"[{"tap": 0.5, "target": "Hold"}]"#, #"[{"tap": 0.5}]"#, #"[{"tap": 0.5, "target": 7}]"#] {
            do {
                _ = try Self.scene(content, bad)
                Issue.record("\(bad) was accepted")
            } catch {
                let m = "\(error)"
                #expect(m.contains("interactions[0]") && m.contains(#"#0 "Buy" (button)"#) && m.contains(#"#1 "Sell" (button, id "sell")"#), "\(m)")
            }
        }
    }

    @Test func handlersFireAtTheirInstants() throws {
        let content = #"""
            {"rectangle": {"frame": [0, 0, 100, 100]}, "button": [{"set": {"x": "=x + 1"}, "animation": "smooth"}],
             "onLongPress": {"minimumDuration": 0.5, "perform": [{"set": {"x": 10}}]}}
            """#
        // A short tap: the button's action at touch-up; the second sees the first's result.
        let s = try Self.scene(content, #"[{"tap": 0.5}, {"tap": 1.0, "hold": 0.2}]"#)
        let fired = Self.xs(s)
        #expect(fired.count == 2)
        #expect(abs(fired[0].0 - 0.6) < 1e-9 && fired[0].1 == 1)
        #expect(abs(fired[1].0 - 1.2) < 1e-9 && fired[1].1 == 2)
        #expect(s.spec.events.first?.animation != nil)
        // Held past minimumDuration: the long press fires, at down + minimumDuration, and the tap does not.
        let long = Self.xs(try Self.scene(content, #"[{"tap": 0.5, "hold": 0.8}]"#))
        #expect(long.count == 1 && abs(long[0].0 - 1.0) < 1e-9 && long[0].1 == 10)
    }

    @Test func aDragSeesSwiftUIsGestureValues() throws {
        let content = #"""
            {"rectangle": {"frame": [0, 0, 200, 100]},
             "onDrag": {"onChanged": [{"set": {"x": "=translation.width"}}],
                        "onEnded": [{"set": {"x": "=predictedEndTranslation.width"}}]}}
            """#
        // 40 pt right in 0.4 s (100 pt/s) from t = 1 at 10 fps: minimumDistance 10 is passed at 1.1.
        let v = Self.xs(try Self.scene(content, #"[{"drag": {"at": 1, "from": [10, 10], "to": [50, 10], "duration": 0.4}}]"#))
        let times = v.map { ($0.0 * 1000).rounded() / 1000 }
        #expect(times == [1.1, 1.2, 1.3, 1.4, 1.4], "\(v)")
        #expect(v.prefix(4).map { ($0.1 * 1000).rounded() / 1000 } == [10, 20, 30, 40], "\(v)")
        // onEnded: the translation plus a quarter second of the velocity (docs/semantics.md §243).
        #expect(abs(v[4].1 - (40 + 100 * 0.25)) < 1e-9, "\(v)")
        // A drag shorter than minimumDistance never begins.
        #expect(Self.xs(try Self.scene(content, #"[{"drag": {"at": 1, "from": [10, 10], "to": [15, 10]}}]"#)).isEmpty)
    }

    @Test func aButtonDimsWhileHeldAndComesBack() throws {
        let content = #"{"rectangle": {"frame": [0, 0, 100, 100]}, "fill": "red", "button": [{"set": {"on": true}}]}"#
        let s = try Self.scene(content, #"[{"tap": 0.5, "hold": 0.2}]"#)
        #expect(Self.opacities(s.displayList(at: 0.45)).isEmpty)
        #expect(Self.opacities(s.displayList(at: 0.55)) == [0.2])
        let fading = Self.opacities(s.displayList(at: 0.75))
        #expect(fading.count == 1 && fading[0] > 0.2 && fading[0] < 1)
        #expect(Self.opacities(s.displayList(at: 1.5)).isEmpty)
        // onTapGesture has no pressed look.
        let plain = try Self.scene(content.replacingOccurrences(of: "button", with: "onTap"), #"[{"tap": 0.5, "hold": 0.2}]"#)
        #expect(Self.opacities(plain.displayList(at: 0.55)).isEmpty)
    }

    @Test func darkButtonsDimLessAndLongTapsFail() throws {
        let json = #"{"canvas": {"width": 100, "height": 100, "scale": 1, "colorScheme": "dark"}, "duration": 2, "state": {"on": false}, "interactions": [{"tap": 0.5}], "content": [{"rectangle": {}, "button": [{"set": {"on": true}}]}]}"#
        let dark = try ResolvedScene(spec: try Spec.load(json: json))
        #expect(Self.opacities(dark.displayList(at: 0.55)) == [0.4])
        // onTapGesture held past 0.75 s is no tap; a button still runs its action.
        let content = #"{"rectangle": {"frame": [0, 0, 100, 100]}, "onTap": [{"set": {"x": 1}}]}"#
        let long = try Self.scene(content, #"[{"tap": 0.5, "hold": 0.8}]"#)
        #expect(Self.xs(long).isEmpty)
        #expect(long.diagnostics.contains { $0.message.contains("longer than a tap may last") })
        #expect(Self.xs(try Self.scene(content.replacingOccurrences(of: "onTap", with: "button"), #"[{"tap": 0.5, "hold": 0.8}]"#)).map(\.1) == [1])
    }

    @Test func interactiveGlassSwellsAndBrightensWhenTouched() throws {
        let content = #"{"rectangle": {"frame": [20, 20, 60, 40]}, "fill": "clear", "modifiers": [{"glassEffect": {"interactive": true, "shape": "rectangle"}}]}"#
        let s = try Self.scene(content, #"[{"tap": 0.5, "target": [50, 40]}]"#)
        func glass(_ n: DisplayNode, _ t: Transform = .identity) -> (fill: Double, scale: Double)? {
            switch n {
            case .glass(let g): return g.shapes.first.map { ($0.style.fill, t.a) }
            case .group(let list): return list.lazy.compactMap { glass($0, t) }.first
            case .transform(let m, let c): return glass(c, m.concatenating(t))
            case .clip(_, let c), .opacity(_, let c), .blendMode(_, let c), .effect(_, let c), .layer(let c, _), .hitTarget(_, let c): return glass(c, t)
            case .fill, .stroke, .material, .image: return nil
            }
        }
        let before = try #require(glass(s.displayList(at: 0.4)))
        let held = try #require(glass(s.displayList(at: 0.55)))
        let after = try #require(glass(s.displayList(at: 1.5)))
        #expect(before.scale == 1 && after.scale == 1 && abs(held.scale - 1.06) < 1e-9)
        #expect(abs(held.fill - before.fill - 0.15) < 1e-9 && after.fill == before.fill)
        // Without `interactive` the glass does not react.
        let still = try Self.scene(content.replacingOccurrences(of: "true", with: "false"), #"[{"tap": 0.5, "target": [50, 40]}]"#)
        #expect(glass(still.displayList(at: 0.55))?.scale == 1)
    }

    @Test func aTapChangesWhatIsDrawn() throws {
        // The heart is drawn at opacity `on ? 1 : 0`: without the tap it stays 0, with it 1.
        let content = #"""
            {"rectangle": {"frame": [0, 0, 100, 100]}, "onTap": [{"set": {"on": true}}]},
            {"circle": {"center": [150, 50], "radius": 20}, "fill": "red", "modifiers": [{"opacity": "=on ? 1 : 0"}]}
            """#
        let untouched = try Self.scene(content, "[]")
        let tapped = try Self.scene(content, #"[{"tap": 0.5, "target": [50, 50]}]"#)
        #expect(Self.opacities(untouched.displayList(at: 2)) == [0])
        #expect(Self.opacities(tapped.displayList(at: 0.55)) == [0])
        #expect(Self.opacities(tapped.displayList(at: 2)) == [1])
    }

    @Test func markersAreLeftOutOfFramesDrawnForPixels() throws {
        let s = try Self.scene(Self.two, #"[{"tap": 0.5, "target": [75, 50]}]"#)
        func markers(_ n: DisplayNode) -> Int {
            switch n {
            case .hitTarget(_, let c): return 1 + markers(c)
            case .group(let list): return list.map(markers).reduce(0, +)
            case .transform(_, let c), .clip(_, let c), .blendMode(_, let c), .effect(_, let c), .layer(let c, _), .opacity(_, let c): return markers(c)
            case .fill, .stroke, .material, .image, .glass: return 0
            }
        }
        #expect(markers(s.displayList(at: 0.5)) == 0)
        var marking = s.evaluator
        marking.marksTargets = true
        #expect(markers(marking.displayList(at: 0.5)) == 2)
    }

    @Test func changesAfterADelayAndChangesThatRunOnlyWhenTheirConditionHolds() throws {
        // A task's work: x = 1 at the lift, x = 2 half a second later; one change 5 s on falls
        // after the end (3 s) and never runs; the `when` ones run only if their condition holds
        // at their instant; the list is taken in time order, whatever order it is written in.
        let content = #"""
            {"rectangle": {"frame": [0, 0, 100, 100]}, "onTap": [
              {"set": {"x": 7}, "after": 1, "when": "=x == 2"},
              {"set": {"x": 2}, "after": 0.5},
              {"set": {"x": 1}},
              {"set": {"x": 3}, "after": 5},
              {"set": {"on": true}, "when": "=x == 9"}]}
            """#
        let s = try Self.scene(content, #"[{"tap": 0.5, "target": [50, 50]}]"#)
        let got = Self.xs(s).map { "\($0.1)@\(formatNumber(($0.0 * 1000).rounded() / 1000))" }
        #expect(got == ["1.0@0.6", "2.0@1.1", "7.0@1.6"], "\(got)")
        #expect(!s.spec.events.contains { $0.set.contains { $0.name == "on" } })
    }
}
