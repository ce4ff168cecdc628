// Bilinear sampling of a ShaderBuffer in view-local points, transparent outside: the CPU side of
// `layer.sample(p)` (docs/semantics.md §72: "linearly filtered, premultiplied") and of a distortion's
// source lookup (§71). Borrowed pointer: valid only inside the runtime call that made it.

/// Samples premultiplied pixels bilinearly; pixels outside the buffer are transparent black.
public struct BufferSampler: LayerSampler, @unchecked Sendable {
    @usableFromInline let pixels: UnsafePointer<SIMD4<Float>>
    @usableFromInline let width: Int
    @usableFromInline let height: Int
    @usableFromInline let geometry: ShaderGeometry

    @inlinable
    init(pixels: UnsafePointer<SIMD4<Float>>, width: Int, height: Int, geometry: ShaderGeometry) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.geometry = geometry
    }

    @inlinable
    func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        // Unsigned compare folds the `>= 0` test in.
        if UInt(bitPattern: x) < UInt(width) && UInt(bitPattern: y) < UInt(height) {
            return pixels[y * width + x]
        }
        return .zero
    }

    /// The bilinearly filtered colour at `position` (view-local points). Non-finite positions
    /// and positions more than a pixel outside the buffer return transparent.
    @inlinable
    public func sample(_ position: SIMD2<Float>) -> SIMD4<Float> {
        let q = geometry.pixelCoordinate(of: position)
        // Also rejects NaN (comparisons are false), so the Int conversions below cannot trap.
        guard q.x > -1, q.y > -1, q.x < Float(width), q.y < Float(height) else { return .zero }
        let x0 = q.x.rounded(.down), y0 = q.y.rounded(.down)
        let fx = q.x - x0, fy = q.y - y0
        let ix = Int(x0), iy = Int(y0)
        let a = texel(ix, iy), b = texel(ix + 1, iy)
        let c = texel(ix, iy + 1), d = texel(ix + 1, iy + 1)
        let top = a + (b - a) * fx
        let bottom = c + (d - c) * fx
        return top + (bottom - top) * fy
    }
}
