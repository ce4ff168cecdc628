// An image handed to a shader as its `texture2d<half>` argument (docs/semantics.md §74).
// Pixel contract: premultiplied RGBA as Float in 0…1 (gamma-encoded sRGB, like every colour
// the runtime hands to kernels), row-major, top row first. Immutable once made.

/// A premultiplied RGBA image a kernel can read and sample.
///
/// The spec layer decodes a PNG into one of these; the runtime never touches files.
public struct ShaderImage: Sendable, Equatable {
    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// `width * height` premultiplied RGBA pixels, row-major, top row first.
    public let pixels: [SIMD4<Float>]

    /// Makes an image; `nil` when a side is not positive, the pixel count does not match or a
    /// component is not finite.
    public init?(width: Int, height: Int, pixels: [SIMD4<Float>]) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15,
              pixels.count == width * height else { return nil }
        for p in pixels where !(p.x.isFinite && p.y.isFinite && p.z.isFinite && p.w.isFinite) {
            return nil
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at integer coordinates, clamped to the edge (MSL `texture.read` with a
    /// clamped coordinate).
    @inlinable
    public func read(x: Int, y: Int) -> SIMD4<Float> {
        let cx = min(max(x, 0), width - 1)
        let cy = min(max(y, 0), height - 1)
        return pixels[cy * width + cx]
    }

    /// Bilinear sample at normalized coordinates (0…1 across the image, pixel centres at
    /// (i + 0.5)/width), clamped to the edge, like an MSL sampler with
    /// `filter::linear, address::clamp_to_edge`. Non-finite coordinates sample transparent.
    @inlinable
    public func sample(normalized uv: SIMD2<Float>) -> SIMD4<Float> {
        guard uv.x.isFinite, uv.y.isFinite else { return .zero }
        // Pixel-centre convention: texel i covers [i, i+1) and is centred at i + 0.5.
        let qx = min(max(uv.x * Float(width) - 0.5, -1), Float(width))
        let qy = min(max(uv.y * Float(height) - 0.5, -1), Float(height))
        let x0 = qx.rounded(.down), y0 = qy.rounded(.down)
        let fx = qx - x0, fy = qy - y0
        let ix = Int(x0), iy = Int(y0)
        let a = read(x: ix, y: iy), b = read(x: ix + 1, y: iy)
        let c = read(x: ix, y: iy + 1), d = read(x: ix + 1, y: iy + 1)
        let top = a + (b - a) * fx
        let bottom = c + (d - c) * fx
        return top + (bottom - top) * fy
    }
}
