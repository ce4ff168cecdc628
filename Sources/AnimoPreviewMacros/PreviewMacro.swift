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
