// Differential tests for deferred, band-ordered compositing (SpanRecord.swift, BandReplay.swift):
// the same random scene drawn with `defersCompositing` on and off must give the same Float32 bits in
// every pixel. The immediate path is the reference (its arithmetic is checked against analytic
// values in DrawingContextTests, BlendModeTests and RasterFastPathTests); these tests make sure that
// recording, band order, clears, clips, layers, flush points and the memory budget change nothing.
import Testing
import AnimoTestSupport
import Foundation
@testable import AnimoRaster
@testable import AnimoGeometry

/// xorshift64* (Vigna, "An experimental exploration of Marsaglia's xorshift generators", 2016),
/// so each scene is reproducible from its seed.
private struct Xorshift {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27
        return state &* 2685821657736338717
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// The first pixel index whose Float32 bit patterns differ (so −0 vs +0 and NaN payloads count as
/// changes), nil when the pixmaps are bit-identical; -1 for a size mismatch.
private func firstDifference(_ a: Pixmap, _ b: Pixmap) -> Int? {
    guard a.width == b.width, a.height == b.height else { return -1 }
    for i in a.pixels.indices {
        let p = a.pixels[i], q = b.pixels[i]
        if p.x.bitPattern != q.x.bitPattern || p.y.bitPattern != q.y.bitPattern
            || p.z.bitPattern != q.z.bitPattern || p.w.bitPattern != q.w.bitPattern { return i }
    }
    return nil
}

private func randomColor(_ g: inout Xorshift) -> Color {
    Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.int(4) == 0 ? 1 : g.unit())
}

private func randomPath(_ g: inout Xorshift, _ w: Double, _ h: Double) -> Path {
    var p = Path()
    switch g.int(4) {
    case 0:
        let r = g.range(0.2, w / 2)
        p = Path.circle(in: Rect(x: g.range(-10, w) - r, y: g.range(-10, h) - r, width: 2 * r, height: 2 * r))
    case 1:
        p.move(to: Point(g.range(-15, w + 15), g.range(-15, h + 15)))
        for _ in 0..<(2 + g.int(7)) { p.line(to: Point(g.range(-15, w + 15), g.range(-15, h + 15))) }
        p.close()
    case 2:
        var q = Path()
        q.move(to: Point(g.range(0, w), g.range(0, h)))
        for _ in 0..<3 {
            q.cubic(to: Point(g.range(0, w), g.range(0, h)), control1: Point(g.range(0, w), g.range(0, h)),
                    control2: Point(g.range(0, w), g.range(0, h)))
        }
        p = q.stroked(StrokeStyle(lineWidth: g.range(0.5, 6), lineCap: .round, lineJoin: .round))
    default:
        // An axis-aligned rectangle with fractional edges: long constant interior spans.
        let x = g.range(-5, w), y = g.range(-5, h)
        p.move(to: Point(x, y)); p.line(to: Point(x + g.range(1, w), y)); p.line(to: Point(x + g.range(1, w), y + g.range(1, h)))
        p.line(to: Point(x, y + g.range(1, h))); p.close()
    }
    return p
}

private func randomPaint(_ g: inout Xorshift, _ w: Double, _ h: Double, image: Pixmap) -> Paint {
    let grad = Gradient(stops: [Gradient.Stop(color: randomColor(&g), location: 0),
                                Gradient.Stop(color: randomColor(&g), location: g.unit()),
                                Gradient.Stop(color: randomColor(&g), location: 1)])
    switch g.int(7) {
    case 0: return .linearGradient(grad, start: Point(g.range(0, w), g.range(0, h)), end: Point(g.range(0, w), g.range(0, h)))
    case 1: return .radialGradient(grad, center: Point(g.range(0, w), g.range(0, h)), startRadius: g.range(0, 3), endRadius: g.range(4, w))
    case 2: return .angularGradient(grad, center: Point(g.range(0, w), g.range(0, h)), startAngle: g.range(-3, 3), endAngle: g.range(-3, 6))
    case 3: return .image(image, transform: Transform.scale(g.range(0.5, 3), g.range(0.5, 3)).concatenating(.translation(g.range(-5, w), g.range(-5, h))),
                          sampling: g.int(2) == 0 ? .nearest : .bilinear)
    default: return .solid(randomColor(&g))
    }
}

/// Draws a random scene into `ctx`: clears, fills with every paint kind, random blend modes,
/// opacity, both fill rules, clips (nested, via save/restore), layers with masks, drawMasked,
/// composite, image draws, and reads of `pixmap` in the middle (flush points). Also drives the 8-bit
/// target's differential test (Pixmap8Tests.swift).
func drawScene(_ seed: UInt64, into ctx: inout DrawingContext, modes: [BlendMode]) {
    var g = Xorshift(state: seed | 1)
    let w = Double(ctx.width), h = Double(ctx.height)
    var img = try! Pixmap(width: 5, height: 4)
    for y in 0..<4 { for x in 0..<5 { img.setPixel(x: x, y: y, randomColor(&g).premultiplied) } }
    let steps = 10 + g.int(30)
    var saved = 0
    for _ in 0..<steps {
        let roll = g.int(100)
        switch roll {
        case 0..<5:
            ctx.clear(g.int(2) == 0 ? .clear : randomColor(&g).premultiplied)
        case 5..<14:
            ctx.saveState(); saved += 1
            ctx.clip(to: randomPath(&g, w, h), rule: g.int(2) == 0 ? .nonZero : .evenOdd)
        case 14..<19:
            if saved > 0 { ctx.restoreState(); saved -= 1 }
        case 19..<23:
            ctx.beginLayer(opacity: g.unit(), blendMode: modes[g.int(modes.count)])
        case 23..<27:
            var mask: Pixmap? = nil
            if g.int(2) == 0 {
                var m = try! DrawingContext(width: ctx.width, height: ctx.height)
                m.fill(randomPath(&g, w, h), with: .solid(randomColor(&g)))
                mask = m.finish()
            }
            ctx.endLayer(mask: mask)
        case 27..<30:
            var other = try! DrawingContext(width: ctx.width, height: ctx.height)
            other.fill(randomPath(&g, w, h), with: .solid(randomColor(&g)))
            let content = other.finish()
            if g.int(2) == 0 {
                ctx.composite(content, opacity: g.unit(), blendMode: modes[g.int(modes.count)])
            } else {
                ctx.drawMasked(content: content, mask: content, opacity: g.unit(), blendMode: modes[g.int(modes.count)])
            }
        case 30..<33:
            _ = ctx.pixmap
        case 33..<37:
            ctx.draw(img, transform: Transform.scale(g.range(1, 4), g.range(1, 4)).concatenating(.translation(g.range(-3, w), g.range(-3, h))),
                     opacity: g.unit(), blendMode: modes[g.int(modes.count)])
        case 37..<40:
            ctx.fillAll(with: randomPaint(&g, w, h, image: img), opacity: g.unit(), blendMode: modes[g.int(modes.count)])
        default:
            let mode = g.int(3) == 0 ? modes[g.int(modes.count)] : .normal
            ctx.fill(randomPath(&g, w, h), with: randomPaint(&g, w, h, image: img),
                     rule: g.int(3) == 0 ? .evenOdd : .nonZero, opacity: g.int(3) == 0 ? g.unit() : 1, blendMode: mode)
        }
    }
}

/// The scene drawn immediately and deferred (optionally with a tiny recording budget, so fills are
/// flushed in the middle); returns both final pixmaps.
private func both(_ seed: UInt64, width: Int, height: Int, budget: Int? = nil, threads: Int = 1,
                  modes: [BlendMode] = BlendMode.allCases) -> (immediate: Pixmap, deferred: Pixmap) {
    var a = try! DrawingContext(width: width, height: height)
    a.defersCompositing = false
    var b = try! DrawingContext(width: width, height: height)
    b.compositingThreads = threads
    if let budget { b.recordingBudget = budget }
    drawScene(seed, into: &a, modes: modes)
    drawScene(seed, into: &b, modes: modes)
    return (a.finish(), b.finish())
}

@Test(arguments: Array(UInt64(1)...UInt64(40)))
func deferredCompositingIsBitIdenticalOnRandomScenes(seed: UInt64) {
    // 77 rows: several 32-row bands plus a partial one.
    let (a, b) = both(seed &* 0x9E37_79B9_7F4A_7C15, width: 53, height: 77)
    #expect(firstDifference(a, b) == nil)
}

@Test(arguments: Array(UInt64(100)...UInt64(115)))
func deferredCompositingIsBitIdenticalWithMidFillFlushes(seed: UInt64) {
    // A budget of 64 bytes flushes before nearly every row of a fill (after about every third span
    // under a clip, where the budget is checked per span).
    let (a, b) = both(seed &* 0xD1B5_4A32_D192_ED03, width: 41, height: 70, budget: 64)
    #expect(firstDifference(a, b) == nil)
}

@Test(arguments: [(UInt64(200), 2), (201, 3), (202, 2), (203, 4), (204, 3), (205, 2)])
func deferredCompositingOnSeveralThreadsIsBitIdentical(seed: UInt64, threads: Int) {
    // 150 rows = 5 bands: the groups of bands start mid-recording, exercising the cursor search.
    let (a, b) = both(seed &* 0x9E37_79B9_7F4A_7C15, width: 37, height: 150, threads: threads)
    #expect(firstDifference(a, b) == nil)
}

@Test func deferredSourceOverScenesAreNotTrivial() {
    // Guards the differential test itself: the scenes must actually paint something.
    let (a, _) = both(7, width: 53, height: 77, modes: [.normal])
    #expect(a.pixels.contains { $0.w > 0 })
}

@Test func deferredClearReplacesEarlierFillsAndPaintsEveryPixel() throws {
    var ctx = try DrawingContext(width: 9, height: 70)
    ctx.fill(Path.circle(in: Rect(x: 0, y: 0, width: 9, height: 9)), with: .solid(Color(red: 1, green: 0, blue: 0)))
    let c = PremultipliedColor(red: 0.25, green: 0.5, blue: 0.125, alpha: 0.5)
    ctx.clear(c)
    var p = Path(); p.move(to: Point(2, 40)); p.line(to: Point(5, 40))
    p.line(to: Point(5, 60)); p.line(to: Point(2, 60)); p.close()
    ctx.fill(p, with: .solid(Color(red: 0, green: 0, blue: 1)))
    let px = ctx.pixmap
    // Outside the rectangle: exactly the clear color (the circle drawn before the clear is gone).
    #expect(px.pixel(x: 1, y: 1)!.simd == c.simd)
    #expect(px.pixel(x: 8, y: 69)!.simd == c.simd)
    // Inside: opaque blue over anything is exactly blue (s + d·0).
    #expect(px.pixel(x: 3, y: 50)!.simd == SIMD4(0, 0, 1, 1))
}

@Test func copiesOfAContextWithPendingFillsStayIndependent() throws {
    var a = try DrawingContext(width: 20, height: 40)
    a.fill(Path.circle(in: Rect(x: 2, y: 2, width: 16, height: 16)), with: .solid(Color(red: 1, green: 0, blue: 0)))
    var b = a
    b.fill(Path.circle(in: Rect(x: 2, y: 20, width: 16, height: 16)), with: .solid(Color(red: 0, green: 1, blue: 0)))
    let pa = a.finish(), pb = b.finish()
    #expect(pa.pixel(x: 10, y: 10)!.simd == SIMD4(1, 0, 0, 1))
    #expect(pb.pixel(x: 10, y: 10)!.simd == SIMD4(1, 0, 0, 1))
    #expect(pa.pixel(x: 10, y: 28)!.simd == .zero)      // only the copy drew the second circle
    #expect(pb.pixel(x: 10, y: 28)!.simd == SIMD4(0, 1, 0, 1))
}
