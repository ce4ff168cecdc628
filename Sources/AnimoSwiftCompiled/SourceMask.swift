// Swift source with its comments and the contents of its string literals blanked out, every
// other character (and every newline) where it was: names and brackets found in it are code.
// Used to find what a file mentions (ProjectSources) and where its previews are (PreviewBlocks).

enum SourceMask {
    /// The scalars with comments and the contents of string literals made spaces (newlines kept),
    /// so that brackets and names are found only in code.
    static func mask(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out = s
        var i = 0
        func at(_ k: Int, _ c: Unicode.Scalar) -> Bool { k < s.count && s[k] == c }
        func space(_ a: Int, _ b: Int) { for k in a..<min(b, s.count) where s[k] != "\n" { out[k] = " " } }
        while i < s.count {
            if at(i, "/"), at(i + 1, "/") {
                let a = i
                while i < s.count, s[i] != "\n" { i += 1 }
                space(a, i)
            } else if at(i, "/"), at(i + 1, "*") {
                let a = i
                i += 2
                while i < s.count, !(at(i, "*") && at(i + 1, "/")) { i += 1 }
                i += 2
                space(a, i)
            } else if at(i, "\""), at(i + 1, "\""), at(i + 2, "\"") {
                let a = i
                i += 3
                while i < s.count, !(at(i, "\"") && at(i + 1, "\"") && at(i + 2, "\"")) { i += 1 }
                i += 3
                space(a, i)
            } else if at(i, "\"") {
                let a = i
                i += 1
                while i < s.count, s[i] != "\"", s[i] != "\n" { i += at(i, "\\") ? 2 : 1 }
                i += 1
                space(a, i)
            } else {
                i += 1
            }
        }
        return out
    }
}
