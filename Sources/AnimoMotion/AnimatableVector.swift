// AnimatableVector: a fixed-size (4 × Double) animatable value that carries every kind the
// spec animates: scalars, points, sizes, rects, angles, unit points and colors.
//
// Units follow SwiftUI's animatableData (docs/semantics.md §21): Angle (radians), UnitPoint and
// Color.Resolved are multiplied by `unitScale` = 128, so the fluid spring's rest thresholds
// (§15) are met at the same visual precision as on device. Colors animate in *linear*
// sRGB plus opacity (§58), encoded here from and decoded to gamma-encoded sRGB.

import Foundation

/// Four doubles with component-wise arithmetic. Unused components stay zero.
public struct AnimatableVector: VectorArithmetic, Hashable, Sendable, CustomStringConvertible {
    /// The components (x, y, z, w).
    public var storage: SIMD4<Double>

    /// SwiftUI's `unitScale` for Angle, UnitPoint and Color.Resolved (§21: OSUI
    /// `VectorArithmetic.swift`, `Angle.swift`, `ConstantColor.swift`).
    public static let unitScale: Double = 128

    public init(storage: SIMD4<Double>) { self.storage = storage }
    public init(_ x: Double, _ y: Double = 0, _ z: Double = 0, _ w: Double = 0) {
        storage = SIMD4(x, y, z, w)
    }

    public static var zero: AnimatableVector { AnimatableVector(storage: .zero) }
    public var x: Double { storage.x }
    public var y: Double { storage.y }
    public var z: Double { storage.z }
    public var w: Double { storage.w }

    public static func + (a: AnimatableVector, b: AnimatableVector) -> AnimatableVector {
        AnimatableVector(storage: a.storage + b.storage)
    }
    public static func - (a: AnimatableVector, b: AnimatableVector) -> AnimatableVector {
        AnimatableVector(storage: a.storage - b.storage)
    }
    public static func * (a: AnimatableVector, s: Double) -> AnimatableVector {
        AnimatableVector(storage: a.storage * s)
    }
    public static func * (s: Double, a: AnimatableVector) -> AnimatableVector {
        AnimatableVector(storage: a.storage * s)
    }
    public mutating func scale(by rhs: Double) { storage *= rhs }
    public var magnitudeSquared: Double { (storage * storage).sum() }
    /// The Euclidean length.
    public var magnitude: Double { magnitudeSquared.squareRoot() }
    /// Dot product.
    public func dot(_ o: AnimatableVector) -> Double { (storage * o.storage).sum() }
    /// True when every component is finite.
    public var isFinite: Bool {
        storage.x.isFinite && storage.y.isFinite && storage.z.isFinite && storage.w.isFinite
    }
    public var description: String { "(\(x), \(y), \(z), \(w))" }

    // MARK: Encoders for the value kinds (what Scene converts to and from)

    /// A scalar (opacity, scale, length in points): stored unscaled, like CGFloat.
    public static func scalar(_ v: Double) -> AnimatableVector { AnimatableVector(v) }
    /// A point or offset in points: (x, y), unscaled like CGPoint.
    public static func point(x: Double, y: Double) -> AnimatableVector { AnimatableVector(x, y) }
    /// A size in points: (width, height), unscaled like CGSize.
    public static func size(width: Double, height: Double) -> AnimatableVector { AnimatableVector(width, height) }
    /// A rect: (x, y, width, height), unscaled like CGRect.
    public static func rect(x: Double, y: Double, width: Double, height: Double) -> AnimatableVector {
        AnimatableVector(x, y, width, height)
    }
    /// An angle: radians × 128 (§21).
    public static func angle(radians: Double) -> AnimatableVector { AnimatableVector(radians * unitScale) }
    /// An angle given in degrees: stored as radians × 128 (§21).
    public static func angle(degrees: Double) -> AnimatableVector { angle(radians: degrees * .pi / 180) }
    /// A unit point (anchor): (x, y) × 128 (§21).
    public static func unitPoint(x: Double, y: Double) -> AnimatableVector {
        AnimatableVector(x * unitScale, y * unitScale)
    }
    /// A color from gamma-encoded (extended) sRGB components: stored as linear sRGB and opacity,
    /// each × 128 (§21, 58). Opacity is not premultiplied into the color.
    public static func color(red: Double, green: Double, blue: Double, opacity: Double) -> AnimatableVector {
        AnimatableVector(SRGB.toLinear(red) * unitScale, SRGB.toLinear(green) * unitScale,
                         SRGB.toLinear(blue) * unitScale, opacity * unitScale)
    }

    /// Decodes `angle(radians:)`.
    public var radians: Double { x / Self.unitScale }
    /// Decodes `angle(degrees:)`.
    public var degrees: Double { radians * 180 / .pi }
    /// Decodes `unitPoint(x:y:)`.
    public var unitPoint: (x: Double, y: Double) { (x / Self.unitScale, y / Self.unitScale) }
    /// Decodes `color(...)` back to gamma-encoded sRGB components and opacity.
    public var color: (red: Double, green: Double, blue: Double, opacity: Double) {
        (SRGB.fromLinear(x / Self.unitScale), SRGB.fromLinear(y / Self.unitScale),
         SRGB.fromLinear(z / Self.unitScale), w / Self.unitScale)
    }
}

/// The sRGB transfer function (IEC 61966-2-1), extended to negative values by odd symmetry
/// (the "extended sRGB" convention of Apple's color spaces).
public enum SRGB {
    /// Gamma-encoded → linear.
    public static func toLinear(_ c: Double) -> Double {
        let a = abs(c)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return c < 0 ? -l : l
    }
    /// Linear → gamma-encoded.
    public static func fromLinear(_ l: Double) -> Double {
        let a = abs(l)
        let c = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return l < 0 ? -c : c
    }
}

