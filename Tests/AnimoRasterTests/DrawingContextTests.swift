import Testing
import AnimoTestSupport
import Foundation
@testable import AnimoRaster
@testable import AnimoGeometry

private func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
    var p = Path()
    p.move(to: Point(x0, y0)); p.line(to: Point(x1, y0)); p.line(to: Point(x1, y1)); p.line(to: Point(x0, y1)); p.close()
    return p
}
private func close(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ tol: Float = 1e-5) -> Bool {
    (a - b).replacing(with: b - a, where: a .< b).max() < tol
}
private let red = Color(red: 1, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 1)

@Test func sourceOverOfTranslucentColors() throws {
    var ctx = try DrawingContext(width: 8, height: 8)
    ctx.fill(rect(0, 0, 8, 8), with: .solid(blue))
    ctx.fill(rect(2, 2, 6, 6), with: .solid(red.withOpacity(0.25)))
    #expect(close(ctx.pixmap.pixel(x: 4, y: 4)!.simd, SIMD4(0.25, 0, 0.75, 1)))
    #expect(close(ctx.pixmap.pixel(x: 0, y: 0)!.simd, SIMD4(0, 0, 1, 1)))
}

@Test func layerOpacityAppliesToTheGroupNotEachShape() throws {
    var ctx = try DrawingContext(width: 10, height: 4)
    ctx.withLayer(opacity: 0.5) { c in
        c.fill(rect(0, 0, 6, 4), with: .solid(red))
        c.fill(rect(4, 0, 10, 4), with: .solid(blue))       // overlaps red on x 4…6
    }
    // Overlap shows only blue at 50 % (the group is flattened first), not blue over half-red.
    #expect(close(ctx.pixmap.pixel(x: 5, y: 1)!.simd, SIMD4(0, 0, 0.5, 0.5)))
    #expect(close(ctx.pixmap.pixel(x: 1, y: 1)!.simd, SIMD4(0.5, 0, 0, 0.5)))
    // Without a layer, each shape at 50 %: blue·.5 over red·.5.
    var ctx2 = try DrawingContext(width: 10, height: 4)
    ctx2.fill(rect(0, 0, 6, 4), with: .solid(red), opacity: 0.5)
    ctx2.fill(rect(4, 0, 10, 4), with: .solid(blue), opacity: 0.5)
    #expect(close(ctx2.pixmap.pixel(x: 5, y: 1)!.simd, SIMD4(0.25, 0, 0.5, 0.75)))
}

@Test func clipIsAntiAliasedIntersectedAndRestored() throws {
    var ctx = try DrawingContext(width: 20, height: 10)
    ctx.saveState()
    ctx.clip(to: rect(5.5, 0, 20, 10))
    ctx.clip(to: rect(0, 0, 12.25, 10))
    ctx.fill(rect(0, 0, 20, 10), with: .solid(red))
    ctx.restoreState()
    let p = ctx.pixmap
    #expect(p.pixel(x: 4, y: 5)!.alpha == 0)
    #expect(abs(p.pixel(x: 5, y: 5)!.alpha - 0.5) < 1e-6)
    #expect(abs(p.pixel(x: 8, y: 5)!.alpha - 1) < 1e-6)
    #expect(abs(p.pixel(x: 12, y: 5)!.alpha - 0.25) < 1e-6)
    #expect(p.pixel(x: 13, y: 5)!.alpha == 0)
    // After restore, no clip.
    ctx.fill(rect(0, 0, 2, 2), with: .solid(blue))
    #expect(close(ctx.pixmap.pixel(x: 0, y: 0)!.simd, SIMD4(0, 0, 1, 1)))
}

@Test func transformMapsUserSpace() throws {
    var ctx = try DrawingContext(width: 20, height: 20)
    ctx.translateBy(x: 10, y: 10)
    ctx.scaleBy(x: 2, y: 2)
    ctx.fill(rect(0, 0, 2, 2), with: .solid(red))     // device 10…14
    #expect(ctx.pixmap.pixel(x: 9, y: 12)!.alpha == 0)
    #expect(ctx.pixmap.pixel(x: 13, y: 13)!.alpha == 1)
    #expect(ctx.pixmap.pixel(x: 14, y: 13)!.alpha == 0)
}

@Test func maskUsesAlphaOfTheMaskPixmap() throws {
    var content = try Pixmap(width: 4, height: 1, fill: red.premultiplied)
    var mask = try Pixmap(width: 4, height: 1)
    mask.setPixel(x: 1, y: 0, Color(red: 0, green: 1, blue: 0, alpha: 0.5).premultiplied)
    mask.setPixel(x: 2, y: 0, Color.white.premultiplied)
    var ctx = try DrawingContext(width: 4, height: 1)
    ctx.fillAll(with: .solid(blue))
    ctx.drawMasked(content: content, mask: mask)
    #expect(close(ctx.pixmap.pixel(x: 0, y: 0)!.simd, SIMD4(0, 0, 1, 1)))
    #expect(close(ctx.pixmap.pixel(x: 1, y: 0)!.simd, SIMD4(0.5, 0, 0.5, 1)))
    #expect(close(ctx.pixmap.pixel(x: 2, y: 0)!.simd, SIMD4(1, 0, 0, 1)))
    // Layer with mask: same result.
    var ctx2 = try DrawingContext(width: 4, height: 1)
    ctx2.fillAll(with: .solid(blue))
    ctx2.withLayer(mask: mask) { c in c.fillAll(with: .solid(red)) }
    #expect(ctx2.pixmap == ctx.pixmap)
    content.clear()
    _ = content
}

@Test func drawPixmapNearestAndBilinear() throws {
    var img = try Pixmap(width: 2, height: 1)
    img.setPixel(x: 0, y: 0, red.premultiplied)
    img.setPixel(x: 1, y: 0, blue.premultiplied)
    var ctx = try DrawingContext(width: 8, height: 4)
    ctx.draw(img, transform: .scale(4, 4), sampling: .nearest)
    #expect(close(ctx.pixmap.pixel(x: 3, y: 2)!.simd, SIMD4(1, 0, 0, 1)))
    #expect(close(ctx.pixmap.pixel(x: 4, y: 2)!.simd, SIMD4(0, 0, 1, 1)))
    var ctx2 = try DrawingContext(width: 8, height: 4)
    ctx2.draw(img, transform: .scale(4, 4), sampling: .bilinear)
    // Device pixel 3 center 3.5 → image x 0.875 → between centers 0.5 and 1.5: t = 0.375.
    #expect(close(ctx2.pixmap.pixel(x: 3, y: 2)!.simd, SIMD4(0.625, 0, 0.375, 1)))
    #expect(close(ctx2.pixmap.pixel(x: 0, y: 2)!.simd, SIMD4(1, 0, 0, 1)))     // clamped edge
}

@Test func degenerateDrawsAreReportedAndHarmless() throws {
    var ctx = try DrawingContext(width: 8, height: 8)
    var p = rect(1, 1, 3, 3)
    p.move(to: Point(.infinity, 0)); p.line(to: Point(4, 4)); p.line(to: Point(1, 5)); p.close()
    let rep = ctx.fill(p, with: .solid(red))
    #expect(rep.droppedNonFiniteSubpaths == 1 && ctx.droppedNonFiniteSubpaths == 1)
    ctx.fill(Path(), with: .solid(red))
    ctx.fill(rect(-1e9, -1e9, 1e9, 1e9), with: .solid(blue), opacity: .nan)   // NaN opacity: nothing
    ctx.fill(rect(0, 0, 8, 8), with: .linearGradient(Gradient(colors: [red, blue]), start: .zero, end: Point(1, 1),
                                                    transform: .scale(0, 0)))
    #expect(close(ctx.pixmap.pixel(x: 2, y: 2)!.simd, SIMD4(1, 0, 0, 1)))
    ctx.beginLayer()
    ctx.endLayer(); ctx.endLayer()                       // extra endLayer is a no-op
    _ = ctx.finish()
}
