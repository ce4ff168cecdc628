// The four-pixel quantizer (StraightQuantizer.swift) gives exactly the bytes of the scalar rule
// `Pixmap.straightRGBA8` for every pixel: special values in every channel, random pixels near the
// rounding boundaries, every tail length, unaligned destinations; and the public conversions use it.
import AnimoTestSupport
import Testing
@testable import AnimoRaster
@testable import AnimoGeometry

@Suite struct StraightQuantizerTests {
    /// Values where a clamp, a comparison or the rounding could go another way.
    static let specials: [Float] = [
        .nan, -.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .leastNormalMagnitude, 1e-30, 1e-7, 0.5 / 255, 0.5 / 255 + 1e-9, 1.5 / 255, 0.25, 0.5, 127.5 / 255,
        254.5 / 255, 1 - .ulpOfOne, 1, 1 + .ulpOfOne, 2, 1e30, -1, -0.001, .greatestFiniteMagnitude,
    ]

    /// The scalar rule's bytes for `pixels`, R G B A per pixel.
    static func reference(_ pixels: [SIMD4<Float>]) -> [UInt8] {
        var out: [UInt8] = []
        for p in pixels {
            let v = Pixmap.straightRGBA8(p)
            out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
        }
        return out
    }

    /// The quantizer's bytes for `pixels`, written `offset` bytes into a buffer (so unaligned for
    /// offsets that are not multiples of 16), with sentinels around them checked untouched.
    static func quantized(_ pixels: [SIMD4<Float>], offset: Int = 0) -> [UInt8] {
        let n = pixels.count * 4
        var buf = [UInt8](repeating: 0xA5, count: offset + n + 8)
        buf.withUnsafeMutableBytes { b in
            pixels.withUnsafeBufferPointer { p in
                if let base = p.baseAddress { StraightQuantizer.quantize(base, count: p.count, into: b.baseAddress! + offset) }
            }
        }
        #expect(buf[..<offset].allSatisfy { $0 == 0xA5 } && buf[(offset + n)...].allSatisfy { $0 == 0xA5 },
                "bytes outside the destination changed")
        return Array(buf[offset..<(offset + n)])
    }

    /// The first pixel whose bytes differ, for a readable failure.
    static func firstMismatch(_ pixels: [SIMD4<Float>], _ got: [UInt8], _ want: [UInt8]) -> String? {
        for i in pixels.indices where got[(4 * i)..<(4 * i + 4)] != want[(4 * i)..<(4 * i + 4)] {
            return "pixel \(i) \(pixels[i]): got \(Array(got[(4 * i)..<(4 * i + 4)])), expected \(Array(want[(4 * i)..<(4 * i + 4)]))"
        }
        return nil
    }

    @Test func everyCombinationOfSpecialValuesMatchesTheScalarRule() {
        // Alpha from the specials against every color value in each channel in turn, and every
        // special in all four channels at once (the lanes are independent but the alpha is shared).
        var pixels: [SIMD4<Float>] = []
        for a in Self.specials {
            for c in Self.specials {
                pixels += [SIMD4(c, 0.3, 0.2, a), SIMD4(0.1, c, 0.4, a), SIMD4(0.6, 0.2, c, a), SIMD4(c, c, c, a)]
            }
        }
        let got = Self.quantized(pixels), want = Self.reference(pixels)
        #expect(got == want, "\(Self.firstMismatch(pixels, got, want) ?? "")")
    }

    @Test func randomPixelsNearTheRoundingBoundariesMatch() {
        // Straight values k/255 ± a few ulps, premultiplied by alphas of every size: the cases where
        // c ÷ a · 255 + 0.5 lands next to an integer.
        var rng = TestRandom(state: 0x5EED)
        var pixels: [SIMD4<Float>] = []
        for _ in 0..<50_000 {
            let a = Float(rng.unit()) < 0.1 ? Float(rng.int(256)) / 255 : Float(rng.unit())
            func channel() -> Float {
                let k = (Float(rng.int(256)) + (Float(rng.unit()) < 0.5 ? 0.5 : 0)) / 255
                var v = k
                let ulps = rng.int(7) - 3
                for _ in 0..<abs(ulps) { v = ulps > 0 ? v.nextUp : v.nextDown }
                return v * a
            }
            pixels.append(SIMD4(channel(), channel(), channel(), a))
        }
        let got = Self.quantized(pixels), want = Self.reference(pixels)
        #expect(got == want, "\(Self.firstMismatch(pixels, got, want) ?? "")")
    }

    @Test(arguments: 0...9)
    func everyTailLengthAndUnalignedDestinationsMatch(count: Int) {
        let pixels = (0..<count).map { SIMD4<Float>(Float($0) / 20, 0.5, Float.nan, 0.5 + Float($0) / 40) }
        for offset in [0, 1, 3, 4, 13] {
            let got = Self.quantized(pixels, offset: offset), want = Self.reference(pixels)
            #expect(got == want, "count \(count), offset \(offset): \(Self.firstMismatch(pixels, got, want) ?? "")")
        }
    }

    @Test func pixmapConversionsUseTheSameBytes() throws {
        var p = try Pixmap(width: 7, height: 3)
        for (i, v) in Self.specials.enumerated() where i < 21 {
            p.pixels[i] = SIMD4(v, 0.25, 0.5 * v, i % 3 == 0 ? 0.5 : v)
        }
        let want = Self.reference(p.pixels)
        #expect(p.rgba8Straight() == want)
        #expect(p.rgba8StraightPacked() == p.pixels.map(Pixmap.straightRGBA8))
    }
}
