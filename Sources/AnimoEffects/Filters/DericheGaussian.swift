// DericheGaussian: the recursive (IIR) approximation of a sampled Gaussian used by every blur here,
// as two second-order sections run causally (left to right) and anti-causally (right to left).
//
// Source: R. Deriche, "Recursively implementing the Gaussian and its derivatives", INRIA research
// report RR-1893 (1993). The Gaussian exp(−t²/2), t = x/σ, is approximated for t ≥ 0 by
//     Σ_k (A_k cos(W_k t) + B_k sin(W_k t)) e^{L_k t}
// with the 4th-order coefficients below (the values tabulated for Deriche's 4th-order Gaussian, e.g. in
// ITK's recursive Gaussian filter; checked here, not trusted: over t ∈ [0, 8] the fit differs from
// exp(−t²/2) by at most 1.5e-3 of the peak and by 0.30 % in L1 (computed with numpy, 2026-11-29),
// so a blur of a 0…1 image is off by at most ~0.003 = 0.76/255 from the true Gaussian).
//
// Derivation of the recursions (done here from the formula, not copied): each term is
// Re(c·p^n) + Re(c̄·p̄^n) with c = (A − iB)/2 and pole p = e^{(L + iW)/σ}. The causal part h(n), n ≥ 0,
// of one pole pair has the z-transform (b0 + b1 z⁻¹) / (1 + a1 z⁻¹ + a2 z⁻²) with
//     b0 = 2 Re c,  b1 = −2 Re(c p̄),  a1 = −2 Re p,  a2 = |p|²,
// and the mirrored part h(−m), m ≥ 1, is (c1 z + c2 z²) / (1 + a1 z + a2 z²) with
//     c1 = 2 Re(c p),  c2 = −2 |p|² Re c.
// The two sections run in parallel (summed), not cascaded: a 4th-order direct form at σ = 48 has its
// poles at |p| ≈ 0.97 and loses precision in Float32; parallel second-order sections do not (and
// give two independent dependency chains per direction). The gain is normalized so the discrete
// kernel sums to exactly 1 (the sum of all taps is Σ (b0 + b1 + c1 + c2) / (1 + a1 + a2)), as the
// reference (scipy `gaussian_filter`, which normalizes the sampled kernel) does.
//
// Edges: zero state = transparent outside (exact). Clamp-to-edge starts each section at its
// steady-state response to a constant input equal to the edge pixel: y = v·(b0 + b1)/(1 + a1 + a2)
// causally, v·(c1 + c2)/(1 + a1 + a2) anti-causally (DC gain of each section).
import Foundation

/// One second-order section of the recursive Gaussian (causal numerator b, anti-causal c, shared
/// denominator a), in Float32 for the pixel loops.
struct DericheSection: Sendable {
    var b0: Float, b1: Float, c1: Float, c2: Float, a1: Float, a2: Float
    /// Steady-state output for a constant input of 1, causal and anti-causal (for clamp-to-edge).
    var causalDC: Float, antiDC: Float
}

/// Coefficients of Deriche's 4th-order recursive Gaussian for one σ (pixels).
struct DericheCoefficients: Sendable {
    var s1: DericheSection
    var s2: DericheSection

    // Deriche 1993, 4th order, Gaussian (0th derivative): A, B, W, L per term.
    static let terms: [(a: Double, b: Double, w: Double, l: Double)] = [
        (1.3530, 1.8151, 0.6681, -1.3932),
        (-0.3531, 0.0902, 2.0787, -1.3732),
    ]

    /// Coefficients for standard deviation `sigma` (> 0, finite; the caller validates).
    init(sigma: Double) {
        var raw: [(b0: Double, b1: Double, c1: Double, c2: Double, a1: Double, a2: Double)] = []
        var total = 0.0
        for t in DericheCoefficients.terms {
            // p = e^{(L + iW)/σ}, c = (A − iB)/2
            let mag = exp(t.l / sigma), ang = t.w / sigma
            let pr = mag * cos(ang), pi = mag * sin(ang)
            let cr = t.a / 2, ci = -t.b / 2
            let b0 = 2 * cr
            let b1 = -2 * (cr * pr + ci * pi)            // −2 Re(c · conj p)
            let c1 = 2 * (cr * pr - ci * pi)             //  2 Re(c · p)
            let p2 = pr * pr + pi * pi
            let c2 = -2 * p2 * cr
            let a1 = -2 * pr, a2 = p2
            raw.append((b0, b1, c1, c2, a1, a2))
            total += (b0 + b1 + c1 + c2) / (1 + a1 + a2)
        }
        func section(_ r: (b0: Double, b1: Double, c1: Double, c2: Double, a1: Double, a2: Double)) -> DericheSection {
            let k = 1 / total, d = 1 + r.a1 + r.a2
            return DericheSection(b0: Float(r.b0 * k), b1: Float(r.b1 * k), c1: Float(r.c1 * k), c2: Float(r.c2 * k),
                                  a1: Float(r.a1), a2: Float(r.a2),
                                  causalDC: Float((r.b0 + r.b1) * k / d), antiDC: Float((r.c1 + r.c2) * k / d))
        }
        s1 = section(raw[0]); s2 = section(raw[1])
    }
}

/// Reads element i of a group of lines packed into one vector (lane = line, or line × channel).
protocol LineSource {
    func load(_ i: Int) -> SIMD8<Float>
}

/// Writes element i of a group of lines.
protocol LineSink {
    func store(_ i: Int, _ v: SIMD8<Float>)
}

/// Filters `n` elements of a group of lines from `src` into `dst` (which may be the same memory:
/// element i is read before it is written), with
/// `tmp` (n vectors) as scratch for the causal half. `clamp` extends the first and last elements
/// outward; otherwise the outside is zero.
@inline(__always)
func dericheFilterLines<S: LineSource, D: LineSink>(_ src: S, _ dst: D, count n: Int, _ k: DericheCoefficients,
                                                    clamp: Bool, tmp: UnsafeMutablePointer<SIMD8<Float>>) {
    guard n > 0 else { return }
    let s1 = k.s1, s2 = k.s2
    // Causal pass.
    let first = clamp ? src.load(0) : SIMD8<Float>()
    var xp = first
    var y1a = first * s1.causalDC, y2a = y1a
    var y1b = first * s2.causalDC, y2b = y1b
    for i in 0..<n {
        let x = src.load(i)
        let ya = s1.b0 * x + s1.b1 * xp - s1.a2 * y2a - s1.a1 * y1a
        let yb = s2.b0 * x + s2.b1 * xp - s2.a2 * y2b - s2.a1 * y1b
        y2a = y1a; y1a = ya; y2b = y1b; y1b = yb; xp = x
        tmp[i] = ya + yb
    }
    // Anti-causal pass, adding the causal half.
    let last = clamp ? src.load(n - 1) : SIMD8<Float>()
    var xn1 = last, xn2 = last
    y1a = last * s1.antiDC; y2a = y1a
    y1b = last * s2.antiDC; y2b = y1b
    var i = n - 1
    while i >= 0 {
        let x = src.load(i)  // read before the store: src and dst may be the same memory
        let ya = s1.c1 * xn1 + s1.c2 * xn2 - s1.a2 * y2a - s1.a1 * y1a
        let yb = s2.c1 * xn1 + s2.c2 * xn2 - s2.a2 * y2b - s2.a1 * y1b
        y2a = y1a; y1a = ya; y2b = y1b; y1b = yb
        dst.store(i, tmp[i] + ya + yb)
        xn2 = xn1; xn1 = x
        i -= 1
    }
}
