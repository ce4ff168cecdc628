// Liquid Glass: `.glassEffect(_:in:isEnabled:)`, `.glassEffectUnion(id:namespace:)` and
// `GlassEffectContainer(spacing:) { … }` become the spec's `glassEffect`, `glassEffectUnion` and
// `glassEffectContainer` modifiers (docs/spec.md, "Glass"). The glass recipe is read from the
// source: `.regular`, `.clear`, `.identity`, then `.tint(_:)` and `.interactive(_:)` in any order.
import Foundation
internal import SwiftSyntax

extension Compiler {
    /// The `glassEffect` modifier's value.
    func glassEffect(_ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> JSON {
        var members: [(String, JSON)] = []
        if let recipe = a.unlabeled.first { members += try glassRecipe(recipe, s) }
        if let shape = a.labeled("in") {
            // A shape not modelled keeps the glass, in SwiftUI's default capsule.
            do { members.append(("shape", try glassShape(shape, s))) } catch let u as Unsupported { warn(u) }
        }
        if let e = a.labeled("isEnabled") { members.append(("isEnabled", .num(try condition(try eval(e, s), position(e))))) }
        return members.isEmpty ? .bool(true) : .object(members)
    }

    private func glassRecipe(_ e: ExprSyntax, _ s: Scope) throws -> [(String, JSON)] {
        if let m = e.as(MemberAccessExprSyntax.self) {
            let name = m.declName.baseName.text
            guard ["regular", "clear", "identity"].contains(name) else {
                throw Unsupported(position: position(e), construct: "Glass.\(name)", message: "not a glass variant: regular glass is used")
            }
            return [("variant", .string(name))]
        }
        if let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
            var out = try glassRecipe(base, s)
            let a = Arguments(c)
            switch m.declName.baseName.text {
            case "tint":
                guard let t = a.first else { break }
                if case .optionalNone = try eval(t, s) { break }
                out.append(("tint", try colorValue(try eval(t, s), position(t))))
            case "interactive":
                let on = try a.first.map { try constant($0, s, "interactive") != 0 } ?? true
                out.append(("interactive", .bool(on)))
            default:
                throw Unsupported(position: position(e), construct: ".\(m.declName.baseName.text)", message: "not a Glass method")
            }
            return out
        }
        throw Unsupported(position: position(e), construct: "Glass", message: "expected .regular, .clear or .identity")
    }

    /// `in:` — `.capsule`, `.circle`, `.ellipse`, `.rect`, `.rect(cornerRadius:)`, or the shape views.
    private func glassShape(_ e: ExprSyntax, _ s: Scope) throws -> JSON {
        var name = ""
        var args: Arguments? = nil
        if let m = e.as(MemberAccessExprSyntax.self) { name = m.declName.baseName.text }
        if let c = e.as(FunctionCallExprSyntax.self) {
            args = Arguments(c)
            name = c.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? c.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
        }
        if let r = args?.labeled("cornerRadius"), ["rect", "RoundedRectangle"].contains(name) {
            return .object([("roundedRectangle", .object([("cornerRadius", .number(try constant(r, s, "cornerRadius")))]))])
        }
        switch name {
        case "capsule", "Capsule": return .string("capsule")
        case "circle", "Circle": return .string("circle")
        case "ellipse", "Ellipse": return .string("ellipse")
        case "rect", "rectangle", "Rectangle": return .string("rectangle")
        default:
            throw Unsupported(position: position(e), construct: "glassEffect(in:)", message: "this shape is not modelled: a capsule is used")
        }
    }

    /// The `glassEffectUnion` modifier's value.
    func glassEffectUnion(_ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> JSON {
        guard let idExpr = a.labeled("id") else { throw Unsupported(position: at, construct: ".glassEffectUnion", message: "expected id:") }
        let id: JSON
        switch try eval(idExpr, s) {
        case .string(let text): id = .string(text)
        case .number(let e, _):
            guard let k = e.constant else { throw NeedsConstant(names: e.names, position: position(idExpr), what: "a glass union id") }
            id = .string(formatSpecNumber(k))
        default: throw Unsupported(position: position(idExpr), construct: ".glassEffectUnion", message: "expected a string or number id")
        }
        guard let ns = a.labeled("namespace") else { return id }
        return .object([("id", id), ("namespace", .string(ns.trimmedDescription))])
    }

    /// `GlassEffectContainer(spacing:) { … }`: the content, with the container modifier on it.
    func compileGlassContainer(_ a: Arguments, _ s: Scope, _ ctx: ViewContext, _ at: SwiftPosition) throws -> [JSON] {
        guard let closure = contentClosure(a) else { return [] }
        var spacing = 0.0
        if let e = a.labeled("spacing") { spacing = try constant(e, s, "spacing") }
        let nodes = try compileViewItems(closure.statements, s.child(), ctx)
        let modifier = JSON.object([("glassEffectContainer", .object([("spacing", .number(spacing))]))])
        nodeCount += 1
        var node: JSON = nodes.count == 1 ? nodes[0] : .located(at, .object([(ctx.layout ? "zstack" : "group", .array(nodes))]))
        var list: [JSON] = []
        if case .array(let existing)? = node["modifiers"]?.unlocated { list = existing }
        list.append(modifier)
        node = node.setting("modifiers", .array(list))
        return [node]
    }
}
