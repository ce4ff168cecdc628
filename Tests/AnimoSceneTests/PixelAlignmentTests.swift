// `pixelAligned` shapes (docs/semantics.md §280): their frame is rounded to the pixel grid, origin
// and far corner, ties up, every frame after animation, as layout views' frames are (§87); a
// shape without it is drawn where its frame is.
import Testing
import AnimoGeometry
@testable import AnimoScene

@Test func aPixelAlignedFrameIsRoundedOnTheCanvasGrid() throws {
    let shape = "{\"rectangle\": {\"frame\": [10.5, 20.25, 30, 40.5], \"pixelAligned\": true}, \"fill\": \"red\"}"
    // Scale 1: x 10.5 → 11, far 40.5 → 41; y 20.25 → 20, far 60.75 → 61.
    let one = try render(canvasSpec("[\(shape)]", canvas: "{\"width\": 100, \"height\": 100, \"scale\": 1}"))
    #expect(near(one.fills[0].rect, Rect(x: 11, y: 20, width: 30, height: 41)), "\(one.fills[0].rect)")
    // Scale 2 (half-point grid): x 10.5 stays; y 20.25 → 20.5 (ties up), far 60.75 → 61.
    let two = try render(canvasSpec("[\(shape)]", canvas: "{\"width\": 100, \"height\": 100, \"scale\": 2}"))
    #expect(near(two.fills[0].rect, Rect(x: 10.5, y: 20.5, width: 30, height: 40.5)), "\(two.fills[0].rect)")
    // Without the key the frame is drawn as given.
    let free = try render(canvasSpec("[{\"rectangle\": {\"frame\": [10.5, 20.25, 30, 40.5]}, \"fill\": \"red\"}]", canvas: "{\"width\": 100, \"height\": 100, \"scale\": 1}"))
    #expect(near(free.fills[0].rect, Rect(x: 10.5, y: 20.25, width: 30, height: 40.5)), "\(free.fills[0].rect)")
}

@Test func aPixelAlignedCircleByCentreAndRadiusIsRoundedToo() throws {
    // centre (20.3, 20.5), radius 5: the square 15.3…25.3 × 15.5…25.5 → 15…25 × 16…26 at scale 1.
    let r = try render(canvasSpec("[{\"circle\": {\"center\": [20.3, 20.5], \"radius\": 5, \"pixelAligned\": true}, \"fill\": \"red\"}]",
                                  canvas: "{\"width\": 40, \"height\": 40, \"scale\": 1}"))
    #expect(near(r.fills[0].rect, Rect(x: 15, y: 16, width: 10, height: 10), 1e-3), "\(r.fills[0].rect)")
}

@Test func aPixelAlignedFrameIsRoundedAfterItsAnimation() throws {
    // x animates linearly from 0.4 to 10.4 over 1 s. At 0.25 s the frame's x is 2.9, drawn at 3;
    // rounding the two ends first (0 and 10) would give 2.5.
    let json = canvasSpec("[{\"rectangle\": {\"frame\": [\"=x\", 0, 10, 10], \"pixelAligned\": true}, \"fill\": \"red\"}]",
                          canvas: "{\"width\": 40, \"height\": 20, \"scale\": 1}",
                          extra: "\"state\": {\"x\": 0.4}, \"events\": [{\"at\": 0, \"set\": {\"x\": 10.4}, \"animation\": {\"linear\": {\"duration\": 1}}}],")
    let r = try render(json, at: 0.25)
    #expect(near(r.fills[0].rect, Rect(x: 3, y: 0, width: 10, height: 10)), "\(r.fills[0].rect)")
}
