import Testing
import AnimoTestSupport
import Foundation
@testable import AnimoRaster
@testable import AnimoGeometry

// Independent scalar implementation of W3C Compositing and Blending Level 1 (§10 blend functions,
// §9.1 Porter-Duff) and of CGContext.h's plusLighter/plusDarker, in Double, written from the spec.
private typealias RGB = [Double]

private func sep(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
    switch mode {
    case .multiply: return cb * cs
    case .screen: return cb + cs - cb * cs
    case .overlay: return sep(.hardLight, cs, cb)
    case .darken: return min(cb, cs)
    case .lighten: return max(cb, cs)
    case .colorDodge: return cb == 0 ? 0 : (cs == 1 ? 1 : min(1, cb / (1 - cs)))
    case .colorBurn: return cb == 1 ? 1 : (cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs))
    case .hardLight: return cs <= 0.5 ? cb * 2 * cs : sep(.screen, cb, 2 * cs - 1)
    case .softLight:
        if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
        let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
        return cb + (2 * cs - 1) * (d - cb)
    case .difference: return abs(cb - cs)
    case .exclusion: return cb + cs - 2 * cb * cs
    default: fatalError()
    }
}
private func lum(_ c: RGB) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
private func clipColor(_ c: RGB) -> RGB {
    let l = lum(c), n = c.min()!, x = c.max()!
    var r = c
    if n < 0 { r = r.map { l + ($0 - l) * l / (l - n) } }
    if x > 1 { r = r.map { l + ($0 - l) * (1 - l) / (x - l) } }
    return r
}
private func setLum(_ c: RGB, _ l: Double) -> RGB { let d = l - lum(c); return clipColor(c.map { $0 + d }) }
private func sat(_ c: RGB) -> Double { c.max()! - c.min()! }
private func setSat(_ c: RGB, _ s: Double) -> RGB {
    let mx = c.max()!, mn = c.min()!
    guard mx > mn else { return [0, 0, 0] }
    return c.map { ($0 - mn) * s / (mx - mn) }
}
private func nonSep(_ mode: BlendMode, _ cb: RGB, _ cs: RGB) -> RGB {
    switch mode {
    case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
    case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
    case .color: return setLum(cs, lum(cb))
    case .luminosity: return setLum(cb, lum(cs))
    default: fatalError()
    }
}

/// Reference result, premultiplied, from straight source (Cs, αs) and destination (Cb, αb).
private func reference(_ mode: BlendMode, _ Cs: RGB, _ sa: Double, _ Cb: RGB, _ da: Double) -> [Double] {
    let s = Cs.map { $0 * sa }, d = Cb.map { $0 * da }
    func pd(_ fa: Double, _ fb: Double) -> [Double] {
        (0..<3).map { s[$0] * fa + d[$0] * fb } + [sa * fa + da * fb]
    }
    switch mode {
    case .normal: return pd(1, 1 - sa)
    case .clear: return [0, 0, 0, 0]
    case .copy: return pd(1, 0)
    case .sourceIn: return pd(da, 0)
    case .sourceOut: return pd(1 - da, 0)
    case .sourceAtop: return pd(da, 1 - sa)
    case .destinationOver: return pd(1 - da, 1)
    case .destinationIn: return pd(0, sa)
    case .destinationOut: return pd(0, 1 - sa)
    case .destinationAtop: return pd(1 - da, sa)
    case .xor: return pd(1 - da, 1 - sa)
    case .plusLighter: return (0..<3).map { min(1, s[$0] + d[$0]) } + [min(1, sa + da)]
    case .plusDarker:
        let ao = min(1, sa + da)
        return (0..<3).map { max(0, ao - ((sa - s[$0]) + (da - d[$0]))) } + [ao]
    case .hue, .saturation, .color, .luminosity:
        let b = nonSep(mode, Cb, Cs)
        return general(s, d, sa, da, b)
    default:
        let b: RGB = (0..<3).map { sep(mode, Cb[$0], Cs[$0]) }
        return general(s, d, sa, da, b)
    }
}

/// co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B, αo = αs + αb·(1 − αs)
private func general(_ s: RGB, _ d: RGB, _ sa: Double, _ da: Double, _ b: RGB) -> [Double] {
    var out: [Double] = []
    for i in 0..<3 {
        let t1: Double = s[i] * (1 - da)
        let t2: Double = d[i] * (1 - sa)
        out.append(t1 + t2 + sa * da * b[i])
    }
    out.append(sa + da * (1 - sa))
    return out
}

private let pairs: [(RGB, Double, RGB, Double)] = [
    ([0.8, 0.3, 0.6], 0.7, [0.2, 0.5, 0.9], 0.6),
    ([0.1, 0.9, 0.45], 1.0, [0.7, 0.2, 0.15], 1.0),
    ([0.55, 0.05, 0.95], 0.4, [0.9, 0.8, 0.1], 0.85),
]

@Test(arguments: BlendMode.allCases)
func blendModeMatchesW3CFormula(_ mode: BlendMode) {
    for (cs, sa, cb, da) in pairs {
        let s = Color(red: cs[0], green: cs[1], blue: cs[2], alpha: sa).premultiplied.simd
        let d = Color(red: cb[0], green: cb[1], blue: cb[2], alpha: da).premultiplied.simd
        let got = mode.apply(source: s, destination: d)
        let want = reference(mode, cs, sa, cb, da)
        for i in 0..<4 {
            #expect(abs(Double(got[i]) - want[i]) < 1e-5, "\(mode) channel \(i): \(got[i]) vs \(want[i])")
        }
    }
}

@Test func transparentSourceLeavesDestinationForIdentityModes() {
    let d = Color(red: 0.3, green: 0.6, blue: 0.2, alpha: 0.8).premultiplied.simd
    for mode in BlendMode.allCases where mode.transparentSourceIsIdentity {
        let r = mode.apply(source: .zero, destination: d)
        #expect(abs(r - d).max() < 1e-6, "\(mode)")
    }
}

@Test func coverageInterpolatesTowardsTheBlendResult() throws {
    // Half coverage of an opaque multiply source: halfway between d and multiply(s, d).
    var ctx = try DrawingContext(width: 4, height: 1)
    ctx.fillAll(with: .solid(Color(red: 0.8, green: 0.6, blue: 0.4)))
    var p = Path()
    p.move(to: Point(0, 0)); p.line(to: Point(0.5, 0)); p.line(to: Point(0.5, 1)); p.line(to: Point(0, 1)); p.close()
    ctx.fill(p, with: .solid(Color(red: 0.5, green: 0.5, blue: 0.5)), blendMode: .multiply)
    let px = ctx.pixmap.pixel(x: 0, y: 0)!.simd
    #expect(abs(px.x - (0.8 + (0.4 - 0.8) * 0.5)) < 1e-5)
    #expect(abs(px.w - 1) < 1e-6)
}

private func abs(_ v: SIMD4<Float>) -> SIMD4<Float> { pointwiseMax(v, -v) }
