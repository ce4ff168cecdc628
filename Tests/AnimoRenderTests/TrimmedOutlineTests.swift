import Foundation
import Testing
import AnimoRaster
@testable import AnimoSpec
@testable import AnimoRender

/// Where a trimmed capsule or rounded rectangle is drawn: its outline starts at the middle of the right edge
/// and runs clockwise (docs/semantics.md §282), and a trimmed piece is open (§67).
struct TrimmedOutlineTests {
    func render(_ node: String, width: Int = 24, height: Int = 12) throws -> (Pixmap, Spec) {
        let spec = try Spec.load(json: """
        {"canvas": {"width": \(width), "height": \(height), "scale": 1, "background": "white"}, "duration": 1,
         "content": [\(node)]}
        """)
        return (try SceneRenderer(spec: spec).render(at: 0), spec)
    }

    func inked(_ p: Pixmap, _ spec: Spec, _ x: Int, _ y: Int) -> Bool {
        Measure.visible(p, x, y, background: Measure.background(spec))
    }

    @Test func halfACapsuleIsItsBottomHalf() throws {
        // A 20 × 10 capsule at (2, 1): trim 0…0.5 filled is the half below y = 6, closed by the chord
        // between the trim's ends (a fill closes an open piece), which is the capsule's horizontal axis.
        let (p, spec) = try render(#"{"capsule": {"frame": [2, 1, 20, 10]}, "fill": "black", "trim": [0, 0.5]}"#)
        for y in 0..<6 { for x in 0..<24 { #expect(!inked(p, spec, x, y), "(\(x), \(y)) above the axis is inked") } }
        for y in 6..<11 { for x in 7..<17 { #expect(inked(p, spec, x, y), "(\(x), \(y)) below the axis is empty") } }
        // The ends are round: the bottom corners of the frame stay empty.
        #expect(!inked(p, spec, 2, 10) && !inked(p, spec, 21, 10))
    }

    @Test func rotatedHalfCapsuleIsTheTopHalf() throws {
        // BatteryAnimation's cap: `Capsule().trim(from: 0, to: 0.5).rotationEffect(.degrees(180))`.
        let (p, spec) = try render(#"{"capsule": {"frame": [2, 1, 20, 10]}, "fill": "black", "trim": [0, 0.5], "modifiers": [{"rotationEffect": 180}]}"#)
        for y in 6..<12 { for x in 0..<24 { #expect(!inked(p, spec, x, y), "(\(x), \(y)) below the axis is inked") } }
        for y in 1..<6 { for x in 7..<17 { #expect(inked(p, spec, x, y), "(\(x), \(y)) above the axis is empty") } }
    }

    @Test func halfARoundedRectangleIsItsBottomHalf() throws {
        let (p, spec) = try render(#"{"roundedRectangle": {"frame": [2, 2, 20, 20], "cornerRadius": 5}, "fill": "black", "trim": [0, 0.5]}"#,
                                   width: 24, height: 24)
        for y in 0..<12 { for x in 0..<24 { #expect(!inked(p, spec, x, y), "(\(x), \(y)) above the middle is inked") } }
        for y in 12..<22 { for x in 8..<16 { #expect(inked(p, spec, x, y), "(\(x), \(y)) below the middle is empty") } }
    }

    @Test func strokedPieceHasNoClosingSegment() throws {
        // Stroked, the half capsule is an open U: nothing is drawn along the chord between its ends.
        let (p, spec) = try render(#"{"capsule": {"frame": [2, 1, 20, 10]}, "stroke": {"color": "black", "lineWidth": 1}, "trim": [0, 0.5]}"#)
        for x in 8..<16 { #expect(!inked(p, spec, x, 5) && !inked(p, spec, x, 6), "column \(x) crosses the chord") }
        // The bottom edge is drawn, the top edge is not.
        for x in 8..<16 { #expect(inked(p, spec, x, 10) && !inked(p, spec, x, 1)) }
    }
}
