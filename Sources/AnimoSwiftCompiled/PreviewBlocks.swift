// The previews of a file other than the one rendered, blanked out before the file is compiled:
// a preview makes views the others do not need (often with data or types of the app that a
// corpus or a package target does not carry), and one that does not compile would take every
// other view of the file down with it. Blanking keeps every other character's line and column, so
// swiftc's positions are the user's.
import Foundation

enum PreviewBlocks {
    /// `text` with its `#Preview` blocks and `PreviewProvider` structs replaced by spaces, except
    /// the `#Preview` at line `keepLine` and the provider named `keepProvider`.
    static func strip(_ text: String, keepLine: Int? = nil, keepProvider: String? = nil) -> String {
        var chars = Array(text.unicodeScalars)
        let masked = SourceMask.mask(chars)
        var lineStarts: [Int] = [0]
        for (i, c) in chars.enumerated() where c == "\n" { lineStarts.append(i + 1) }
        func line(of i: Int) -> Int { (lineStarts.lastIndex { $0 <= i } ?? 0) + 1 }
        func blank(_ a: Int, _ b: Int) {
            for k in a..<min(b, chars.count) where chars[k] != "\n" { chars[k] = " " }
        }
        /// The index after the bracket that closes the one at `open`.
        func close(_ open: Int) -> Int? {
            let pair: [Unicode.Scalar: Unicode.Scalar] = ["{": "}", "(": ")"]
            guard let end = pair[masked[open]] else { return nil }
            var depth = 0
            var k = open
            while k < masked.count {
                if masked[k] == masked[open] { depth += 1 } else if masked[k] == end { depth -= 1; if depth == 0 { return k + 1 } }
                k += 1
            }
            return nil
        }
        func skipSpace(_ i: Int) -> Int {
            var k = i
            while k < masked.count, masked[k] == " " || masked[k] == "\n" || masked[k] == "\t" { k += 1 }
            return k
        }
        let text = String(String.UnicodeScalarView(masked))
        var ranges: [(Int, Int)] = []
        // #Preview blocks.
        var search = text.startIndex
        while let r = text.range(of: "#Preview", range: search..<text.endIndex) {
            let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: r.lowerBound)
            search = r.upperBound
            var k = start + 8
            if k < masked.count, masked[k].properties.isAlphabetic { continue }  // #PreviewSomething
            k = skipSpace(k)
            if k < masked.count, masked[k] == "(" { guard let e = close(k) else { continue }; k = skipSpace(e) }
            if k < masked.count, masked[k] == "{" { guard let e = close(k) else { continue }; k = e }
            if line(of: start) != keepLine { ranges.append((start, k)) }
        }
        // PreviewProvider structs.
        let pattern = try! NSRegularExpression(pattern: #"struct\s+(\w+)\s*:[^{]*\bPreviewProvider\b[^{]*\{"#)
        let ns = text as NSString
        for m in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let name = ns.substring(with: m.range(at: 1))
            guard name != keepProvider else { continue }
            // NSString offsets are UTF-16; the scalars' index of the match's end.
            let prefix = ns.substring(to: m.range.location + m.range.length)
            let openIndex = prefix.unicodeScalars.count - 1
            let startIndex = ns.substring(to: m.range.location).unicodeScalars.count
            guard let e = close(openIndex) else { continue }
            ranges.append((startIndex, e))
        }
        for (a, b) in ranges { blank(a, b) }
        return String(String.UnicodeScalarView(chars))
    }
}
