// SwiftUI's `View`: a value with a `body` built by the view builder. animo-render's own
// declaration of SwiftUI's public API (Apple's documentation: https://developer.apple.com/documentation/swiftui/view),
// implemented over animo-render's renderer: views the module draws itself (`Text`, shapes,
// stacks) are primitives whose `body` is never called; every other view is evaluated by calling
// its `body` (Runtime/ViewGraph.swift).
@_exported import Foundation

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// A view the module records itself: its `body` is never evaluated.
@MainActor protocol PrimitiveView {
    func record(_ context: RecordContext) -> RecordNode
}

extension PrimitiveView {
    /// For primitives' `body`: never called.
    func neverBody() -> Never { fatalError("\(Self.self) is drawn by animo-render; its body is not evaluated") }
}
