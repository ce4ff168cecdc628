// The `symbol` component (stub until the glyph library lands).
import Raster

struct RSymbol: Sendable {}

extension SceneResolver {
    func symbol(_ s: SymbolNode, _ node: SpecNode, _ scope: Scope) -> RNode.Kind {
        diagnostics.append(RenderDiagnostic(feature: node.kindName, path: node.path, message: "not supported yet; not drawn"))
        return .unsupported("symbol")
    }
}

extension SceneEvaluator {
    func symbol(_ s: RSymbol, _ t: Double, _ f: [Double]) -> (DisplayNode?, Rect?) { (nil, nil) }
}
