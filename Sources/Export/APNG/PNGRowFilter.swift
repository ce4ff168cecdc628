// PNGRowFilter: PNG scanline filtering (PNG specification, W3C 2003, §9 "Filtering": filter types
// 0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth with the Paeth predictor of §9.4) and the per-row filter
// choice recommended in §12.8 "Filter selection": the filter whose output has the minimum sum of
// absolute values when bytes are read as signed.
//
// Pixel contract: 8-bit RGBA rows (4 bytes per pixel, bpp = 4), no padding.

enum PNGRowFilter {
    /// Filters `height` rows of `rowBytes` each and returns the filtered stream (one filter-type
    /// byte, then the filtered row, per row), ready for zlib. `previousRow` is the image row above
    /// the first one when `data` is a strip from inside an image (nil: the first row of an image,
    /// whose row above counts as zeros, §9.2).
    static func filter(_ data: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, bpp: Int = 4,
                       previousRow: UnsafePointer<UInt8>? = nil) -> [UInt8] {
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
                let up = y > 0 ? base + (y - 1) * rowBytes : (previousRow ?? UnsafePointer(zero))
                let c0 = cand, c1 = cand + rowBytes, c2 = cand + 2 * rowBytes, c3 = cand + 3 * rowBytes, c4 = cand + 4 * rowBytes
                // Bytes left of the row start count as 0 (§9.2): Sub = raw, Average = raw − up/2, Paeth = raw − up.
                for i in 0..<lead {
                    let x = row[i], b = up[i]
                    c0[i] = x; c1[i] = x; c2[i] = x &- b; c3[i] = x &- (b >> 1); c4[i] = x &- b
                }
                var sums = [Int](repeating: 0, count: 5)
                for i in 0..<lead {
                    for t in 0..<5 { sums[t] += Int(signedMagnitude(cand[t * rowBytes + i])) }
                }
                // 8 bytes at a time in one UInt64 (SWAR: SIMD-within-a-register; Swift's generic SIMD
                // masks compiled to slow code here), Paeth per byte; the tail and first pixel scalar.
                var i = lead
                if bpp == 4 {
                    var s0: UInt64 = 0, s1: UInt64 = 0, s2: UInt64 = 0, s3: UInt64 = 0, s4: UInt64 = 0
                    var n = 0
                    while i + 8 <= rowBytes {
                        let x = UnsafeRawPointer(row + i).loadUnaligned(as: UInt64.self)
                        let a = UnsafeRawPointer(row + i - 4).loadUnaligned(as: UInt64.self)
                        let b = UnsafeRawPointer(up + i).loadUnaligned(as: UInt64.self)
                        for k in 0..<8 { c4[i + k] = row[i + k] &- paeth(row[i + k - 4], up[i + k], up[i + k - 4]) }
                        let f1 = subBytes(x, a), f2 = subBytes(x, b), f3 = subBytes(x, avgBytes(a, b))
                        let f4 = UnsafeRawPointer(c4 + i).loadUnaligned(as: UInt64.self)
                        UnsafeMutableRawPointer(c0 + i).storeBytes(of: x, as: UInt64.self)
                        UnsafeMutableRawPointer(c1 + i).storeBytes(of: f1, as: UInt64.self)
                        UnsafeMutableRawPointer(c2 + i).storeBytes(of: f2, as: UInt64.self)
                        UnsafeMutableRawPointer(c3 + i).storeBytes(of: f3, as: UInt64.self)
                        s0 &+= magnitudePairs(x); s1 &+= magnitudePairs(f1); s2 &+= magnitudePairs(f2)
                        s3 &+= magnitudePairs(f3); s4 &+= magnitudePairs(f4)
                        i += 8; n += 1
                        if n == 255 || i + 8 > rowBytes {   // 255 × 256 < 65536: flush before a lane overflows
                            sums[0] += laneSum(s0); sums[1] += laneSum(s1); sums[2] += laneSum(s2)
                            sums[3] += laneSum(s3); sums[4] += laneSum(s4)
                            s0 = 0; s1 = 0; s2 = 0; s3 = 0; s4 = 0
                            n = 0
                        }
                    }
                }
                for j in i..<rowBytes {
                    let x = row[j], a = row[j - bpp], b = up[j], c = up[j - bpp]
                    c0[j] = x
                    c1[j] = x &- a
                    c2[j] = x &- b
                    c3[j] = x &- UInt8((UInt16(a) + UInt16(b)) >> 1)
                    c4[j] = x &- paeth(a, b, c)
                    sums[0] += Int(signedMagnitude(c0[j])); sums[1] += Int(signedMagnitude(c1[j]))
                    sums[2] += Int(signedMagnitude(c2[j])); sums[3] += Int(signedMagnitude(c3[j]))
                    sums[4] += Int(signedMagnitude(c4[j]))
                }
                var bestType = 0, bestSum = Int.max
                for t in 0..<5 where sums[t] < bestSum { bestSum = sums[t]; bestType = t }
                let dst = o.baseAddress! + y * (rowBytes + 1)
                dst[0] = UInt8(bestType)
                (dst + 1).update(from: cand + bestType * rowBytes, count: rowBytes)
            }
        }
        return out
    }

    static let high: UInt64 = 0x8080_8080_8080_8080
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let evenBytes: UInt64 = 0x00FF_00FF_00FF_00FF

    /// Bytewise x − y mod 256 of 8 packed bytes, without borrows crossing bytes (Hacker's Delight
    /// §2-18: ((x | H) − (y & ¬H)) ⊕ ((x ⊕ ¬y) & H), H = the high bit of every byte).
    @inline(__always) static func subBytes(_ x: UInt64, _ y: UInt64) -> UInt64 {
        ((x | high) &- (y & ~high)) ^ ((x ^ ~y) & high)
    }

    /// Bytewise ⌊(a + b)/2⌋ (Hacker's Delight §2-5: (a & b) + ((a ⊕ b) >> 1), per byte).
    @inline(__always) static func avgBytes(_ a: UInt64, _ b: UInt64) -> UInt64 {
        (a & b) &+ (((a ^ b) >> 1) & 0x7F7F_7F7F_7F7F_7F7F)
    }

    /// |signed byte| of 8 packed bytes (v ⊕ m + s with s the sign bit, m = 0xFF where s: ≤ 128, so
    /// no carry leaves a byte), summed in adjacent pairs into 4 lanes of 16 bits (each ≤ 256).
    @inline(__always) static func magnitudePairs(_ v: UInt64) -> UInt64 {
        let s = (v >> 7) & ones
        let m = (v ^ (s &* 0xFF)) &+ s
        return (m & evenBytes) &+ ((m >> 8) & evenBytes)
    }

    /// Sum of the four 16-bit lanes.
    @inline(__always) static func laneSum(_ v: UInt64) -> Int {
        Int(v & 0xFFFF) + Int((v >> 16) & 0xFFFF) + Int((v >> 32) & 0xFFFF) + Int(v >> 48)
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
