// The module's modifiers that add one recorded modifier to the view: one type for all of them,
// each View method giving the value it records.
internal import AnimoViewRecord

struct RecordingModifier: ViewModifier, RecordedModifierValue {
    typealias Body = Never
    let site: SourceSite
    let make: @MainActor (RecordContext) -> RecordedModifier?
    init(_ site: SourceSite, _ make: @escaping @MainActor (RecordContext) -> RecordedModifier?) {
        self.site = site
        self.make = make
    }
    func modifier(_ context: RecordContext) -> RecordedModifier? { make(context) }
}

/// A modifier that records its content in another context (another environment or identity).
struct ContextModifier: ViewModifier, PrimitiveModifier {
    typealias Body = Never
    let change: @MainActor (inout RecordContext) -> Void
    func record(content: any View, _ context: RecordContext) -> RecordNode {
        var c = context
        change(&c)
        return c.graph.record(content, c)
    }
}

/// A modifier that records its content, then runs `after` on the node (lifecycle, gestures).
struct ObservingModifier: ViewModifier, PrimitiveModifier {
    typealias Body = Never
    let after: @MainActor (inout RecordNode, RecordContext) -> Void
    func record(content: any View, _ context: RecordContext) -> RecordNode {
        var node = context.graph.record(content, context)
        after(&node, context)
        return node
    }
}

extension View {
    func recording(_ file: StaticString, _ line: UInt, _ column: UInt, _ make: @escaping @MainActor (RecordContext) -> RecordedModifier?) -> some View {
        modifier(RecordingModifier(site(file, line, column), make))
    }

    /// Declared, compiled and run, but not drawn: the caller's position gets a warning.
    func unmodelledModifier(_ api: String, _ effect: String = "left out of the render", _ file: StaticString, _ line: UInt, _ column: UInt) -> some View {
        recording(file, line, column) { c in
            c.graph.warn(api, effect, c.site)
            return nil
        }
    }
}
