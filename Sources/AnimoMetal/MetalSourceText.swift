// One `.metal` file's text as the compiler sees it, and the checks made before any compiler runs:
// comments and string literals blanked (lengths kept, so every line and column stays where it was),
// Metal's `h` half-literal suffix rewritten to C++'s `f` (`0.5h` → `0.5f`, same width), and the
// constructs the shim does not provide found by name with their positions.
//
// Positions are 1-based lines and 1-based columns counted in UTF-8 bytes, as clang counts them.

/// A position in a `.metal` file.
public struct MetalPosition: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

struct MetalSourceText {
    /// The original bytes.
    let bytes: [UInt8]
    /// The bytes with comments, string and character literals replaced by spaces (newlines kept).
    let code: [UInt8]
    /// Byte offset of the start of each line.
    let lineStarts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        code = Self.blank(bytes)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        lineStarts = starts
    }

    func position(of offset: Int) -> MetalPosition {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return MetalPosition(line: lo + 1, column: offset - lineStarts[lo] + 1)
    }

    static func blank(_ s: [UInt8]) -> [UInt8] {
        var out = s
        var i = 0
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), nl = UInt8(ascii: "\n")
        let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
        while i < s.count {
            if s[i] == slash, i + 1 < s.count, s[i + 1] == slash {
                while i < s.count, s[i] != nl { out[i] = 32; i += 1 }
            } else if s[i] == slash, i + 1 < s.count, s[i + 1] == star {
                out[i] = 32; out[i + 1] = 32; i += 2
                while i < s.count, !(s[i] == star && i + 1 < s.count && s[i + 1] == slash) {
                    if s[i] != nl { out[i] = 32 }
                    i += 1
                }
                if i < s.count { out[i] = 32; if i + 1 < s.count { out[i + 1] = 32 }; i += 2 }
            } else if s[i] == quote || s[i] == apostrophe {
                let q = s[i]
                i += 1
                while i < s.count, s[i] != q, s[i] != nl {
                    if s[i] == backslash { out[i] = 32; i += 1; if i < s.count, s[i] != nl { out[i] = 32 } ; i += 1; continue }
                    out[i] = 32
                    i += 1
                }
                i += 1
            } else {
                i += 1
            }
        }
        return out
    }

    static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 95
    }

    /// Every identifier of the code (comments and literals excluded) with its byte offset.
    var identifiers: [(name: String, offset: Int)] {
        var out: [(String, Int)] = []
        var i = 0
        while i < code.count {
            let b = code[i]
            if Self.isIdentifierByte(b) {
                let start = i
                while i < code.count, Self.isIdentifierByte(code[i]) { i += 1 }
                // Numbers (and their suffixes) are not identifiers.
                if !(b >= 48 && b <= 57) {
                    out.append((String(decoding: code[start..<i], as: UTF8.self), start))
                }
            } else {
                i += 1
            }
        }
        return out
    }

    /// The text handed to clang: the original bytes (comments kept, so clang's columns are the
    /// file's), with each half literal's `h`/`H` suffix turned into `f`.
    var compilable: String {
        var out = bytes
        var i = 0
        while i < code.count {
            let b = code[i]
            let startsNumber = (b >= 48 && b <= 57) || (b == UInt8(ascii: ".") && i + 1 < code.count && code[i + 1] >= 48 && code[i + 1] <= 57)
            if startsNumber && (i == 0 || !Self.isIdentifierByte(code[i - 1])) {
                var j = i
                var hex = false
                if b == 48, j + 1 < code.count, code[j + 1] == UInt8(ascii: "x") || code[j + 1] == UInt8(ascii: "X") { hex = true; j += 2 }
                while j < code.count, Self.isIdentifierByte(code[j]) || code[j] == UInt8(ascii: ".") ||
                        ((code[j] == UInt8(ascii: "+") || code[j] == UInt8(ascii: "-")) && j > i && [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(code[j - 1])) {
                    j += 1
                }
                let last = j - 1
                if !hex, last > i, code[last] == UInt8(ascii: "h") || code[last] == UInt8(ascii: "H") { out[last] = UInt8(ascii: "f") }
                i = j
            } else if Self.isIdentifierByte(b) {
                while i < code.count, Self.isIdentifierByte(code[i]) { i += 1 }
            } else {
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Metal names the shim deliberately leaves out, with what they are; a use is an error at its
    /// position before clang runs, worded for a shader author rather than as a C++ error.
    static let unsupported: [String: String] = {
        var m: [String: String] = [:]
        for t in ["texture1d", "texture1d_array", "texture2d", "texture2d_array", "texture3d", "texturecube",
                  "texturecube_array", "texture2d_ms", "depth2d", "depth2d_array", "depthcube", "texture_buffer"] {
            m[t] = "textures other than the layer are not supported by the CPU renderer"
        }
        m["sampler"] = "samplers are not supported by the CPU renderer (sample the layer with layer.sample)"
        m["threadgroup"] = "threadgroup memory does not exist in a stitchable function"
        m["threadgroup_imageblock"] = m["threadgroup"]
        for t in ["threadgroup_barrier", "simdgroup_barrier"] { m[t] = "barriers do not exist in a stitchable function" }
        for t in ["atomic_int", "atomic_uint", "atomic_bool", "atomic_float", "atomic_load_explicit", "atomic_store_explicit",
                  "atomic_fetch_add_explicit"] {
            m[t] = "atomics are not supported by the CPU renderer"
        }
        for t in ["dfdx", "dfdy", "fwidth", "discard_fragment"] {
            m[t] = "a fragment-stage builtin, not available to a stitchable function"
        }
        for t in ["simd_sum", "simd_max", "simd_min", "simd_shuffle", "simd_broadcast", "simd_ballot", "quad_shuffle",
                  "quad_broadcast", "simd_prefix_exclusive_sum"] {
            m[t] = "SIMD-group functions are not supported by the CPU renderer"
        }
        m["goto"] = "goto is not supported"
        return m
    }()

    /// The headers a source may include: those the shim stands in for.
    static let includable: Set<String> = ["metal_stdlib", "SwiftUI/SwiftUI_Metal.h", "SwiftUI/SwiftUI.h"]

    /// Preprocessor directives that would read a file other than the shim's headers (`#include
    /// "../../secret"`, `#embed`): refused, so a source reads nothing outside the spec's folder.
    var forbiddenDirectives: [(message: String, position: MetalPosition)] {
        var out: [(String, MetalPosition)] = []
        for (n, start) in lineStarts.enumerated() {
            var i = start
            let end = n + 1 < lineStarts.count ? lineStarts[n + 1] : code.count
            while i < end, code[i] == 32 || code[i] == 9 { i += 1 }
            guard i < end, code[i] == UInt8(ascii: "#") else { continue }
            let hash = i
            i += 1
            while i < end, code[i] == 32 || code[i] == 9 { i += 1 }
            let wordStart = i
            while i < end, Self.isIdentifierByte(code[i]) { i += 1 }
            let directive = String(decoding: code[wordStart..<i], as: UTF8.self)
            guard ["include", "include_next", "import", "embed"].contains(directive) else { continue }
            // The header name: comments are blanked in `code`, but a "…" name is a literal there, so
            // read it from the original bytes.
            let rest = String(decoding: bytes[i..<end], as: UTF8.self).trimmed
            var name = rest
            if let first = rest.first, first == "<" || first == "\"" {
                let close: Character = first == "<" ? ">" : "\""
                name = String(rest.dropFirst().prefix { $0 != close })
            }
            if directive == "include", Self.includable.contains(name) { continue }
            out.append(("#\(directive) \(rest.prefix(60)): only <metal_stdlib> and <SwiftUI/SwiftUI_Metal.h> may be included (the CPU renderer's Metal shim stands in for them)", position(of: hash)))
        }
        return out
    }

    /// Most elements an array may declare: with the call-depth limit, a row's stack stays within a
    /// worker thread's (48 frames × 4096 × 16-byte vectors = 3 MiB at worst).
    static let maxArrayElements = 4096

    /// Arrays declared with more than `maxArrayElements` elements (`float a[100000]`).
    var oversizedArrays: [(message: String, position: MetalPosition)] {
        var out: [(String, MetalPosition)] = []
        var i = 0
        while i < code.count {
            guard code[i] == UInt8(ascii: "["), i > 0 else { i += 1; continue }
            // Preceded by an identifier (spaces allowed): a declarator or an index.
            var j = i - 1
            while j > 0, code[j] == 32 || code[j] == 9 { j -= 1 }
            guard Self.isIdentifierByte(code[j]) else { i += 1; continue }
            var k = i + 1
            while k < code.count, code[k] == 32 { k += 1 }
            let digitsStart = k
            while k < code.count, code[k] >= 48, code[k] <= 57 { k += 1 }
            let digits = String(decoding: code[digitsStart..<k], as: UTF8.self)
            while k < code.count, code[k] == UInt8(ascii: "u") || code[k] == UInt8(ascii: "U") || code[k] == 32 { k += 1 }
            let n = digits.count > 18 ? Int.max : (Int(digits) ?? 0)
            if !digits.isEmpty, k < code.count, code[k] == UInt8(ascii: "]"), n > Self.maxArrayElements {
                out.append(("an array of \(digits) elements; the CPU renderer allows at most \(Self.maxArrayElements) (the stack of a row is bounded)", position(of: i)))
            }
            i += 1
        }
        return out
    }

    /// The first use of each unsupported name, in source order.
    var unsupportedUses: [(name: String, why: String, position: MetalPosition)] {
        var seen: Set<String> = []
        var out: [(String, String, MetalPosition)] = []
        for (name, offset) in identifiers {
            guard let why = Self.unsupported[name], seen.insert(name).inserted else { continue }
            out.append((name, why, position(of: offset)))
        }
        return out
    }
}
