// State arrays: `@State var items: [Double]` or `[CGPoint]` (literal initial elements, often `[]`)
// is the spec's state array; `append(x)`, `removeFirst()`/`removeFirst(k)`, `removeLast(k)` and
// `removeAll()` in event handlers are its operations, with values known when the event runs; and
// `ForEach(items) { item in … }` (or `id: \.self`) is a `forEach` whose elements come and go.
import Foundation
internal import SwiftSyntax

extension Compiler {
    /// The array kind and initial elements, or nil for elements the spec cannot hold.
    func stateArray(_ items: [Value], _ type: String?, _ at: SwiftPosition) -> (String, [JSON])? {
        let t = type?.replacingOccurrences(of: " ", with: "")
        var kind: String?
        if let t, ["[Double]", "[CGFloat]", "[Float]", "[Int]"].contains(t) { kind = "numbers" }
        if t == "[CGPoint]" { kind = "points" }
        if kind == nil, t == nil, let first = items.first {
            if case .number = first { kind = "numbers" } else if first.field("x") != nil, first.field("y") != nil { kind = "points" }
        }
        guard let kind else { return nil }
        var elements: [JSON] = []
        for v in items {
            guard let e = try? element(v, kind, at) else { return nil }
            elements.append(e)
        }
        return (kind, elements)
    }

    /// One element as the spec writes it: a number, or `[x, y]`; known now.
    func element(_ v: Value, _ kind: String, _ at: SwiftPosition) throws -> JSON {
        func known(_ v: Value?) throws -> Double {
            guard case .number(let e, _)? = v, let k = e.constant else {
                throw Unsupported(position: at, construct: "append", message: "an element known only while rendering is not modelled")
            }
            return k
        }
        if kind == "numbers" { return .number(try known(v)) }
        if case .member("zero", _) = v { return .array([.number(0), .number(0)]) }
        return .array([.number(try known(v.field("x"))), .number(try known(v.field("y")))])
    }

    /// `items.append(x)`, `removeFirst(k)`, `removeLast(k)`, `removeAll()` while events run.
    func stateArrayOperation(_ f: [(String, Value)], _ method: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws {
        guard case .string(let name)? = f.first(where: { $0.0 == "name" })?.1, case .string(let kind)? = f.first(where: { $0.0 == "kind" })?.1 else { return }
        guard stateValues != nil, handlerCapture == nil else {
            throw Unsupported(position: at, construct: method, message: "a state array changed outside onAppear/task/timer handlers is not modelled")
        }
        let op: JSON
        switch method {
        case "append":
            guard let e = a.first else { throw Unsupported(position: at, construct: method, message: "append needs an element") }
            op = .object([("append", try element(try eval(e, s), kind, at))])
        case "removeFirst", "removeLast":
            let k = try a.first.map { try constant($0, s, method) } ?? 1
            guard k >= 1, k == k.rounded() else { throw Unsupported(position: at, construct: method, message: "\(method) needs a whole number ≥ 1") }
            op = .object([(method, .number(k))])
        case "removeAll":
            op = .object([("removeAll", .bool(true))])
        default:
            throw Unsupported(position: at, construct: method, message: "the state array method '\(method)' is not modelled")
        }
        // Each operation is its own event: the spec applies one operation per array per event.
        events.append(EventDecl(at: now, set: [], operations: [(name, op)], animation: currentAnimation, position: at, block: newBlock()))
    }

    /// `ForEach(items) { item in … }` over a state array: a `forEach` node.
    func stateArrayForEach(_ f: [(String, Value)], _ closure: ClosureExprSyntax, _ s: Scope, _ ctx: ViewContext, _ at: SwiftPosition) throws -> [JSON] {
        guard case .string(let name)? = f.first(where: { $0.0 == "name" })?.1, case .string(let kind)? = f.first(where: { $0.0 == "kind" })?.1 else { return [] }
        let swiftName = closureParameterNames(closure).first.flatMap { $0 == "_" ? nil : $0 } ?? "$0"
        let specName = loopName(swiftName)
        let scope = s.child()
        let v: Value = kind == "numbers" ? .number(.name(specName), isInt: false)
            : .record("CGPoint", [("x", .number(.name(specName + ".x"), isInt: false)), ("y", .number(.name(specName + ".y"), isInt: false))])
        scope.values[swiftName] = v
        scope.values["$0"] = v
        activeLoopNames.insert(specName)
        defer { activeLoopNames.remove(specName) }
        let nodes = try compileViewItems(closure.statements, scope, ctx)
        if nodes.isEmpty { return [] }
        return [.located(at, .object([("forEach", .object([("in", .string(name)), ("as", .string(specName)), ("content", .array(nodes))]))]))]
    }
}
