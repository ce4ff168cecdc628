// SwiftUI's `GeometryReader`: its content is made with a proxy of the size the reader is offered.
// The recording cannot wait for layout, so the size is the one known from above (the safe area at
// the root, a fixed `.frame`, less padding); where that is not known (inside a stack) it is the
// safe area's, with a warning. The content is placed as SwiftUI places it: from the reader's
// top-leading corner, offered the reader's size.
internal import AnimoViewRecord
import Foundation

public struct GeometryProxy {
    public let size: CGSize
    public let safeAreaInsets: EdgeInsets
    let graph: ViewGraph?
    let site: SourceSite

    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        if case .local = coordinateSpace {} else {
            MainActor.assumeIsolated {
                graph?.warn("GeometryProxy.frame(in:)", "the reader's place on the screen is not known while the view records: its frame is taken at the origin", site)
            }
        }
        return CGRect(origin: .zero, size: size)
    }
}

public struct GeometryReader<Content: View>: View, PrimitiveView {
    let content: (GeometryProxy) -> Content
    let site: SourceSite

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.content = content
        self.site = SwiftUI.site(file, line, column)
    }

    public var body: Never { neverBody() }

    func record(_ context: RecordContext) -> RecordNode {
        let size = context.offeredSize("GeometryReader", site)
        let insets = size == PathFit.screenSize ? EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0) : EdgeInsets()
        let proxy = GeometryProxy(size: size, safeAreaInsets: insets, graph: context.graph, site: site)
        var c = context.at(site).child("geometry")
        c.sizeHint = size
        return RecordNode(context.at(site), .geometryReader, children: [context.graph.record(content(proxy), c)])
    }
}
