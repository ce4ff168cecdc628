// InsettableShape structs: an `inset(by:)` that returns a copy with one stored number increased by
// the amount (`var s = self; s.insetAmount += amount; return s`, docs/semantics.md §270). Such a
// shape takes `strokeBorder` and `inset(by:)` as SwiftUI does: the property grows by the amount
// and `path(in:)` runs in the same rectangle — at compile time, or as a template whose `inset`
// names the property (docs/spec.md "Shape templates"). Another form of `inset(by:)` is not read:
// the shape is then inset by its rectangle, as a built-in shape is.
import Foundation
internal import SwiftSyntax

extension Compiler {
    /// The stored property `inset(by:)` adds its amount to, or nil.
    func insetProperty(_ type: TypeDecl) -> String? {
        guard let f = type.functions["inset"]?.first, let body = f.body, body.statements.count == 3,
              let param = f.signature.parameterClause.parameters.first, f.signature.parameterClause.parameters.count == 1 else { return nil }
        let amount = (param.secondName ?? param.firstName).text
        let items = body.statements.map(\.item)
        // var copy = self
        guard let decl = items[0].as(VariableDeclSyntax.self), decl.bindingSpecifier.tokenKind == .keyword(.var), decl.bindings.count == 1,
              let binding = decl.bindings.first, let copy = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              binding.initializer?.value.trimmedDescription == "self" else { return nil }
        // copy.property += amount
        guard let add = items[1].as(InfixOperatorExprSyntax.self) ?? items[1].as(ExprSyntax.self)?.as(InfixOperatorExprSyntax.self),
              add.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=",
              let target = add.leftOperand.as(MemberAccessExprSyntax.self), target.base?.trimmedDescription == copy,
              add.rightOperand.trimmedDescription == amount else { return nil }
        // return copy
        guard let ret = items[2].as(ReturnStmtSyntax.self), ret.expression?.trimmedDescription == copy else { return nil }
        let name = target.declName.baseName.text
        guard let p = type.property(name), p.getter == nil, !p.isStatic, !p.isState else { return nil }
        return name
    }

    /// A copy of the shape with its inset property increased by `amount` (its `inset(by:)`), or
    /// nil when the type has no such property or its value is not a number.
    func insetting(_ inst: Instance, by amount: Expr, _ at: SwiftPosition) throws -> Instance? {
        guard let name = insetProperty(inst.type), case .number(let e, _)? = try memberValue(inst, name, at) else { return nil }
        let copy = Instance(type: inst.type, position: inst.position)
        copy.members = inst.members
        copy.stateNames = inst.stateNames
        copy.members[name] = .number(.binaryOp("+", e, amount), isInt: false)
        return copy
    }
}
