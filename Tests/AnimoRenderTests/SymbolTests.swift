import AnimoTestSupport
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// The `symbol` component: library, weights, draw-on semantics and key poses, other effects.
struct SymbolTests {
    func spec(_ symbol: String, state: String = "{\"hidden\": true}", events: String = "[{\"at\": 0.2, \"set\": {\"hidden\": false}}]", duration: Double = 3) throws -> Spec {
        try Spec.load(json: """
        {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": \(duration), "state": \(state), "events": \(events),
         "content": [{"symbol": \(symbol)}]}
        """)
    }

    // MARK: Library

    @Test func everyKnownNameHasAGlyphInsideTheEmBox() throws {
        #expect(Set(SymbolLibrary.names) == Set(SymbolNode.knownNames))
        for n in SymbolLibrary.names {
            let g = try #require(SymbolLibrary.glyph(named: n), "\(n)")
            #expect(g.strokes.count + g.fills.count > 0, "\(n)")
            // A .fill name has filled parts (some keep strokes too: the cart's handle, the carrot's
            // leaves); the pure fills without .fill in their names are the ellipsis and the inverse face.
            #expect(!n.hasSuffix(".fill") || !g.fills.isEmpty, "\(n): a .fill glyph fills")
            #expect(!g.isFill || n.hasSuffix(".fill") || ["ellipsis", "face.smiling.inverse"].contains(n), "\(n): a pure fill glyph is a .fill name")
            for p in g.strokes + g.fills {
                let b = try #require(p.tightBounds)
                #expect(b.minX >= -0.5 && b.maxX <= 0.5 && b.minY >= -0.5 && b.maxY <= 0.5, "\(n): \(b)")
            }
        }
        #expect(SymbolLibrary.glyph(named: "checkmarc") == nil)
    }

    @Test func contactSheetInksEveryCell() throws {
        // All glyphs in a 5-column grid of 60-pt cells (written to /tmp/render-symbol-sheet.png for review).
        let names = SymbolLibrary.names
        let items = names.enumerated().map { i, n in
            #"{"symbol": {"name": "\#(n)", "pointSize": 44, "color": "black"}, "modifiers": [{"position": [\#(30 + 60 * (i % 5)), \#(30 + 60 * (i / 5))]}]}"#
        }
        let rows = (names.count + 4) / 5
        let s = try Spec.load(json: #"{"canvas": {"width": 300, "height": \#(60 * rows), "scale": 2, "background": "white"}, "duration": 1, "content": [\#(items.joined(separator: ","))]}"#)
        let p = try SceneRenderer(spec: s).render(at: 0)
        for i in names.indices {
            let cov = Measure.coverage(p, s, region: (Double(60 * (i % 5)), Double(60 * (i / 5)), 60, 60), scale: 2)
            #expect(cov > 0.01 && cov < 0.6, "\(names[i]): \(cov)")
        }
    }

    @Test func strokesAreInPenOrder() throws {
        // The checkmark is traced left to right; plus draws its horizontal bar first; wifi goes
        // centre outward (its arcs grow).
        let c = try #require(SymbolLibrary.glyph(named: "checkmark")).strokes[0]
        let m = PathMeasure(c)
        #expect(m.point(atLength: 0)!.x < m.point(atLength: m.length)!.x)
        let plus = try #require(SymbolLibrary.glyph(named: "plus")).strokes
        #expect(plus[0].tightBounds!.height < 1e-9)
        let wifi = try #require(SymbolLibrary.glyph(named: "wifi")).strokes.map { PathMeasure($0).length }
        #expect(wifi == wifi.sorted())
    }

    @Test func unknownNameListsKnownOnesWithSuggestion() {
        let e = TestSupport.errors("""
        {"canvas": {"width": 100, "height": 100}, "duration": 1, "content": [{"symbol": {"name": "chekmark"}}]}
        """)
        #expect(e.count == 1)
        #expect(e.first?.path == "content[0].symbol.name")
        #expect(e.first?.message.contains("checkmark") == true && e.first?.message.contains("arrow.clockwise") == true, "\(e)")
    }

    @Test func heavierWeightsCoverMore() throws {
        var last = 0
        for w in ["ultraLight", "regular", "black"] {
            let s = try spec(#"{"name": "xmark", "pointSize": 60, "weight": "\#(w)", "color": "black"}"#, state: "{}", events: "[]")
            let n = Measure.visibleCount(try SceneRenderer(spec: s).render(at: 0), s)
            #expect(n > last, "\(w): \(n)")
            last = n
        }
    }

    @Test func customSVGGlyph() throws {
        let s = try spec(#"{"path": "M 10 50 L 90 50 M 50 10 L 50 90", "pointSize": 50, "color": "black"}"#, state: "{}", events: "[]")
        let p = try SceneRenderer(spec: s).render(at: 0)
        // A plus of 40 pt arms centred on the canvas: the centre and the arm ends are inked.
        #expect(Measure.visible(p, 50, 50, background: Measure.background(s)))
        #expect(Measure.visible(p, 50, 31, background: Measure.background(s)))
        #expect(!Measure.visible(p, 20, 20, background: Measure.background(s)))
    }

    // MARK: Draw on / off

    @Test func isActiveTrueMeansHidden() throws {
        let on = try spec(#"{"name": "checkmark", "pointSize": 60, "effect": {"drawOn": {}, "isActive": true}}"#, state: "{}", events: "[]")
        #expect(Measure.visibleCount(try SceneRenderer(spec: on).render(at: 1), on) == 0)
        let off = try spec(#"{"name": "checkmark", "pointSize": 60, "effect": {"drawOn": {}, "isActive": false}}"#, state: "{}", events: "[]")
        #expect(Measure.visibleCount(try SceneRenderer(spec: off).render(at: 1), off) > 0)
    }

    @Test func checkmarkDrawOnRendersAsWritten() throws {
        let spec = try Measure.example("checkmark-draw-on")
        let r = try SceneRenderer(spec: spec)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        let poses = Dictionary(uniqueKeysWithValues: r.keyPoses().map { ($0.role, $0.time) })
        // drawOn at speed 0.5 lasts 0.8 / 0.5 = 1.6 s: mid halfway, rest at its end.
        #expect(abs(poses["mid:0"]! - 1.3) < 1e-6 && abs(poses["rest:0"]! - 2.1) < 1e-6, "\(poses)")
        #expect(abs(poses["mid:1"]! - 3.3) < 1e-6 && abs(poses["rest:1"]! - 4.1) < 1e-6, "\(poses)")
    }

    @Test func drawOnMidTraceIsPartial() throws {
        // docs/architecture.md, "The traps": a frame in the middle of the draw-on shows a partial stroke, strictly
        // between empty and full; the partial stroke is the part nearest the start (left end).
        let s = try spec(#"{"name": "checkmark", "pointSize": 80, "weight": "bold", "color": "black", "effect": {"drawOn": {}, "isActive": "=hidden"}}"#)
        let r = try SceneRenderer(spec: s)
        let full = Measure.visibleCount(try r.render(at: 2), s)
        var last = 0
        for t in stride(from: 0.3, through: 0.9, by: 0.1) {
            let n = Measure.visibleCount(try r.render(at: t), s)
            #expect(n > 0 && n < full && n >= last, "t = \(t): \(n) of \(full)")
            last = n
        }
        let mid = try r.render(at: 0.6)
        // At mid-trace the short left stroke is inked, the top-right end of the long one is not.
        let bg = Measure.background(s)
        #expect(Measure.visible(mid, Int(50 - 0.32 * 80) + 1, Int(50 + 0.02 * 80), background: bg))
        #expect(!Measure.visible(mid, Int(50 + 0.33 * 80) - 1, Int(50 - 0.28 * 80) + 1, background: bg))
    }

    @Test func drawModesStagger() {
        let l = [1.0, 1.0]
        let by = SceneEvaluator.layerFractions(0.5, lengths: l, mode: nil)
        #expect(by[0] > by[1] && by[1] > 0, "\(by)")
        let ind = SceneEvaluator.layerFractions(0.4, lengths: l, mode: "individually")
        #expect(ind[0] > 0 && ind[0] < 1 && ind[1] == 0, "\(ind)")
        let whole = SceneEvaluator.layerFractions(0.3, lengths: l, mode: "wholeSymbol")
        #expect(whole[0] == whole[1])
        for m in [nil, "individually", "wholeSymbol"] {
            #expect(SceneEvaluator.layerFractions(0, lengths: l, mode: m) == [0, 0])
            #expect(SceneEvaluator.layerFractions(1, lengths: l, mode: m) == [1, 1])
        }
    }

    @Test func fillGlyphCannotDrawOnAndSaysSo() throws {
        let s = try spec(#"{"name": "heart.fill", "pointSize": 60, "effect": {"drawOn": {}, "isActive": "=hidden"}}"#)
        let r = try SceneRenderer(spec: s)
        #expect(r.diagnostics.contains { $0.path == "content[0].symbol.effect" && $0.message.contains("fill glyph") }, "\(r.diagnostics)")
        // It appears at once when shown: fully there right after the event.
        let full = Measure.visibleCount(try r.render(at: 2), s)
        #expect(Measure.visibleCount(try r.render(at: 0.1), s) == 0)
        #expect(Measure.visibleCount(try r.render(at: 0.25), s) == full && full > 0)
    }

    // MARK: Other effects

    @Test func bounceIsPartOfItsEvent() throws {
        let s = try spec(#"{"name": "bell", "pointSize": 60, "effect": {"bounce": {"speed": 2}, "value": "n"}}"#, state: "{\"n\": 0}", events: "[{\"at\": 0.5, \"set\": {\"n\": 1}}]")
        let r = try SceneRenderer(spec: s)
        let poses = Dictionary(uniqueKeysWithValues: r.keyPoses().map { ($0.role, $0.time) })
        #expect(abs(poses["rest:0"]! - 0.75) < 1e-6 && abs(poses["mid:0"]! - 0.625) < 1e-6, "\(poses)")
        let rest = Measure.visibleCount(try r.render(at: 0.2), s)
        let peak = Measure.visibleCount(try r.render(at: 0.625), s)
        #expect(peak > rest, "bounce up grows: \(peak) vs \(rest)")
        #expect(try r.render(at: 0.2) == (try r.render(at: 0.9)))
    }

    @Test func variableColorIterativeReversing() throws {
        // wifi has 4 layers: a reversing cycle visits 0 1 2 3 2 1 over 1.2·6/4 = 1.8 s.
        let s = try spec(#"{"name": "wifi", "pointSize": 80, "color": "black", "effect": {"variableColor": {"style": "iterative", "reversing": true, "hideInactiveLayers": true}}}"#, state: "{}", events: "[]")
        let r = try SceneRenderer(spec: s)
        var sizes: [Int] = []
        for k in 0..<6 { sizes.append(Measure.visibleCount(try r.render(at: (Double(k) + 0.5) * 0.3), s)) }
        // Outer arcs are longer: ink grows 0→3 then shrinks back.
        #expect(sizes[0] < sizes[1] && sizes[1] < sizes[2] && sizes[2] < sizes[3], "\(sizes)")
        #expect(sizes[4] == sizes[2] && sizes[5] == sizes[1], "\(sizes)")
    }

    @Test func rotateTurnsAboutTheAnchor() throws {
        let s = try spec(#"{"name": "arrow.clockwise", "pointSize": 80, "color": "black", "effect": {"rotate": {}}}"#, state: "{}", events: "[]")
        let r = try SceneRenderer(spec: s)
        #expect(try r.render(at: 0) != (try r.render(at: 0.25)))
        #expect(try r.render(at: 0) == (try r.render(at: 1.0)))
    }

    @Test func replaceSwapsGlyphs() throws {
        let s = try spec(#"{"name": "plus", "pointSize": 80, "color": "black", "effect": {"replace": {"to": "checkmark", "style": "downUp"}, "isActive": "=!hidden"}}"#)
        let r = try SceneRenderer(spec: s)
        let poses = Dictionary(uniqueKeysWithValues: r.keyPoses().map { ($0.role, $0.time) })
        #expect(abs(poses["rest:0"]! - 0.6) < 1e-6, "\(poses)")
        let bg = Measure.background(s)
        let before = try r.render(at: 0.1), after = try r.render(at: 1)
        // plus inks the centre's vertical bar top; the checkmark does not.
        #expect(Measure.visible(before, 50, 25, background: bg) && !Measure.visible(after, 50, 25, background: bg))
    }

    @Test func replaceWithoutTargetIsAnError() throws {
        let s = try spec(#"{"name": "plus", "effect": {"replace": {}, "isActive": "=hidden"}}"#)
        do { _ = try SceneRenderer(spec: s); Issue.record("expected an error") } catch {
            #expect(error.errors.first?.path == "content[0].symbol.effect.replace.to")
        }
    }
}
