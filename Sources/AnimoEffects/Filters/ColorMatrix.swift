// ColorMatrix: a 4×5 colour matrix, SwiftUI's `GraphicsContext.Filter.colorMatrix(_:)`, and the
// engine of every colour filter (ColorEffects.swift builds the matrices of docs/semantics.md §48–55).
// R′ = r1·R + r2·G + r3·B + r4·A + r5, likewise G′, B′, A′ (§56, ADOC `filter/colormatrix`).
//
// Pixel contract
// - Input/output premultiplied RGBA, gamma-encoded sRGB (§57: filter maths in the destination's
//   non-linear values unless `linearColor` is asked for, which is not supported here).
// - The matrix acts on NON-premultiplied values (§56: saturation, hue, brightness, contrast,
//   grayscale, invert and luminanceToAlpha are defined on them; colorMultiply gives the same result
//   either way; a general colorMatrix is applied the same way): each pixel is unpremultiplied
//   (transparent pixels read as (0, 0, 0, 0)), transformed, clamped to 0…1, and re-premultiplied.
// - Per pixel, no neighbours, no edges; in place, allocates nothing.
import AnimoRaster
import AnimoGeometry

/// A 4×5 colour matrix applied to straight (non-premultiplied) RGBA.
public struct ColorMatrix: Sendable, Hashable {
    /// Rows R′, G′, B′, A′; each row is [coefficient of R, G, B, A, constant].
    public let rows: [[Double]]
    // Columns for the pixel loop: out = cr·R + cg·G + cb·B + ca·A + k.
    let cr: SIMD4<Float>, cg: SIMD4<Float>, cb: SIMD4<Float>, ca: SIMD4<Float>, k: SIMD4<Float>

    /// A matrix from 4 rows of 5 finite numbers. Throws `FilterError` otherwise.
    public init(rows: [[Double]]) throws(FilterError) {
        guard rows.count == 4, rows.allSatisfy({ $0.count == 5 }) else {
            throw .outOfRange(parameter: "colorMatrix size (rows × columns must be 4 × 5)",
                              value: Double(rows.count), range: 4...4)
        }
        for (i, r) in rows.enumerated() {
            for (j, v) in r.enumerated() where !v.isFinite {
                throw .nonFinite(parameter: "colorMatrix[\(i)][\(j)]", value: v)
            }
        }
        self.init(validated: rows)
    }

    /// Internal: rows already known to be 4 × 5 finite values.
    init(validated rows: [[Double]]) {
        self.rows = rows
        func col(_ j: Int) -> SIMD4<Float> {
            SIMD4(Float(rows[0][j]), Float(rows[1][j]), Float(rows[2][j]), Float(rows[3][j]))
        }
        cr = col(0); cg = col(1); cb = col(2); ca = col(3); k = col(4)
    }

    public static func == (a: ColorMatrix, b: ColorMatrix) -> Bool { a.rows == b.rows }
    public func hash(into h: inout Hasher) { h.combine(rows) }

    /// The identity matrix.
    public static let identity = ColorMatrix(validated: [[1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0]])

    /// The matrix applied to one straight RGBA value, clamped to 0…1.
    @inline(__always)
    public func transform(straight s: SIMD4<Float>) -> SIMD4<Float> {
        let v = cr * s.x + cg * s.y + cb * s.z + ca * s.w + k
        return v.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
    }

    /// Applies the matrix to every pixel of `pixmap` (unpremultiply, transform, clamp, premultiply).
    public func apply(to pixmap: inout Pixmap) {
        pixmap.pixels.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count {
                let v = p[i]
                var s = v.w > 0 ? v / v.w : .zero
                s.w = v.w > 0 ? v.w : 0
                let o = transform(straight: s)
                p[i] = SIMD4(o.x * o.w, o.y * o.w, o.z * o.w, o.w)
            }
        }
    }

    /// The matrix product `self · m` as 5×5 affine maps (apply `m` first, then `self`).
    public func concatenating(after m: ColorMatrix) -> ColorMatrix {
        var out = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 4)
        for i in 0..<4 {
            for j in 0..<5 {
                var s = j == 4 ? rows[i][4] : 0
                for t in 0..<4 { s += rows[i][t] * m.rows[t][j] }
                out[i][j] = s
            }
        }
        return ColorMatrix(validated: out)
    }
}
