// Span compositing: the inner loops that combine a row of source colors with a row of destination
// pixels under a row of coverage. All values premultiplied Float32 (see Pixmap.swift).
//
// Coverage rule: with coverage k (shape anti-aliasing × clip × mask) the result is
//     d' = d + k·(B(s, d) − d)
// i.e. the destination interpolated towards the full-coverage result (the rule Skia's raster pipeline
// applies to anti-aliasing coverage, its "lerp" stage). For source-over this
// equals compositing the source scaled by k, k·s + d·(1 − k·αs), which the fast path computes. It
// also keeps modes such as sourceIn or copy from touching pixels outside the shape or clip.
// Pixels with k = 0 keep their value (skipped in the general path, exact in the branchless fast path).

import AnimoGeometry
enum Compositor {
    /// Composites a solid premultiplied color over `count` pixels.
    @inline(__always)
    static func solidRow(_ dst: UnsafeMutablePointer<SIMD4<Float>>, _ cov: UnsafePointer<Float>, _ count: Int,
                         _ s: SIMD4<Float>, _ mode: BlendMode) {
        if mode == .normal {
            // Branchless: k = 0 gives d exactly, k = 1 gives s + d·(1 − αs). Measured faster than
            // skipping k = 0 or storing s for opaque k = 1 (per-pixel branches cost more than the FMA).
            // Four pixels per iteration, their coverages loaded as one vector (the same operations
            // per pixel, so the same bits; ~1 M fewer instructions per raster-workload frame).
            let sa = s.w
            var i = 0
            while i &+ 4 <= count {
                let k = UnsafeRawPointer(cov + i).loadUnaligned(as: SIMD4<Float>.self)
                let f = 1 - sa * k
                dst[i] = s * k.x + dst[i] * f.x
                dst[i + 1] = s * k.y + dst[i + 1] * f.y
                dst[i + 2] = s * k.z + dst[i + 2] * f.z
                dst[i + 3] = s * k.w + dst[i + 3] * f.w
                i += 4
            }
            while i < count {
                let k = cov[i]
                dst[i] = s * k + dst[i] * (1 - sa * k)
                i += 1
            }
            return
        }
        for i in 0..<count {
            let k = cov[i]
            guard k > 0 else { continue }
            let d = dst[i]
            dst[i] = d + (mode.apply(source: s, destination: d) - d) * k
        }
    }

    /// Composites a solid premultiplied color over `count` pixels that all have coverage `k` (an
    /// interior span). Same arithmetic as `solidRow` with the per-pixel factors hoisted, so the
    /// pixels are bit-identical to it; an opaque source at full coverage is stored (s + d·0 = s).
    @inline(__always)
    static func solidSpan(_ dst: UnsafeMutablePointer<SIMD4<Float>>, _ k: Float, _ count: Int,
                          _ s: SIMD4<Float>, _ mode: BlendMode) {
        if mode == .normal {
            let sa = s.w
            if k == 1 && sa == 1 {
                dst.update(repeating: s, count: count)
                return
            }
            let sk = s * k, f = 1 - sa * k
            // Four pixels per iteration with wrapping index arithmetic (the counted loop kept an
            // overflow check and a compare per pixel: ~6.4 instructions per pixel, callgrind).
            var i = 0
            while i &+ 4 <= count {
                let d0 = dst[i], d1 = dst[i &+ 1], d2 = dst[i &+ 2], d3 = dst[i &+ 3]
                dst[i] = sk + d0 * f
                dst[i &+ 1] = sk + d1 * f
                dst[i &+ 2] = sk + d2 * f
                dst[i &+ 3] = sk + d3 * f
                i &+= 4
            }
            while i < count {
                dst[i] = sk + dst[i] * f
                i &+= 1
            }
            return
        }
        for i in 0..<count {
            let d = dst[i]
            dst[i] = d + (mode.apply(source: s, destination: d) - d) * k
        }
    }

    /// Composites per-pixel premultiplied colors `src` over `count` pixels.
    @inline(__always)
    static func colorRow(_ dst: UnsafeMutablePointer<SIMD4<Float>>, _ cov: UnsafePointer<Float>?, _ count: Int,
                         _ src: UnsafePointer<SIMD4<Float>>, _ mode: BlendMode) {
        if mode == .normal {
            if let cov {
                for i in 0..<count {
                    let s = src[i] * cov[i]
                    dst[i] = s + dst[i] * (1 - s.w)
                }
            } else {
                for i in 0..<count {
                    let s = src[i]
                    dst[i] = s + dst[i] * (1 - s.w)
                }
            }
            return
        }
        for i in 0..<count {
            let k = cov?[i] ?? 1
            guard k > 0 else { continue }
            let d = dst[i]
            dst[i] = d + (mode.apply(source: src[i], destination: d) - d) * k
        }
    }

    /// Composites `layer` onto `dst` pixel by pixel (same size), each source scaled by `opacity`, with
    /// per-pixel coverage from `clip` (values 0…1) and `maskAlpha` (a pixmap whose alpha masks), both optional.
    static func compositeLayer(_ dst: inout Pixmap, _ layer: Pixmap, opacity: Float, mode: BlendMode,
                               clip: Mask?, mask: Pixmap?) {
        let w = dst.width
        guard layer.width == w else { return }
        dst.pixels.withUnsafeMutableBufferPointer { d in
            layerRows(layer, height: min(dst.height, layer.height), opacity: opacity, clip: clip, mask: mask) { y, cov, src in
                colorRow(d.baseAddress! + y * w, cov, w, src, mode)
            }
        }
    }

    /// `compositeLayer` onto an 8-bit target: each row widened to Float32, composited, narrowed back.
    static func compositeLayer(_ dst: inout Pixmap8, _ layer: Pixmap, opacity: Float, mode: BlendMode,
                               clip: Mask?, mask: Pixmap?) {
        let w = dst.width
        guard layer.width == w else { return }
        var scratch = [SIMD4<Float>](repeating: .zero, count: w)
        dst.pixels.withUnsafeMutableBufferPointer { d in
            scratch.withUnsafeMutableBufferPointer { f in
                layerRows(layer, height: min(dst.height, layer.height), opacity: opacity, clip: clip, mask: mask) { y, cov, src in
                    Compositor8.throughFloat(d.baseAddress! + y * w, w, f.baseAddress!) { colorRow($0, cov, w, src, mode) }
                }
            }
        }
    }

    /// The rows of `layer` (0..<height) as a layer composite sees them: `body(y, coverage, source)`
    /// with the source scaled by `opacity` and coverage from `clip` × `mask`'s alpha; rows the clip
    /// leaves empty, or outside a mask of another size, are skipped.
    private static func layerRows(_ layer: Pixmap, height h: Int, opacity: Float, clip: Mask?, mask: Pixmap?,
                                  _ body: (Int, UnsafePointer<Float>, UnsafePointer<SIMD4<Float>>) -> Void) {
        let w = layer.width
        var cov = [Float](repeating: 1, count: w)
        var row = [SIMD4<Float>](repeating: .zero, count: w)
        layer.pixels.withUnsafeBufferPointer { s in
            cov.withUnsafeMutableBufferPointer { c in
                row.withUnsafeMutableBufferPointer { r in
                    for y in 0..<h {
                        if let clip, !clip.rowCoverage(y: y, x: 0, into: c.baseAddress!, count: w) { continue }
                        if clip == nil { c.update(repeating: 1) }
                        if let mask, mask.width == w, y < mask.height {
                            mask.pixels.withUnsafeBufferPointer { m in
                                for x in 0..<w { c[x] *= min(max(m[y * w + x].w, 0), 1) }
                            }
                        } else if mask != nil {
                            continue   // outside a mismatched mask: nothing shows
                        }
                        for x in 0..<w { r[x] = s[y * w + x] * opacity }
                        body(y, UnsafePointer(c.baseAddress!), UnsafePointer(r.baseAddress!))
                    }
                }
            }
        }
    }
}
