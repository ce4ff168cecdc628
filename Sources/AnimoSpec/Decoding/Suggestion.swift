// "Did you mean …?" for unknown keys and names: the closest candidate by edit distance.

public enum Suggestion {
    /// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), case-insensitive
    /// on ASCII, so `dampingFration` → `dampingFraction` (1 edit) and `raduis` → `radius` (1 transposition).
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased().unicodeScalars)
        let y = Array(b.lowercased().unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prev2 = [Int](repeating: 0, count: y.count + 1)
        var prev = Array(0...y.count)
        var cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    v = min(v, prev2[j - 2] + 1)
                }
                cur[j] = v
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[y.count]
    }

    /// The closest candidate within a tolerance that grows with the word's length (at most a third
    /// of its letters, at least 2 edits), or nil.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        guard word.count <= 64 else { return nil }
        let limit = max(2, word.count / 3)
        var best: (String, Int)?
        for c in candidates {
            let d = distance(word, c)
            if d <= limit, d < (best?.1 ?? Int.max) { best = (c, d) }
        }
        return best?.0
    }

    /// " (did you mean \"x\"?)" or "".
    public static func phrase(for word: String, in candidates: [String]) -> String {
        if let c = closest(to: word, in: candidates) { return " (did you mean \(UserText.quoted(c))?)" }
        return ""
    }
}
