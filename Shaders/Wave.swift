// wave — a travelling sine wave that shifts content vertically, as a distortion effect.
// Twin: Shaders/Metal/Wave.metal.
//
// Contract (docs/semantics.md §71): source = (x, y + amplitude · sin(2π (x − speed·time) / wavelength)),
// positions in view-local points; the wavelength is floored at 1 point. `maxSampleOffset` =
// (0, |amplitude|).

import AnimoEffects

/// The decoded arguments of `wave`.
public struct WaveUniforms: Sendable {
    public var time: Float
    public var amplitude: Float
    /// 2π / wavelength.
    public var wavenumber: Float
    public var speed: Float
}

/// `wave(float time, float amplitude, float wavelength, float speed)`.
public enum Wave: DistortionEffectKernel {
    public static let name = "wave"
    public static let parameters: [ShaderParameter] = [
        .init("time", .float), .init("amplitude", .float), .init("wavelength", .float), .init("speed", .float),
    ]

    public static func decode(_ a: ShaderArguments) -> WaveUniforms {
        WaveUniforms(time: a.float(0), amplitude: a.float(1), wavenumber: 2 * .pi / max(a.float(2), 1), speed: a.float(3))
    }

    @inline(__always)
    public static func sourcePosition(at position: SIMD2<Float>, uniforms u: WaveUniforms) -> SIMD2<Float> {
        SIMD2(position.x, position.y + u.amplitude * fsin(u.wavenumber * (position.x - u.speed * u.time)))
    }
}
