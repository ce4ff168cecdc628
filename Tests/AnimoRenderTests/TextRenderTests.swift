// Text, the foreground environment and the colour scheme in pixels, against positions worked out
// by hand from SF's metrics (docs/semantics.md §125) and the stand-in's font file.
import Foundation
import Testing
import AnimoTestSupport
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

private func spec(_ content: String, canvas: String = "", state: String = #"{"n": 9}"#, events: String = "[]", duration: Double = 1) throws -> Spec {
    try Spec.load(json: """
        {"canvas": {"width": 400, "height": 200, "scale": 1\(canvas)}, "duration": \(duration), "state": \(state),
         "events": \(events), "content": \(content)}
        """)
}

/// The bounding box (pixels) of pixels with alpha above one half.
private func inkBox(_ p: Pixmap, above threshold: Float = 0.5) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var box: (Int, Int, Int, Int)?
    for y in 0..<p.height {
        for x in 0..<p.width where p.pixels[y * p.width + x].w > threshold {
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        }
    }
    return box.map { ($0.0, $0.1, $0.2, $0.3) }
}

@Test func textSitsOnSFsBaselineAtTheCentre() throws {
    let s = try spec(#"[{"text": {"string": "HHHH", "font": {"size": 100}, "center": [200, 100]}}]"#)
    let img = try SceneRenderer(spec: s).render(at: 0)
    guard let box = inkBox(img) else { Issue.record("no ink"); return }
    // One line is 1.193359375 em (§125): its top is 100 − 59.668; the baseline 95.215 below that;
    // Inter's cap height is 2048/2816 em = 72.727 pt. So ink spans y 62.82 … 135.55.
    #expect(abs(Double(box.minY) - 62.82) <= 1.0)
    #expect(abs(Double(box.maxY + 1) - 135.55) <= 1.0)
    // Four H's, symmetric about the centre.
    #expect(abs(Double(box.minX + box.maxX + 1) / 2 - 200) <= 1.0)
}

@Test func darkSchemeDrawsTextWhiteAndShapesInheritTheForeground() throws {
    let s = try spec(#"""
        [{"text": {"string": "IIII", "font": {"size": 80}, "center": [100, 100]}},
         {"group": [{"rectangle": {"frame": [300, 50, 50, 50]}}], "modifiers": [{"foregroundStyle": "red"}]}]
        """#, canvas: #", "colorScheme": "dark""#)
    let img = try SceneRenderer(spec: s).render(at: 0)
    // The densest text pixel is white (the dark scheme's primary).
    var best = SIMD4<Float>(0, 0, 0, 0)
    for y in 0..<200 { for x in 0..<200 where img.pixels[y * img.width + x].w > best.w { best = img.pixels[y * img.width + x] } }
    #expect(best.w > 0.99 && best.x > 0.99 && best.y > 0.99 && best.z > 0.99)
    // The bare rectangle takes the dark red (255, 69, 58) from the group's foregroundStyle.
    let r = img.pixels[75 * img.width + 325]
    #expect(abs(Double(r.x) - 1) < 0.01 && abs(Double(r.y) - 69.0 / 255) < 0.01 && abs(Double(r.z) - 58.0 / 255) < 0.01)
}

@Test func numericTextRollsAndSettles() throws {
    let events = #"[{"at": 0.2, "set": {"n": 10}, "animation": {"linear": {"duration": 0.4}}}]"#
    let s = try spec(#"[{"text": {"string": "=n", "font": {"size": 60, "design": "monospaced"}, "center": [200, 100], "contentTransition": "numericText"}}]"#,
                     events: events)
    let r = try SceneRenderer(spec: s)
    let images = try [0.1, 0.4, 0.9].map { try r.render(at: $0) }
    let boxes = [inkBox(images[0]), inkBox(images[1], above: 0.2), inkBox(images[2])]
    guard let before = boxes[0], let mid = boxes[1], let after = boxes[2] else {
        Issue.record("no ink in a frame: \(boxes.map { $0 == nil })")
        return
    }
    // Mid-roll the ink reaches above and below the resting line.
    #expect(mid.minY < min(before.minY, after.minY) - 5)
    #expect(mid.maxY > max(before.maxY, after.maxY) + 5)
    // At rest: "10" is two monospaced cells wide, "9" one (JetBrains Mono: 0.6 em = 36 pt).
    #expect((after.maxX - after.minX) > (before.maxX - before.minX) + 25)
}

@Test func changedStringsCrossFadeOnlyWhenAnimated() throws {
    let s = try spec(#"[{"text": {"string": "=n", "font": {"size": 60}, "center": [200, 100]}}]"#,
                     events: #"[{"at": 0.2, "set": {"n": 10}, "animation": {"linear": {"duration": 0.4}}}, {"at": 0.7, "set": {"n": 11}}]"#)
    let r = try SceneRenderer(spec: s)
    func maxAlpha(_ t: Double) throws -> Float { try r.render(at: t).pixels.map(\.w).max() ?? 0 }
    #expect(try maxAlpha(0.1) > 0.99)
    // Halfway through the fade neither string is opaque where they do not overlap entirely.
    let mid = try r.render(at: 0.4)
    #expect(mid.pixels.contains { $0.w > 0.3 && $0.w < 0.7 })
    // The second change has no animation: no fade, the new string at once.
    #expect(try maxAlpha(0.71) > 0.99)
}

@Test func textMasksAGradient() throws {
    let s = try spec(#"""
        [{"rectangle": {"frame": [0, 0, 400, 200]}, "fill": {"linearGradient": {"colors": ["red", "blue"], "startPoint": "leading", "endPoint": "trailing"}},
          "modifiers": [{"mask": {"text": {"string": "MASK", "font": {"size": 90, "weight": "black"}, "center": [200, 100]}}}]}]
        """#)
    let img = try SceneRenderer(spec: s).render(at: 0)
    guard let box = inkBox(img) else { Issue.record("no ink"); return }
    // Only the letters show: the ink stays inside the line box (100 ± 53.7) and covers a part of it.
    #expect(box.minY > 100 - 54 && box.maxY < 100 + 54)
    let covered = img.pixels.filter { $0.w > 0.5 }.count
    #expect(covered > 5_000 && covered < 200 * 400 / 3)
}

@Test func wrappedTextStaysInItsFrame() throws {
    let s = try spec(#"[{"text": {"string": "The quick brown fox jumps over the lazy dog", "frame": [20, 20, 120, 160], "alignment": "topLeading"}}]"#)
    let img = try SceneRenderer(spec: s).render(at: 0)
    guard let box = inkBox(img) else { Issue.record("no ink"); return }
    #expect(box.minX >= 20 && box.maxX < 140)
    // Several lines of body text (17 pt, 20.29 pt a line).
    #expect(box.maxY - box.minY > 50)
}

@Test func materialsFrostWhatLiesBehind() throws {
    func centre(_ scheme: String, _ background: String) throws -> SIMD4<Float> {
        let s = try spec(#"[{"rectangle": {"frame": [100, 50, 200, 100]}, "fill": "regularMaterial"}]"#,
                         canvas: #", "colorScheme": ""# + scheme + #"", "background": ""# + background + #"""#)
        let img = try SceneRenderer(spec: s).render(at: 0)
        return img.pixels[100 * img.width + 200]
    }
    // Light regular over white (§220): brightness +0.1 gives 1.1; the curve at 1 is 0.815;
    // 1.1 + 0.75 × (0.815 − 1.1) = 0.886.
    let light = try centre("light", "white")
    #expect(abs(Double(light.x) - 0.886) < 0.01 && abs(Double(light.w) - 1) < 0.001)
    // Dark regular over black (§221): 0 + 0.75 × (0.16 − 0) = 0.12.
    let dark = try centre("dark", "black")
    #expect(abs(Double(dark.x) - 0.12) < 0.01)
    // Over a red/blue split the material blurs across the split: mixed at the seam.
    let s = try spec(#"""
        [{"rectangle": {"frame": [0, 0, 200, 200]}, "fill": "red"}, {"rectangle": {"frame": [200, 0, 200, 200]}, "fill": "blue"},
         {"rectangle": {"frame": [100, 50, 200, 100]}, "fill": "ultraThinMaterial"}]
        """#)
    let img = try SceneRenderer(spec: s).render(at: 0)
    let seam = img.pixels[100 * img.width + 200], outside = img.pixels[10 * img.width + 199]
    #expect(seam.x > 0.3 && seam.z > 0.3)
    #expect(outside.x > 0.99 && abs(Double(outside.z) - 48.0 / 255) < 0.005)
}

@Test func tintInheritsAndDefaultsToTheAccentColor() throws {
    let s = try spec(#"""
        [{"rectangle": {"frame": [0, 0, 100, 100]}, "fill": "tint"},
         {"group": [{"rectangle": {"frame": [200, 0, 100, 100]}, "fill": "tint"}], "modifiers": [{"tint": "pink"}]}]
        """#)
    let img = try SceneRenderer(spec: s).render(at: 0)
    let accent = img.pixels[50 * img.width + 50], pink = img.pixels[50 * img.width + 250]
    // accentColor is blue (0, 122, 255); pink (255, 45, 85): iOS 15–18 light values (§204).
    #expect(accent.x < 0.01 && abs(Double(accent.y) - 122.0 / 255) < 0.01)
    #expect(pink.x > 0.99 && abs(Double(pink.y) - 45.0 / 255) < 0.01)
}

@Test func anUnusableFontSizeIsClampedWithADiagnostic() throws {
    let s = try spec(#"[{"text": {"string": "A", "font": {"size": "=n - 20"}}}]"#)
    let r = try SceneRenderer(spec: s)
    _ = try r.render(at: 0)
    #expect(r.diagnostics.contains { $0.path == "content[0].text.font.size" && $0.message.contains("-11") })
}

@Test func hugeTextNumbersNeitherTrapNorVanishSilently() throws {
    let s = try spec(#"""
        [{"text": {"string": "a b c d", "frame": [0, 0, 1e300, 1e300], "lineSpacing": "=1e300 * n", "kerning": "=1e300 * n"}},
         {"text": {"string": "x", "font": {"size": "=1e300 * n"}, "center": [1e300, 1e300]}},
         {"image": {"systemName": "heart", "font": {"size": 900}, "frame": [0, 0, 1e300, 1e300]}}]
        """#)
    let r = try SceneRenderer(spec: s)
    _ = try r.render(at: 0)
    #expect(r.diagnostics.contains { $0.path == "content[0].text.lineSpacing" })
    #expect(r.diagnostics.contains { $0.path == "content[0].text.kerning" })
    #expect(r.diagnostics.contains { $0.path == "content[1].text.font.size" })
}
