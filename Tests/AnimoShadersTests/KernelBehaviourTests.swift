// Behaviour of every catalogue kernel on a small buffer: not blank (the black-shader trap),
// moving with its time argument, a valid premultiplied result, and identical bytes whatever
// the thread count. Optional: ANIMO_SHADER_PREVIEW=<dir> writes each output as a PPM.

import Foundation
import Testing
@testable import AnimoEffects
import AnimoShaders

/// A catalogue kernel with arguments for a 48×48-point view at time `t`.
struct KernelSample: Sendable, CustomTestStringConvertible {
    var name: String
    var hasTime: Bool
    var arguments: @Sendable (Float) -> [ShaderArgument]
    var testDescription: String { name }
}

let sampleSide: Float = 48

let kernelSamples: [KernelSample] = [
    KernelSample(name: "identityColor", hasTime: false) { _ in [] },
    KernelSample(name: "liquidMetal", hasTime: true) { t in
        [.float2(SIMD2(repeating: sampleSide)), .float(t), .float4(SIMD4(16, 20, 0.2, 1)), .float4(SIMD4(34, 30, 0.4, 0.8)),
         .float4(.zero), .float4(.zero)]
    },
    KernelSample(name: "liquidMetalTinted", hasTime: true) { t in
        [.float2(SIMD2(repeating: sampleSide)), .float(t), .float4(SIMD4(16, 20, 0.2, 1)), .float4(.zero),
         .float4(.zero), .float4(.zero), .color(SIMD4(0.35, 0.2, 0.05, 1)), .color(SIMD4(1, 0.85, 0.45, 1))]
    },
    KernelSample(name: "holographicFoil", hasTime: true) { t in
        [.float2(SIMD2(repeating: sampleSide)), .float(t), .float2(SIMD2(0.2, -0.1))]
    },
    KernelSample(name: "plasma", hasTime: true) { t in [.float2(SIMD2(repeating: sampleSide)), .float(t)] },
    KernelSample(name: "ripple", hasTime: true) { t in [.float2(SIMD2(20, 24)), .float(t), .float(5), .float(40), .float(1)] },
    KernelSample(name: "wave", hasTime: true) { t in [.float(t), .float(3), .float(20), .float(30)] },
    KernelSample(name: "pixellate", hasTime: false) { _ in [.float(6)] },
    KernelSample(name: "chromaticAberration", hasTime: false) { _ in [.float2(SIMD2(2, 1))] },
    KernelSample(name: "glassRefraction", hasTime: false) { _ in
        [.float2(SIMD2(repeating: sampleSide)), .float(12), .float(10), .float(6)]
    },
]

/// The input a kernel of `kind` shades: colour effects get an opaque black rectangle (the case
/// that must not stay black); distortions and layer effects get an opaque pattern of stripes
/// and a gradient, so that moving pixels changes the image.
func sampleInput(for kind: ShaderKind, scale: Float = 1) -> ShaderBuffer {
    let side = Int(sampleSide * scale)
    var pixels: [SIMD4<Float>] = []
    for y in 0..<side {
        for x in 0..<side {
            switch kind {
            case .colorEffect:
                pixels.append(SIMD4(0, 0, 0, 1))
            case .distortionEffect, .layerEffect:
                let stripe: Float = ((x / Int(4 * scale)) + (y / Int(6 * scale))) % 2 == 0 ? 0.9 : 0.15
                pixels.append(SIMD4(stripe, Float(x) / Float(side), Float(y) / Float(side), 1))
            }
        }
    }
    return ShaderBuffer(width: side, height: side, pixels: pixels)!
}

func render(_ sample: KernelSample, time: Float, threads: Int = 1, scale: Float = 1) throws -> ShaderBuffer {
    let shader = try ShaderCatalogue.registry.prepare(sample.name, arguments: sample.arguments(time))
    let input = sampleInput(for: shader.signature.kind, scale: scale)
    let out = shader.applied(to: input, geometry: ShaderGeometry(scale: scale)!, threads: threads)
    if let dir = ProcessInfo.processInfo.environment["ANIMO_SHADER_PREVIEW"] {
        writePPM(out, to: URL(fileURLWithPath: dir).appendingPathComponent("\(sample.name)-t\(time)-s\(scale).ppm"))
    }
    return out
}

/// Binary PPM (P6) of the buffer composited over white, for eyeballing kernels while tuning.
func writePPM(_ b: ShaderBuffer, to url: URL) {
    var bytes = Array("P6\n\(b.width) \(b.height)\n255\n".utf8)
    for p in b.pixels {
        for c in [p.x, p.y, p.z] {
            let v = min(max(c + (1 - p.w), 0), 1)
            bytes.append(UInt8((v * 255).rounded()))
        }
    }
    try? Data(bytes).write(to: url)
}

func luminance(_ p: SIMD4<Float>) -> Float { 0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z }

@Test(arguments: kernelSamples.filter { $0.name != "identityColor" })
func kernelOutputIsNotBlank(_ sample: KernelSample) throws {
    let out = try render(sample, time: 0.5)
    let lit = out.pixels.filter { $0.w > 0.01 && max($0.x, max($0.y, $0.z)) > 0.05 }.count
    #expect(lit > out.pixels.count / 4, "\(sample.name): only \(lit) of \(out.pixels.count) pixels are visible")
}

/// Colour-effect samples other than the identity.
let fieldSamples = kernelSamples.filter { sample in
    sample.name != "identityColor" && (try? ShaderCatalogue.registry.kernel(named: sample.name).kind) == .colorEffect
}

@Test(arguments: fieldSamples)
func colorEffectLightsABlackRectangleWithAField(_ sample: KernelSample) throws {
    // The black-shader trap: over opaque black the field must be bright on average and vary.
    let out = try render(sample, time: 0.5)
    let lums = out.pixels.map(luminance)
    let mean = lums.reduce(0, +) / Float(lums.count)
    let spread = lums.max()! - lums.min()!
    #expect(mean > 0.15, "\(sample.name): mean luminance \(mean)")
    #expect(spread > 0.1, "\(sample.name): luminance spread \(spread)")
}

@Test(arguments: kernelSamples.filter(\.hasTime))
func kernelOutputMovesWithTime(_ sample: KernelSample) throws {
    let a = try render(sample, time: 0.5), b = try render(sample, time: 1.0)
    let changed = zip(a.pixels, b.pixels).filter { maxDifference($0, $1) > 1.0 / 255 }.count
    #expect(changed > a.pixels.count / 20, "\(sample.name): \(changed) pixels changed between t = 0.5 and 1.0")
}

@Test(arguments: kernelSamples.filter { $0.name != "identityColor" })
func nonIdentityKernelsChangeTheirInput(_ sample: KernelSample) throws {
    let out = try render(sample, time: 0.5)
    let kind = try ShaderCatalogue.registry.kernel(named: sample.name).kind
    let input = sampleInput(for: kind)
    let changed = zip(out.pixels, input.pixels).filter { maxDifference($0, $1) > 1.0 / 255 }.count
    #expect(changed > 0, "\(sample.name) left its input unchanged")
}

@Test(arguments: kernelSamples)
func kernelOutputIsValidPremultipliedColor(_ sample: KernelSample) throws {
    for t: Float in [0, 0.5, 3] {
        let out = try render(sample, time: t)
        for p in out.pixels {
            #expect(p.w.isFinite && p.w >= 0 && p.w <= 1 + 1e-6, "\(sample.name) alpha \(p.w)")
            #expect(p.x >= 0 && p.y >= 0 && p.z >= 0, "\(sample.name) negative \(p)")
            #expect(max(p.x, max(p.y, p.z)) <= p.w + 1e-5, "\(sample.name) colour above alpha \(p)")
            if !(p.w.isFinite && p.w >= 0 && max(p.x, max(p.y, p.z)) <= p.w + 1e-5) { return }
        }
    }
}

@Test(arguments: kernelSamples)
func kernelOutputIsIdenticalForAnyThreadCount(_ sample: KernelSample) throws {
    let one = try render(sample, time: 0.7, threads: 1, scale: 2)
    for threads in [2, 3, 8] {
        let many = try render(sample, time: 0.7, threads: threads, scale: 2)
        #expect(many.pixels.elementsEqual(one.pixels) { $0 == $1 }, "\(sample.name) with \(threads) threads")
    }
}

@Test func liquidMetalRipplesBendTheSurfaceOnlyAfterTheyStart() throws {
    func args(time: Float, ripple: SIMD4<Float>) -> [ShaderArgument] {
        [.float2(SIMD2(repeating: sampleSide)), .float(time), .float4(ripple), .float4(.zero), .float4(.zero), .float4(.zero)]
    }
    func shade(_ a: [ShaderArgument]) throws -> ShaderBuffer {
        try ShaderCatalogue.registry.prepare("liquidMetal", arguments: a)
            .applied(to: sampleInput(for: .colorEffect), geometry: ShaderGeometry(scale: 1)!)
    }
    let touch = SIMD4<Float>(24, 24, 0.5, 1)
    let still = try shade(args(time: 0.4, ripple: .zero))
    let before = try shade(args(time: 0.4, ripple: touch))          // startTime 0.5 not reached
    #expect(still == before)
    let calm = try shade(args(time: 0.8, ripple: .zero))
    let rippled = try shade(args(time: 0.8, ripple: touch))
    // Changed near the touch point, decaying with distance (exp(−5d) in the height field).
    func changed(_ r: ClosedRange<Int>) -> Int {
        var n = 0
        for y in r { for x in r where maxDifference(calm[x, y], rippled[x, y]) > 2.0 / 255 { n += 1 } }
        return n
    }
    #expect(changed(18...29) > 40)
    // Empty slots (amplitude 0) change nothing even after their start time.
    let emptySlot = try shade(args(time: 0.8, ripple: SIMD4(24, 24, 0.5, 0)))
    #expect(emptySlot == calm)
}

@Test func colorEffectsKeepTransparentPixelsTransparent() throws {
    for sample in kernelSamples {
        let shader = try ShaderCatalogue.registry.prepare(sample.name, arguments: sample.arguments(0.5))
        guard shader.signature.kind == .colorEffect else { continue }
        let clear = ShaderBuffer(width: 4, height: 4)!
        let out = shader.applied(to: clear, geometry: ShaderGeometry(scale: 1)!)
        #expect(out.pixels.allSatisfy { $0 == .zero }, "\(sample.name)")
    }
}

@Test func everyCatalogueKernelHasASample() {
    #expect(Set(kernelSamples.map(\.name)) == Set(ShaderCatalogue.registry.names))
}

/// The liquid-metal example's call (its own arguments, 240 pt at scale 1) over an opaque black
/// view: at 0.5 s and 1 s the output is not uniformly black (the trap a device shows for a wrong
/// call), it varies across the view, it changes with time, and it stays opaque.
@Test func liquidMetalExampleIsNotBlackAndMoves() throws {
    var frames: [ShaderBuffer] = []
    for t: Float in [0.5, 1.0] {
        var args = exampleLiquidMetalArguments
        args[1] = .float(t)
        let out = try ShaderCatalogue.registry.prepare("liquidMetal", arguments: args)
            .applied(to: ShaderBuffer(width: 240, height: 240, fill: SIMD4(0, 0, 0, 1))!, geometry: ShaderGeometry(scale: 1)!, threads: 2)
        #expect(!out.isBlank(xs: 0..<240, ys: 0..<240), "liquidMetal at \(t) s is uniformly black")
        let luma = out.pixels.map { 0.3 * $0.x + 0.59 * $0.y + 0.11 * $0.z }
        #expect((luma.max() ?? 0) - (luma.min() ?? 0) > 0.3, "liquidMetal at \(t) s has no visible variation")
        #expect(out.pixels.allSatisfy { $0.w == 1 }, "liquidMetal at \(t) s is not opaque")
        frames.append(out)
    }
    #expect(frames[0] != frames[1], "liquidMetal does not change between 0.5 s and 1 s")
}
