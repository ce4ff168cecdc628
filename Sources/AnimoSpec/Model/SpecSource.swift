// SpecSource: the text a spec was decoded from, kept so that a problem found after decoding — by
// the scene (bad SVG path data, animation parameters Motion rejects) or by a renderer (an unknown
// shader, an unreadable image) — is reported at its line and column, like a decoding error.
// Positions come from the parsed JSON tree, walked along the JSON path of the problem.

/// Where a loaded spec came from.
public struct SpecSource: Sendable {
    /// The file name shown in error descriptions.
    public let fileName: String
    let root: JSONValue

    init(fileName: String, root: JSONValue) {
        self.fileName = fileName
        self.root = root
    }

    /// The source position of the value at `path` (`content[2].modifiers[0].blur.radius`); when
    /// the path goes deeper than the document (a key that was defaulted), the position of the
    /// deepest value it reaches.
    public func position(of path: String) -> SourcePosition {
        var value = root
        for step in Self.steps(path) {
            switch (step, value.kind) {
            case (.key(let k), .object(let members)):
                guard let m = members.first(where: { $0.key == k }) else { return value.position }
                value = m.value
            case (.index(let i), .array(let items)):
                guard items.indices.contains(i) else { return value.position }
                value = items[i]
            default:
                return value.position
            }
        }
        return value.position
    }

    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// `a.b[2].c` → key a, key b, index 2, key c. Keys are JSON member names as the decoder joins
    /// them (a key containing `.` or `[` is not addressable, and resolves to its parent object).
    static func steps(_ path: String) -> [Step] {
        var out: [Step] = []
        var key = ""
        var chars = path.makeIterator()
        func flush() { if !key.isEmpty { out.append(.key(key)); key = "" } }
        while let c = chars.next() {
            switch c {
            case ".": flush()
            case "[":
                flush()
                var digits = ""
                while let d = chars.next(), d != "]" { digits.append(d) }
                if let i = Int(digits) { out.append(.index(i)) }
            default: key.append(c)
            }
        }
        flush()
        return out
    }
}

extension Spec {
    /// An error about the value at `path`, placed at its source position when the spec was loaded
    /// from text (otherwise without a position).
    public func error(at path: String, _ message: String, fileName: String? = nil) -> SpecError {
        let file = fileName ?? source?.fileName ?? "spec.json"
        guard let source else { return SpecError(file: file, path: path, line: 0, column: 0, message: message) }
        let p = source.position(of: path)
        return SpecError(file: file, path: path, line: p.line, column: p.column, message: message)
    }
}
