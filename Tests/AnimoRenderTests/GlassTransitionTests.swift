import AnimoTestSupport
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Glass appearing and disappearing in a container, measured from rendered images: the morph of
/// `glassEffectID` (docs/semantics.md §226, §268), and `glassEffectTransition`'s materialize and
/// identity.
struct GlassTransitionTests {
    /// A capsule of 120×44 (while `round` is false) and a circle of 44 (while it is true), each
    /// with glass of `id` (nil: none), centred in a container; `round` turns true at 0.2 s with a
    /// linear animation of 1 s, so at 0.7 s each view is halfway.
    func capsuleToCircle(id: String?, transition: String? = nil) throws -> Spec {
        func view(_ w: Int, _ shape: String) -> String {
            let idMod = id.map { #", {"glassEffectID": {"id": "\#($0)", "namespace": "bar"}}"# } ?? ""
            let tr = transition.map { #", {"glassEffectTransition": "\#($0)"}"# } ?? ""
            return #"{"color": "clear", "modifiers": [{"frame": {"width": \#(w), "height": 44}}, {"glassEffect": {"shape": "\#(shape)"}}\#(idMod)\#(tr)]}"#
        }
        return try Spec.load(json: """
        {"canvas": {"width": 200, "height": 100, "scale": 1, "background": {"red": 0.12, "green": 0.18, "blue": 0.25}}, "duration": 2,
         "state": {"circled": false}, "events": [{"at": 0.2, "set": {"circled": true}, "animation": {"linear": {"duration": 1}}}],
         "content": [{"zstack": [{"if": {"condition": "=!circled", "content": [\(view(120, "capsule"))]}},
                                 {"if": {"condition": "=circled", "content": [\(view(44, "circle"))]}}],
                      "modifiers": [{"glassEffectContainer": {"spacing": 16}}]}]}
        """)
    }

    func render(_ spec: Spec, at t: Double) throws -> Pixmap {
        let r = try SceneRenderer(spec: spec)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        return try r.render(at: t, scale: 1)
    }

    /// How many pixels of row `y` the glass face covers: over the dark background the face is
    /// bright (its levels lift black to 0.4, docs/semantics.md §257), the background's luminance
    /// is 0.17 and the shadow only darkens.
    func faceWidth(_ p: Pixmap, y: Int = 50) -> Int {
        (0..<p.width).filter { x in
            let v = p.pixels[y * p.width + x]
            return 0.2126 * v.x + 0.7152 * v.y + 0.0722 * v.z > 0.3
        }.count
    }

    @Test func glassWithOneIDMorphsItsOutlineThroughTheTransition() throws {
        let spec = try capsuleToCircle(id: "search")
        let start = faceWidth(try render(spec, at: 0.1)), end = faceWidth(try render(spec, at: 1.5))
        #expect(abs(start - 120) <= 2, "capsule \(start)")
        #expect(abs(end - 44) <= 2, "circle \(end)")
        // Nothing jumps when the event fires: the morph starts as the capsule.
        #expect(try render(spec, at: 0.2).pixels == (try render(spec, at: 0.1)).pixels)
        // Halfway the outline is halfway: the frame's width is (120 + 44) / 2 = 82. A morph that
        // jumped would show 120 (the capsule still there) or 44 (the circle already).
        let midFrame = try render(spec, at: 0.7)
        let mid = faceWidth(midFrame)
        #expect(mid > end + 20 && mid < start - 20, "mid \(mid), ends \(start) and \(end)")
        #expect(abs(mid - 82) <= 3, "mid \(mid)")
        // A quarter and three quarters of the way: the width moves monotonically.
        let q1 = faceWidth(try render(spec, at: 0.45)), q3 = faceWidth(try render(spec, at: 0.95))
        #expect(start > q1 && q1 > mid && mid > q3 && q3 > end, "\([start, q1, mid, q3, end])")
        // The morphed outline is one shape, its height that of both ends.
        let column = (0..<100).filter { y in let v = midFrame.pixels[y * 200 + 100]; return 0.2126 * v.x + 0.7152 * v.y + 0.0722 * v.z > 0.3 }.count
        #expect(abs(column - 44) <= 2, "height \(column)")
    }

    @Test func withoutAnIDTheShapesDoNotMorph() throws {
        // The capsule fades its material out in place while the circle's fades in: halfway the
        // face still spans the capsule's width (both are drawn, neither moves).
        let spec = try capsuleToCircle(id: nil)
        let mid = faceWidth(try render(spec, at: 0.7))
        #expect(mid >= 110, "mid \(mid)")
    }

    @Test func materializeGrowsTheMaterialFromNothing() throws {
        // One glass card appearing over stripes: halfway through a materialize its stripes'
        // contrast lies between no glass (the stripes as they are) and the glass at rest.
        func spec(_ transition: String) throws -> Spec {
            var stripes: [String] = []
            for i in 0..<25 { stripes.append(#"{"rectangle": {"frame": [\#(i * 8), 0, 8, 100]}, "fill": "\#(i % 2 == 0 ? "black" : "white")"}"#) }
            return try Spec.load(json: """
            {"canvas": {"width": 200, "height": 100, "scale": 1, "background": "white"}, "duration": 2,
             "state": {"on": false}, "events": [{"at": 0.2, "set": {"on": true}, "animation": {"linear": {"duration": 1}}}],
             "content": [\(stripes.joined(separator: ",")),
              {"zstack": [{"if": {"condition": "=on", "content": [{"color": "clear", "modifiers": [{"frame": {"width": 120, "height": 60}}, {"glassEffect": {"shape": "rectangle"}}, {"glassEffectTransition": "\(transition)"}]}]}}],
               "modifiers": [{"glassEffectContainer": {"spacing": 10}}]}]}
            """)
        }
        func contrast(_ p: Pixmap) -> Float {
            let values = (80..<120).map { x -> Float in let v = p.pixels[50 * p.width + x]; return 0.2126 * v.x + 0.7152 * v.y + 0.0722 * v.z }
            return values.max()! - values.min()!
        }
        let m = try spec("materialize")
        let none = contrast(try render(m, at: 0.1)), half = contrast(try render(m, at: 0.7)), rest = contrast(try render(m, at: 1.5))
        #expect(none > 0.9 && rest < 0.5, "none \(none), rest \(rest)")
        #expect(half < none - 0.1 && half > rest + 0.1, "half \(half): between \(rest) and \(none)")
        // Matched geometry with nothing to match within the spacing materializes too.
        #expect(try render(try spec("matchedGeometry"), at: 0.7).pixels == (try render(m, at: 0.7)).pixels)
        // Identity: the glass is drawn as at rest while its view is there.
        let id = try spec("identity")
        #expect(try render(id, at: 0.7).pixels == (try render(id, at: 1.5)).pixels)
    }

    @Test func aNewShapeGrowsOutOfANeighbourWithinTheSpacing() throws {
        // A 44 pt circle stays; a second one 10 pt to its right (within the container's 16)
        // appears with matched geometry: halfway it is a shape between the two frames, fused with
        // the first, so the face is one run narrower than both circles side by side.
        let circle = #"{"color": "clear", "modifiers": [{"frame": {"width": 44, "height": 44}}, {"glassEffect": {"shape": "circle"}}]}"#
        let spec = try Spec.load(json: """
        {"canvas": {"width": 200, "height": 100, "scale": 1, "background": {"red": 0.12, "green": 0.18, "blue": 0.25}}, "duration": 2,
         "state": {"two": false}, "events": [{"at": 0.2, "set": {"two": true}, "animation": {"linear": {"duration": 1}}}],
         "content": [{"hstack": {"spacing": 10, "content": [\(circle), {"if": {"condition": "=two", "content": [\(circle)]}}]},
                      "modifiers": [{"glassEffectContainer": {"spacing": 16}}]}]}
        """)
        let half = try render(spec, at: 0.7), rest = try render(spec, at: 1.5)
        // When the event fires the new shape lies inside the first, which does not bulge (the
        // stack has already made room, so the first circle has moved left: layout, not glass).
        let fired = faceWidth(try render(spec, at: 0.2))
        #expect(abs(fired - 44) <= 2, "at the event \(fired)")
        // At rest: two circles of 44, 10 apart, fused by the container (gap < spacing).
        let restWidth = faceWidth(rest)
        #expect(restWidth >= 96, "rest \(restWidth)")
        let halfWidth = faceWidth(half)
        #expect(halfWidth > 50 && halfWidth < restWidth - 10, "half \(halfWidth), rest \(restWidth)")
    }

    @Test func badGlassTransitionsAreErrorsWithTheirPaths() {
        func first(_ modifier: String) -> SpecError? {
            TestSupport.errors(#"{"canvas": {"width": 100, "height": 100}, "duration": 1, "content": [{"color": "clear", "modifiers": [{"glassEffect": true}, \#(modifier)]}]}"#).first
        }
        let unknown = first(#"{"glassEffectTransition": "matchedGeometr"}"#)
        #expect(unknown?.path == "content[0].modifiers[1].glassEffectTransition")
        #expect(unknown?.message.contains("matchedGeometry") == true, "\(String(describing: unknown))")
        #expect(first(#"{"glassEffectTransition": 1}"#)?.path == "content[0].modifiers[1].glassEffectTransition")
        #expect(first(#"{"glassEffectID": ""}"#)?.path == "content[0].modifiers[1].glassEffectID")
        #expect(first(#"{"glassEffectID": {"namespace": "ns"}}"#)?.path == "content[0].modifiers[1].glassEffectID.id")
        #expect(first(#"{"glassEffectID": {"id": "a", "namspace": "ns"}}"#)?.path == "content[0].modifiers[1].glassEffectID.namspace")
        #expect(first(#"{"glassEffectID": {"id": "a", "namespace": "ns"}}, {"glassEffectTransition": "materialize"}"#) == nil)
    }
}
