// Colour measures behind `colorAt` and colour coverage (docs/spec.md, "Expectations"): how far a
// pixel's colour is from an expected one, as CIE76 ΔE*ab — the Euclidean distance in CIELAB — and
// masks of the pixels near a colour, measured like visible pixels.
//
// Conversion: 8-bit sRGB decoded with the sRGB transfer function (IEC 61966-2-1), to CIE XYZ with
// the sRGB primaries and D65 white, to CIELAB relative to D65 (CIE 15:2004). A colour that is not
// opaque is first composited, in gamma-encoded sRGB as the renderer composites, over opaque white:
// a pixel of a transparent canvas and an expected colour with an opacity are measured as they
// would look on a white page. ΔE 2.3 is about a just noticeable difference (Sharma, "Digital
// Color Imaging Handbook", 2003). CIE76 rather than CIEDE2000: simpler to state and to check by
// hand, and it is conservative (larger) for saturated colours, where CIEDE2000 compresses chroma.
import Foundation
import AnimoRaster

/// A colour in CIELAB (D65).
public struct LabColor: Sendable, Equatable {
    public var l, a, b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l; self.a = a; self.b = b
    }

    /// From straight-alpha sRGB components in 0…1 (clamped), composited over white when not opaque.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func c(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        let al = c(alpha)
        func over(_ v: Double) -> Double { c(v) * al + (1 - al) }
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        let r = linear(over(red)), g = linear(over(green)), bl = linear(over(blue))
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * bl
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * bl) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// The pixel at byte offset `o` of straight RGBA bytes.
    init(bytes p: UnsafeBufferPointer<UInt8>, offset o: Int) {
        self.init(red: Double(p[o]) / 255, green: Double(p[o + 1]) / 255, blue: Double(p[o + 2]) / 255, alpha: Double(p[o + 3]) / 255)
    }

    /// CIE76 ΔE*ab.
    public func deltaE(_ o: LabColor) -> Double {
        let dl = l - o.l, da = a - o.a, db = b - o.b
        return (dl * dl + da * da + db * db).squareRoot()
    }
}

extension VisibleMask {
    /// The pixels of `region` whose colour is within `deltaE` (CIE76) of `color`, as a mask that
    /// measures like the visible pixels (coverage, components, bounds, centroid).
    public init(image: RGBAImage, matching color: LabColor, deltaE: Double, region: PixelRect? = nil) {
        let r = Self.clip(region, image)
        let limit = deltaE.isNaN ? 0 : max(deltaE, 0)
        var v = [Bool](repeating: false, count: max(r.width, 0) * max(r.height, 0))
        var n = 0
        if !r.isEmpty {
            image.bytes.withUnsafeBufferPointer { p in
                for y in 0..<r.height {
                    for x in 0..<r.width where LabColor(bytes: p, offset: 4 * ((r.y + y) * image.width + r.x + x)).deltaE(color) <= limit {
                        v[y * r.width + x] = true
                        n += 1
                    }
                }
            }
        }
        self.init(region: r, visible: v, visibleCount: n)
    }

    /// The colour of one pixel (nil outside the image).
    public static func color(of image: RGBAImage, x: Int, y: Int) -> LabColor? {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
        return image.bytes.withUnsafeBufferPointer { LabColor(bytes: $0, offset: 4 * (y * image.width + x)) }
    }
}
