// BandReplay: composites a SpanRecorder's fills into a pixmap one band of rows at a time, every
// recorded fill in call order within each band, so the band's pixels stay in cache while all the
// shapes that touch it are drawn (see SpanRecord.swift for why and why the result is bit-identical).
//
// Per span, the calls are exactly those of the immediate path in DrawingContext.fill: a constant span
// of a solid fill goes through `Compositor.solidSpan`; a per-pixel span through `solidRow`; shader
// fills shade the span's pixels and go through `colorRow` with the recorded (or expanded constant)
// coverage. A pending clear is written band by band before the fills, so the frame is written once.

extension SpanRecorder {
    /// Rows per band. A 1170-px Float32 row is 18.7 KB, so 32 rows are 0.6 MB: inside the 1 MiB L2
    /// of this machine with room for the span and coverage streams. Chosen by measurement on
    /// `animo-bench raster` (2026-11-29, fill/stroke min ms): see README "Raster" performance.
    static let bandRows = 32

    /// Composites everything recorded into `pixmap` (the surface the fills were recorded for).
    /// Spans must lie inside the pixmap (they were clipped to its bounds when recorded).
    func replay(into pixmap: inout Pixmap, bandRows: Int = SpanRecorder.bandRows) {
        let w = pixmap.width, h = pixmap.height
        guard !fills.isEmpty else {
            if let c = clearColor { pixmap.pixels.withUnsafeMutableBufferPointer { $0.update(repeating: c) } }
            return
        }
        let rows = max(bandRows, 1)
        let needsShading = fills.contains { $0.shader.solidColor == nil }
        var colors = [SIMD4<Float>](repeating: .zero, count: needsShading ? w : 0)
        var konst = [Float](repeating: 0, count: needsShading ? w : 0)
        let solids = fills.map { $0.shader.solidColor }
        var cursors = fills.map { $0.spans.lowerBound }
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            spans.withUnsafeBufferPointer { sp in
                coverage.withUnsafeBufferPointer { cv in
                    fills.withUnsafeBufferPointer { fl in
                        colors.withUnsafeMutableBufferPointer { col in
                            konst.withUnsafeMutableBufferPointer { kb in
                                var y0 = 0
                                while y0 < h {
                                    let y1 = min(h, y0 + rows)
                                    if let c = clearColor {
                                        (dst.baseAddress! + y0 * w).update(repeating: c, count: (y1 - y0) * w)
                                    }
                                    for f in 0..<fl.count {
                                        var i = cursors[f]
                                        let end = fl[f].spans.upperBound
                                        guard i < end, Int(sp[i].y) < y1 else { continue }
                                        let mode = fl[f].blendMode
                                        if let solid = solids[f] {
                                            while i < end {
                                                let s = sp[i]
                                                guard Int(s.y) < y1 else { break }
                                                let d = dst.baseAddress! + Int(s.y) * w + Int(s.x)
                                                if s.coverage < 0 {
                                                    Compositor.solidSpan(d, s.constant, Int(s.count), solid, mode)
                                                } else {
                                                    Compositor.solidRow(d, cv.baseAddress! + Int(s.coverage), Int(s.count), solid, mode)
                                                }
                                                i += 1
                                            }
                                        } else {
                                            while i < end {
                                                let s = sp[i]
                                                guard Int(s.y) < y1 else { break }
                                                let n = Int(s.count)
                                                let d = dst.baseAddress! + Int(s.y) * w + Int(s.x)
                                                let cov: UnsafePointer<Float>
                                                if s.coverage < 0 {
                                                    kb.baseAddress!.update(repeating: s.constant, count: n)
                                                    cov = UnsafePointer(kb.baseAddress!)
                                                } else {
                                                    cov = cv.baseAddress! + Int(s.coverage)
                                                }
                                                fl[f].shader.shadeRow(y: Int(s.y), x: Int(s.x), count: n, into: col.baseAddress!)
                                                Compositor.colorRow(d, cov, n, col.baseAddress!, mode)
                                                i += 1
                                            }
                                        }
                                        cursors[f] = i
                                    }
                                    y0 = y1
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
