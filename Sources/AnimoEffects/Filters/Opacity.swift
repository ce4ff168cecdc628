// Opacity: SwiftUI's `opacity(_:)` as a layer filter: every premultiplied channel × a.
// Pixel contract: premultiplied RGBA in, premultiplied out (scaling premultiplied values scales
// coverage and colour together, which is exactly "more transparent"); colour space irrelevant; no
// edges; in place, allocates nothing. a is clamped to 0…1 (SwiftUI clamps opacity).
import AnimoRaster
import AnimoGeometry

/// Multiplies a layer's alpha (and so its premultiplied colour) by `amount`.
public struct Opacity: Sendable, Hashable {
    /// The factor, 0…1.
    public let amount: Float

    /// Throws `FilterError.nonFinite` for NaN or infinity; other values are clamped to 0…1.
    public init(_ amount: Double) throws(FilterError) {
        guard amount.isFinite else { throw .nonFinite(parameter: "opacity", value: amount) }
        self.amount = Float(min(max(amount, 0), 1))
    }

    public func apply(to pixmap: inout Pixmap) {
        let k = amount
        guard k < 1 else { return }
        pixmap.pixels.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count { p[i] *= k }
        }
    }
}
