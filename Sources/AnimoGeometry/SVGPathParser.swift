// SVG path data ("d" attribute) parser.
//
// Grammar: SVG 1.1 §8.3.9 "The grammar for path data" and SVG 2 §9.3.9
// (https://www.w3.org/TR/SVG2/paths.html#PathDataBNF). Points carried over from the grammar:
// - numbers: sign? (digits ("." digits?)? | "." digits) exponent?, with exponent = ("e"|"E") sign? digits.
//   A number ends where the grammar cannot continue it, so "1.5.5" is 1.5 then .5 and "-1-2" is -1 then -2.
// - separators are optional white space and at most one comma between arguments.
// - arc flags are the single characters "0" or "1" and need no separator ("A1 1 0 01 1 1").
// - a command letter may be omitted when it repeats; after a moveto the repeated pairs are linetos
//   (absolute after "M", relative after "m") (§9.3.3).
// - the first command must be a moveto; a leading "m" is absolute (§9.3.3).
// - after a closepath, a following command other than moveto starts a new subpath at the closed
//   subpath's start (§9.3.4); the parser makes that moveto explicit.
// - S and T reflect the previous command's last control point when it was C/S (resp. Q/T), otherwise
//   the control point is the current point (§9.3.6, §9.3.7).
// - arcs follow the implementation notes (see EllipticalArc.swift).
//
// Error handling deliberately differs from a browser (which renders up to the first error): the
// parser throws `SVGPathError`, naming the 1-based column (in Unicode scalars) and what was expected.
import Foundation

/// A syntax error in SVG path data.
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based column (Unicode scalar index) where the problem was found; one past the end at end of input.
    public var column: Int
    /// What the parser expected or found, e.g. "expected a number after 'L'".
    public var message: String
    public var description: String { "\(message) at column \(column)" }
}

extension Path {
    /// Parses SVG path data (every command M L H V C S Q T A Z, absolute and relative, with implicit
    /// repeats). Arcs become cubic Béziers. An empty or all-white-space string gives an empty path.
    /// - Throws: `SVGPathError` with the column of the first error.
    public init(svg: String) throws {
        var parser = SVGPathParser(svg)
        self = try parser.parse()
    }
}

struct SVGPathParser {
    private let s: [Unicode.Scalar]
    private var i = 0
    private var path = Path()
    private var current = Point.zero
    private var subpathStart = Point.zero
    /// The last control point of the previous command and its kind, for S/T reflection.
    private var lastCubicControl: Point? = nil
    private var lastQuadControl: Point? = nil
    private var justClosed = false

    init(_ text: String) { s = Array(text.unicodeScalars) }

    private func error(_ message: String, at index: Int) -> SVGPathError {
        SVGPathError(column: index + 1, message: message)
    }

    private static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }
    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    private mutating func skipSpaces() {
        while i < s.count, Self.isSpace(s[i]) { i += 1 }
    }
    /// Skips white space and at most one comma (comma-wsp).
    private mutating func skipSeparator() {
        skipSpaces()
        if i < s.count, s[i] == "," { i += 1; skipSpaces() }
    }

    /// True when the next character can start a number.
    private func atNumberStart() -> Bool {
        guard i < s.count else { return false }
        let c = s[i]
        return Self.isDigit(c) || c == "-" || c == "+" || c == "."
    }

    /// Reads one number per the grammar; `command` names the command for the error message.
    private mutating func number(after command: Unicode.Scalar) throws -> Double {
        skipSeparator()
        let start = i
        var j = i
        if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
        var digits = 0
        while j < s.count, Self.isDigit(s[j]) { j += 1; digits += 1 }
        if j < s.count, s[j] == "." {
            j += 1
            while j < s.count, Self.isDigit(s[j]) { j += 1; digits += 1 }
        }
        guard digits > 0 else { throw error("expected a number after '\(command)'", at: start) }
        if j < s.count, s[j] == "e" || s[j] == "E" {
            var k = j + 1
            if k < s.count, s[k] == "+" || s[k] == "-" { k += 1 }
            var expDigits = 0
            while k < s.count, Self.isDigit(s[k]) { k += 1; expDigits += 1 }
            guard expDigits > 0 else { throw error("expected exponent digits in number after '\(command)'", at: k) }
            j = k
        }
        let text = String(String.UnicodeScalarView(s[start..<j]))
        guard let v = Double(text), v.isFinite else {
            throw error("number out of range after '\(command)'", at: start)
        }
        i = j
        return v
    }

    private mutating func flag(after command: Unicode.Scalar) throws -> Bool {
        skipSeparator()
        guard i < s.count, s[i] == "0" || s[i] == "1" else {
            throw error("expected a flag (0 or 1) after '\(command)'", at: i)
        }
        defer { i += 1 }
        return s[i] == "1"
    }

    private mutating func point(after command: Unicode.Scalar, relative: Bool) throws -> Point {
        let x = try number(after: command)
        let y = try number(after: command)
        return relative ? Point(current.x + x, current.y + y) : Point(x, y)
    }

    /// Starts a subpath at the closed subpath's start when a drawing command follows a closepath.
    private mutating func reopenIfClosed() {
        if justClosed { path.move(to: current); justClosed = false }
    }

    mutating func parse() throws -> Path {
        skipSpaces()
        if i >= s.count { return path }
        guard s[i] == "M" || s[i] == "m" else { throw error("expected 'M' or 'm'", at: i) }
        var first = true
        while true {
            skipSpaces()
            guard i < s.count else { break }
            let cmd = s[i]
            guard "MmLlHhVvCcSsQqTtAaZz".unicodeScalars.contains(cmd) else {
                throw error("unexpected character '\(cmd)', expected a command", at: i)
            }
            i += 1
            try run(cmd, firstMove: first)
            first = false
        }
        return path
    }

    /// Runs one command and its implicit repetitions.
    private mutating func run(_ cmd: Unicode.Scalar, firstMove: Bool) throws {
        let relative = cmd.properties.isLowercase
        let upper = Unicode.Scalar(UInt8(ascii: cmd) & ~0x20)
        if upper == "Z" {
            path.close()
            current = subpathStart
            justClosed = true
            lastCubicControl = nil; lastQuadControl = nil
            skipSpaces()
            if atNumberStart() { throw error("expected a command after '\(cmd)'", at: i) }
            return
        }
        var repeatCmd = upper
        var isRelative = relative
        var firstArgs = true
        repeat {
            // A leading "m" is absolute (SVG 2 §9.3.3); repeats of M/m are linetos.
            let rel = isRelative && !(firstMove && firstArgs && repeatCmd == "M")
            var cubicCtl: Point? = nil, quadCtl: Point? = nil
            let name = cmd
            switch repeatCmd {
            case "M":
                let p = try point(after: name, relative: rel)
                path.move(to: p); current = p; subpathStart = p; justClosed = false
                repeatCmd = "L"   // implicit linetos follow, keeping the case
            case "L":
                let p = try point(after: name, relative: rel)
                reopenIfClosed(); path.line(to: p); current = p
            case "H":
                let x = try number(after: name)
                let p = Point(rel ? current.x + x : x, current.y)
                reopenIfClosed(); path.line(to: p); current = p
            case "V":
                let y = try number(after: name)
                let p = Point(current.x, rel ? current.y + y : y)
                reopenIfClosed(); path.line(to: p); current = p
            case "C":
                let c1 = try point(after: name, relative: rel)
                let c2 = try point(after: name, relative: rel)
                let p = try point(after: name, relative: rel)
                reopenIfClosed(); path.cubic(to: p, control1: c1, control2: c2)
                current = p; cubicCtl = c2
            case "S":
                let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
                let c2 = try point(after: name, relative: rel)
                let p = try point(after: name, relative: rel)
                reopenIfClosed(); path.cubic(to: p, control1: c1, control2: c2)
                current = p; cubicCtl = c2
            case "Q":
                let c = try point(after: name, relative: rel)
                let p = try point(after: name, relative: rel)
                reopenIfClosed(); path.quad(to: p, control: c)
                current = p; quadCtl = c
            case "T":
                let c = lastQuadControl.map { current * 2 - $0 } ?? current
                let p = try point(after: name, relative: rel)
                reopenIfClosed(); path.quad(to: p, control: c)
                current = p; quadCtl = c
            case "A":
                let rx = try number(after: name)
                let ry = try number(after: name)
                let rot = try number(after: name)
                let large = try flag(after: name)
                let sweep = try flag(after: name)
                let p = try point(after: name, relative: rel)
                reopenIfClosed()
                switch EllipticalArc.convert(from: current, to: p, rx: rx, ry: ry, xAxisRotationDegrees: rot,
                                             largeArc: large, sweep: sweep) {
                case .omitted: break
                case .line: path.line(to: p)
                case .arc(let arc): arc.appendCubics(to: &path, end: p)
                }
                current = p
            default:
                break
            }
            lastCubicControl = cubicCtl
            lastQuadControl = quadCtl
            firstArgs = false
            isRelative = relative
            skipSeparator()
        } while atNumberStart()
    }
}
