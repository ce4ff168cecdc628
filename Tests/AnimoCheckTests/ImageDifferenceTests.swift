import Testing
import AnimoTestSupport
import AnimoRaster
import AnimoGeometry
@testable import AnimoCheck

private func image(_ w: Int, _ h: Int, _ c: PremultipliedColor) throws -> Pixmap {
    try Pixmap(width: w, height: h, fill: c)
}

@Test func identicalImagesMatchExactly() throws {
    let a = try image(8, 8, PremultipliedColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
    let d = ImageDifference(actual: a, expected: a)
    #expect(d.isIdentical && d.passes && d.differingPixels == 0)
}

@Test func onePixelChangedIsCountedWithItsDelta() throws {
    let a = try image(8, 8, PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1))
    var b = a
    b.setPixel(x: 3, y: 5, PremultipliedColor(red: 10.0 / 255, green: 0, blue: 0, alpha: 1))
    let d = ImageDifference(actual: b, expected: a)
    #expect(d.differingPixels == 1)
    #expect(d.maxChannelDelta == 10)
    #expect(!d.passes)
    #expect(ImageDifference(actual: b, expected: a, tolerance: 10).passes)
}

@Test func fullyTransparentPixelsCompareEqualWhateverTheirColor() {
    let a: [UInt8] = [255, 0, 0, 0, 1, 2, 3, 255]
    let b: [UInt8] = [0, 255, 9, 0, 1, 2, 3, 255]
    let r = PixelRect(x: 0, y: 0, width: 2, height: 1)
    #expect(ImageDifference(actual: a, expected: b, actualSize: r, expectedSize: r).isIdentical)
}

@Test func sizeMismatchIsItsOwnFailure() throws {
    let d = ImageDifference(actual: try image(4, 4, .clear), expected: try image(4, 5, .clear))
    #expect(d.sizeMismatch != nil)
    #expect(!d.passes)
    #expect(d.description.contains("size mismatch"))
}

@Test func diffImageHasThreePanelsAndMarksTheDifference() throws {
    let a = try image(10, 6, PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1))
    var b = a
    b.setPixel(x: 2, y: 2, PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1))
    let sheet = try DiffImage.sideBySide(expected: a, actual: b)
    #expect(sheet.width == 3 * 10 + 8)
    let heat = sheet.pixel(x: 2 * (10 + 4) + 2, y: 2)!
    let calm = sheet.pixel(x: 2 * (10 + 4) + 5, y: 5)!
    #expect(heat.red > 0.9)
    #expect(calm.red == 0)
}
