// Visible pixels, components, coverage and the point → pixel region mapping, on constructed images.
import Testing
import AnimoTestSupport
import AnimoRaster
import AnimoGeometry
@testable import AnimoCheck

private let black = BackgroundColor(red: 0, green: 0, blue: 0, alpha: 1)

@Test func componentsAreEightConnected() throws {
    // Two diagonal neighbours form one component; a pixel two steps away is another.
    var b = solid(6, 5)
    setPixel(&b, 6, 1, 1, (255, 255, 255, 255))
    setPixel(&b, 6, 2, 2, (255, 255, 255, 255))
    setPixel(&b, 6, 4, 2, (255, 255, 255, 255))
    let m = VisibleMask(image: try image(6, 5, b), background: black)
    #expect(m.visibleCount == 3)
    #expect(m.components() == 2)
    #expect(abs(m.coverage - 3.0 / 30) < 1e-12)
    #expect(!m.isBlank)
}

@Test func faintAntialiasedFringesDoNotCountButHalfCoveredPixelsDo() throws {
    // White over black: a 3 % fringe (premultiplied difference 0.03) is not visible, 50 % is.
    var b = solid(4, 1)
    setPixel(&b, 4, 0, 0, (8, 8, 8, 255))
    setPixel(&b, 4, 1, 0, (128, 128, 128, 255))
    #expect(VisibleMask(image: try image(4, 1, b), background: black).visibleCount == 1)
}

@Test func visibilityIsAlphaAwareOverATransparentCanvas() throws {
    // Fully transparent pixels of any color are invisible; white at 3 % opacity is not visible,
    // black at 50 % opacity is (alpha differs by 0.5).
    var b = solid(3, 1, (255, 0, 0, 0))
    setPixel(&b, 3, 1, 0, (255, 255, 255, 8))
    setPixel(&b, 3, 2, 0, (0, 0, 0, 128))
    let m = VisibleMask(image: try image(3, 1, b), background: .transparent)
    #expect(m.visible == [false, false, true])
}

@Test func relativeCoverageAndRegionsAndChanges() throws {
    var full = solid(10, 10)
    for x in 0..<10 { for y in 0..<4 { setPixel(&full, 10, x, y, (255, 255, 255, 255)) } }
    var half = solid(10, 10)
    for x in 0..<5 { for y in 0..<4 { setPixel(&half, 10, x, y, (255, 255, 255, 255)) } }
    let ref = VisibleMask(image: try image(10, 10, full), background: black)
    let now = VisibleMask(image: try image(10, 10, half), background: black)
    #expect(now.coverage(relativeTo: ref) == 0.5)
    let lower = PixelRect(x: 0, y: 5, width: 10, height: 5)
    #expect(VisibleMask(image: try image(10, 10, full), background: black, region: lower).isBlank)
    #expect(VisibleMask.changedPixels(try image(10, 10, half), from: try image(10, 10, full)) == 20)
    #expect(VisibleMask.changedPixels(try image(10, 10, half), from: try image(10, 10, full), region: lower) == 0)
    // A region outside the image is empty and blank, never a crash.
    let outside = VisibleMask(image: try image(10, 10, full), background: black, region: PixelRect(x: 50, y: 50, width: 5, height: 5))
    #expect(outside.isBlank && outside.pixelCount == 0 && outside.components() == 0)
}

@Test func regionInPointsCoversEveryPixelItTouches() {
    #expect(VisibleMask.pixelRegion(x: 20, y: 24, width: 280, height: 52, scale: 2) == PixelRect(x: 40, y: 48, width: 560, height: 104))
    #expect(VisibleMask.pixelRegion(x: 0.3, y: 0.3, width: 1, height: 1, scale: 1) == PixelRect(x: 0, y: 0, width: 2, height: 2))
    #expect(VisibleMask.pixelRegion(x: .nan, y: 0, width: 1, height: 1, scale: 1) == nil)
    #expect(VisibleMask.pixelRegion(x: 0, y: 0, width: -1, height: 1, scale: 1) == nil)
}
