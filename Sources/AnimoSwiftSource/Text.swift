// Text → the spec's `text` node (docs/spec.md, "text"): its string (an interpolated state value is
// a string expression with a printf format), and the text environment the modifiers around it set
// from the outside in — `.font` (text styles, `.system(size:weight:design:)`), `.fontWeight`,
// `.fontDesign`, `.bold()`, `.italic()`, `.kerning`, `.tracking`, `.lineLimit`,
// `.multilineTextAlignment`, `.contentTransition(.numericText())`, `.imageScale` (system images).
// The nearest modifier wins, as in SwiftUI's environment.
import Foundation
internal import SwiftSyntax

extension Compiler {
    static let textStyles: Set<String> = ["largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote", "caption", "caption2"]
    static let fontWeights: Set<String> = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
    static let fontDesigns: Set<String> = ["default", "rounded", "monospaced", "serif"]

    /// The text environment a modifier sets, or nil when it sets none.
    func textAttribute(_ m: Modifier, _ s: Scope) throws -> (String, JSON)? {
        let a = m.args
        func member(_ e: ExprSyntax, _ allowed: Set<String>, _ what: String) throws -> String {
            if case .member(let name, _) = try eval(e, s), allowed.contains(name) { return name }
            throw Unsupported(position: position(e), construct: ".\(m.name)", message: "expected \(what)")
        }
        func flag() throws -> JSON {
            guard let e = a.first else { return .bool(true) }
            return .bool(try constant(e, s, m.name) != 0)
        }
        switch m.name {
        case "font":
            guard let e = a.first else { return nil }
            if e.is(NilLiteralExprSyntax.self) { return nil }
            return ("font", try font(e, s))
        case "fontWeight":
            guard let e = a.first else { return nil }
            return ("fontWeight", .string(try member(e, Self.fontWeights, "a font weight such as .bold")))
        case "fontDesign":
            guard let e = a.first else { return nil }
            return ("_design", .string(try member(e, Self.fontDesigns, "a font design such as .rounded")))
        case "bold", "italic": return (m.name, try flag())
        case "kerning", "tracking":
            guard let e = a.first else { return nil }
            return (m.name, .num(try number(e, s, m.name)))
        case "lineLimit":
            guard let e = a.first else { return nil }
            if case .optionalNone = try eval(e, s) { return ("lineLimit", .null) }
            return ("lineLimit", .num(try number(e, s, "lineLimit")))
        case "multilineTextAlignment":
            guard let e = a.first else { return nil }
            return ("multilineTextAlignment", .string(try member(e, ["leading", "center", "trailing"], "an alignment: .leading, .center or .trailing")))
        case "imageScale":
            guard let e = a.first else { return nil }
            return ("imageScale", .string(try member(e, ["small", "medium", "large"], "an image scale: .small, .medium or .large")))
        case "contentTransition":
            guard let e = a.first else { return nil }
            if let c = e.as(FunctionCallExprSyntax.self), c.calledExpression.trimmedDescription.hasSuffix("numericText") {
                if let d = Arguments(c).labeled("countsDown") {
                    return ("contentTransition", .object([("numericText", .object([("countsDown", .bool(try constant(d, s, "countsDown") != 0))]))]))
                }
                return ("contentTransition", .string("numericText"))
            }
            switch e.trimmedDescription {
            case ".identity": return ("contentTransition", .string("identity"))
            case ".opacity": return ("contentTransition", .string("opacity"))
            case ".interpolate": return ("contentTransition", .string("interpolate"))
            default: throw Unsupported(position: position(e), construct: ".contentTransition", message: "this content transition is not modelled: the default (opacity) is used")
            }
        default: return nil
        }
    }

    /// A Font: a text style, `.system(size:weight:design:)`, `.system(.title, design:)`,
    /// `.custom(_:size:)` (the size, in the system font) and `.weight(…)`, `.bold()`, `.italic()` on one.
    func font(_ e: ExprSyntax, _ s: Scope) throws -> JSON {
        let at = position(e)
        if let m = e.as(MemberAccessExprSyntax.self), Self.textStyles.contains(m.declName.baseName.text) {
            return .string(m.declName.baseName.text)
        }
        guard let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self) else {
            throw Unsupported(position: at, construct: ".font", message: "'\(e.trimmedDescription.prefix(40))' is not a font this front end reads: the body font is used")
        }
        let a = Arguments(c)
        let name = m.declName.baseName.text
        func object(_ f: JSON) -> [(String, JSON)] {
            if case .object(let members) = f.unlocated { return members }
            if case .string(let style) = f.unlocated { return [("style", .string(style))] }
            return []
        }
        func named(_ e: ExprSyntax, _ allowed: Set<String>) throws -> String {
            if case .member(let n, _) = try eval(e, s), allowed.contains(n) { return n }
            throw Unsupported(position: position(e), construct: ".font", message: "expected one of \(allowed.sorted().joined(separator: ", "))")
        }
        switch name {
        case "system", "custom":
            var members: [(String, JSON)] = []
            if let size = a.labeled("size") ?? a.labeled("fixedSize") { members.append(("size", .num(try number(size, s, "size")))) }
            else if name == "system", let style = a.unlabeled.first { members.append(("style", .string(try named(style, Self.textStyles)))) }
            else if name == "custom", let rel = a.labeled("relativeTo") { members.append(("style", .string(try named(rel, Self.textStyles)))) }
            if let w = a.labeled("weight") { members.append(("weight", .string(try named(w, Self.fontWeights)))) }
            if let d = a.labeled("design") { members.append(("design", .string(try named(d, Self.fontDesigns)))) }
            if name == "custom" { warn(at, "Font.custom", "custom fonts are not installed: drawn in the system font at its size") }
            if members.isEmpty { return .string("body") }
            return .object(members)
        case "weight", "bold", "italic", "monospacedDigit", "monospaced":
            guard let base = m.base else { break }
            var members = object(try font(base, s))
            switch name {
            case "weight": if let w = a.first { members.append(("weight", .string(try named(w, Self.fontWeights)))) }
            case "bold", "italic": members.append((name, .bool(true)))
            case "monospaced": members.append(("design", .string("monospaced")))
            default: break
            }
            return .object(members)
        default: break
        }
        throw Unsupported(position: at, construct: ".font", message: "'\(e.trimmedDescription.prefix(40))' is not a font this front end reads: the body font is used")
    }

    /// `Text("…")`, `Text(verbatim:)`, `Text(value)` → a text node with the text environment.
    func compileText(_ a: Arguments, _ s: Scope, _ ctx: ViewContext, _ at: SwiftPosition) throws -> JSON {
        guard let arg = a.labeled("verbatim") ?? a.unlabeled.first, a.list.count == 1 else {
            throw Unsupported(position: at, construct: "Text", message: "this form of Text is not modelled: left out")
        }
        var members = try textString(arg, s)
        var design: JSON? = nil
        for (k, v) in ctx.text where k != "imageScale" {
            if k == "_design" { design = v; continue }
            members.append((k, v))
        }
        if let design {
            let i = members.firstIndex { $0.0 == "font" }
            var f: [(String, JSON)] = [("style", .string("body"))]
            if let i, case .string(let style) = members[i].1.unlocated { f = [("style", .string(style))] }
            if let i, case .object(let fm) = members[i].1.unlocated { f = fm.filter { $0.0 != "design" } }
            f.append(("design", design))
            if let i { members[i].1 = .object(f) } else { members.append(("font", .object(f))) }
        }
        if let fg = ctx.foreground { members.append(("foregroundStyle", fg)) }
        nodeCount += 1
        return .located(at, .object([("text", .object(members))]))
    }

    /// The `string` (and `format`) of a text: a literal, or one interpolated number that changes.
    func textString(_ e: ExprSyntax, _ s: Scope) throws -> [(String, JSON)] {
        func literal(_ text: String) -> [(String, JSON)] { [("string", .string(text.hasPrefix("=") ? "=" + text : text))] }
        // `String(format: "%02d", value)`: the spec's format with the value.
        if let c = e.as(FunctionCallExprSyntax.self), c.calledExpression.trimmedDescription == "String" {
            let a = Arguments(c)
            if let f = a.labeled("format"), a.list.count == 2, let valueExpr = a.list.last?.expr, case .string(let written) = try eval(f, s) {
                let format = try printfFormat(written, position(f))
                let v = try number(valueExpr, s, "String(format:)")
                if let k = v.constant { return literal(constantFormat(format, k) ?? "\(k)") }
                return [("string", .string("=" + v.text)), ("format", .string(format))]
            }
        }
        guard let str = e.as(StringLiteralExprSyntax.self) else {
            switch try eval(e, s) {
            case .string(let text): return literal(text)
            case .number(let x, let isInt):
                if let k = x.constant { return literal(swiftDescription(k, isInt: isInt)) }
                return [("string", .string("=" + x.text)), ("format", .string(isInt || isIntState(x) ? "%d" : "%g"))]
            case let v: throw Unsupported(position: position(e), construct: "Text", message: "a text of \(v.kindName) is not modelled: left out")
            }
        }
        var text = ""
        var format = ""
        var changing: Expr? = nil
        for seg in str.segments {
            if let t = seg.as(StringSegmentSyntax.self) {
                let piece = unescape(t.content.text)
                text += piece
                format += piece.replacingOccurrences(of: "%", with: "%%")
                continue
            }
            guard let x = seg.as(ExpressionSegmentSyntax.self), let first = x.expressions.first else { continue }
            let specifier = try x.expressions.first(where: { $0.label?.text == "specifier" }).map { spec -> String in
                guard case .string(let f) = try eval(spec.expression, s) else {
                    throw Unsupported(position: position(spec.expression), construct: "Text", message: "the specifier must be a constant string")
                }
                return try printfFormat(f, position(spec.expression))
            }
            switch try eval(first.expression, s) {
            case .string(let piece):
                text += piece
                format += piece.replacingOccurrences(of: "%", with: "%%")
            case .number(let v, let isInt):
                if let k = v.constant, specifier == nil || !k.isFinite {
                    let piece = swiftDescription(k, isInt: isInt)
                    text += piece
                    format += piece
                    continue
                }
                if let k = v.constant, let spec = specifier, let piece = constantFormat(spec, k) {
                    text += piece
                    format += piece.replacingOccurrences(of: "%", with: "%%")
                    continue
                }
                guard changing == nil else {
                    throw Unsupported(position: position(first.expression), construct: "Text", message: "a text with more than one changing value is not modelled: left out")
                }
                changing = v
                format += specifier ?? (isInt || isIntState(v) ? "%d" : "%g")
            case let other:
                throw Unsupported(position: position(first.expression), construct: "Text", message: "interpolating \(other.kindName) is not modelled: left out")
            }
        }
        guard let changing else { return literal(text) }
        return [("string", .string("=" + changing.text)), ("format", .string(format))]
    }

    /// A state variable declared as an Int.
    func isIntState(_ e: Expr) -> Bool {
        if case .name(let n) = e { return states.first { $0.name == n }?.isInt ?? false }
        return false
    }

    /// Swift's own description of a number in an interpolation (`3`, `0.5`, `2.0`).
    func swiftDescription(_ k: Double, isInt: Bool) -> String {
        if isInt, let i = Int(exactly: k.rounded(.towardZero)) { return String(i) }
        return "\(k)"
    }

    /// A Swift format the spec's `format` takes: one conversion `%d %i %f %e %g` (C's length
    /// modifiers `l`, `ll` dropped), flags `-+ 0`, width and precision; `%%` for %.
    func printfFormat(_ written: String, _ at: SwiftPosition) throws -> String {
        let f = written.replacingOccurrences(of: "%lld", with: "%d").replacingOccurrences(of: "%ld", with: "%d")
        let pattern = #/^([^%]|%%)*%[-+ 0]*[0-9]{0,2}(\.[0-9]{1,2})?[difeg]([^%]|%%)*$/#
        guard f.wholeMatch(of: pattern) != nil else {
            throw Unsupported(position: at, construct: "Text", message: "the format '\(written)' is not one the spec formats (one of %d %i %f %e %g with flags, width and precision): left out")
        }
        return f
    }

    /// A printf specifier applied to a constant (`%.1f` → "2.5"); nil when it is not a plain one.
    func constantFormat(_ spec: String, _ k: Double) -> String? {
        let allowed = CharacterSet(charactersIn: "%.0123456789fgde-+ ")
        guard spec.unicodeScalars.allSatisfy({ allowed.contains($0) }), spec.filter({ $0 == "%" }).count == 1 else { return nil }
        guard k.isFinite, abs(k) < 1e15 else { return nil }
        if spec.hasSuffix("d") { return String(format: spec, Int(k)) }
        return String(format: spec, k)
    }

    func unescape(_ raw: String) -> String {
        var out = ""
        var escaped = false
        for ch in raw {
            if escaped {
                switch ch {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(ch)
                }
                escaped = false
            } else if ch == "\\" { escaped = true } else { out.append(ch) }
        }
        return out
    }
}
