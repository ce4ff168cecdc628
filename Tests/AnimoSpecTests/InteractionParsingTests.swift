// Interactions as the loader and the command line read them: the `interactions` list, gesture
// handlers on nodes, and `--tap` / `--drag` values, with the errors for what is malformed.
import Testing
@testable import AnimoSpec

@Suite struct InteractionParsingTests {
    static func spec(_ content: String, interactions: String = "[]", state: String = #"{"liked": false, "x": 0}"#) -> String {
        #"{"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 2, "state": \#(state), "interactions": \#(interactions), "content": [\#(content)]}"#
    }

    static func errors(_ json: String) -> [String] {
        do {
            _ = try Spec.load(json: json)
            return []
        } catch {
            return error.errors.map { "\($0.path): \($0.message)" }
        }
    }

    @Test func tapsAndDragsAreRead() throws {
        let s = try Spec.load(json: Self.spec(#"{"circle": {}, "button": [{"set": {"liked": "=!liked"}, "animation": "bouncy"}]}"#,
            interactions: #"[{"tap": 0.5, "target": "Buy"}, {"tap": 0.7, "target": 1, "hold": 0.6}, {"tap": 0.9, "target": [10, 20]}, {"drag": {"at": 1, "from": [1, 2], "to": [3, 4], "duration": 0.4}}]"#))
        #expect(s.interactions.count == 4)
        guard case .tap(let t0, let h0) = s.interactions[0].kind, case .tap(let t1, let h1) = s.interactions[1].kind,
              case .tap(let t2, _) = s.interactions[2].kind, case .drag(let from, let to, let d) = s.interactions[3].kind else {
            Issue.record("wrong kinds: \(s.interactions.map(\.kind))"); return
        }
        #expect(t0 == .name("Buy") && h0 == SpecInteraction.defaultHold)
        #expect(t1 == .index(1) && h1 == 0.6)
        #expect(t2 == .point(x: 10, y: 20))
        #expect(from.x == 1 && from.y == 2 && to.x == 3 && to.y == 4 && d == 0.4)
        #expect(s.interactions[3].at == 1 && s.interactions[3].path == "interactions[3]")
    }

    @Test func handlersAreReadWithTheirExpressions() throws {
        let s = try Spec.load(json: Self.spec(#"""
            {"hstack": [{"text": "Like"}, {"text": "it"}], "id": "like",
             "button": [{"set": {"liked": "=!liked"}, "animation": "bouncy"}],
             "onLongPress": {"minimumDuration": 0.8, "perform": [{"set": {"x": 3}}]},
             "onDrag": {"minimumDistance": 4, "onChanged": [{"set": {"x": "=translation.width + predictedEndTranslation.height"}}], "onEnded": [{"set": {"x": 0}}]},
             "allowsHitTesting": false}
            """#))
        let h = try #require(s.content[0].handlers)
        #expect(h.id == "like" && h.label == "Like it" && !h.allowsHitTesting)
        #expect(h.button?.first?.set.first?.name == "liked")
        #expect(h.onLongPress?.minimumDuration == 0.8)
        #expect(h.onDrag?.minimumDistance == 4)
        // The drag's values have slots of their own, which the expression reads.
        let read = Set(h.onDrag?.onChanged.first?.set.first?.value.slots ?? [])
        let named = Set(s.slots.indices.filter { ["translation.width", "predictedEndTranslation.height"].contains(s.slots[$0].name) })
        #expect(named.count == 2 && read == named)
        #expect(s.content[0].handlers?.kinds == ["button", "onLongPress", "onDrag"])
    }

    @Test func malformedInteractionsAreErrorsWithTheirPaths() {
        let e = Self.errors(Self.spec(#"{"circle": {}, "onTap": [{"set": {"liked": true}}]}"#,
            interactions: #"[{"tap": 5}, {"tap": 0.1, "target": true}, {"drag": {"at": 1, "from": [1]}}, {"swipe": 1}, {"tap": 0.2, "targt": "x"}]"#))
        #expect(e.contains { $0.hasPrefix("interactions[0].tap:") && $0.contains("after the end of the spec") }, "\(e)")
        #expect(e.contains { $0.hasPrefix("interactions[1].target:") && $0.contains("id or label text") }, "\(e)")
        #expect(e.contains { $0.hasPrefix("interactions[2].drag.from:") && $0.contains("[x, y]") }, "\(e)")
        #expect(e.contains { $0.hasPrefix("interactions[2].drag.to:") && $0.contains("missing") }, "\(e)")
        #expect(e.contains { $0.hasPrefix("interactions[3]:") && $0.contains("\"swipe\"") }, "\(e)")
        #expect(e.contains { $0.hasPrefix("interactions[4].targt:") && $0.contains("did you mean \"target\"") }, "\(e)")
    }

    @Test func malformedHandlersAreErrors() {
        let e = Self.errors(Self.spec(#"""
            {"circle": {}, "onTap": [{"set": {"likd": true}}, {"set": {"liked": 2}}, {"set": {"x": "=translation.width"}}],
             "onLongPress": {"minimumDuration": -1}, "onDrag": {"onChanged": {"set": {}}}}
            """#))
        #expect(e.contains { $0.hasPrefix("content[0].onTap[0].set.likd:") && $0.contains("did you mean \"liked\"") }, "\(e)")
        #expect(e.contains { $0.hasPrefix("content[0].onTap[1].set.liked:") && $0.contains("is a boolean") }, "\(e)")
        // A tap has no drag values.
        #expect(e.contains { $0.hasPrefix("content[0].onTap[2].set.x:") && $0.contains("translation.width") }, "\(e)")
        #expect(e.contains { $0.hasPrefix("content[0].onLongPress.minimumDuration:") }, "\(e)")
        #expect(e.contains { $0.hasPrefix("content[0].onLongPress.perform:") && $0.contains("missing") }, "\(e)")
        #expect(e.contains { $0.hasPrefix("content[0].onDrag.onChanged:") && $0.contains("array of changes") }, "\(e)")
    }

    @Test func commandLineTapValues() throws {
        let a = try SpecInteraction.parse(tap: "0.5")
        guard case .tap(nil, _) = a.kind else { Issue.record("\(a.kind)"); return }
        let b = try SpecInteraction.parse(tap: "1.25@Buy now")
        guard case .tap(.name("Buy now")?, _) = b.kind, b.at == 1.25 else { Issue.record("\(b.kind)"); return }
        let c = try SpecInteraction.parse(tap: "0@#2")
        guard case .tap(.index(2)?, _) = c.kind else { Issue.record("\(c.kind)"); return }
        let d = try SpecInteraction.parse(tap: "0.3@120,80")
        guard case .tap(.point(120, 80)?, _) = d.kind else { Issue.record("\(d.kind)"); return }
        for bad in ["", "x", "-1", "0.5@", "inf@Buy"] {
            #expect(throws: InteractionArgumentError.self) { try SpecInteraction.parse(tap: bad) }
        }
        do {
            _ = try SpecInteraction.parse(tap: "soon@Buy")
            Issue.record("accepted a time that is not a number")
        } catch {
            #expect(error.description.contains("\"soon\" is not a time") && error.description.contains("expected TIME[@TARGET]"), "\(error)")
        }
    }

    @Test func commandLineDragValues() throws {
        let a = try SpecInteraction.parse(drag: "1:100,200->220,200:0.4")
        guard case .drag(let from, let to, let d) = a.kind else { Issue.record("\(a.kind)"); return }
        #expect(a.at == 1 && from.x == 100 && from.y == 200 && to.x == 220 && to.y == 200 && d == 0.4)
        let b = try SpecInteraction.parse(drag: "0:1,2->3,4")
        guard case .drag(_, _, let db) = b.kind else { Issue.record("\(b.kind)"); return }
        #expect(db == 0.3)
        let cases = ["1:100,200-220,200": "not two points joined by ->", "1:100->220,200": "not a point x,y",
                     "1:1,2->3,4:0": "not a duration", "1": "found 0 ':'", "a:1,2->3,4": "not a time",
                     "1:1,2->3,4:5:6": "found 3 ':'"]
        for (bad, why) in cases {
            do {
                _ = try SpecInteraction.parse(drag: bad)
                Issue.record("accepted \(bad)")
            } catch {
                #expect(error.description.contains(why) && error.description.contains("expected TIME:x1,y1->x2,y2"), "\(bad): \(error)")
            }
        }
    }

    @Test func delayedAndConditionalChangesAreReadAndChecked() throws {
        let s = try Spec.load(json: Self.spec(#"{"circle": {}, "onTap": [{"set": {"x": 1}, "after": 0.25, "when": "=!liked"}]}"#))
        let a = try #require(s.content[0].handlers?.onTap?.first)
        #expect(a.after == 0.25 && a.when != nil)
        let bad = Self.errors(Self.spec(#"{"circle": {}, "onTap": [{"set": {"x": 1}, "after": -1}, {"set": {"x": 1}, "after": 4000}, {"set": {"x": 1}, "when": "=nosuch"}]}"#))
        #expect(bad.count == 3, "\(bad)")
        #expect(bad.contains { $0.hasPrefix("content[0].onTap[0].after:") }, "\(bad)")
        #expect(bad.contains { $0.hasPrefix("content[0].onTap[1].after:") && $0.contains("3600") }, "\(bad)")
        #expect(bad.contains { $0.hasPrefix("content[0].onTap[2].when:") && $0.contains("nosuch") }, "\(bad)")
    }
}
