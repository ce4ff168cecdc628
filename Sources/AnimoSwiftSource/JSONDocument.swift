// The spec document the front end writes: JSON values that remember the Swift position they came
// from. Writing it yields the text and the source map (JSON path → Swift line and column), so that
// an error `Spec.load` reports at `content[2].modifiers[0].blur.radius` is shown at the Swift
// expression that produced it.

import Foundation
import AnimoSpec

/// A line and column (1-based) in the Swift file, or in another file of its project (`file`).
public struct SwiftPosition: Sendable, Hashable, Comparable {
    public var line: Int
    public var column: Int
    /// Another file of the project (ProjectFiles.swift); nil: the compiled file.
    public var file: String?
    public init(line: Int, column: Int, file: String? = nil) {
        self.line = line
        self.column = column
        self.file = file
    }
    public static func < (a: SwiftPosition, b: SwiftPosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

enum JSON: @unchecked Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])
    /// The value, produced by the Swift code at this position.
    indirect case located(SwiftPosition, JSON)

    /// A number or an expression string (`"=…"`).
    static func num(_ e: Expr) -> JSON {
        if let c = e.constant { return .number(c) }
        return .string("=" + e.text)
    }

    /// The JSON text (for comparisons).
    var text: String {
        var w = JSONWriter()
        w.write(self)
        return w.text
    }

    var unlocated: JSON {
        if case .located(_, let v) = self { return v.unlocated }
        return self
    }

    /// The member `key` of an object.
    subscript(key: String) -> JSON? {
        if case .object(let members) = unlocated { return members.first { $0.0 == key }?.1 }
        return nil
    }

    /// The object with `key` set (replaced or appended), keeping its location.
    func setting(_ key: String, _ value: JSON) -> JSON {
        switch self {
        case .located(let p, let v): return .located(p, v.setting(key, value))
        case .object(var members):
            if let i = members.firstIndex(where: { $0.0 == key }) { members[i].1 = value } else { members.append((key, value)) }
            return .object(members)
        default: return self
        }
    }

    func removing(_ key: String) -> JSON {
        switch self {
        case .located(let p, let v): return .located(p, v.removing(key))
        case .object(let members): return .object(members.filter { $0.0 != key })
        default: return self
        }
    }
}

/// JSON text plus the source map.
struct JSONWriter {
    private(set) var text = ""
    private(set) var map: [String: SwiftPosition] = [:]

    mutating func write(_ value: JSON) {
        emit(value, path: "", indent: 0)
        text += "\n"
    }

    private mutating func emit(_ value: JSON, path: String, indent: Int) {
        switch value {
        case .located(let p, let v):
            if map[path] == nil { map[path] = p }
            emit(v, path: path, indent: indent)
        case .null: text += "null"
        case .bool(let b): text += b ? "true" : "false"
        case .number(let d): text += d.isFinite ? formatSpecNumber(d) : "0"
        case .string(let s): text += JSONText.quoted(s)
        case .array(let items):
            if items.isEmpty { text += "[]"; return }
            if items.allSatisfy(\.isScalar) {
                text += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { text += ", " }
                    emit(item, path: "\(path)[\(i)]", indent: indent)
                }
                text += "]"
                return
            }
            text += "[\n"
            for (i, item) in items.enumerated() {
                text += String(repeating: "  ", count: indent + 1)
                emit(item, path: "\(path)[\(i)]", indent: indent + 1)
                text += i == items.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { text += "{}"; return }
            if value.isSmall {
                text += "{ "
                for (i, (k, v)) in members.enumerated() {
                    if i > 0 { text += ", " }
                    text += JSONText.quoted(k) + ": "
                    emit(v, path: path.isEmpty ? k : "\(path).\(k)", indent: indent)
                }
                text += " }"
                return
            }
            text += "{\n"
            for (i, (k, v)) in members.enumerated() {
                text += String(repeating: "  ", count: indent + 1) + JSONText.quoted(k) + ": "
                emit(v, path: path.isEmpty ? k : "\(path).\(k)", indent: indent + 1)
                text += i == members.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: "  ", count: indent) + "}"
        }
    }
}

extension JSON {
    var isScalar: Bool {
        switch unlocated {
        case .null, .bool, .number, .string: return true
        default: return false
        }
    }

    /// Objects of a few scalar members print on one line.
    var isSmall: Bool {
        guard case .object(let members) = unlocated else { return false }
        guard members.count <= 4 else { return false }
        var length = 0
        for (k, v) in members {
            length += k.count + 4
            switch v.unlocated {
            case .number(let d): length += formatSpecNumber(d).count
            case .string(let s): length += s.count + 2
            case .bool, .null: length += 5
            case .array(let items) where items.allSatisfy(\.isScalar) && items.count <= 4: length += 24
            case .object where v.isSmall: length += 40
            default: return false
            }
        }
        return length <= 90
    }
}

/// JSON path → Swift position, looked up by the longest prefix of a path that has one.
public struct SwiftSourceMap: Sendable {
    let positions: [String: SwiftPosition]

    public func position(of path: String) -> SwiftPosition? {
        var p = path
        while true {
            if let pos = positions[p] { return pos }
            if p.isEmpty { return nil }
            if p.hasSuffix("]"), let open = p.lastIndex(of: "[") {
                p = String(p[..<open])
            } else if let dot = p.lastIndex(of: ".") {
                p = String(p[..<dot])
            } else {
                p = ""
            }
        }
    }
}
