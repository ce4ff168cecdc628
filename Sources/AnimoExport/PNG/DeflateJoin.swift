// DeflateJoin: one DEFLATE stream (RFC 1951) out of several raw streams that were compressed
// independently (in parallel, one per strip of an image), so a PNG's single zlib stream can be
// produced by several threads with libdeflate, whose API compresses whole buffers only and always
// marks its last block final.
//
// How (RFC 1951 §3.2.3): a stream is a sequence of blocks, each starting with a 3-bit header whose
// first bit, BFINAL, says "last block". A decoder stops after the block that has it. To let the
// next member follow, the BFINAL bit of every member but the last is cleared, and the member is
// ended on a byte boundary with an empty stored block (header 000, padding to the byte, LEN 0x0000,
// NLEN 0xFFFF: §3.2.4), the same marker zlib's Z_SYNC_FLUSH writes. The next member then starts
// at a byte boundary and is copied as it is. Members never refer back into each other (each was
// compressed on its own), so every back-reference stays valid.
//
// Finding the final block's header and the stream's last bit needs a walk over the member's
// blocks: stored blocks are skipped by their LEN; Huffman blocks (fixed §3.2.6, dynamic §3.2.7)
// are decoded symbol by symbol, without producing output, down to the end-of-block code 256.
// The walk costs time in proportion to the compressed size (tens of KB per strip), not to the
// data. Canonical Huffman decoding (§3.2.2) looks codes of up to 10 bits up in a table and reads
// longer ones bit by bit over per-length code counts.
//
// The joined stream's Adler-32 (RFC 1950) is combined from the strips' checksums by the caller
// (zlib's adler32_combine).

/// Joins independently compressed raw DEFLATE members into one raw stream.
enum DeflateJoin {
    /// Where a member's final block header is and where its last bit ends.
    struct Layout: Equatable {
        /// Bit offset (from the first byte's least significant bit) of the final block's BFINAL bit.
        var finalHeaderBit: Int
        /// Bit offset just past the final block's end-of-block code (or a stored block's data).
        var endBit: Int
    }

    /// A malformed member (never produced by a working compressor; the walk refuses rather than traps).
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// Appends `members` (raw DEFLATE streams, each complete) as one stream to `out`.
    static func join(_ members: [[UInt8]], into out: inout [UInt8]) throws {
        for (i, m) in members.enumerated() {
            if i == members.count - 1 {
                out += m
            } else {
                try appendOpen(m, to: &out)
            }
        }
    }

    /// Appends `member` with its final flag cleared, ended by an empty stored block on a byte boundary.
    static func appendOpen(_ member: [UInt8], to out: inout [UInt8]) throws {
        let layout = try member.withUnsafeBufferPointer { try walk($0) }
        let used = (layout.endBit + 7) / 8
        let base = out.count
        out += member[0..<used]
        out[base + layout.finalHeaderBit / 8] &= ~UInt8(1 << (layout.finalHeaderBit % 8))
        let tail = layout.endBit % 8
        if tail != 0 { out[out.count - 1] &= UInt8((1 << tail) - 1) }   // zero bits past the end
        // The stored block's 3 header bits (all zero) fit in the last byte when ≥ 3 bits are free;
        // otherwise they start a new, zero byte. Either way the padding then ends that byte.
        if tail == 0 || tail > 5 { out.append(0) }
        out += [0x00, 0x00, 0xFF, 0xFF]
    }

    /// Walks the blocks of one raw DEFLATE member.
    static func walk(_ data: UnsafeBufferPointer<UInt8>) throws -> Layout {
        var r = BitReader(data)
        while true {
            let header = r.position
            let final = try r.bits(1) == 1
            switch try r.bits(2) {
            case 0:
                r.alignToByte()
                let len = try r.bits(16), nlen = try r.bits(16)
                guard len ^ nlen == 0xFFFF else { throw Malformed(description: "stored block LEN/NLEN mismatch at bit \(header)") }
                try r.skipBytes(len)
            case 1:
                try skipSymbols(&r, literals: Huffman.fixedLiterals, distances: Huffman.fixedDistances)
            case 2:
                let (lit, dist) = try readDynamicTables(&r)
                try skipSymbols(&r, literals: lit, distances: dist)
            default:
                throw Malformed(description: "reserved block type at bit \(header)")
            }
            if final { return Layout(finalHeaderBit: header, endBit: r.position) }
        }
    }

    /// Decodes length/literal and distance symbols up to the end-of-block code, skipping extra bits.
    private static func skipSymbols(_ r: inout BitReader, literals: Huffman, distances: Huffman) throws {
        while true {
            let sym = try literals.decode(&r)
            if sym < 256 { continue }
            if sym == 256 { return }
            guard sym <= 285 else { throw Malformed(description: "length symbol \(sym)") }
            // Length codes 265…284 carry (sym − 261) / 4 extra bits; 257…264 and 285 none (§3.2.5).
            if sym >= 265 && sym <= 284 { _ = try r.bits((sym - 261) / 4) }
            let d = try distances.decode(&r)
            guard d <= 29 else { throw Malformed(description: "distance symbol \(d)") }
            // Distance codes 4…29 carry d / 2 − 1 extra bits; 0…3 none (§3.2.5).
            if d >= 4 { _ = try r.bits(d / 2 - 1) }
        }
    }

    /// Order in which the code length code lengths are stored (§3.2.7).
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static func readDynamicTables(_ r: inout BitReader) throws -> (Huffman, Huffman) {
        let hlit = try r.bits(5) + 257, hdist = try r.bits(5) + 1, hclen = try r.bits(4) + 4
        var clLengths = [Int](repeating: 0, count: 19)
        for i in 0..<hclen { clLengths[codeLengthOrder[i]] = try r.bits(3) }
        let cl = try Huffman(lengths: clLengths)
        var lengths: [Int] = []
        lengths.reserveCapacity(hlit + hdist)
        while lengths.count < hlit + hdist {
            let sym = try cl.decode(&r)
            switch sym {
            case 0...15: lengths.append(sym)
            case 16:
                guard let prev = lengths.last else { throw Malformed(description: "repeat with no previous length") }
                lengths += repeatElement(prev, count: 3 + (try r.bits(2)))
            case 17: lengths += repeatElement(0, count: 3 + (try r.bits(3)))
            default: lengths += repeatElement(0, count: 11 + (try r.bits(7)))
            }
        }
        guard lengths.count == hlit + hdist else { throw Malformed(description: "code lengths overrun") }
        return (try Huffman(lengths: Array(lengths[0..<hlit])), try Huffman(lengths: Array(lengths[hlit...])))
    }

    /// LSB-first bit reader over a byte buffer (§3.1.1: data elements are packed starting with the
    /// least significant bit; Huffman codes start with their most significant bit). Bits past the
    /// end read as zeros; `check()` throws once the position has passed the end.
    struct BitReader {
        let data: UnsafeBufferPointer<UInt8>
        /// Next byte to load into `buffer`.
        private var next = 0
        private var buffer: UInt64 = 0
        private var count = 0

        init(_ data: UnsafeBufferPointer<UInt8>) { self.data = data }

        /// Bits consumed so far.
        var position: Int { next * 8 - count }

        @inline(__always) private mutating func refill() {
            while count <= 56 {
                let byte: UInt64 = next < data.count ? UInt64(data[next]) : 0
                buffer |= byte << UInt64(count)
                next += 1; count += 8
            }
        }

        /// The next `n` bits (≤ 32) without consuming them.
        @inline(__always) mutating func peek(_ n: Int) -> Int {
            if count < n { refill() }
            return Int(buffer & ((1 << UInt64(n)) - 1))
        }

        @inline(__always) mutating func consume(_ n: Int) throws {
            buffer >>= UInt64(n); count -= n
            guard position <= data.count * 8 else { throw Malformed(description: "stream ends inside a block") }
        }

        /// `n` bits (≤ 32), first read = least significant.
        mutating func bits(_ n: Int) throws -> Int {
            let v = peek(n)
            try consume(n)
            return v
        }

        mutating func alignToByte() { buffer >>= UInt64(count % 8); count -= count % 8 }

        mutating func skipBytes(_ n: Int) throws {
            guard count % 8 == 0, position / 8 + n <= data.count else { throw Malformed(description: "stored block overruns the stream") }
            // Drop what is buffered and restart at the byte after the skipped ones.
            next = position / 8 + n
            buffer = 0; count = 0
        }
    }

    /// A canonical Huffman code given by its code lengths (§3.2.2). Codes of up to `fastBits` bits
    /// decode with one table lookup on the next bits (bit-reversed, since codes are read from their
    /// most significant bit while bits arrive least significant first); longer ones bit by bit.
    struct Huffman {
        static let fastBits = 10
        /// counts[len] = number of codes of that length (1…15).
        private var counts = [Int](repeating: 0, count: 16)
        /// Symbols ordered by (length, symbol value): canonical code order.
        private var symbols: [Int] = []
        /// symbol << 4 | length for codes up to fastBits long, 0 where a longer code starts.
        private var fast = [Int32](repeating: 0, count: 1 << fastBits)

        init(lengths: [Int]) throws {
            for l in lengths where l > 0 { counts[l] += 1 }
            var left = 1
            for len in 1...15 {
                left = left * 2 - counts[len]
                guard left >= 0 else { throw Malformed(description: "over-subscribed Huffman code") }
            }
            for len in 1...15 {
                for (sym, l) in lengths.enumerated() where l == len { symbols.append(sym) }
            }
            // Canonical codes in (length, symbol) order: the first code of each length is
            // (first code of the previous length + its count) << 1 (§3.2.2, step 2).
            var code = 0, index = 0
            for len in 1...15 {
                for k in 0..<counts[len] {
                    if len <= Self.fastBits {
                        var reversed = 0
                        for b in 0..<len where (code + k) >> b & 1 == 1 { reversed |= 1 << (len - 1 - b) }
                        let entry = Int32(symbols[index + k] << 4 | len)
                        var f = reversed
                        while f < 1 << Self.fastBits { fast[f] = entry; f += 1 << len }
                    }
                }
                index += counts[len]
                code = (code + counts[len]) << 1
            }
        }

        func decode(_ r: inout BitReader) throws -> Int {
            let entry = Int(fast[r.peek(Self.fastBits)])
            if entry != 0 {
                try r.consume(entry & 15)
                return entry >> 4
            }
            let bits = r.peek(15)
            var code = 0, first = 0, index = 0
            for len in 1...15 {
                code |= bits >> (len - 1) & 1
                let count = counts[len]
                if code - first < count {
                    try r.consume(len)
                    return symbols[index + code - first]
                }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw Malformed(description: "invalid Huffman code")
        }
        /// §3.2.6: literal/length 0–143 → 8 bits, 144–255 → 9, 256–279 → 7, 280–287 → 8.
        static let fixedLiterals = try! Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
        /// §3.2.6: distance codes 0–31, 5 bits each.
        static let fixedDistances = try! Huffman(lengths: [Int](repeating: 5, count: 30))
    }
}
