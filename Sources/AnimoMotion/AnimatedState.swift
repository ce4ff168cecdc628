// AnimatedState: a set of named AnimatedProperty values driven by transactions — the shape of a
// spec's `state` + `events` (docs/spec.md): `withAnimation(animation) { state = … }` at time `at`
// changes several properties at once, each with the transaction's animation unless the property
// has its own override (`.animation(_:value:)`, e.g. a per-index delay).
//
// "At rest" for a transaction means every animation it started has settled (docs/spec.md): the
// latest rest time over the properties it changed. Its "mid" pose is the latest time at which
// every changed property has covered half its way (`firstTime(reachingFraction:)`).
// § numbers refer to docs/semantics.md.
import Foundation

/// Named animatable properties and the transactions applied to them.
public struct AnimatedState: Sendable {
    /// One applied transaction: which change index it produced in each property.
    public struct Transaction: Sendable {
        public let time: Double
        /// property name → index into that property's `changes`.
        public let changeIndices: [String: Int]
    }
    public private(set) var properties: [String: AnimatedProperty]
    public private(set) var transactions: [Transaction] = []

    public init(initialValues: [String: AnimatableVector]) {
        properties = initialValues.mapValues { AnimatedProperty(initialValue: $0) }
    }

    /// Applies a transaction at `time`: every property in `targets` moves to its target with
    /// `overrides[name]` if present (an override of nil means no animation), else `animation`.
    /// Unknown property names throw. Returns the transaction's index.
    @discardableResult
    public mutating func apply(_ targets: [String: AnimatableVector], at time: Double, animation: Animation?,
                               overrides: [String: Animation?] = [:]) throws -> Int {
        var indices: [String: Int] = [:]
        for name in targets.keys.sorted() {
            guard properties[name] != nil else {
                throw MotionError(parameter: "targets", message: "targets: unknown property \"\(name)\"")
            }
            let a: Animation? = overrides.keys.contains(name) ? overrides[name]! : animation
            try properties[name]!.set(targets[name]!, at: time, animation: a)
            indices[name] = properties[name]!.changes.count - 1
        }
        transactions.append(Transaction(time: time, changeIndices: indices))
        return transactions.count - 1
    }

    /// All presentation values at time t.
    public func values(at t: Double) -> [String: AnimatableVector] { properties.mapValues { $0.value(at: t) } }

    /// One presentation value at time t (nil for an unknown name).
    public func value(of name: String, at t: Double) -> AnimatableVector? { properties[name]?.value(at: t) }

    /// The time every animation started by transaction `index` has come to rest (nil: never or bad index).
    public func restTime(ofTransaction index: Int) -> Double? {
        guard transactions.indices.contains(index) else { return nil }
        var latest = transactions[index].time
        for (name, ci) in transactions[index].changeIndices {
            guard let r = properties[name]!.restTime(afterChange: ci) else { return nil }
            latest = max(latest, r)
        }
        return latest
    }

    /// The latest logical completion among the animations transaction `index` started (§38).
    public func logicalCompletionTime(ofTransaction index: Int) -> Double? {
        guard transactions.indices.contains(index) else { return nil }
        var latest = transactions[index].time
        for (name, ci) in transactions[index].changeIndices {
            let c = properties[name]!.changes[ci]
            guard c.startedAnimation else { continue }
            guard let l = c.logicalCompletionTime else { return nil }
            latest = max(latest, l)
        }
        return latest
    }

    /// The first time by which every property changed by transaction `index` has covered
    /// `fraction` of its way (the latest of the per-property first times; nil if one never does).
    public func firstTime(reachingFraction fraction: Double, ofTransaction index: Int) -> Double? {
        guard transactions.indices.contains(index) else { return nil }
        var latest = transactions[index].time
        for (name, ci) in transactions[index].changeIndices {
            guard let t = properties[name]!.firstTime(reachingFraction: fraction, ofChange: ci) else { return nil }
            latest = max(latest, t)
        }
        return latest
    }
}
