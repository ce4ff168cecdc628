// A Text outside a layout view (in the overlay or background of a shape that a top-level ZStack of
// shapes holds) is centred in the frame of the view it decorates, as SwiftUI centres an overlay's
// and a background's content, not in the whole canvas. Measured on the pixels: the black ink of the
// text against a yellow shape on white.
import Testing
import AnimoSpec
import AnimoRender
import AnimoRaster
import AnimoSwiftSource

/// The box, in points (minX, minY, maxX, maxY), around the dark pixels (all channels < 0.4) of the
/// frame at t = 0.
private func inkBox(_ swift: String) throws -> (Double, Double, Double, Double)? {
    let i = try compile(swift)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    let spec = try Spec.load(json: i.json)
    let p = try SceneRenderer(spec: spec).render(at: 0)
    var box: (Int, Int, Int, Int)?
    for y in 0..<p.height {
        for x in 0..<p.width {
            let px = p.pixels[y * p.width + x]
            guard px.w > 0.9, max(px.x, max(px.y, px.z)) < 0.4 else { continue }
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        }
    }
    guard let b = box else { return nil }
    let scale = Double(p.width) / spec.canvas.width
    return (Double(b.0) / scale, Double(b.1) / scale, Double(b.2 + 1) / scale, Double(b.3 + 1) / scale)
}

private func inkCentre(_ swift: String) throws -> (x: Double, y: Double)? {
    try inkBox(swift).map { (($0.0 + $0.2) / 2, ($0.1 + $0.3) / 2) }
}

private func source(_ decorated: String) -> String {
    """
    import SwiftUI
    struct Label: View {
        var body: some View {
            ZStack {
                \(decorated)
            }
        }
    }
    #Preview { Label().frame(width: 100, height: 100) }
    """
}

/// A text's ink is centred on its frame within a point (measured: a VStack's lone text).
private func expectNear(_ c: (x: Double, y: Double)?, _ x: Double, _ y: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let c else { Issue.record("no text drawn", sourceLocation: sourceLocation); return }
    #expect(abs(c.x - x) < 1.5 && abs(c.y - y) < 1.5, "ink centre \(c), expected (\(x), \(y))", sourceLocation: sourceLocation)
}

@Test func aTextInAShapesOverlayIsCentredOnTheShape() throws {
    // The circle's frame is (0, 0, 40, 40), top-leading in the 100 × 100 canvas: its centre (20, 20).
    expectNear(try inkCentre(source("""
    Circle().fill(Color.yellow).frame(width: 40, height: 40)
        .overlay(Text("Hi").font(.system(size: 12)).foregroundColor(.black))
        .frame(width: 100, height: 100, alignment: .topLeading)
    """)), 20, 20)
}

@Test func aTextInAShapesBackgroundIsCentredOnTheShapeThenOffset() throws {
    // The padded view (40 × 40) is centred in the canvas, so the rectangle's frame is (30, 50, 40, 20),
    // centre (50, 60); the text in its background moves 25 down: its centre (50, 85).
    expectNear(try inkCentre(source("""
    Rectangle().fill(Color.yellow).frame(width: 40, height: 20)
        .background(Text("Hi").font(.system(size: 12)).foregroundColor(.black).offset(y: 25))
        .padding(.top, 20)
    """)), 50, 85)
}

@Test func anOverlaysTextMovesWithTheOffsetAfterIt() throws {
    // .overlay then .offset: the text is centred on the circle (20, 20) and both move by (50, 50).
    expectNear(try inkCentre(source("""
    Circle().fill(Color.yellow).frame(width: 40, height: 40)
        .overlay(Text("Hi").font(.system(size: 12)).foregroundColor(.black))
        .frame(width: 100, height: 100, alignment: .topLeading)
        .offset(x: 50, y: 50)
    """)), 70, 70)
}

@Test func aTextAtTheTopOfAZStackOfShapesIsStillLaidOut() throws {
    // A ZStack holding a text is a layout ZStack: the text is centred, then offset (unchanged).
    expectNear(try inkCentre(source("""
    Circle().fill(Color.yellow).frame(width: 40, height: 40)
    Text("Hi").font(.system(size: 12)).foregroundColor(.black).offset(x: 20, y: -30)
    """)), 70, 20)
}

@Test func anOverlaysAlignmentPlacesItsText() throws {
    // .overlay(alignment: .bottomTrailing): the text's frame sits in the circle's bottom-trailing
    // corner, (0, 0, 60, 60): its ink ends within a point and a half of x = 60 and lies in the lower half.
    let box = try #require(try inkBox(source("""
    Circle().fill(Color.yellow).frame(width: 60, height: 60)
        .overlay(alignment: .bottomTrailing) { Text("Hi").font(.system(size: 12)).foregroundColor(.black) }
        .frame(width: 100, height: 100, alignment: .topLeading)
    """)))
    #expect(box.2 > 58.5 && box.2 <= 60.5, "\(box)")
    #expect(box.1 > 45 && box.3 <= 60.5, "\(box)")
}
