// PNGRowFilter: PNG scanline filtering (PNG specification, W3C 2003, §9 "Filtering": filter types
// 0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth with the Paeth predictor of §9.4) and the per-row filter
// choice recommended in §12.8 "Filter selection": the filter whose output has the minimum sum of
// absolute values when bytes are read as signed.
//
// Pixel contract: 8-bit RGBA rows (4 bytes per pixel, bpp = 4), no padding.
//
// Two paths give the same bytes: on x86-64, 16 bytes at a time with SSE2 intrinsics (`filter16`);
// elsewhere, 8 bytes at a time in a UInt64 (`filterSWAR`, Paeth per byte). Both are tested against
// a byte-by-byte reference written from the specification (PNGEncoderTests).
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

@_spi(Benchmarks) public enum PNGRowFilter {
    /// Filters `height` rows of `rowBytes` each and returns the filtered stream (one filter-type
    /// byte, then the filtered row, per row), ready for zlib. `previousRow` is the image row above
    /// the first one when `data` is a strip from inside an image (nil: the first row of an image,
    /// whose row above counts as zeros, §9.2). `portable` takes the SWAR path even where the SSE2
    /// one exists (same bytes; for the tests and the benchmark's same-run baseline).
    @_spi(Benchmarks) public static func filter(_ data: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, bpp: Int = 4,
                       previousRow: UnsafePointer<UInt8>? = nil, portable: Bool = false) -> [UInt8] {
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
                var i = lead
                if bpp == 4 {
                    #if arch(x86_64)
                    i = portable ? filterSWAR(row, up, from: i, rowBytes: rowBytes, into: cand, &sums)
                                 : filter16(row, up, from: i, rowBytes: rowBytes, into: cand, &sums)
                    #else
                    i = filterSWAR(row, up, from: i, rowBytes: rowBytes, into: cand, &sums)
                    #endif
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

    /// Bytes `from`… of one bpp-4 row, 8 at a time in one UInt64 (SWAR: SIMD-within-a-register),
    /// Paeth per byte: the five candidates into `cand` (rows of `rowBytes`), their sums of
    /// |signed byte| added to `sums`. Returns where it stopped (the caller does the tail). The
    /// portable path; x86-64 takes `filter16`.
    static func filterSWAR(_ row: UnsafePointer<UInt8>, _ up: UnsafePointer<UInt8>, from start: Int, rowBytes: Int,
                           into cand: UnsafeMutablePointer<UInt8>, _ sums: inout [Int]) -> Int {
        let c0 = cand, c1 = cand + rowBytes, c2 = cand + 2 * rowBytes, c3 = cand + 3 * rowBytes, c4 = cand + 4 * rowBytes
        var i = start
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
        return i
    }

    #if arch(x86_64)
    /// `filterSWAR` 16 bytes at a time with the SSE2 intrinsics of clang's headers (module
    /// `_Builtin_intrinsics.intel`), Paeth included, same bytes and sums:
    ///   - Sub and Up are byte subtractions; Average's ⌊(a + b)/2⌋ is `pavgb` (which rounds up) minus
    ///     the low bit of a ⊕ b;
    ///   - Paeth works on 16-bit lanes: with da = a − c and db = b − c, pa = |db|, pb = |da| and
    ///     pc = |da + db| (= |a + b − 2c|, §9.4's distances), |v| as max(v, −v), then a where
    ///     pa ≤ pb and pa ≤ pc, else b where pb ≤ pc, else c (the specification's tie order);
    ///   - |signed byte| is min(v, −v) on unsigned bytes, summed by `psadbw` against zero.
    /// 0.20× the SWAR path's time on the filter alone (ExportBenchmarks.png, "row filters only",
    /// 2026-12-01: 4.2 against 20.5 ms per 1170² frame).
    static func filter16(_ row: UnsafePointer<UInt8>, _ up: UnsafePointer<UInt8>, from start: Int, rowBytes: Int,
                         into cand: UnsafeMutablePointer<UInt8>, _ sums: inout [Int]) -> Int {
        let c0 = UnsafeMutableRawPointer(cand), c1 = c0 + rowBytes, c2 = c0 + 2 * rowBytes, c3 = c0 + 3 * rowBytes
        let c4 = c0 + 4 * rowBytes
        let zero = _mm_setzero_si128(), one = _mm_set1_epi8(1)
        @inline(__always) func load(_ p: UnsafePointer<UInt8>) -> SIMD2<Int64> {
            UnsafeRawPointer(p).loadUnaligned(as: SIMD2<Int64>.self)
        }
        @inline(__always) func magnitudeSum(_ v: SIMD2<Int64>) -> SIMD2<Int64> {
            _mm_sad_epu8(_mm_min_epu8(v, _mm_sub_epi8(zero, v)), zero)
        }
        /// Paeth's prediction for eight pixels' bytes widened to 16 bits.
        @inline(__always) func paeth8(_ a: SIMD2<Int64>, _ b: SIMD2<Int64>, _ c: SIMD2<Int64>) -> SIMD2<Int64> {
            let da = _mm_sub_epi16(a, c), db = _mm_sub_epi16(b, c), dc = _mm_add_epi16(da, db)
            let pa = _mm_max_epi16(db, _mm_sub_epi16(zero, db))
            let pb = _mm_max_epi16(da, _mm_sub_epi16(zero, da))
            let pc = _mm_max_epi16(dc, _mm_sub_epi16(zero, dc))
            let notA = _mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc))
            let cOverB = _mm_cmpgt_epi16(pb, pc)
            let bc = _mm_or_si128(_mm_and_si128(cOverB, c), _mm_andnot_si128(cOverB, b))
            return _mm_or_si128(_mm_and_si128(notA, bc), _mm_andnot_si128(notA, a))
        }
        var s0 = zero, s1 = zero, s2 = zero, s3 = zero, s4 = zero
        var i = start
        while i + 16 <= rowBytes {
            let x = load(row + i), a = load(row + i - 4), b = load(up + i), c = load(up + i - 4)
            let f1 = _mm_sub_epi8(x, a), f2 = _mm_sub_epi8(x, b)
            let avg = _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), one))
            let f3 = _mm_sub_epi8(x, avg)
            let lo = paeth8(_mm_unpacklo_epi8(a, zero), _mm_unpacklo_epi8(b, zero), _mm_unpacklo_epi8(c, zero))
            let hi = paeth8(_mm_unpackhi_epi8(a, zero), _mm_unpackhi_epi8(b, zero), _mm_unpackhi_epi8(c, zero))
            let f4 = _mm_sub_epi8(x, _mm_packus_epi16(lo, hi))
            c0.storeBytes(of: x, toByteOffset: i, as: SIMD2<Int64>.self)
            c1.storeBytes(of: f1, toByteOffset: i, as: SIMD2<Int64>.self)
            c2.storeBytes(of: f2, toByteOffset: i, as: SIMD2<Int64>.self)
            c3.storeBytes(of: f3, toByteOffset: i, as: SIMD2<Int64>.self)
            c4.storeBytes(of: f4, toByteOffset: i, as: SIMD2<Int64>.self)
            s0 = _mm_add_epi64(s0, magnitudeSum(x)); s1 = _mm_add_epi64(s1, magnitudeSum(f1))
            s2 = _mm_add_epi64(s2, magnitudeSum(f2)); s3 = _mm_add_epi64(s3, magnitudeSum(f3))
            s4 = _mm_add_epi64(s4, magnitudeSum(f4))
            i += 16
        }
        sums[0] += Int(s0[0] &+ s0[1]); sums[1] += Int(s1[0] &+ s1[1]); sums[2] += Int(s2[0] &+ s2[1])
        sums[3] += Int(s3[0] &+ s3[1]); sums[4] += Int(s4[0] &+ s4[1])
        return i
    }
    #endif

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
