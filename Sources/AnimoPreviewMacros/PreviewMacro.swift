// `#Preview { … }` for animo-render's SwiftUI: expands to a C entry point the host process finds
// by name, `animo_preview_<file name>_<line>` (a module's files have distinct names; characters
// other than letters and digits become `_`), which boxes the preview's content.
// Loaded by the compiler with -load-plugin-library (no package dependency: the toolchain's own
// SwiftSyntax host libraries).
import SwiftSyntax
import SwiftSyntaxMacros

public struct PreviewMacro: DeclarationMacro {
    public static func expansion(of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard let closure = node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self) else { return [] }
        let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .filePath)
        let line = location?.line.as(IntegerLiteralExprSyntax.self)?.literal.text ?? "0"
        var path = ""
        if let literal = location?.file.as(StringLiteralExprSyntax.self) {
            path = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
        }
        let symbol = "animo_preview_\(PreviewSymbol.name(path))_\(line)"
        let name = context.makeUniqueName("preview")
        // `@Previewable` properties (`@Previewable @State var on = false`) become the stored
        // properties of a view made for the preview, as Xcode makes one, so that their changes
        // update the preview like any view's state.
        var properties: [String] = []
        var statements: [String] = []
        for item in closure.statements {
            if var v = item.item.as(VariableDeclSyntax.self), v.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Previewable" }) {
                v.attributes = v.attributes.filter { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription != "Previewable" }
                properties.append(v.trimmedDescription)
            } else {
                statements.append(item.trimmedDescription)
            }
        }
        if !properties.isEmpty {
            let view = context.makeUniqueName("PreviewView")
            return ["""
            @MainActor struct \(view): SwiftUI.View {
                \(raw: properties.joined(separator: "\n"))
                var body: some SwiftUI.View {
                    \(raw: statements.joined(separator: "\n"))
                }
            }
            """, """
            @_cdecl("\(raw: symbol)") @MainActor public func \(name)() -> UnsafeMutableRawPointer {
                SwiftUI._animoPreviewBuilderBox { \(view)() }
            }
            """]
        }
        return ["""
        @_cdecl("\(raw: symbol)") @MainActor public func \(name)() -> UnsafeMutableRawPointer {
            SwiftUI._animoPreviewBuilderBox {
                \(closure.statements)
            }
        }
        """]
    }
}

/// The file part of the entry point's name; the renderer computes the same.
public enum PreviewSymbol {
    public static func name(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return String(file.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "_" })
    }
}

/// `@Previewable`: read by `#Preview`, which moves the property into the preview's view; on its
/// own it adds nothing.
public struct PreviewableMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        []
    }
}

/// `@Entry var name: T = value` in an `extension EnvironmentValues`: a key type holding the
/// default value, and the property reading and writing the values through it, as SwiftUI's
/// `@Entry` declares them.
public struct EntryMacro: AccessorMacro, PeerMacro {
    static func parts(_ declaration: some DeclSyntaxProtocol) -> (name: String, type: String, value: String)? {
        guard let v = declaration.as(VariableDeclSyntax.self), let binding = v.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription,
              let type = binding.typeAnnotation?.type.trimmedDescription else { return nil }
        let value = binding.initializer?.value.trimmedDescription ?? "nil"
        return (name, type, value)
    }

    public static func expansion(of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext) throws -> [AccessorDeclSyntax] {
        guard let p = parts(declaration) else { return [] }
        return ["get { self[__Key_\(raw: p.name).self] }", "set { self[__Key_\(raw: p.name).self] = newValue }"]
    }

    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard let p = parts(declaration) else { return [] }
        return ["private struct __Key_\(raw: p.name): SwiftUI.EnvironmentKey { static var defaultValue: \(raw: p.type) { \(raw: p.value) } }"]
    }
}
