// AlphaThreshold: SwiftUI's `GraphicsContext.Filter.alphaThreshold(min:max:color:)` (docs/semantics.md
// §44–45; docs/architecture.md, "Pixels"): a pixel whose alpha lies in [min, max] becomes `color`, every other
// pixel becomes transparent. The step is hard (no smoothing), following the suggested model of fact
// 45: out = (min ≤ a ≤ max) ? premultiplied(color) : 0.
//
// Pixel contract
// - Reads only alpha (premultiplied RGBA input, or a Float alpha plane from the alpha-only blur);
//   writes premultiplied `color` (gamma-encoded sRGB, §57) or transparent.
// - No edges involved; allocates nothing when applied in place, one pixmap when built from a plane.
//
// `GooFilter` is the fused goo pattern (a canvas that adds `.alphaThreshold` then `.blur`, so the
// blur runs first, §46–47): it blurs alpha only, limited to the region where the blur can still
// reach `min` (GaussianBlur.blurredAlpha), then thresholds — the same pixels as blurring all four
// channels and thresholding, because the threshold reads nothing but alpha.
import AnimoRaster
import AnimoGeometry

/// A hard alpha threshold: alpha in [min, max] → `color`, else transparent.
public struct AlphaThreshold: Sendable, Hashable {
    /// Lower bound of the kept alpha range (0…1).
    public let min: Float
    /// Upper bound of the kept alpha range (min…1).
    public let max: Float
    /// The color of kept pixels (straight sRGB); stored premultiplied in `fill`.
    public let color: Color
    /// `color` premultiplied, what kept pixels become.
    public let fill: PremultipliedColor

    /// Throws `FilterError.invalidThreshold` unless 0 ≤ min ≤ max ≤ 1 (all finite), and
    /// `FilterError.nonFinite` for a NaN or infinite color component.
    public init(min: Double, max: Double = 1, color: Color = .black) throws(FilterError) {
        guard min.isFinite, max.isFinite, min >= 0, max <= 1, min <= max else {
            throw .invalidThreshold(min: min, max: max)
        }
        for (name, v) in [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)]
        where !v.isFinite { throw .nonFinite(parameter: "alphaThreshold color.\(name)", value: v) }
        self.min = Float(min); self.max = Float(max); self.color = color; fill = color.premultiplied
    }

    /// The bounds actually compared: a bound at the end of 0…1 is open, because a blurred alpha
    /// may overshoot 1 (or undershoot 0) by the blur approximation's error (≈ 4e-4 measured at
    /// σ = 4 px inside a 50 px disc); with a closed `max` = 1 the interior of every goo blob came
    /// out hollow. Alpha beyond 0…1 means "fully opaque" / "fully transparent", so this is the
    /// documented rule (§44) applied to the clamped alpha.
    var lowerBound: Float { min <= 0 ? -.infinity : min }
    var upperBound: Float { max >= 1 ? .infinity : max }

    /// True when alpha `a` (clamped to 0…1) is kept.
    @inline(__always) public func keeps(_ a: Float) -> Bool { a >= lowerBound && a <= upperBound }

    /// Thresholds `pixmap` in place.
    public func apply(to pixmap: inout Pixmap) {
        let c = fill.simd, lo = lowerBound, hi = upperBound
        pixmap.pixels.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count {
                let a = p[i].w
                p[i] = (a >= lo && a <= hi) ? c : .zero
            }
        }
    }

    /// A pixmap of the plane's size: `fill` where the plane's value is kept, transparent elsewhere.
    public func pixmap(from plane: AlphaPlane) -> Pixmap {
        // The plane's size was validated when it was made, so this cannot throw.
        var out = try! Pixmap(width: plane.width, height: plane.height)
        let c = fill.simd, lo = lowerBound, hi = upperBound
        out.pixels.withUnsafeMutableBufferPointer { p in
            plane.values.withUnsafeBufferPointer { v in
                for i in 0..<p.count where v[i] >= lo && v[i] <= hi { p[i] = c }
            }
        }
        return out
    }

    /// Composites `fill` source-over onto `dst` wherever the plane's value is kept (the thresholded
    /// layer drawn over a background, without building the layer). Planes of another size are ignored.
    public func composite(_ plane: AlphaPlane, onto dst: inout Pixmap) {
        guard plane.width == dst.width, plane.height == dst.height else { return }
        let c = fill.simd, k = 1 - c.w, lo = lowerBound, hi = upperBound
        dst.pixels.withUnsafeMutableBufferPointer { p in
            plane.values.withUnsafeBufferPointer { v in
                for i in 0..<p.count where v[i] >= lo && v[i] <= hi { p[i] = c + p[i] * k }
            }
        }
    }
}

/// The goo pattern: blur (alpha only), then a hard alpha threshold.
public struct GooFilter: Sendable, Hashable {
    public let blur: GaussianBlur
    public let threshold: AlphaThreshold

    public init(blur: GaussianBlur, threshold: AlphaThreshold) {
        self.blur = blur; self.threshold = threshold
    }

    /// The blurred alpha the threshold reads, computed only where it can reach `threshold.min`.
    public func blurredAlpha(of pixmap: Pixmap, threads: Int = GaussianBlur.defaultThreads) -> AlphaPlane {
        blur.blurredAlpha(of: pixmap, threshold: threshold.min, threads: threads)
    }

    /// Replaces `pixmap` with threshold(blur(pixmap)).
    public func apply(to pixmap: inout Pixmap, threads: Int = GaussianBlur.defaultThreads) {
        pixmap = threshold.pixmap(from: blurredAlpha(of: pixmap, threads: threads))
    }

    /// threshold(blur(coverage)) composited onto `dst`, for a coverage plane (e.g. rasterized blobs).
    public func composite(coverage: AlphaPlane, onto dst: inout Pixmap, threads: Int = GaussianBlur.defaultThreads) {
        let plane = blur.blurred(coverage, threshold: threshold.min, threads: threads)
        threshold.composite(plane, onto: &dst)
    }
}
