// Tokens of the expression language (the text after "=" in a spec value). Offsets are counted in
// Unicode scalars from the start of the expression text, so errors can point at a column.

/// An error in an expression: what is wrong and where (0-based offset into the expression text).
public struct ExpressionError: Error, Sendable, Hashable {
    public var offset: Int
    public var message: String
    /// For an unknown name: the name (a key that takes constants explains it is a variable).
    public var unknownName: String? = nil
    /// The error is a function calling itself (reported as it is, wherever it is found).
    public var isRecursion = false
}

enum ExpressionToken: Equatable {
    case number(Double)
    /// A colour literal "#RRGGBB" or "#RRGGBBAA": its text and value.
    case color(String, SpecColor)
    case identifier(String)
    /// Operators and punctuation: + - * / % ( ) [ ] , ? : == != < <= > >= && || !
    case symbol(String)
    case end
}

struct LexedToken {
    var token: ExpressionToken
    var offset: Int
}

enum ExpressionLexer {
    /// Longest-first list of multi-character operators.
    private static let twoChar: Set<String> = ["==", "!=", "<=", ">=", "&&", "||"]
    private static let oneChar: Set<Character> = ["+", "-", "*", "/", "%", "(", ")", "[", "]", ",", "?", ":", "<", ">", "!"]

    static func tokenize(_ text: String) throws(ExpressionError) -> [LexedToken] {
        let chars = Array(text.unicodeScalars)
        var tokens: [LexedToken] = []
        var i = 0
        func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }
        func isIdentStart(_ c: Unicode.Scalar) -> Bool {
            (c.value >= 65 && c.value <= 90) || (c.value >= 97 && c.value <= 122) || c == "_"
        }
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                i += 1
                continue
            }
            let start = i
            if isDigit(c) || (c == "." && i + 1 < chars.count && isDigit(chars[i + 1])) {
                while i < chars.count, isDigit(chars[i]) { i += 1 }
                if i < chars.count, chars[i] == "." {
                    i += 1
                    while i < chars.count, isDigit(chars[i]) { i += 1 }
                }
                if i < chars.count, chars[i] == "e" || chars[i] == "E" {
                    var j = i + 1
                    if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
                    if j < chars.count, isDigit(chars[j]) {
                        i = j
                        while i < chars.count, isDigit(chars[i]) { i += 1 }
                    } else {
                        throw ExpressionError(offset: i, message: "expected digits in the exponent of a number")
                    }
                }
                var s = String.UnicodeScalarView()
                s.append(contentsOf: chars[start..<i])
                guard let d = Double(String(s)), d.isFinite else {
                    throw ExpressionError(offset: start, message: "number out of range")
                }
                if i < chars.count, isIdentStart(chars[i]) {
                    throw ExpressionError(offset: i, message: "expected an operator after the number \(UserText.cut(String(s)))")
                }
                tokens.append(LexedToken(token: .number(d), offset: start))
                continue
            }
            if c == "#" {
                i += 1
                while i < chars.count, isIdentStart(chars[i]) || isDigit(chars[i]) { i += 1 }
                var s = String.UnicodeScalarView()
                s.append(contentsOf: chars[start..<i])
                let text = String(s)
                guard let color = SpecColor.hex(text) else {
                    throw ExpressionError(offset: start, message: "bad hex colour \(UserText.quoted(text)): expected #RRGGBB or #RRGGBBAA")
                }
                tokens.append(LexedToken(token: .color(text, color), offset: start))
                continue
            }
            if isIdentStart(c) {
                while i < chars.count, isIdentStart(chars[i]) || isDigit(chars[i]) { i += 1 }
                // Dotted names (`geo.width`, `geo.safeAreaInsets.top`): a geometry reader's values.
                while i + 1 < chars.count, chars[i] == ".", isIdentStart(chars[i + 1]) {
                    i += 1
                    while i < chars.count, isIdentStart(chars[i]) || isDigit(chars[i]) { i += 1 }
                }
                var s = String.UnicodeScalarView()
                s.append(contentsOf: chars[start..<i])
                tokens.append(LexedToken(token: .identifier(String(s)), offset: start))
                continue
            }
            if i + 1 < chars.count {
                var pair = String.UnicodeScalarView()
                pair.append(c)
                pair.append(chars[i + 1])
                let p = String(pair)
                if twoChar.contains(p) {
                    tokens.append(LexedToken(token: .symbol(p), offset: start))
                    i += 2
                    continue
                }
            }
            // `.x` after `]` or `)`: a member of a point (numbers such as .5 were read above).
            if c == ".", i + 1 < chars.count, isIdentStart(chars[i + 1]) {
                tokens.append(LexedToken(token: .symbol("."), offset: start))
                i += 1
                continue
            }
            if oneChar.contains(Character(c)) {
                tokens.append(LexedToken(token: .symbol(String(Character(c))), offset: start))
                i += 1
                continue
            }
            if c == "=" {
                throw ExpressionError(offset: i, message: "unexpected '=' (use == to compare)")
            }
            if c == "&" || c == "|" {
                throw ExpressionError(offset: i, message: "unexpected '\(c)' (use \(c)\(c))")
            }
            throw ExpressionError(offset: i, message: "unexpected character '\(c)'")
        }
        tokens.append(LexedToken(token: .end, offset: chars.count))
        return tokens
    }
}
