// Gradient ramps for per-pixel shading: the stops of a `Gradient` (AnimoGeometry) as Float colours,
// interpolated exactly as `Gradient.color(at:)` does, premultiplied.
import AnimoGeometry

extension Gradient {
    /// A ramp prepared for per-pixel use: straight Float stop colors; `premultiplied(at:)` is the
    /// exact same interpolation as `color(at:)`, premultiplied, with `opacity` applied to alpha.
    func ramp(opacity: Float) -> Ramp { Ramp(self, opacity: opacity) }

    struct Ramp: Sendable {
        let locations: [Float]
        let colors: [SIMD4<Float>]       // straight, alpha × opacity, clamped to 0…1 alpha

        init(_ g: Gradient, opacity: Float) {
            locations = g.stops.map { Float($0.location) }
            colors = g.stops.map { s in
                SIMD4(Float(s.color.red), Float(s.color.green), Float(s.color.blue),
                      min(max(Float(s.color.alpha), 0), 1) * opacity)
            }
        }

        @inline(__always) func premultiplied(at t: Float) -> SIMD4<Float> {
            let n = locations.count
            guard n > 0 else { return .zero }
            var c: SIMD4<Float>
            var i = 0
            while i < n && locations[i] <= t { i += 1 }
            if i == 0 { c = colors[0] } else if i == n { c = colors[n - 1] } else {
                let l0 = locations[i - 1], l1 = locations[i]
                let f = (t - l0) / (l1 - l0)
                c = colors[i - 1] + (colors[i] - colors[i - 1]) * f
            }
            return SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
        }
    }
}
