// `#Preview` and `PreviewProvider`: what `animo-render View.swift` renders. The macro expands to
// a C entry point that boxes the preview's content for the host process (AnimoPreviewMacros).

@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait..., @ViewBuilder body: @escaping @MainActor () -> any View) = #externalMacro(module: "AnimoPreviewMacros", type: "PreviewMacro")

@attached(peer)
public macro Previewable() = #externalMacro(module: "AnimoPreviewMacros", type: "PreviewableMacro")

public struct PreviewTrait: Sendable {
    public static let sizeThatFitsLayout = PreviewTrait()
    public static let portrait = PreviewTrait()
    public static let landscapeLeft = PreviewTrait()
    public static let landscapeRight = PreviewTrait()
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait { PreviewTrait() }
}

@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor static var previews: Previews { get }
}
