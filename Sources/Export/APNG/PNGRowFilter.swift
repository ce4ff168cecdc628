// PNGRowFilter: PNG scanline filtering (PNG specification, W3C 2003, §9 "Filtering": filter types
// 0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth with the Paeth predictor of §9.4) and the per-row filter
// choice recommended in §12.8 "Filter selection": the filter whose output has the minimum sum of
// absolute values when bytes are read as signed.
//
// Pixel contract: 8-bit RGBA rows (4 bytes per pixel, bpp = 4), no padding.

enum PNGRowFilter {
    /// Filters `height` rows of `rowBytes` each and returns the filtered stream (one filter-type
    /// byte, then the filtered row, per row), ready for zlib.
    static func filter(_ data: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, bpp: Int = 4) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        guard rowBytes > 0, height > 0, let base = data.baseAddress else { return out }
        // Raw pointers and one scratch row per filter type: bounds-checked arrays of arrays cost
        // 5× here (ExportBenchmarks.png, 2026-11-29).
        let cand = UnsafeMutablePointer<UInt8>.allocate(capacity: 5 * rowBytes)
        let zero = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        zero.initialize(repeating: 0, count: rowBytes)
        defer { cand.deallocate(); zero.deallocate() }
        let lead = min(bpp, rowBytes)
        out.withUnsafeMutableBufferPointer { o in
            for y in 0..<height {
                let row = base + y * rowBytes
                let up = y > 0 ? base + (y - 1) * rowBytes : UnsafePointer(zero)
                let c0 = cand, c1 = cand + rowBytes, c2 = cand + 2 * rowBytes, c3 = cand + 3 * rowBytes, c4 = cand + 4 * rowBytes
                // Bytes left of the row start count as 0 (§9.2): Sub = raw, Average = raw − up/2, Paeth = raw − up.
                for i in 0..<lead {
                    let x = row[i], b = up[i]
                    c0[i] = x; c1[i] = x; c2[i] = x &- b; c3[i] = x &- (b >> 1); c4[i] = x &- b
                }
                for i in lead..<rowBytes {
                    let x = row[i], a = row[i - bpp], b = up[i], c = up[i - bpp]
                    c0[i] = x
                    c1[i] = x &- a
                    c2[i] = x &- b
                    c3[i] = x &- UInt8((UInt16(a) + UInt16(b)) >> 1)
                    c4[i] = x &- paeth(a, b, c)
                }
                var bestType = 0, bestSum = Int.max
                for t in 0..<5 {
                    let c = cand + t * rowBytes
                    var sum = 0
                    for i in 0..<rowBytes { sum += Int(Self.signedMagnitude(c[i])) }
                    if sum < bestSum { bestSum = sum; bestType = t }
                }
                let dst = o.baseAddress! + y * (rowBytes + 1)
                dst[0] = UInt8(bestType)
                (dst + 1).update(from: cand + bestType * rowBytes, count: rowBytes)
            }
        }
        return out
    }

    /// |v| of a byte read as signed (PNG §12.8 heuristic): min(v, 256 − v).
    @inline(__always) static func signedMagnitude(_ v: UInt8) -> UInt8 { min(v, 0 &- v) }

    /// The Paeth predictor on bytes (branch-light form of `paeth(_:_:_:)`; same ties).
    @inline(__always) static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let ia = Int32(a), ib = Int32(b), ic = Int32(c)
        let pa = abs(ib - ic), pb = abs(ia - ic), pc = abs(ia + ib - 2 * ic)
        return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
    }

    /// The Paeth predictor (PNG specification §9.4): of a (left), b (up), c (upper left), the one
    /// closest to a + b − c, ties broken in the order a, b, c.
    @inline(__always) static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
