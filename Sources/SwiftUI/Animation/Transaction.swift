/// SwiftUI's `Transaction`: the context of one change, its animation above all.
public struct Transaction: Equatable {
    public var animation: Animation?
    public var disablesAnimations: Bool = false
    public var isContinuous: Bool = false

    public init() {}
    public init(animation: Animation?) { self.animation = animation }

    public static func == (a: Transaction, b: Transaction) -> Bool {
        a.animation == b.animation && a.disablesAnimations == b.disablesAnimations
    }
}

/// Runs `body` with its changes in a transaction with `animation`.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// `withAnimation(_:completionCriteria:_:completion:)`: the completion runs once the animation
/// has finished, on the render's clock.
@MainActor @discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete, _ body: () throws -> Result, completion: @escaping () -> Void) rethrows -> Result {
    let result = try withTransaction(Transaction(animation: animation), body)
    if let graph = ViewGraph.current {
        let end = graph.clock.now + (animation.map { AnimationTiming.duration($0.recorded) } ?? 0)
        graph.clock.schedule(at: end, completion)
    }
    return result
}

public struct AnimationCompletionCriteria: Equatable, Sendable {
    let removed: Bool
    public static let logicallyComplete = AnimationCompletionCriteria(removed: false)
    public static let removed = AnimationCompletionCriteria(removed: true)
}

@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    let graph = MainActor.assumeIsolated { ViewGraph.current }
    guard let graph else { return try body() }
    MainActor.assumeIsolated { graph.transactionStack.append(transaction) }
    defer { MainActor.assumeIsolated { _ = graph.transactionStack.removeLast() } }
    return try body()
}
