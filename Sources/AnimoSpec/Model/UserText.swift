// Text from the user (keys, values, names, paths, command-line arguments) echoed in a message:
// a long string is cut to its first 40 characters followed by "…" and its length, so a 1 MB key
// makes a one-line message, and control characters are escaped so every message stays on its line.

public enum UserText {
    /// How many characters of a long string a message shows.
    public static let shownCharacters = 40

    /// `s` as a message shows it: at most `limit` characters, control characters escaped; a longer
    /// string ends in `… (N characters)`, N its full length (`abcd… (1048576 characters)`).
    public static func cut(_ s: String, limit: Int = shownCharacters) -> String {
        let count = s.count
        if count <= limit { return escaped(Substring(s)) }
        return escaped(s.prefix(limit)) + "… (\(count) characters)"
    }

    /// `s` in double quotes as a message shows it: `"liquidMetl"`; a long string is cut inside the
    /// quotes and its length follows them: `"abcd…" (1048576 characters)`.
    public static func quoted(_ s: String, limit: Int = shownCharacters) -> String {
        let count = s.count
        if count <= limit { return "\"" + escaped(Substring(s)) + "\"" }
        return "\"" + escaped(s.prefix(limit)) + "…\" (\(count) characters)"
    }

    /// A JSON path with each long key cut (`content[0].abcd… (1048576 characters)`).
    public static func path(_ p: String, limit: Int = shownCharacters) -> String {
        guard p.count > limit else { return escaped(Substring(p)) }
        var out = ""
        var key = ""
        func flush() {
            if !key.isEmpty { out += cut(key, limit: limit); key = "" }
        }
        for c in p {
            if c == "." || c == "[" || c == "]" { flush(); out.append(c) } else { key.append(c) }
        }
        flush()
        return out
    }

    static func escaped(_ s: Substring) -> String {
        guard s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return String(s) }
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where u.value < 0x20 || u.value == 0x7F: out += "\\u{\(String(u.value, radix: 16))}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
