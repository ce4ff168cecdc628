// A generic value type of the file that is a fixed-capacity buffer — `struct RingBuffer<T>:
// Sequence` with `init(capacity:)`, a stored `capacity` and a `mutating func append(_:)` that
// drops the oldest element once full, iterated oldest first — held in a `@State` or `@Published`
// property is the spec's state array: `append(x)` in a handler is an `append`, followed by a
// `removeFirst` once the array holds more than the capacity; `Array(buffer)` is the array. The
// front end keeps the number of elements while the handlers run, so it knows when one is dropped.
import Foundation
internal import SwiftSyntax

/// A buffer state array: its capacity and how many elements the events have left in it.
struct BoundedArrayModel {
    var capacity: Int
    var count = 0
}

extension TypeDecl {
    /// A generic struct conforming to Sequence with `init(capacity:)`, a `capacity` property and a
    /// mutating `append(_:)`: the fixed-capacity buffer pattern.
    var isBoundedBuffer: Bool {
        guard let s = node.as(StructDeclSyntax.self), s.genericParameterClause?.parameters.count == 1,
              conformances.contains("Sequence"), property("capacity") != nil,
              initializers.contains(where: { $0.signature.parameterClause.parameters.map(\.firstName.text) == ["capacity"] }),
              let append = functions["append"]?.first, append.signature.parameterClause.parameters.count == 1,
              append.modifiers.contains(where: { $0.name.text == "mutating" }) else { return false }
        return true
    }
}

extension Compiler {
    /// `RingBuffer<CGPoint>(capacity: n)` (or `RingBuffer(capacity: n)` where the element type is
    /// declared elsewhere): an empty buffer value; nil when the call makes no such buffer.
    func boundedBufferCall(_ c: FunctionCallExprSyntax, _ s: Scope, _ at: SwiftPosition) throws -> Value? {
        var typeName: String?
        var element: String?
        if let g = c.calledExpression.as(GenericSpecializationExprSyntax.self), let r = g.expression.as(DeclReferenceExprSyntax.self) {
            typeName = r.baseName.text
            element = g.genericArgumentClause.arguments.first?.argument.trimmedDescription
        } else if let r = c.calledExpression.as(DeclReferenceExprSyntax.self) {
            typeName = r.baseName.text
        }
        guard let typeName, let t = index.declared(typeName), t.isBoundedBuffer else { return nil }
        let a = Arguments(c)
        guard let cap = a.labeled("capacity") else { return nil }
        let k = try constant(cap, s, "capacity")
        guard k >= 1, k == k.rounded(), k <= 100_000 else {
            throw Unsupported(position: at, construct: typeName, message: "a capacity of \(formatSpecNumber(k)) is not modelled (a whole number in 1…100,000)")
        }
        var fields: [(String, Value)] = [("type", .string(typeName)), ("capacity", .number(.num(k), isInt: true))]
        if let element { fields.append(("element", .string(element))) }
        return .record("BoundedBuffer", fields)
    }

    /// The state array a buffer held in a state property is: its kind, from the element type.
    func boundedStateArray(_ f: [(String, Value)], declared type: String?, _ at: SwiftPosition) throws -> (kind: String, capacity: Int) {
        guard case .number(let c, _)? = f.first(where: { $0.0 == "capacity" })?.1, let capacity = c.constant else {
            throw Unsupported(position: at, construct: "capacity", message: "a buffer without a known capacity is not modelled")
        }
        var element: String?
        if case .string(let e)? = f.first(where: { $0.0 == "element" })?.1 { element = e }
        if element == nil, let type, let lt = type.firstIndex(of: "<"), let gt = type.lastIndex(of: ">") {
            element = String(type[type.index(after: lt)..<gt]).trimmingCharacters(in: .whitespaces)
        }
        switch element {
        case "CGPoint": return ("points", Int(capacity))
        case "Double", "CGFloat", "Float", "Int": return ("numbers", Int(capacity))
        default:
            throw Unsupported(position: at, construct: "\(element ?? "element")", message: "a buffer of \(element ?? "an unknown element type") is not modelled (numbers and CGPoint are)")
        }
    }

    /// The operations that keep a buffer state array within its capacity after `op` was applied:
    /// a `removeFirst` when an append made it overflow.
    func boundedArrayFollowUp(_ name: String, _ op: JSON) -> JSON? {
        guard var model = boundedArrays[name], case .object(let members) = op, let (key, value) = members.first else { return nil }
        defer { boundedArrays[name] = model }
        switch key {
        case "append":
            model.count += 1
            if model.count > model.capacity {
                model.count = model.capacity
                return .object([("removeFirst", .number(1))])
            }
        case "removeFirst", "removeLast":
            if case .number(let k) = value { model.count = max(0, model.count - Int(k)) }
        case "removeAll":
            model.count = 0
        default: break
        }
        return nil
    }
}
