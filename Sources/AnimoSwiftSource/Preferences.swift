// SwiftUI preferences (docs/semantics.md §300–§302): a `PreferenceKey` struct of the file (its
// `defaultValue` and `reduce`), `.preference(key: K.self, value: …)` on the views that report a
// value, and `.onPreferenceChange(K.self) { v in state = v }` on an ancestor that stores the
// combined value in a @State.
//
// A preference changes no pixels by itself: `.preference` passes silently when K is a
// PreferenceKey the compile knows. What the stored value is used for decides what is modelled.
// The usual value is layout's own output (`[chip.id: proxy.frame(in: .global)]` from a
// GeometryReader), known only once the render has laid the views out: the @State that stores it
// (`@State var framesById: [UUID: CGRect] = [:]`) is declared as such a value, and the code that
// reads it (a gesture handler hit-testing the frames) is reported at the read, with what is left
// out, instead of a warning about the dictionary itself.
internal import SwiftSyntax

/// An `.onPreferenceChange` that stores the key's value in @State properties of its View.
struct PreferenceStore {
    var key: String
    var properties: [String]
}

extension Compiler {
    /// `K.self` (or `K`) as the name of a PreferenceKey type the compile knows, else nil.
    func preferenceKey(_ e: ExprSyntax?) -> String? {
        guard let e else { return nil }
        let name: String?
        if let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "self" {
            name = m.base?.trimmedDescription
        } else {
            name = e.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        guard let name, let t = index.types[name], t.conformances.contains("PreferenceKey") else { return nil }
        return name
    }

    /// The stores of a View type: every `.onPreferenceChange(K.self) { v in p = v }` in it whose
    /// closure only assigns its parameter to properties of the View.
    func preferenceStores(_ t: TypeDecl) -> [PreferenceStore] {
        if let known = preferenceStoreCache[ObjectIdentifier(t)] { return known }
        var out: [PreferenceStore] = []
        defer { preferenceStoreCache[ObjectIdentifier(t)] = out }
        for token in t.node.tokens(viewMode: .sourceAccurate) where token.text == "onPreferenceChange" {
            guard let call = token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) ?? token.parent?.parent?.as(FunctionCallExprSyntax.self),
                  let (key, properties) = storedProperties(Arguments(call)) else { continue }
            out.append(PreferenceStore(key: key, properties: properties))
        }
        return out
    }

    /// `(K, [p])` for `.onPreferenceChange(K.self) { v in p = v }`, nil for any other form.
    func storedProperties(_ a: Arguments) -> (String, [String])? {
        guard let key = preferenceKey(a.unlabeled.first), let closure = a.closure("perform") ?? a.closure() else { return nil }
        let params = closureParameterNames(closure)
        let param = params.first ?? "$0"
        var properties: [String] = []
        for item in closure.statements {
            guard case .expr(let e) = item.item, let infix = e.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
                  infix.rightOperand.as(DeclReferenceExprSyntax.self)?.baseName.text == param else { return nil }
            var target = infix.leftOperand
            if let m = target.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self" { target = ExprSyntax(m.declName) }
            guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
            properties.append(name)
        }
        return properties.isEmpty ? nil : (key, properties)
    }

    /// A @State that an `.onPreferenceChange` of its View stores into: the value it holds, known
    /// only after layout (nil for other properties).
    func preferenceStoreValue(_ inst: Instance, _ property: String) -> Value? {
        guard let store = preferenceStores(inst.type).first(where: { $0.properties.contains(property) }) else { return nil }
        return .opaque("the values .preference(key: \(store.key).self) reports (view frames known only once laid out)")
    }

    /// `.preference(key:value:)` and `.onPreferenceChange(_:perform:)`: true when the modifier is
    /// modelled (it then changes nothing drawn); false when it is reported.
    func preferenceModifier(_ m: Modifier, _ inst: Instance?) -> Bool {
        switch m.name {
        case "preference":
            guard preferenceKey(m.args.labeled("key")) != nil else {
                warn(m.position, ".preference", "the key is not a PreferenceKey struct of the file: left out")
                return false
            }
            return true
        case "onPreferenceChange":
            guard let key = preferenceKey(m.args.unlabeled.first) else {
                warn(m.position, ".onPreferenceChange", "the key is not a PreferenceKey struct of the file: left out")
                return false
            }
            guard let (_, properties) = storedProperties(m.args), let inst,
                  properties.allSatisfy({ inst.type.property($0)?.isState == true }) else {
                warn(m.position, ".onPreferenceChange", "only storing the value of \(key) in a @State of the view (`{ v in state = v }`) is modelled: left out")
                return false
            }
            return true
        default: return false
        }
    }
}
