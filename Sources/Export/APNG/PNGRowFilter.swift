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
        var cand = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes), count: 5)
        let zero = [UInt8](repeating: 0, count: rowBytes)
        zero.withUnsafeBufferPointer { z in
            for y in 0..<height {
                let row = UnsafeBufferPointer(rebasing: data[(y * rowBytes)..<((y + 1) * rowBytes)])
                let up = y > 0 ? UnsafeBufferPointer(rebasing: data[((y - 1) * rowBytes)..<(y * rowBytes)]) : z
                var bestType = 0, bestSum = Int.max
                for t in 0..<5 {
                    var sum = 0
                    cand[t].withUnsafeMutableBufferPointer { c in
                        // One loop per filter type (a switch inside the byte loop cost 3× here).
                        @inline(__always) func emit(_ i: Int, _ pred: Int) {
                            let v = UInt8(truncatingIfNeeded: Int(row[i]) - pred)
                            c[i] = v
                            sum += abs(Int(Int8(bitPattern: v)))
                        }
                        switch t {
                        case 0: for i in 0..<rowBytes { emit(i, 0) }
                        case 1: for i in 0..<rowBytes { emit(i, i >= bpp ? Int(row[i - bpp]) : 0) }
                        case 2: for i in 0..<rowBytes { emit(i, Int(up[i])) }
                        case 3: for i in 0..<rowBytes { emit(i, ((i >= bpp ? Int(row[i - bpp]) : 0) + Int(up[i])) >> 1) }
                        default:
                            for i in 0..<min(bpp, rowBytes) { emit(i, Int(up[i])) }   // Paeth(0, b, 0) = b
                            if rowBytes > bpp {
                                for i in bpp..<rowBytes { emit(i, paeth(Int(row[i - bpp]), Int(up[i]), Int(up[i - bpp]))) }
                            }
                        }
                    }
                    if sum < bestSum { bestSum = sum; bestType = t }
                }
                let o = y * (rowBytes + 1)
                out[o] = UInt8(bestType)
                for i in 0..<rowBytes { out[o + 1 + i] = cand[bestType][i] }
            }
        }
        return out
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
