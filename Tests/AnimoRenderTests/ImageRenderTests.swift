// The image node: a PNG beside the spec sized as SwiftUI sizes an Image (§119), sampled nearest
// or bilinearly, as a template, confined to the spec's folder; and Image(systemName:) with its
// placeholder for names the library does not draw.
import Foundation
import Testing
import AnimoTestSupport
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

struct ImageRenderTests {
    /// A folder holding `spec.json` and a 4 × 2 PNG: left half red, right half blue, opaque.
    func render(_ image: String, at t: Double = 0, canvas: String = "", extraFiles: Bool = false) throws -> (Pixmap, SceneRenderer) {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("animo-image-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("spec")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: root) }
        var png = try Pixmap(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 { png.pixels[y * 4 + x] = x < 2 ? SIMD4(1, 0, 0, 1) : SIMD4(0, 0, 1, 1) } }
        try PNG.write(png, to: folder.appendingPathComponent("flag.png"))
        try PNG.write(png, to: folder.appendingPathComponent("flag@2x.png"))
        try PNG.write(png, to: root.appendingPathComponent("outside.png"))
        let url = folder.appendingPathComponent("spec.json")
        try """
            {"canvas": {"width": 100, "height": 50, "scale": 1\(canvas)}, "duration": 1, "content": [\(image)]}
            """.write(to: url, atomically: true, encoding: .utf8)
        let r = try SceneRenderer(spec: try Spec.load(path: url.path))
        return (try r.render(at: t), r)
    }

    func px(_ p: Pixmap, _ x: Int, _ y: Int) -> SIMD4<Float> { p.pixels[y * p.width + x] }

    @Test func aFixedImageIsItsNaturalSizeCentred() throws {
        // 4 × 2 points at scale 1, centred in the 100 × 50 canvas: x 48…52, y 24…26.
        let (p, _) = try render(#"{"image": "flag.png"}"#)
        #expect(px(p, 48, 24).x > 0.99 && px(p, 51, 25).z > 0.99)
        #expect(px(p, 47, 24).w == 0 && px(p, 52, 25).w == 0 && px(p, 50, 23).w == 0)
        // @2x: 2 × 1 points, x 49…51, y 24.5…25.5 (two rows half covered).
        let (q, _) = try render(#"{"image": "flag@2x.png"}"#)
        #expect(abs(px(q, 49, 24).w - 0.5) < 0.01 && abs(px(q, 50, 25).w - 0.5) < 0.01)
        #expect(px(q, 48, 24).w == 0 && px(q, 51, 24).w == 0)
        #expect(abs(q.pixels.reduce(0) { $0 + $1.w } - 2) < 0.01)
    }

    @Test func resizableFitsFillsAndStretches() throws {
        // Stretched over the frame [10, 10, 80, 20]: left half red to x = 50.
        let (s, _) = try render(#"{"image": {"name": "flag.png", "resizable": true, "frame": [10, 10, 80, 20], "interpolation": "none"}}"#)
        #expect(px(s, 10, 10).x > 0.99 && px(s, 49, 29).x > 0.99 && px(s, 50, 20).z > 0.99 && px(s, 89, 29).z > 0.99)
        #expect(px(s, 9, 20).w == 0 && px(s, 90, 20).w == 0)
        // Fit into 80 × 20 (ratio 2 : 1): 40 × 20 centred, x 30…70.
        let (f, _) = try render(#"{"image": {"name": "flag.png", "resizable": true, "scaledToFit": true, "frame": [10, 10, 80, 20], "interpolation": "none"}}"#)
        #expect(px(f, 30, 15).x > 0.99 && px(f, 69, 15).z > 0.99 && px(f, 29, 15).w == 0 && px(f, 70, 15).w == 0)
        // Fill 80 × 20: 80 × 40 centred on the frame's centre (50, 20): y 0…40, overflowing it.
        let (l, _) = try render(#"{"image": {"name": "flag.png", "resizable": true, "scaledToFill": true, "frame": [10, 10, 80, 20], "interpolation": "none"}}"#)
        #expect(px(l, 10, 0).x > 0.99 && px(l, 89, 39).z > 0.99 && px(l, 9, 25).w == 0 && px(l, 50, 40).w == 0)
    }

    @Test func interpolationAndTemplate() throws {
        // Bilinear sampling blends red and blue at the seam; nearest does not.
        let frame = #""resizable": true, "frame": [0, 0, 100, 50]"#
        let (b, _) = try render(#"{"image": {"name": "flag.png", "# + frame + #"}}"#)
        let (n, _) = try render(#"{"image": {"name": "flag.png", "interpolation": "none", "# + frame + #"}}"#)
        #expect(px(b, 49, 25).x > 0.2 && px(b, 49, 25).z > 0.2)
        #expect(px(n, 49, 25).x > 0.99 && px(n, 49, 25).z < 0.01)
        // A template image is its alpha filled with the foreground style (green 52,199,89 here).
        let (t, _) = try render(#"{"image": {"name": "flag.png", "renderingMode": "template", "foregroundStyle": "green", "# + frame + #"}}"#)
        #expect(abs(Double(px(t, 80, 25).y) - 199.0 / 255) < 0.01 && abs(Double(px(t, 20, 25).x) - 52.0 / 255) < 0.01)
    }

    @Test func imagesStayInTheSpecsFolder() throws {
        for file in ["../outside.png", "sub/../../outside.png", "missing.png"] {
            do {
                _ = try render(#"{"image": ""# + file + #""}"#)
                Issue.record("\(file) was accepted")
            } catch let e as SpecErrors {
                #expect(e.errors.first?.path == "content[0].image", "\(e)")
                #expect(e.errors.first.map { $0.message.contains("outside the spec's folder") || $0.message.contains("cannot read") } == true)
            }
        }
    }

    @Test func systemImagesFollowTheFontAndUnknownNamesShowAPlaceholder() throws {
        let (small, _) = try render(#"{"image": {"systemName": "circle.fill", "font": {"size": 20}, "imageScale": "small"}}"#)
        let (large, _) = try render(#"{"image": {"systemName": "circle.fill", "font": {"size": 20}, "imageScale": "large"}}"#)
        func ink(_ p: Pixmap) -> Int { p.pixels.filter { $0.w > 0.5 }.count }
        // The circle's area grows with the square of the scale: (1.3 / 0.8)² ≈ 2.64.
        let ratio = Double(ink(large)) / Double(ink(small))
        #expect(ratio > 2.3 && ratio < 3.0, "\(ratio)")
        let (p, r) = try render(#"{"image": {"systemName": "rocket.fill", "font": "largeTitle", "center": [30, 25]}}"#)
        #expect(ink(p) > 20)
        #expect(r.diagnostics.contains { $0.path == "content[0].image.systemName" && $0.message.contains("placeholder") })
    }
}

@Test func everyKnownSymbolHasADrawingInsideItsBox() {
    for name in SymbolNode.knownNames {
        guard let g = SymbolLibrary.glyph(named: name) else { Issue.record("\(name) has no drawing"); continue }
        let parts = g.strokes + g.fills + g.cutouts
        #expect(!parts.isEmpty && parts.allSatisfy { !$0.isEmpty }, "\(name)")
        for p in parts {
            guard let b = p.controlBounds else { continue }
            #expect(b.minX >= -0.51 && b.maxX <= 0.51 && b.minY >= -0.51 && b.maxY <= 0.51, "\(name): \(b)")
        }
    }
    #expect(SymbolNode.knownNames.count == Set(SymbolNode.knownNames).count)
    #expect(SymbolLibrary.glyph(named: "apple.logo") == nil && SymbolLibrary.glyph(named: "swift") == nil)
}

@Test func sealCutoutsLeaveTheMarkTransparent() throws {
    // The checkmark of checkmark.seal.fill is erased from the seal: its elbow at box (45, 61) is
    // empty, the seal's top at (50, 20) is ink.
    let s = try Spec.load(json: #"{"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 1, "content": [{"symbol": {"name": "checkmark.seal.fill", "pointSize": 100}}]}"#)
    let p = try SceneRenderer(spec: s).render(at: 0)
    #expect(p.pixels[61 * 100 + 45].w < 0.05)
    #expect(p.pixels[20 * 100 + 50].w > 0.95)
}
