// The plain pixel buffer the shader runtime works on (AnimoRender copies a layer's Pixmap pixels
// in and out), and the mapping from its pixels to the view's local points.
// Pixel contract: premultiplied RGBA as Float (0…1 nominal, gamma sRGB), row-major, top row first.

/// A premultiplied RGBA Float buffer, at least 1×1.
public struct ShaderBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height` pixels, row-major, top row first.
    public var pixels: [SIMD4<Float>]

    /// `nil` unless both sides are in 1…32768 and `pixels.count == width * height`.
    public init?(width: Int, height: Int, pixels: [SIMD4<Float>]) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15,
              pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A buffer filled with one premultiplied colour; `nil` for sides outside 1…32768.
    public init?(width: Int, height: Int, fill: SIMD4<Float> = .zero) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else { return nil }
        self.init(width: width, height: height, pixels: Array(repeating: fill, count: width * height))
    }

    /// Whether every pixel in `region` (default: all) is black or transparent: no pixel has both
    /// alpha and its largest colour component above `tolerance`. This is the black-shader trap
    /// (docs/architecture.md, "The traps"): on a device a wrong name or argument order renders exactly this; the spec
    /// layer warns on render and fails `notBlank`. An empty or out-of-range region is blank.
    public func isBlank(tolerance: Float = 1.0 / 255, xs: Range<Int>? = nil, ys: Range<Int>? = nil) -> Bool {
        let xr = (xs ?? 0..<width).clamped(to: 0..<width)
        let yr = (ys ?? 0..<height).clamped(to: 0..<height)
        for y in yr {
            for x in xr {
                let p = pixels[y * width + x]
                if p.w > tolerance && max(p.x, max(p.y, p.z)) > tolerance { return false }
            }
        }
        return true
    }

    /// The pixel at (x, y); both must be in range.
    public subscript(x: Int, y: Int) -> SIMD4<Float> {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}

/// How buffer pixels map to the view's local space, in which kernels see positions.
///
/// The centre of pixel (px, py) is at `((px + 0.5) / scale − origin.x, (py + 0.5) / scale − origin.y)`
/// in view-local points (docs/semantics.md §75: positions are user-space points, origin top-left).
public struct ShaderGeometry: Sendable, Equatable {
    /// Pixels per point, finite and > 0.
    public let scale: Float
    /// Where the view's local origin lies in the buffer, in points (e.g. the padding added for
    /// a distortion's `maxSampleOffset`).
    public let origin: SIMD2<Float>

    /// `nil` unless `scale` is finite and positive and `origin` finite.
    public init?(scale: Float, origin: SIMD2<Float> = .zero) {
        guard scale.isFinite, scale > 0, origin.x.isFinite, origin.y.isFinite else { return nil }
        self.scale = scale
        self.origin = origin
    }

    /// The view-local position (points) of the centre of pixel (px, py).
    @inlinable
    public func position(px: Int, py: Int) -> SIMD2<Float> {
        SIMD2((Float(px) + 0.5) / scale - origin.x, (Float(py) + 0.5) / scale - origin.y)
    }

    /// The continuous pixel coordinate (pixel centres at integers) of a view-local position.
    @inlinable
    public func pixelCoordinate(of position: SIMD2<Float>) -> SIMD2<Float> {
        (position + origin) * scale - 0.5
    }
}
