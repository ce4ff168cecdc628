// The noise helpers against independent computations: the PCG hash against the published
// reference values computed here from the paper's formula in 64-bit arithmetic, and the analytic
// fBm gradient against central differences.

import Testing
@testable import AnimoShaders

/// PCG hash (Jarzynski & Olano 2020) written independently with 64-bit products masked to 32 bits.
func referencePCG(_ v: UInt32) -> UInt32 {
    let state = (UInt64(v) * 747_796_405 + 2_891_336_453) & 0xFFFF_FFFF
    let word = (((state >> ((state >> 28) + 4)) ^ state) * 277_803_737) & 0xFFFF_FFFF
    return UInt32((word >> 22) ^ word)
}

@Test(arguments: [UInt32(0), 1, 2, 12345, 0x7FFF_FFFF, 0xFFFF_FFFF])
func pcgHashMatchesWideArithmetic(_ v: UInt32) {
    #expect(pcgHash(v) == referencePCG(v))
}

@Test func valueNoiseInterpolatesLatticeValues() {
    // At integer points the noise equals the hashed lattice value; it stays within [0, 1).
    #expect(valueNoise(3, -2) == latticeValue(latticeIndex(3), latticeIndex(-2)))
    for i in 0..<200 {
        let v = valueNoise(Float(i) * 0.37 - 20, Float(i) * 0.11 + 5)
        #expect(v >= 0 && v < 1)
    }
}

@Test func hugeAndNonFiniteNoiseInputsDoNotTrap() {
    for x: Float in [.nan, .infinity, -.infinity, 1e30, -1e30] {
        _ = fbm(x, 1, octaves: 5)
        _ = fbmGradient(x, x, octaves: 4)
    }
}

@Test(arguments: [SIMD2<Float>(0.3, 0.7), SIMD2(2.45, -1.2), SIMD2(10.1, 3.33), SIMD2(-4.6, 8.05)])
func fbmGradientMatchesCentralDifferences(_ p: SIMD2<Float>) {
    let h: Float = 1e-3
    let g = fbmGradient(p.x, p.y, octaves: 4)
    let dx = (fbm(p.x + h, p.y, octaves: 4) - fbm(p.x - h, p.y, octaves: 4)) / (2 * h)
    let dy = (fbm(p.x, p.y + h, octaves: 4) - fbm(p.x, p.y - h, octaves: 4)) / (2 * h)
    #expect(abs(g.x - fbm(p.x, p.y, octaves: 4)) < 1e-6)
    // Float32 differences at h = 1e-3 carry ~1e-3 relative error; octave 4 has frequency 8.
    #expect(abs(g.y - dx) < 0.02 * max(1, abs(dx)), "∂x analytic \(g.y) vs numeric \(dx)")
    #expect(abs(g.z - dy) < 0.02 * max(1, abs(dy)), "∂y analytic \(g.z) vs numeric \(dy)")
}
