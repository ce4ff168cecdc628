// SwiftUI's `ForEach`: one view per element, each with the element's id as its identity, so an
// element that comes or goes is inserted or removed with its transition.

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public var data: Data
    public var content: (Data.Element) -> Content
    let id: (Data.Element) -> ID

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        self.id = { $0[keyPath: id] }
    }

    public var body: Never { neverBody() }

    func record(_ context: RecordContext) -> RecordNode {
        var children: [RecordNode] = []
        var seen = Set<ID>()
        for element in data {
            let key = id(element)
            // Duplicate ids are SwiftUI's undefined behaviour; the first one is kept.
            guard seen.insert(key).inserted else { continue }
            children.append(context.graph.record(content(element), context.child("[\(key)]")))
            if context.graph.failure != nil { break }
        }
        return RecordNode(context, .group, children: children)
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
