// The runtime's coordinate mapping, distortion sampling and layer sampling against values
// computed by hand on tiny buffers.

import Foundation
import Testing
@testable import AnimoEffects
import AnimoShaders

/// Writes the position it receives into the colour, to expose the runtime's mapping.
enum PositionProbe: ColorEffectKernel {
    static let name = "positionProbe"
    static let parameters: [ShaderParameter] = []
    static func decode(_ a: ShaderArguments) {}
    static func color(at position: SIMD2<Float>, color: SIMD4<Float>, uniforms: Void) -> SIMD4<Float> {
        SIMD4(position.x, position.y, color.z, 1)
    }
}

/// Samples the source a fixed offset (points) away.
enum ShiftDistortion: DistortionEffectKernel {
    static let name = "shift"
    static let parameters: [ShaderParameter] = [.init("offset", .float2)]
    static func decode(_ a: ShaderArguments) -> SIMD2<Float> { a.float2(0) }
    static func sourcePosition(at position: SIMD2<Float>, uniforms: SIMD2<Float>) -> SIMD2<Float> { position + uniforms }
}

/// Returns layer.sample at a fixed point, whatever the position.
enum FixedSampleLayer: LayerEffectKernel {
    static let name = "fixedSample"
    static let parameters: [ShaderParameter] = [.init("at", .float2)]
    static func decode(_ a: ShaderArguments) -> SIMD2<Float> { a.float2(0) }
    static func color<L: LayerSampler>(at position: SIMD2<Float>, layer: L, uniforms: SIMD2<Float>) -> SIMD4<Float> {
        layer.sample(uniforms)
    }
}

func gray(_ v: Float) -> SIMD4<Float> { SIMD4(v, v, v, 1) }

/// Largest per-component absolute difference.
func maxDifference(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
    let d = a - b
    return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
}

@Test func colorEffectSeesPixelCentresInViewPoints() throws {
    var buffer = try #require(ShaderBuffer(width: 3, height: 2))
    let geometry = try #require(ShaderGeometry(scale: 2, origin: SIMD2(1, 0.5)))
    ShaderRuntime.applyColorEffect(PositionProbe.self, uniforms: (), to: &buffer, geometry: geometry)
    // pixel (px, py) → ((px + 0.5)/2 − 1, (py + 0.5)/2 − 0.5)
    #expect(buffer[0, 0] == SIMD4(-0.75, -0.25, 0, 1))
    #expect(buffer[2, 0] == SIMD4(0.25, -0.25, 0, 1))
    #expect(buffer[1, 1] == SIMD4(-0.25, 0.25, 0, 1))
}

@Test func distortionSamplesBilinearlyWithTransparentOutside() throws {
    let source = try #require(ShaderBuffer(width: 3, height: 1, pixels: [gray(0.2), gray(0.6), gray(1.0)]))
    let geometry = try #require(ShaderGeometry(scale: 1))
    let out = ShaderRuntime.applyDistortionEffect(ShiftDistortion.self, uniforms: SIMD2(0.5, 0), source: source, geometry: geometry)
    // Half a pixel right: the average of each pixel and its right neighbour; beyond the edge
    // the neighbour is transparent (0, 0, 0, 0).
    #expect(maxDifference(out[0, 0], SIMD4(0.4, 0.4, 0.4, 1)) < 1e-6)
    #expect(maxDifference(out[1, 0], SIMD4(0.8, 0.8, 0.8, 1)) < 1e-6)
    #expect(maxDifference(out[2, 0], SIMD4(0.5, 0.5, 0.5, 0.5)) < 1e-6)
}

@Test func distortionOffsetsAreInPointsNotPixels() throws {
    // At scale 2, a quarter point is half a pixel.
    let source = try #require(ShaderBuffer(width: 2, height: 1, pixels: [gray(0), gray(1)]))
    let geometry = try #require(ShaderGeometry(scale: 2))
    let out = ShaderRuntime.applyDistortionEffect(ShiftDistortion.self, uniforms: SIMD2(0.25, 0), source: source, geometry: geometry)
    #expect(out[0, 0] == SIMD4(0.5, 0.5, 0.5, 1))
}

@Test func verticalShiftAcrossRowsAndOutside() throws {
    let source = try #require(ShaderBuffer(width: 1, height: 2, pixels: [gray(0.0), gray(0.8)]))
    let geometry = try #require(ShaderGeometry(scale: 1))
    let out = ShaderRuntime.applyDistortionEffect(ShiftDistortion.self, uniforms: SIMD2(0, -0.25), source: source, geometry: geometry)
    // Row 0 samples y = 0.25 px above its centre: 0.75·row0 + 0.25·transparent.
    #expect(out[0, 0] == SIMD4(0, 0, 0, 0.75))
    // Row 1: 0.25·row0 + 0.75·row1.
    #expect(abs(out[0, 1].x - 0.6) < 1e-6 && out[0, 1].w == 1)
}

@Test func layerSampleAtCornerAveragesFourPixels() throws {
    let source = try #require(ShaderBuffer(width: 2, height: 2, pixels: [gray(0), gray(0.4), gray(0.8), SIMD4(0, 0, 0, 0)]))
    let geometry = try #require(ShaderGeometry(scale: 1))
    // Point (1, 1) is the corner shared by all four pixel centres (0.5, 0.5)…(1.5, 1.5).
    let out = ShaderRuntime.applyLayerEffect(FixedSampleLayer.self, uniforms: SIMD2(1, 1), source: source, geometry: geometry)
    let expected = SIMD4<Float>(0.3, 0.3, 0.3, 0.75)
    for p in out.pixels { #expect(maxDifference(p, expected) < 1e-6) }
}

@Test func layerSampleHonoursOriginAndScale() throws {
    // 4×2 pixels at scale 2 with the view origin at (0.5, 0) points: view point (0.25, 0.25)
    // is buffer point (0.75, 0.25) = pixel coordinate (1.0, 0.0): exactly pixel (1, 0).
    var pixels = (0..<8).map { gray(Float($0) / 10) }
    pixels[1] = SIMD4(0.1, 0.2, 0.3, 0.5)
    let source = try #require(ShaderBuffer(width: 4, height: 2, pixels: pixels))
    let geometry = try #require(ShaderGeometry(scale: 2, origin: SIMD2(0.5, 0)))
    let out = ShaderRuntime.applyLayerEffect(FixedSampleLayer.self, uniforms: SIMD2(0.25, 0.25), source: source, geometry: geometry)
    #expect(out[3, 1] == SIMD4(0.1, 0.2, 0.3, 0.5))
}

@Test(arguments: [SIMD2<Float>(.nan, 0), SIMD2(0, .infinity), SIMD2(-1e30, 3), SIMD2(1e30, 1e30), SIMD2(-5, -5)])
func layerSampleOutsideOrNonFiniteIsTransparent(_ at: SIMD2<Float>) throws {
    let source = try #require(ShaderBuffer(width: 2, height: 2, fill: gray(1)))
    let geometry = try #require(ShaderGeometry(scale: 1))
    let out = ShaderRuntime.applyLayerEffect(FixedSampleLayer.self, uniforms: at, source: source, geometry: geometry)
    #expect(out.pixels.allSatisfy { $0 == .zero })
}

@Test func waveKernelMatchesHandComputedSampling() throws {
    // 4×3 buffer, rows of gray 0.1, 0.5, 0.9. wave(time 0, amplitude 0.5, wavelength 4, speed 0):
    // column x samples row offset dy = 0.5·sin(2π(x + 0.5)/4).
    let rows: [Float] = [0.1, 0.5, 0.9]
    let source = try #require(ShaderBuffer(width: 4, height: 3, pixels: (0..<12).map { gray(rows[$0 / 4]) }))
    let geometry = try #require(ShaderGeometry(scale: 1))
    let shader = try ShaderCatalogue.registry.prepare("wave", arguments: [.float(0), .float(0.5), .float(4), .float(0)])
    let out = shader.applied(to: source, geometry: geometry)
    for x in 0..<4 {
        let dy = 0.5 * sin(2 * .pi * (Float(x) + 0.5) / 4)
        for y in 0..<3 {
            let q = Float(y) + dy
            let y0 = Int(q.rounded(.down)), f = q - q.rounded(.down)
            func row(_ r: Int) -> SIMD4<Float> { (0..<3).contains(r) ? gray(rows[r]) : .zero }
            let expected = row(y0) * (1 - f) + row(y0 + 1) * f
            #expect(maxDifference(out[x, y], expected) < 1e-5, "x \(x) y \(y): \(out[x, y]) vs \(expected)")
        }
    }
}

@Test func pixellateTakesTheCellCentre() throws {
    // 4×4 at scale 1, cells of 2 points: the centre of each cell is the corner of four pixels.
    let source = try #require(ShaderBuffer(width: 4, height: 4, pixels: (0..<16).map { gray(Float($0) / 16) }))
    let geometry = try #require(ShaderGeometry(scale: 1))
    let out = try ShaderCatalogue.registry.prepare("pixellate", arguments: [.float(2)]).applied(to: source, geometry: geometry)
    for cy in 0..<2 {
        for cx in 0..<2 {
            let ids = [(0, 0), (1, 0), (0, 1), (1, 1)].map { Float((2 * cy + $0.1) * 4 + 2 * cx + $0.0) / 16 }
            let mean = ids.reduce(0, +) / 4
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                #expect(abs(out[2 * cx + dx, 2 * cy + dy].x - mean) < 1e-6)
            }
        }
    }
}

@Test func chromaticAberrationSplitsChannels() throws {
    let source = try #require(ShaderBuffer(width: 3, height: 1, pixels: [
        SIMD4(0.1, 0.2, 0.3, 0.4), SIMD4(0.5, 0.5, 0.5, 1), SIMD4(0.2, 0.1, 0.05, 0.3),
    ]))
    let geometry = try #require(ShaderGeometry(scale: 1))
    let out = try ShaderCatalogue.registry.prepare("chromaticAberration", arguments: [.float2(SIMD2(1, 0))])
        .applied(to: source, geometry: geometry)
    // Middle pixel: red from the left pixel, green from itself, blue from the right, alpha the max.
    #expect(out[1, 0] == SIMD4(0.1, 0.5, 0.05, 1))
    // Left pixel: red from outside (transparent), blue from the middle.
    #expect(out[0, 0] == SIMD4(0, 0.2, 0.5, 1))
}

@Test func degenerateBuffersAndGeometryAreRefused() {
    #expect(ShaderBuffer(width: 0, height: 3) == nil)
    #expect(ShaderBuffer(width: 2, height: 2, pixels: [.zero]) == nil)
    #expect(ShaderBuffer(width: 1 << 20, height: 1) == nil)
    #expect(ShaderGeometry(scale: 0) == nil)
    #expect(ShaderGeometry(scale: .nan) == nil)
    #expect(ShaderGeometry(scale: 1, origin: SIMD2(.infinity, 0)) == nil)
    #expect(ShaderImage(width: 1, height: 1, pixels: [SIMD4(.nan, 0, 0, 1)]) == nil)
}

@Test func shaderImageSamplesBilinearlyClampedToEdge() throws {
    let image = try #require(ShaderImage(width: 2, height: 1, pixels: [gray(0), gray(1)]))
    // Texel centres at u = 0.25 and 0.75; midway is their average; beyond, clamped.
    #expect(image.sample(normalized: SIMD2(0.5, 0.5)) == gray(0.5))
    #expect(image.sample(normalized: SIMD2(0.25, 0.5)) == gray(0))
    #expect(image.sample(normalized: SIMD2(-3, 0.5)) == gray(0))
    #expect(image.sample(normalized: SIMD2(7, 9)) == gray(1))
    #expect(image.sample(normalized: SIMD2(.nan, 0)) == .zero)
}

@Test func blankDetectionFindsBlackAndTransparentFrames() throws {
    var buffer = try #require(ShaderBuffer(width: 4, height: 3, fill: SIMD4(0, 0, 0, 1)))
    #expect(buffer.isBlank())                                  // opaque black
    buffer[2, 1] = SIMD4(0, 0, 0.5, 0.5)
    #expect(!buffer.isBlank())                                 // one visible pixel
    #expect(buffer.isBlank(xs: 0..<2))                         // …outside the region
    #expect(buffer.isBlank(xs: 9..<12, ys: -3..<0))            // empty region
    let clear = try #require(ShaderBuffer(width: 2, height: 2))
    #expect(clear.isBlank())                                   // transparent
    // The example's shader over its black rectangle is not blank.
    let lit = try ShaderCatalogue.registry.prepare("liquidMetal", arguments: exampleLiquidMetalArguments)
        .applied(to: ShaderBuffer(width: 24, height: 24, fill: SIMD4(0, 0, 0, 1))!, geometry: ShaderGeometry(scale: 0.1)!)
    #expect(!lit.isBlank())
}
