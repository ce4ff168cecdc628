// SwiftUI's `Image`: an SF Symbol by name (drawn from the renderer's symbol outlines) or an image
// of the app's assets (read from the project's asset catalogue by the renderer).
internal import AnimoViewRecord

public struct Image: View, PrimitiveView, Equatable {
    enum Source: Equatable { case symbol(String), asset(String) }
    let source: Source
    var site: SourceSite
    var isResizable = false

    public init(systemName: String, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        source = .symbol(systemName)
        site = SwiftUI.site(file, line, column)
    }

    public init(_ name: String, bundle: Bundle? = nil, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        source = .asset(name)
        site = SwiftUI.site(file, line, column)
    }

    public enum ResizingMode: Sendable { case tile, stretch }
    public enum Scale: Sendable { case small, medium, large }
    public enum TemplateRenderingMode: Sendable { case template, original }

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var i = self
        i.isResizable = true
        return i
    }
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }
    public func interpolation(_ i: Interpolation) -> Image { self }
    public func antialiased(_ isAntialiased: Bool) -> Image { self }
    public enum Interpolation: Sendable { case none, low, medium, high }

    public var body: Never { neverBody() }

    func record(_ context: RecordContext) -> RecordNode {
        switch source {
        case .symbol(let name): return RecordNode(context.at(site), .symbol(name: name))
        case .asset(let name): return RecordNode(context.at(site), .image(name: name))
        }
    }
}
