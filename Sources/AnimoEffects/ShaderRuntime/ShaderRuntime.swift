// The CPU runtime: runs a kernel over every pixel of a ShaderBuffer, in parallel over row
// bands, identical output whatever the thread count (each pixel is a pure function of its
// inputs; workers only partition rows).
//
// Speed design: the entry points are generic over the kernel type and @inlinable, so when a
// kernel module calls them (through the kind protocol's `prepare`), the compiler specializes the
// loop for that kernel and inlines its static per-pixel function; arguments are decoded once per
// frame into the kernel's `Uniforms`. Rejected: a `[any Kernel]` / closure per pixel (an
// indirect call and no inlining per pixel) — see the report figures in ShadersTests.
//
// Sampling (distortion source and layer.sample, docs/semantics.md §71–72): bilinear between the four
// nearest pixel centres, pixels outside the buffer count as transparent.

import AnimoRaster

/// Runs kernels over buffers. All functions are deterministic for any `threads`.
public enum ShaderRuntime {
    /// Rows per band handed to a worker; bands are dealt round-robin to workers.
    @usableFromInline static let bandRows = 8

    /// Calls `body(row)` for each row in 0..<height, on `threads` workers (≤ 1: inline), in bands
    /// of `bandRows` rows.
    @inlinable
    static func forEachRow(height: Int, threads: Int, _ body: (Int) -> Void) {
        let bands = (height + bandRows - 1) / bandRows
        Parallel.forEachChunk(count: bands, threads: min(threads, bands)) { range in
            for y in (range.lowerBound * bandRows)..<min(range.upperBound * bandRows, height) { body(y) }
        }
    }

    /// The x positions (view-local points) of pixel centres of every column, computed once.
    @inlinable
    static func columnPositions(width: Int, geometry: ShaderGeometry) -> [Float] {
        (0..<width).map { (Float($0) + 0.5) / geometry.scale - geometry.origin.x }
    }

    /// Applies a colour effect in place: each pixel becomes `K.color(at:color:uniforms:)`.
    @inlinable
    public static func applyColorEffect<K: ColorEffectKernel>(
        _ kernel: K.Type, uniforms: K.Uniforms, to buffer: inout ShaderBuffer,
        geometry: ShaderGeometry, threads: Int = 1
    ) {
        let width = buffer.width, height = buffer.height
        let xs = columnPositions(width: width, geometry: geometry)
        xs.withUnsafeBufferPointer { xs in
            buffer.pixels.withUnsafeMutableBufferPointer { px in
                let base = UncheckedSendable(px.baseAddress!)
                let xsBase = UncheckedSendable(xs.baseAddress!)
                forEachRow(height: height, threads: threads) { y in
                    let py = (Float(y) + 0.5) / geometry.scale - geometry.origin.y
                    let row = base.value + y * width
                    let xp = xsBase.value
                    for x in 0..<width {
                        row[x] = K.color(at: SIMD2(xp[x], py), color: row[x], uniforms: uniforms)
                    }
                }
            }
        }
    }

    /// Applies a distortion: each pixel samples `source` bilinearly at the kernel's source
    /// position (transparent outside the buffer). Returns a new buffer of the same size.
    @inlinable
    public static func applyDistortionEffect<K: DistortionEffectKernel>(
        _ kernel: K.Type, uniforms: K.Uniforms, source: ShaderBuffer,
        geometry: ShaderGeometry, threads: Int = 1
    ) -> ShaderBuffer {
        var out = source
        let width = source.width, height = source.height
        let xs = columnPositions(width: width, geometry: geometry)
        source.pixels.withUnsafeBufferPointer { src in
            let sampler = BufferSampler(pixels: src.baseAddress!, width: width, height: height, geometry: geometry)
            xs.withUnsafeBufferPointer { xs in
                out.pixels.withUnsafeMutableBufferPointer { px in
                    let base = UncheckedSendable(px.baseAddress!)
                    let xsBase = UncheckedSendable(xs.baseAddress!)
                    forEachRow(height: height, threads: threads) { y in
                        let py = (Float(y) + 0.5) / geometry.scale - geometry.origin.y
                        let row = base.value + y * width
                        let xp = xsBase.value
                        for x in 0..<width {
                            let s = K.sourcePosition(at: SIMD2(xp[x], py), uniforms: uniforms)
                            row[x] = sampler.sample(s)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Applies a layer effect: each pixel becomes `K.color(at:layer:uniforms:)` where the layer
    /// is `source` sampled bilinearly in view-local points. Returns a new buffer.
    @inlinable
    public static func applyLayerEffect<K: LayerEffectKernel>(
        _ kernel: K.Type, uniforms: K.Uniforms, source: ShaderBuffer,
        geometry: ShaderGeometry, threads: Int = 1
    ) -> ShaderBuffer {
        var out = source
        let width = source.width, height = source.height
        let xs = columnPositions(width: width, geometry: geometry)
        source.pixels.withUnsafeBufferPointer { src in
            let sampler = BufferSampler(pixels: src.baseAddress!, width: width, height: height, geometry: geometry)
            xs.withUnsafeBufferPointer { xs in
                out.pixels.withUnsafeMutableBufferPointer { px in
                    let base = UncheckedSendable(px.baseAddress!)
                    let xsBase = UncheckedSendable(xs.baseAddress!)
                    forEachRow(height: height, threads: threads) { y in
                        let py = (Float(y) + 0.5) / geometry.scale - geometry.origin.y
                        let row = base.value + y * width
                        let xp = xsBase.value
                        for x in 0..<width {
                            row[x] = K.color(at: SIMD2(xp[x], py), layer: sampler, uniforms: uniforms)
                        }
                    }
                }
            }
        }
        return out
    }
}

/// Carries a non-Sendable value (a raw pointer or a non-escaping body) into concurrent workers.
/// Safe here because workers write disjoint rows and only read shared inputs.
@usableFromInline
struct UncheckedSendable<T>: @unchecked Sendable {
    @usableFromInline let value: T
    @inlinable init(_ value: T) { self.value = value }
}
