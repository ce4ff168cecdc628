import AnimoTestSupport
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Liquid Glass measured from rendered images: the container's spacing as the fusion threshold
/// (docs/architecture.md, "The traps" "Glass spacing"), what each variant lets through, the tint,
/// the rim and the lensing.
struct GlassTests {
    /// Two glass circles of 40 pt in an HStack of `layout` spacing inside a container of spacing
    /// `container` (nil: no container), over a flat dark background.
    func pair(layout: String, container: Double?, events: String = "", state: String = "") throws -> Spec {
        let circle = #"{"color": "clear", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"glassEffect": {"shape": "circle"}}]}"#
        let wrap = container.map { #", "modifiers": [{"glassEffectContainer": {"spacing": \#($0)}}]"# } ?? ""
        return try Spec.load(json: """
        {"canvas": {"width": 200, "height": 100, "scale": 1, "background": {"red": 0.12, "green": 0.18, "blue": 0.25}}, "duration": 1,
         \(state) \(events)
         "content": [{"hstack": {"spacing": \(layout), "content": [\(circle), \(circle)]}\(wrap)}]}
        """)
    }

    func render(_ spec: Spec, at t: Double = 0) throws -> Pixmap {
        let r = try SceneRenderer(spec: spec)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        return try r.render(at: t, scale: 1)
    }

    /// Visible rows of the column midway between the circles (x = 100): the neck's height.
    func neck(_ p: Pixmap, _ spec: Spec) -> Int {
        let bg = Measure.background(spec)
        return (0..<p.height).filter { Measure.visible(p, 100, $0, background: bg) }.count
    }

    @Test func containerSpacingIsTheFusionThreshold() throws {
        // Spacing 12 inside a container of 18: one surface at rest, with a thick bridge.
        let fused = try pair(layout: "12", container: 18)
        let a = try render(fused)
        #expect(Measure.components(a, fused) == 1)
        #expect(neck(a, fused) > 20)
        // Spacing 30: two.
        let apart = try pair(layout: "30", container: 18)
        let b = try render(apart)
        #expect(Measure.components(b, apart) == 2)
        #expect(neck(b, apart) == 0)
        // The same layout spacing 12 without a container, or in a container of spacing 6: two.
        // (Fusion that ignored the container's spacing would give the same count for 18 and 6.)
        for s in [nil, 6.0] as [Double?] {
            let spec = try pair(layout: "12", container: s)
            #expect(Measure.components(try render(spec), spec) == 2, "container spacing \(String(describing: s))")
        }
    }

    @Test func neckNarrowsContinuouslyAsTheShapesPartAndBreaksAtTheSpacing() throws {
        // The stack's spacing animates linearly from 12 to 30 over 1 s (0.5 s = 21 pt).
        let spec = try pair(layout: #""=apart ? 30 : 12""#, container: 18,
                            events: #""events": [{"at": 0, "set": {"apart": true}, "animation": {"linear": {"duration": 1}}}],"#,
                            state: #""state": {"apart": false},"#)
        var necks: [Int] = []
        for k in 0...5 {
            // Spacing 12, 13, …, 17 pt: still one surface.
            let p = try render(spec, at: Double(k) / 18)
            necks.append(neck(p, spec))
            #expect(Measure.components(p, spec) == 1, "spacing \(12 + k)")
        }
        // Mid-transition (spacing 16): a neck thinner than the circles (40 pt) yet there.
        #expect(necks[4] > 0 && necks[4] < 30, "\(necks)")
        #expect(zip(necks, necks.dropFirst()).allSatisfy { $0.0 >= $0.1 }, "necks should narrow: \(necks)")
        // At 18 pt the outlines only touch; past it (19 pt) they have parted.
        let parted = try render(spec, at: 7.0 / 18)
        #expect(neck(parted, spec) == 0)
        #expect(Measure.components(parted, spec) == 2)
        #expect(Measure.components(try render(spec, at: 0.5), spec) == 2)
        #expect(Measure.components(try render(spec, at: 1), spec) == 2)
    }

    @Test func aUnionIsOneShapeOverItsViewsWhateverTheirGap() throws {
        // Layout spacing 40, container spacing 0: apart, unless both join one union.
        func spec(_ union: String) throws -> Spec {
            let circle = #"{"color": "clear", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"glassEffect": {"shape": "circle"}}\#(union)]}"#
            return try Spec.load(json: """
            {"canvas": {"width": 200, "height": 100, "scale": 1, "background": {"red": 0.12, "green": 0.18, "blue": 0.25}}, "duration": 1,
             "content": [{"hstack": {"spacing": 40, "content": [\(circle), \(circle)]}, "modifiers": [{"glassEffectContainer": {"spacing": 0}}]}]}
            """)
        }
        let apart = try spec("")
        #expect(Measure.components(try render(apart), apart) == 2)
        let joined = try spec(#", {"glassEffectUnion": {"id": "pair", "namespace": "ns"}}"#)
        let p = try render(joined)
        #expect(Measure.components(p, joined) == 1)
        // One capsule over both circles' bounds: the column between them is covered 40 pt high.
        #expect(neck(p, joined) >= 38, "\(neck(p, joined))")
        // Different ids stay apart.
        let two = try Spec.load(json: """
        {"canvas": {"width": 200, "height": 100, "scale": 1, "background": {"red": 0.12, "green": 0.18, "blue": 0.25}}, "duration": 1,
         "content": [{"hstack": {"spacing": 40, "content": [
           {"color": "clear", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"glassEffect": {"shape": "circle"}}, {"glassEffectUnion": "a"}]},
           {"color": "clear", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"glassEffect": {"shape": "circle"}}, {"glassEffectUnion": "b"}]}]},
          "modifiers": [{"glassEffectContainer": {"spacing": 0}}]}]}
        """)
        #expect(Measure.components(try render(two), two) == 2)
        #expect(TestSupport.errors(#"{"canvas": {"width": 100, "height": 100}, "duration": 1, "content": [{"color": "clear", "modifiers": [{"glassEffectUnion": {"namespace": "ns"}}]}]}"#).first?.path == "content[0].modifiers[0].glassEffectUnion.id")
    }

    /// One 120×60 card of `variant` over black and white stripes 8 pt wide.
    func card(_ variant: String, tint: String? = nil, scheme: String = "light") throws -> (Spec, Pixmap) {
        let t = tint.map { #", "tint": "\#($0)""# } ?? ""
        var stripes: [String] = []
        for i in 0..<25 { stripes.append(#"{"rectangle": {"frame": [\#(i * 8), 0, 8, 100]}, "fill": "\#(i % 2 == 0 ? "black" : "white")"}"#) }
        let spec = try Spec.load(json: """
        {"canvas": {"width": 200, "height": 100, "scale": 1, "background": "white", "colorScheme": "\(scheme)"}, "duration": 1,
         "content": [\(stripes.joined(separator: ",")),
          {"color": "clear", "modifiers": [{"frame": {"width": 120, "height": 60}}, {"glassEffect": {"variant": "\(variant)", "shape": {"roundedRectangle": {"cornerRadius": 20}}\(t)}}, {"position": [100, 50]}]}]}
        """)
        return (spec, try render(spec))
    }

    /// The contrast of the stripes seen through the card's centre row (max − min luminance).
    func centreContrast(_ p: Pixmap) -> Float {
        let y = 50
        let values = (70..<130).map { x -> Float in let v = p.pixels[y * p.width + x]; return 0.2126 * v.x + 0.7152 * v.y + 0.0722 * v.z }
        return values.max()! - values.min()!
    }

    @Test func clearLetsMoreBackgroundThroughThanRegular() throws {
        let regular = centreContrast(try card("regular").1)
        let clear = centreContrast(try card("clear").1)
        #expect(clear > regular + 0.2, "clear \(clear), regular \(regular)")
        // Neither is opaque: the stripes still show through the regular variant.
        #expect(regular > 0.02, "regular \(regular)")
    }

    @Test func identityAndDisabledDrawNoGlass() throws {
        let (_, plain) = try card("identity")
        let none = try SceneRenderer(spec: try Spec.load(json: """
        {"canvas": {"width": 200, "height": 100, "scale": 1, "background": "white"}, "duration": 1,
         "content": [\((0..<25).map { #"{"rectangle": {"frame": [\#($0 * 8), 0, 8, 100]}, "fill": "\#($0 % 2 == 0 ? "black" : "white")"}"# }.joined(separator: ","))]}
        """)).render(at: 0, scale: 1)
        #expect(plain.pixels == none.pixels)
    }

    @Test func tintColoursTheGlass() throws {
        let p = try card("regular", tint: "blue").1
        // A pixel over a white stripe in the card: blue dominates.
        let v = p.pixels[50 * p.width + 92]
        #expect(v.z > v.x + 0.2 && v.z > v.y + 0.1, "\(v)")
    }

    @Test func darkSchemeGlassIsDarkerThanLight() throws {
        func mean(_ p: Pixmap) -> Float { (70..<130).map { p.pixels[50 * p.width + $0] }.reduce(0) { $0 + $1.y } / 60 }
        #expect(mean(try card("regular", scheme: "dark").1) < mean(try card("regular").1) - 0.1)
    }

    @Test func rimIsBrighterThanTheInteriorAndLensingBendsTheStripes() throws {
        // Over a flat mid grey the rim's highlight is the brightest part of the card, lit from
        // above and below (docs/semantics.md §235: a key highlight at π/2): the top rim is brighter
        // than the interior and than the side rims.
        let spec = try Spec.load(json: """
        {"canvas": {"width": 200, "height": 100, "scale": 1, "background": {"white": 0.5}}, "duration": 1,
         "content": [{"color": "clear", "modifiers": [{"frame": {"width": 120, "height": 60}}, {"glassEffect": {"variant": "clear", "shape": "rectangle"}}, {"position": [100, 50]}]}]}
        """)
        let p = try render(spec)
        let top = p.pixels[20 * p.width + 100].x, side = p.pixels[50 * p.width + 40].x, inside = p.pixels[50 * p.width + 100].x
        #expect(top > inside + 0.05, "top rim \(top), inside \(inside)")
        #expect(top > side + 0.05, "top rim \(top), side rim \(side)")
        // Lensing: near the card's left edge the stripes are sampled from farther out, so the
        // pattern there differs from the same stripes seen through the middle.
        let (_, lensed) = try card("clear")
        let (_, flat) = try card("identity")
        let edge = (41..<46).map { abs(lensed.pixels[50 * 200 + $0].y - flat.pixels[50 * 200 + $0].y) }.max()!
        #expect(edge > 0.3, "edge difference \(edge)")
    }

    @Test func badGlassIsAnErrorWithItsPath() {
        func first(_ modifier: String) -> SpecError? {
            TestSupport.errors(#"{"canvas": {"width": 100, "height": 100}, "duration": 1, "content": [{"color": "clear", "modifiers": [\#(modifier)]}]}"#).first
        }
        let variant = first(#"{"glassEffect": {"variant": "frosted"}}"#)
        #expect(variant?.path == "content[0].modifiers[0].glassEffect.variant")
        #expect(variant?.message.contains("regular, clear, identity") == true)
        #expect(first(#"{"glassEffect": "thick"}"#)?.path == "content[0].modifiers[0].glassEffect")
        #expect(first(#"{"glassEffect": {"tint": 3}}"#)?.path == "content[0].modifiers[0].glassEffect.tint")
        #expect(first(#"{"glassEffect": {"tint": "blu"}}"#)?.path == "content[0].modifiers[0].glassEffect.tint")
        #expect(first(#"{"glassEffect": {"shape": "star"}}"#)?.path == "content[0].modifiers[0].glassEffect.shape")
        #expect(first(#"{"glassEffect": {"shape": {"roundedRectangle": {}}}}"#)?.path == "content[0].modifiers[0].glassEffect.shape.roundedRectangle.cornerRadius")
        #expect(first(#"{"glassEffect": {"interactive": "yes"}}"#)?.path == "content[0].modifiers[0].glassEffect.interactive")
        #expect(first(#"{"glassEffectContainer": {"spacing": -4}}"#)?.path == "content[0].modifiers[0].glassEffectContainer.spacing")
        #expect(first(#"{"glassEffect": {"variant": "clear", "tint": "blue", "interactive": true, "shape": "circle", "isEnabled": true}}"#) == nil)
        // A container inside a container: an error at the inner one, naming the outer.
        let nested = TestSupport.errors(#"""
        {"canvas": {"width": 100, "height": 100}, "duration": 1, "content": [{"vstack": {"content": [
          {"hstack": {"content": [{"color": "clear", "modifiers": [{"glassEffect": true}]}]}, "modifiers": [{"glassEffectContainer": {"spacing": 4}}]}]},
         "modifiers": [{"glassEffectContainer": {"spacing": 8}}]}]}
        """#)
        #expect(nested.count == 1)
        #expect(nested.first?.path == "content[0].vstack.content[0].modifiers[0].glassEffectContainer")
        #expect(nested.first?.message.contains("inside another (the one at content[0])") == true, "\(nested)")
        #expect(nested.first?.line == 2)
    }
}
