// What a Swift file declares, indexed once: its types (View and Shape structs, enums, helper
// structs) with their properties and functions, the extensions of known types, and its previews
// (`#Preview("name") { … }` and `PreviewProvider`s).
import Foundation
internal import SwiftSyntax

final class TypeDecl {
    struct Property {
        var name: String
        var isState: Bool
        /// `@Binding`: given `$state` by its parent, it reads and writes the parent's state.
        var isBinding = false
        var isLet: Bool
        var isStatic: Bool
        var type: String?
        var initializer: ExprSyntax?
        /// A computed property's body.
        var getter: CodeBlockItemListSyntax?
        var node: Syntax
        /// `@StateObject` or `@ObservedObject`.
        var isObject = false
    }

    let name: String
    let conformances: [String]
    let node: Syntax
    var properties: [Property] = []
    var functions: [String: [FunctionDeclSyntax]] = [:]
    var initializers: [InitializerDeclSyntax] = []
    var enumCases: [String] = []
    var isEnum = false
    /// Known only from `extension X { … }` (X is SwiftUI's or Foundation's type).
    var isExtensionOnly = false
    /// Declared `private` or `fileprivate`: not visible from another file (ProjectFiles.swift).
    var isFilePrivate = false

    init(name: String, conformances: [String], node: Syntax) {
        self.name = name
        self.conformances = conformances
        self.node = node
    }

    var isView: Bool { conformances.contains("View") }
    var isShape: Bool { conformances.contains { ["Shape", "InsettableShape"].contains($0) } }

    func property(_ name: String) -> Property? { properties.first { $0.name == name } }
}

struct PreviewDecl {
    var name: String
    /// `#Preview` (true) or a PreviewProvider (false).
    var isMacro: Bool
    var items: CodeBlockItemListSyntax
    var node: Syntax
    /// The views of `items` that belong to the provider's other previews: a PreviewProvider whose
    /// `previews` lists several views shows each as a preview of its own (`Name`, `Name 2`, …).
    var skipped: Set<SyntaxIdentifier> = []
}

final class SourceIndex {
    /// The types the file itself declares or extends.
    private(set) var own: [String: TypeDecl] = [:]
    /// The other files of the project, where a type the file does not declare is looked for.
    var project: ProjectFiles? = nil
    /// Types in source order.
    var order: [TypeDecl] = []
    var previews: [PreviewDecl] = []
    /// Functions declared at file scope.
    var functions: [String: [FunctionDeclSyntax]] = [:]

    init(_ file: SourceFileSyntax) {
        for item in file.statements { visit(item.item, outer: nil) }
    }

    private func visit(_ item: CodeBlockItemSyntax.Item, outer: TypeDecl?) {
        switch item {
        case .decl(let decl): visitDecl(decl, outer: outer)
        case .expr(let expr):
            if let m = expr.as(MacroExpansionExprSyntax.self), m.macroName.text == "Preview" {
                addPreview(name: Self.previewName(m.arguments), closure: Self.previewBody(m.arguments, m.trailingClosure), node: Syntax(m))
            }
        case .stmt(let stmt):
            if let e = stmt.as(ExpressionStmtSyntax.self) { visit(.expr(e.expression), outer: outer) }
        @unknown default: break
        }
    }

    /// `#Preview("name") { … }`: the name (the first unlabelled argument).
    private static func previewName(_ args: LabeledExprListSyntax) -> ExprSyntax? {
        args.first { $0.label == nil && !$0.expression.is(ClosureExprSyntax.self) }?.expression
    }

    /// The preview's view builder: the trailing closure, or `body:` (`#Preview(body: { … })`).
    private static func previewBody(_ args: LabeledExprListSyntax, _ trailing: ClosureExprSyntax?) -> ClosureExprSyntax? {
        trailing ?? args.first { $0.label?.text == "body" }?.expression.as(ClosureExprSyntax.self)
    }

    private func addPreview(name: ExprSyntax?, closure: ClosureExprSyntax?, node: Syntax) {
        guard let closure else { return }
        var title = ""
        if let s = name?.as(StringLiteralExprSyntax.self) { title = s.segments.trimmedDescription }
        if title.isEmpty {
            let unnamed = previews.filter { $0.isMacro && $0.name.hasPrefix("Preview") }.count
            title = unnamed == 0 ? "Preview" : "Preview \(unnamed + 1)"
        }
        previews.append(PreviewDecl(name: title, isMacro: true, items: closure.statements, node: node))
    }

    private func visitDecl(_ decl: DeclSyntax, outer: TypeDecl?) {
        if let m = decl.as(MacroExpansionDeclSyntax.self), m.macroName.text == "Preview" {
            addPreview(name: Self.previewName(m.arguments), closure: Self.previewBody(m.arguments, m.trailingClosure), node: Syntax(m))
        } else if let s = decl.as(StructDeclSyntax.self) {
            let t = TypeDecl(name: s.name.text, conformances: Self.conformances(s.inheritanceClause), node: Syntax(s))
            t.isFilePrivate = Self.isFilePrivate(s.modifiers)
            add(t, members: s.memberBlock)
            if t.conformances.contains("PreviewProvider"), let p = t.property("previews"), let getter = p.getter {
                let views = Array(getter).filter { item in
                    if case .expr = item.item { return true }
                    if case .stmt(let st) = item.item { return st.is(ExpressionStmtSyntax.self) }
                    return false
                }.map(\.id)
                for (k, id) in views.enumerated() where views.count > 1 {
                    previews.append(PreviewDecl(name: k == 0 ? t.name : "\(t.name) \(k + 1)", isMacro: false, items: getter, node: Syntax(s),
                                                skipped: Set(views).subtracting([id])))
                }
                if views.count <= 1 { previews.append(PreviewDecl(name: t.name, isMacro: false, items: getter, node: Syntax(s))) }
            }
        } else if let c = decl.as(ClassDeclSyntax.self) {
            let t = TypeDecl(name: c.name.text, conformances: Self.conformances(c.inheritanceClause), node: Syntax(c))
            t.isFilePrivate = Self.isFilePrivate(c.modifiers)
            add(t, members: c.memberBlock)
        } else if let e = decl.as(EnumDeclSyntax.self) {
            let t = TypeDecl(name: e.name.text, conformances: Self.conformances(e.inheritanceClause), node: Syntax(e))
            t.isEnum = true
            t.isFilePrivate = Self.isFilePrivate(e.modifiers)
            add(t, members: e.memberBlock)
        } else if let x = decl.as(ExtensionDeclSyntax.self) {
            let name = x.extendedType.trimmedDescription
            let t = own[name] ?? {
                let t = TypeDecl(name: name, conformances: [], node: Syntax(x))
                t.isExtensionOnly = true
                own[name] = t
                return t
            }()
            collect(x.memberBlock, into: t)
        } else if let f = decl.as(FunctionDeclSyntax.self) {
            functions[f.name.text, default: []].append(f)
        } else if let i = decl.as(IfConfigDeclSyntax.self) {
            // `#if DEBUG` … : every clause is indexed (previews usually sit in one).
            for clause in i.clauses {
                if case .statements(let items)? = clause.elements {
                    for item in items { visit(item.item, outer: outer) }
                } else if case .decls(let members)? = clause.elements {
                    for m in members { visitDecl(m.decl, outer: outer) }
                }
            }
        }
    }

    private func add(_ t: TypeDecl, members: MemberBlockSyntax) {
        if let old = own[t.name], !old.properties.isEmpty || !old.functions.isEmpty {
            // An extension came first: keep its members.
            t.properties = old.properties
            t.functions = old.functions
        }
        own[t.name] = t
        order.append(t)
        collect(members, into: t)
    }

    private func collect(_ members: MemberBlockSyntax, into t: TypeDecl) {
        for member in members.members {
            let decl = member.decl
            if let v = decl.as(VariableDeclSyntax.self) {
                let attributes = v.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
                let isStatic = v.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
                for b in v.bindings {
                    guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    var getter: CodeBlockItemListSyntax?
                    if let acc = b.accessorBlock {
                        switch acc.accessors {
                        case .getter(let items): getter = items
                        case .accessors(let list):
                            getter = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
                        @unknown default: break
                        }
                    }
                    // A class's @Published properties are state, as a View's @State is (ObservableObjects.swift).
                    t.properties.append(TypeDecl.Property(
                        name: name, isState: attributes.contains("State") || attributes.contains("Published"), isBinding: attributes.contains("Binding"),
                        isLet: v.bindingSpecifier.tokenKind == .keyword(.let), isStatic: isStatic,
                        type: b.typeAnnotation?.type.trimmedDescription, initializer: b.initializer?.value,
                        getter: getter, node: Syntax(b),
                        isObject: attributes.contains("StateObject") || attributes.contains("ObservedObject")))
                }
            } else if let f = decl.as(FunctionDeclSyntax.self) {
                t.functions[f.name.text, default: []].append(f)
            } else if let i = decl.as(InitializerDeclSyntax.self) {
                t.initializers.append(i)
            } else if let c = decl.as(EnumCaseDeclSyntax.self) {
                for e in c.elements { t.enumCases.append(e.name.text) }
            } else if decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self) || decl.is(ClassDeclSyntax.self) {
                visitDecl(decl, outer: t)
            } else if let i = decl.as(IfConfigDeclSyntax.self) {
                for clause in i.clauses {
                    if case .decls(let list)? = clause.elements {
                        for m in list { if let f = m.decl.as(FunctionDeclSyntax.self) { t.functions[f.name.text, default: []].append(f) } }
                    }
                }
            }
        }
    }

    static func isFilePrivate(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
    }

    static func conformances(_ clause: InheritanceClauseSyntax?) -> [String] {
        guard let clause else { return [] }
        return clause.inheritedTypes.map { $0.type.trimmedDescription.replacingOccurrences(of: "SwiftUI.", with: "") }
    }

    /// A type of the file (declared or extended), else one another file of the project declares.
    var types: TypeTable { TypeTable(index: self) }

    struct TypeTable {
        let index: SourceIndex
        subscript(_ name: String) -> TypeDecl? { index.own[name] ?? index.project?.type(named: name) }
    }

    /// A type declared (not only extended) in the file, else in another file of the project.
    func declared(_ name: String) -> TypeDecl? {
        if let t = own[name] { return t.isExtensionOnly ? nil : t }
        return project?.type(named: name)
    }

    /// A type declared in the file itself.
    func declaredHere(_ name: String) -> TypeDecl? {
        guard let t = own[name], !t.isExtensionOnly else { return nil }
        return t
    }

    /// View structs in source order.
    var views: [TypeDecl] { order.filter(\.isView) }
}
