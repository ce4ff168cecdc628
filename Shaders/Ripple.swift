// ripple — a ring wave travelling out from a touch point, as a distortion effect (swiftui-microinteractions skill,
// archetype table "ripple: expand from the tap position"). Twin: Shaders/Metal/Ripple.metal.
//
// Contract (docs/semantics.md §71): returns the source position for each destination position, in
// view-local points; the displacement is radial and at most |amplitude| points, so
// `maxSampleOffset` = (|amplitude|, |amplitude|) suffices.
//
// Model (constants chosen here): d = |p − origin|, the front at radius R = speed·time;
// x = d − R; displacement = amplitude · sin(x / 4) · exp(−(x / 24)²) · exp(−decay·time)
// (a Gaussian-windowed carrier of wavelength 2π·4 ≈ 25 pt, ring half-width ≈ 24 pt, damped in time).

import AnimoEffects

/// The decoded arguments of `ripple`.
public struct RippleUniforms: Sendable {
    public var origin: SIMD2<Float>
    public var time: Float
    public var amplitude: Float
    public var speed: Float
    public var decay: Float
}

/// `ripple(float2 origin, float time, float amplitude, float speed, float decay)`.
public enum Ripple: DistortionEffectKernel {
    public static let name = "ripple"
    public static let parameters: [ShaderParameter] = [
        .init("origin", .float2), .init("time", .float), .init("amplitude", .float),
        .init("speed", .float), .init("decay", .float),
    ]

    public static func decode(_ a: ShaderArguments) -> RippleUniforms {
        RippleUniforms(origin: a.float2(0), time: a.float(1), amplitude: a.float(2), speed: a.float(3), decay: a.float(4))
    }

    @inline(__always)
    public static func sourcePosition(at position: SIMD2<Float>, uniforms u: RippleUniforms) -> SIMD2<Float> {
        let delta = position - u.origin
        let d = length(delta)
        guard d > 1e-4 else { return position }
        let x = d - u.speed * u.time
        let window = x / 24
        let displacement = u.amplitude * fsin(x / 4) * fexp(-window * window) * fexp(-u.decay * u.time)
        return position + delta * (displacement / d)
    }
}
