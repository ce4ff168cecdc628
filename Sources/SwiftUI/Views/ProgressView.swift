// SwiftUI's `ProgressView`: the indeterminate one is the system spinner (docs/semantics.md §290),
// drawn by the renderer from the spec's nodes; a determinate one (a value, a label) is compiled
// and left out with a warning.
internal import AnimoViewRecord

public struct ProgressView<Label: View, CurrentValueLabel: View>: View, PrimitiveView {
    let determinate: Bool
    let site: SourceSite
    public var body: Never { neverBody() }

    func record(_ context: RecordContext) -> RecordNode {
        if determinate {
            context.graph.warn("ProgressView(value:)", "a determinate progress view is left out of the render", site)
            return RecordNode(context.at(site), .empty)
        }
        return RecordNode(context.at(site), .progressView(tint: context.environment.progressTint))
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init(file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        determinate = false
        site = SwiftUI.site(file, line, column)
    }
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        determinate = value != nil
        site = SwiftUI.site(file, line, column)
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    public init(@ViewBuilder label: () -> Label, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        determinate = true
        site = SwiftUI.site(file, line, column)
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init(_ title: String, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        determinate = true
        site = SwiftUI.site(file, line, column)
    }
    public init<V: BinaryFloatingPoint>(_ title: String, value: V?, total: V = 1.0, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        determinate = true
        site = SwiftUI.site(file, line, column)
    }
}

public protocol ProgressViewStyle {}
public struct CircularProgressViewStyle: ProgressViewStyle {
    let tint: Color?
    public init() { tint = nil }
    public init(tint: Color) { self.tint = tint }
}
public struct LinearProgressViewStyle: ProgressViewStyle { public init() {} }
public struct DefaultProgressViewStyle: ProgressViewStyle { public init() {} }
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() } }
extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() } }
extension ProgressViewStyle where Self == DefaultProgressViewStyle { public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() } }

extension View {
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        modifier(ContextModifier { c in
            if let circular = style as? CircularProgressViewStyle, let tint = circular.tint { c.environment.progressTint = tint.recorded }
        })
    }
}
