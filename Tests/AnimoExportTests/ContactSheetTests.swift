// Contact sheet and filmstrip: layout arithmetic against the documented formula, cells placed
// where the layout says (solid-color frames sampled at their cell centers), labels drawn (ink in
// the label band, none for an empty label), bad input, FrameStore, and the reviewed golden sheet of
// Goldens/scenes/entrance-stagger's key poses.
import Foundation
import Testing
import AnimoTestSupport
import AnimoRaster
import AnimoGeometry
import AnimoSpec
import AnimoScene
@testable import AnimoRender
import AnimoCheck
@testable import AnimoExport

struct ContactSheetTests {
    static func solid(_ w: Int, _ h: Int, _ c: Color) throws -> Pixmap { try Pixmap(width: w, height: h, fill: c.premultiplied) }

    static let colors: [Color] = [Color(rgba8: 255, 0, 0), Color(rgba8: 0, 255, 0), Color(rgba8: 0, 0, 255),
                                  Color(rgba8: 255, 255, 0), Color(rgba8: 0, 255, 255)]

    /// Pixels in `r` that differ from `bg` by more than 8/255 in some channel.
    static func ink(_ p: Pixmap, _ r: PixelRect, background bg: Color) -> Int {
        let b = bg.premultiplied.simd
        var n = 0
        for y in r.y..<r.maxY { for x in r.x..<r.maxX {
            let d = p.pixels[y * p.width + x] - b
            if max(max(abs(d.x), abs(d.y)), abs(d.z)) > 8 / 255 { n += 1 }
        } }
        return n
    }

    @Test func layoutFollowsTheFormula() throws {
        let sheet = ContactSheet(padding: 4, fontSize: 10)
        let l = try sheet.layout(count: 5, frameWidth: 40, frameHeight: 30)
        // ⌈√5⌉ = 3 columns, 2 rows; label band ⌈10·1.6⌉ = 16; cell 40 × (30 + 16).
        #expect(l.columns == 3 && l.rows == 2)
        #expect(l.width == 4 + 3 * (40 + 4))
        #expect(l.height == 4 + 2 * (30 + 16 + 4))
        #expect(l.cells[4].image == PixelRect(x: 4 + 44, y: 4 + 50, width: 40, height: 30))
        #expect(l.cells[4].label == PixelRect(x: 48, y: 54 + 30, width: 40, height: 16))
        // A thumbnail width scales the height by the aspect ratio.
        let t = try ContactSheet(columns: 2, thumbnailWidth: 20, padding: 0, fontSize: 10).layout(count: 3, frameWidth: 40, frameHeight: 30)
        #expect(t.cells[0].image.height == 15 && t.columns == 2 && t.rows == 2)
    }

    @Test func cellsArePlacedAndLabelsInked() throws {
        let frames = try Self.colors.enumerated().map { (image: try Self.solid(40, 30, $0.element), label: $0.offset == 4 ? "" : "mid:\($0.offset) · 0.25 s") }
        let sheet = ContactSheet(padding: 4, fontSize: 10)
        let p = try sheet.render(frames)
        let l = try sheet.layout(count: 5, frameWidth: 40, frameHeight: 30)
        #expect(p.width == l.width && p.height == l.height)
        for (cell, c) in zip(l.cells, Self.colors) {
            let got = p.pixels[(cell.image.y + 15) * p.width + cell.image.x + 20]
            let want = c.premultiplied.simd
            #expect(abs(got.x - want.x) < 1e-4 && abs(got.y - want.y) < 1e-4 && abs(got.z - want.z) < 1e-4)
        }
        for k in 0..<4 { #expect(Self.ink(p, l.cells[k].label, background: sheet.background) > 20, "label \(k) has ink") }
        #expect(Self.ink(p, l.cells[4].label, background: sheet.background) == 0, "empty label, no ink")
        // The empty sixth grid slot and the gaps are background.
        let empty = PixelRect(x: l.cells[2].image.x, y: l.cells[4].image.y, width: 40, height: 46)
        #expect(Self.ink(p, empty, background: sheet.background) == 0)
        #expect(Self.ink(p, PixelRect(x: 0, y: 0, width: p.width, height: 4), background: sheet.background) == 0)
    }

    @Test func transparentFramesShowACheckerboard() throws {
        let p = try ContactSheet(padding: 2, fontSize: 8).render([(image: try Pixmap(width: 32, height: 32), label: "")])
        let a = p.pixels[(2 + 1) * p.width + 2 + 1], b = p.pixels[(2 + 1) * p.width + 2 + 9]
        #expect(a.w == 1 && b.w == 1 && a.x != b.x, "two checker grays 8 px apart")
    }

    @Test func badInputThrows() throws {
        #expect(throws: ExportError.self) { try ContactSheet().render([]) }
        #expect(throws: ExportError.self) {
            try ContactSheet().render([(image: try Self.solid(4, 4, .white), label: ""), (image: try Self.solid(5, 4, .white), label: "")])
        }
        #expect(throws: ExportError.self) { try ContactSheet(columns: 0).layout(count: 1, frameWidth: 4, frameHeight: 4) }
        #expect(throws: ExportError.self) { try ContactSheet(fontSize: .nan).layout(count: 1, frameWidth: 4, frameHeight: 4) }
        #expect(throws: ExportError.self) { try Filmstrip.times(count: 0, duration: 1) }
        #expect(throws: ExportError.self) { try Filmstrip.times(count: 3, duration: -1) }
    }

    @Test func filmstripIsOneRowOfEvenlySpacedTimes() throws {
        #expect(try Filmstrip.times(count: 5, duration: 2) == [0, 0.5, 1, 1.5, 2])
        #expect(try Filmstrip.times(count: 1, duration: 2) == [0])
        let strip = Filmstrip(padding: 3, fontSize: 9)
        let frames = try Self.colors.map { (image: try Self.solid(40, 20, $0), label: "1.00 s") }
        let p = try strip.render(frames)
        let l = try strip.layout(count: 5, frameWidth: 40, frameHeight: 20)
        #expect(l.rows == 1 && l.columns == 5 && p.width == 3 + 5 * 43 && p.height == l.height)
        for cell in l.cells { #expect(cell.image.y == 3 && Self.ink(p, cell.label, background: strip.sheet.background) > 10) }
        // Default thumbnail width keeps the strip near 1600 px: 10 frames of 400 px become 160 px.
        #expect(try strip.layout(count: 10, frameWidth: 400, frameHeight: 300).cells[0].image.width == 160)
    }

    @Test func frameStoreDownscalesAndFeedsTheEncoders() throws {
        let store = try FrameStore(count: 2, width: 10, height: 5)
        try store.store(1, try Self.solid(20, 10, Color(rgba8: 10, 20, 30, 255)))
        #expect(throws: ExportError.self) { try store.rgbaFrames() }   // frame 0 missing
        try store.store(0, try Self.solid(20, 10, Color(rgba8: 200, 100, 50, 255)))
        let frames = try store.rgbaFrames()
        #expect(frames[1] == Array([UInt8]([10, 20, 30, 255]).repeated(50)))
        let viaStore = try store.gif(fps: 10, options: .init())
        let direct = try GIFEncoder.encode(frames: [try store.pixmap(0), try store.pixmap(1)], fps: 10)
        #expect(viaStore.bytes == direct.bytes)
        let apng = try store.apng(fps: 10, plays: 0)
        #expect(parseChunks(apng)?.map(\.type).contains("fdAT") == true)
    }

    /// The reviewed contact sheets of key poses: metaball-fab (the goo necks
    /// mid-transition, four separate blobs at rest) and entrance-stagger. Record with
    /// ANIMO_RECORD=missing and review the PNGs.
    @Test(arguments: ["metaball-fab", "entrance-stagger"])
    func keyPoseSheetGolden(_ name: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let spec = try Spec.load(path: root.appendingPathComponent("Goldens/scenes/\(name)/spec.json").path)
        let renderer = try SceneRenderer(spec: spec)
        let cells = try renderer.keyPoses().map { pose in
            (image: try renderer.render(at: pose.time, scale: 1), label: "\(pose.role) · " + String(format: "%.3f s", pose.time))
        }
        let sheet = try ContactSheet().render(cells)
        let outcome = try GoldenStore(folder: root.appendingPathComponent("Goldens/sheets")).check(sheet, name: name)
        #expect(outcome.passed, "\(outcome)")
    }
}

private extension Array {
    func repeated(_ n: Int) -> [Element] { (0..<n).flatMap { _ in self } }
}
