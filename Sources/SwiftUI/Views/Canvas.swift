// SwiftUI's `Canvas`: its closure runs when the view records, for the size the canvas is likely
// given (a fixed `.frame` around it, else the device's safe area, with a warning), and what it
// draws is recorded in the canvas's coordinates. Inside a `TimelineView` it runs again on every
// tick of the schedule.
internal import AnimoViewRecord
import Foundation

public struct Canvas<Symbols: View>: View, PrimitiveView {
    let renderer: (inout GraphicsContext, CGSize) -> Void
    let site: SourceSite

    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols,
                file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.renderer = renderer
        self.site = SwiftUI.site(file, line, column)
    }

    public var body: Never { neverBody() }

    func record(_ context: RecordContext) -> RecordNode {
        let size = context.offeredSize("Canvas", site)
        let recorder = CanvasRecorder(graph: context.graph, site: site)
        var gc = GraphicsContext(recorder: recorder, environment: context.environment, size: size)
        renderer(&gc, size)
        return RecordNode(context, .canvas(RecordedCanvas(items: recorder.items)), site: site)
    }
}

extension Canvas where Symbols == EmptyView {
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void,
                file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.init(opaque: opaque, colorMode: colorMode, rendersAsynchronously: rendersAsynchronously, renderer: renderer, symbols: { EmptyView() }, file: file, line: line, column: column)
    }
}
