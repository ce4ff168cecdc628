// Shadow: SwiftUI's `GraphicsContext.Filter.shadow(color:radius:x:y:)` / `View.shadow`: the layer's
// alpha blurred (σ = radius, the same Gaussian as `blur`), offset by (x, y), tinted with `color`,
// and composited under the layer (layer source-over shadow).
//
// Pixel contract
// - Input/output premultiplied RGBA, gamma-encoded sRGB (§57). Reads only the layer's alpha
//   for the shadow; the layer itself is unchanged on top.
// - Edges: transparent outside (the shadow of content near an edge is cut at the pixmap; nothing
//   outside the pixmap casts a shadow). Fractional offsets are sampled bilinearly.
// - Allocates one alpha plane (GaussianBlur.blurredAlpha) per application.
// Default colour in SwiftUI: Color(.sRGBLinear, white: 0, opacity: 0.33) (§43) — the spec layer
// supplies it; this type takes an explicit colour.
// § numbers refer to docs/semantics.md.
import AnimoRaster
import AnimoGeometry

/// A drop shadow under a layer.
public struct DropShadow: Sendable, Hashable {
    public let color: Color
    public let blur: GaussianBlur
    /// Offset in pixels (y down).
    public let x: Double, y: Double

    /// Throws `FilterError` for a negative or non-finite radius, non-finite offsets or colour.
    public init(color: Color, radius: Double, x: Double = 0, y: Double = 0) throws(FilterError) {
        guard radius.isFinite, radius >= 0 else { throw .invalidRadius(parameter: "shadow radius", value: radius) }
        guard x.isFinite else { throw .nonFinite(parameter: "shadow x", value: x) }
        guard y.isFinite else { throw .nonFinite(parameter: "shadow y", value: y) }
        for (n, v) in [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)]
        where !v.isFinite { throw .nonFinite(parameter: "shadow color.\(n)", value: v) }
        self.color = color; self.x = x; self.y = y
        blur = try GaussianBlur(sigma: radius)
    }

    /// Draws the shadow under `pixmap`'s content, in place.
    public func apply(to pixmap: inout Pixmap, threads: Int = GaussianBlur.defaultThreads) {
        let plane = blur.blurredAlpha(of: pixmap, threads: threads)
        let w = pixmap.width, h = pixmap.height
        let tint = color.premultiplied.simd
        // Shadow at pixel (i, j) = blurred alpha at (i − x, j − y), bilinear.
        // An offset past the pixmap moves every sample outside it (transparent): clamp to ±(side + 2)
        // before converting, so offsets of 1e300 px cannot trap.
        let ix = Int(min(max((-x).rounded(.down), -Double(w) - 2), Double(w) + 2))
        let iy = Int(min(max((-y).rounded(.down), -Double(h) - 2), Double(h) + 2))
        let fx = Float(-x - Double(ix)), fy = Float(-y - Double(iy))
        pixmap.pixels.withUnsafeMutableBufferPointer { p in
            plane.values.withUnsafeBufferPointer { v in
                func a(_ x: Int, _ y: Int) -> Float { (x < 0 || y < 0 || x >= w || y >= h) ? 0 : v[y * w + x] }
                for j in 0..<h {
                    for i in 0..<w {
                        let sx = i + ix, sy = j + iy
                        let top = a(sx, sy) * (1 - fx) + a(sx + 1, sy) * fx
                        let bottom = a(sx, sy + 1) * (1 - fx) + a(sx + 1, sy + 1) * fx
                        let s = min(max(top * (1 - fy) + bottom * fy, 0), 1)
                        guard s > 0 else { continue }
                        let layer = p[j * w + i]
                        p[j * w + i] = layer + tint * s * (1 - layer.w)
                    }
                }
            }
        }
    }
}
