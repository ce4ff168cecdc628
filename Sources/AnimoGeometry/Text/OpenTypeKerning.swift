// Pair kerning from an OpenType font's GPOS table: the lookups of the `kern` feature, pair
// adjustment (lookup type 2, formats 1 and 2) and its extension wrapper (type 9), as the OpenType
// specification defines them (Microsoft, "OpenType GPOS table": PairPosFormat1/2, ValueRecord,
// Coverage and ClassDef formats 1 and 2). Only the first glyph's XAdvance is read; that is how
// Latin kerning is written. FreeType's FT_Get_Kerning reads the older `kern` table only, which
// current fonts (Inter, Quicksand, Noto Serif) no longer carry.
//
// Every offset is checked against the table's length: a malformed table gives no kerning, never
// a crash.

/// The kerning pairs of a GPOS table, looked up on demand.
struct OpenTypeKerning: Sendable {
    private let bytes: [UInt8]
    /// Offsets (from the table's start) of the pair-adjustment subtables, grouped by lookup.
    private let lookups: [[Int]]

    init?(gpos: [UInt8]) {
        bytes = gpos
        var found: [[Int]] = []
        let b = ByteReader(gpos)
        guard let featureList = b.u16(6), let lookupList = b.u16(8) else { return nil }
        var indices = Set<Int>()
        if let count = b.u16(featureList) {
            for i in 0..<count {
                let rec = featureList + 2 + 6 * i
                guard let tag = b.tag(rec), let off = b.u16(rec + 4) else { break }
                guard tag == "kern" else { continue }
                let feature = featureList + off
                guard let n = b.u16(feature + 2) else { continue }
                for k in 0..<n { if let li = b.u16(feature + 4 + 2 * k) { indices.insert(li) } }
            }
        }
        guard let lookupCount = b.u16(lookupList) else { return nil }
        for li in indices.sorted() where li < lookupCount {
            guard let lo = b.u16(lookupList + 2 + 2 * li) else { continue }
            let lookup = lookupList + lo
            guard let type = b.u16(lookup), let subCount = b.u16(lookup + 4) else { continue }
            var subs: [Int] = []
            for s in 0..<subCount {
                guard let so = b.u16(lookup + 6 + 2 * s) else { break }
                var sub = lookup + so
                if type == 9 {
                    guard b.u16(sub) == 1, b.u16(sub + 2) == 2, let ext = b.u32(sub + 4) else { continue }
                    sub += ext
                } else if type != 2 {
                    continue
                }
                subs.append(sub)
            }
            if !subs.isEmpty { found.append(subs) }
        }
        guard !found.isEmpty else { return nil }
        lookups = found
    }

    /// The XAdvance adjustment of the pair (first, second) in font units; lookups add up, and in
    /// each lookup the first subtable that applies to the pair is used: a format 1 subtable applies
    /// when it lists the pair, a format 2 subtable when its coverage holds the first glyph (the
    /// usual order: exceptions by pair first, then kerning by class).
    func adjustment(_ first: UInt32, _ second: UInt32) -> Double {
        let b = ByteReader(bytes)
        let g1 = Int(first), g2 = Int(second)
        var total = 0
        for subs in lookups {
            for sub in subs {
                guard let format = b.u16(sub), let covOff = b.u16(sub + 2), let vf1 = b.u16(sub + 4), let vf2 = b.u16(sub + 6) else { continue }
                guard let coverageIndex = Self.coverage(b, sub + covOff, g1) else { continue }
                let size1 = Self.valueSize(vf1), size2 = Self.valueSize(vf2)
                let xAdvanceAt = Self.xAdvanceOffset(vf1)
                if format == 1 {
                    guard let setCount = b.u16(sub + 8), coverageIndex < setCount, let setOff = b.u16(sub + 10 + 2 * coverageIndex) else { break }
                    let set = sub + setOff
                    guard let n = b.u16(set) else { break }
                    let record = 2 + size1 + size2
                    // PairValueRecords are sorted by the second glyph: binary search.
                    var lo = 0, hi = n - 1
                    var found = false
                    while lo <= hi {
                        let mid = (lo + hi) / 2
                        let r = set + 2 + mid * record
                        guard let g = b.u16(r) else { break }
                        if g == g2 {
                            if let x = xAdvanceAt, let v = b.s16(r + 2 + x) { total += v }
                            found = true
                            break
                        }
                        if g < g2 { lo = mid + 1 } else { hi = mid - 1 }
                    }
                    if !found { continue }
                } else if format == 2 {
                    guard let cd1 = b.u16(sub + 8), let cd2 = b.u16(sub + 10), let c1n = b.u16(sub + 12), let c2n = b.u16(sub + 14) else { break }
                    let c1 = Self.classOf(b, sub + cd1, g1), c2 = Self.classOf(b, sub + cd2, g2)
                    guard c1 < c1n, c2 < c2n, let x = xAdvanceAt else { break }
                    let r = sub + 16 + (c1 * c2n + c2) * (size1 + size2)
                    if let v = b.s16(r + x) { total += v }
                }
                break
            }
        }
        return Double(total)
    }

    /// A ValueRecord's size in bytes: two per bit of the format's low byte.
    static func valueSize(_ format: Int) -> Int { (format & 0xFF).nonzeroBitCount * 2 }

    /// Where XAdvance sits in a ValueRecord of this format (after XPlacement and YPlacement).
    static func xAdvanceOffset(_ format: Int) -> Int? {
        guard format & 0x4 != 0 else { return nil }
        return (format & 0x3).nonzeroBitCount * 2
    }

    static func coverage(_ b: ByteReader, _ at: Int, _ glyph: Int) -> Int? {
        guard let format = b.u16(at), let n = b.u16(at + 2) else { return nil }
        var lo = 0, hi = n - 1
        if format == 1 {
            while lo <= hi {
                let mid = (lo + hi) / 2
                guard let g = b.u16(at + 4 + 2 * mid) else { return nil }
                if g == glyph { return mid }
                if g < glyph { lo = mid + 1 } else { hi = mid - 1 }
            }
        } else if format == 2 {
            while lo <= hi {
                let mid = (lo + hi) / 2
                let r = at + 4 + 6 * mid
                guard let s = b.u16(r), let e = b.u16(r + 2), let start = b.u16(r + 4) else { return nil }
                if glyph < s { hi = mid - 1 } else if glyph > e { lo = mid + 1 } else { return start + glyph - s }
            }
        }
        return nil
    }

    static func classOf(_ b: ByteReader, _ at: Int, _ glyph: Int) -> Int {
        guard let format = b.u16(at) else { return 0 }
        if format == 1 {
            guard let start = b.u16(at + 2), let n = b.u16(at + 4), glyph >= start, glyph < start + n else { return 0 }
            return b.u16(at + 6 + 2 * (glyph - start)) ?? 0
        }
        if format == 2, let n = b.u16(at + 2) {
            var lo = 0, hi = n - 1
            while lo <= hi {
                let mid = (lo + hi) / 2
                let r = at + 4 + 6 * mid
                guard let s = b.u16(r), let e = b.u16(r + 2) else { return 0 }
                if glyph < s { hi = mid - 1 } else if glyph > e { lo = mid + 1 } else { return b.u16(r + 4) ?? 0 }
            }
        }
        return 0
    }
}

/// Big-endian reads that answer nil past the end.
struct ByteReader {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func s16(_ at: Int) -> Int? { u16(at).map { Int(Int16(truncatingIfNeeded: $0)) } }

    func u32(_ at: Int) -> Int? {
        guard let hi = u16(at), let lo = u16(at + 2) else { return nil }
        return hi << 16 | lo
    }

    func tag(_ at: Int) -> String? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return String(decoding: bytes[at..<at + 4], as: UTF8.self)
    }
}
