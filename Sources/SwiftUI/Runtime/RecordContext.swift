// What recording a view needs to know from above it: where it is in the tree (its identity), the
// source position of the code that made it, and the environment it inherits.
internal import AnimoViewRecord

typealias RecordNode = RecordedView

struct RecordContext {
    let graph: ViewGraph
    /// The view's identity: the structural path from the root.
    var path: String
    var site: SourceSite
    var environment: EnvironmentValues
    /// The size the view is likely offered, where that is known without layout: the safe area at
    /// the root, a fixed `.frame`, less padding; unknown (nil) inside a stack that shares its
    /// space among its children. For what draws for a size the recording cannot wait for: a
    /// custom shape whose path does not scale (PathFit), a Canvas, a GeometryReader.
    var sizeHint: CGSize?

    func child(_ segment: String) -> RecordContext {
        var c = self
        c.path = path.isEmpty ? segment : path + "/" + segment
        return c
    }

    /// The size the view is offered, for what draws for a size while it records: the hint, else
    /// the device's safe area with a warning at `site` saying what `api` was drawn for.
    @MainActor func offeredSize(_ api: String, _ site: SourceSite) -> CGSize {
        if let sizeHint { return sizeHint }
        let size = PathFit.deviceSize
        graph.warn(api, "drawn for \(Int(size.width)) × \(Int(size.height)) pt, the safe area, since its size is not known without layout here (a fixed .frame gives it)", site)
        return size
    }

    /// A stack's children share its space: their sizes are not known here.
    func sharing() -> RecordContext {
        var c = self
        c.sizeHint = nil
        return c
    }

    func at(_ site: SourceSite) -> RecordContext {
        var c = self
        c.site = site
        return c
    }
}

extension RecordedView {
    init(_ context: RecordContext, _ kind: RecordedViewKind, children: [RecordedView] = [], site: SourceSite? = nil) {
        self.init(id: context.path, kind: kind, children: children, modifiers: [], site: site ?? context.site)
    }
}

/// A position in the user's source: SwiftUI's API takes none, so the module's declarations add
/// `#fileID`/`#line`/`#column` default arguments after Apple's parameters.
func site(_ file: StaticString, _ line: UInt, _ column: UInt) -> SourceSite {
    SourceSite(file: "\(file)", line: Int(line), column: Int(column))
}
