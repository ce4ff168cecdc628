// The view graph of one run: the state store, the transaction of each change, and the recording
// of the tree after each change. `body` is evaluated again after every change (a tree's bodies are
// functions of their state, so evaluating all of them gives what SwiftUI's invalidation would).
@_exported import Observation
@_exported import AnimoClock
@_exported import Combine
@_exported import UIKit
internal import AnimoViewRecord

@MainActor final class ViewGraph {
    static var current: ViewGraph?

    var clock: _VirtualClock { _VirtualClock.shared }
    let root: () -> any View
    var recording: Recording
    let limits: RunLimits

    /// State storage by identity path and property name: what survives a view being made again.
    private var slots: [String: AnyObject] = [:]
    /// The transactions of the `withAnimation`/`withTransaction` blocks running now.
    var transactionStack: [Transaction] = []
    /// Changes not yet recorded, and the transaction they share.
    private var pending: Transaction?
    /// Identity paths of views whose `onAppear` ran, in the tree of the last update.
    private var appeared: Set<String> = []
    private var appearing: Set<String> = []
    private var appearQueue: [(path: String, action: () -> Void)] = []
    private var disappearActions: [String: () -> Void] = [:]
    /// `.animation(_:value:)` watched values by identity: the value and its token.
    private var watched: [String: (value: Any, token: Int)] = [:]
    private var nodeCount = 0
    private var depth = 0
    /// Set when the run must stop: why and where.
    var failure: (message: String, site: SourceSite)?
    /// `.onChange(of:)` values by identity, and the actions to run after the update.
    private var changeValues: [String: Any] = [:]
    private var changeQueue: [() -> Void] = []
    /// Taps the interactions can reach, by the identity of the view that has the gesture.
    var tapActions: [(path: String, site: SourceSite, node: RecordedView, action: () -> Void)] = []
    /// The drag gestures of the tree as last recorded, in drawing order (Interactions.swift).
    var dragHandlers: [DragHandler] = []
    var environmentOverride: EnvironmentValues?
    /// Subscriptions `onReceive` made, kept for the whole run.
    var subscriptions: [AnyCancellable] = []

    init(entry: String, limits: RunLimits, root: @escaping () -> any View) {
        self.root = root
        self.limits = limits
        self.recording = Recording(entry: entry)
    }

    // MARK: - State

    func slot<S: AnyObject>(_ key: String, make: () -> S) -> S {
        if let s = slots[key] as? S { return s }
        let s = make()
        slots[key] = s
        return s
    }

    /// A stored value is about to change: the change belongs to the innermost transaction running.
    /// Changes under another transaction than the pending ones are recorded first, as SwiftUI
    /// commits each transaction of one handler on its own (`x = 0; withAnimation { x = 1 }`).
    func willChange() {
        let t = transactionStack.last ?? Transaction()
        if let p = pending, p != t { update() }
        pending = t
    }

    /// Records the tree if anything changed since the last update.
    func update() {
        guard let t = pending, failure == nil else { return }
        pending = nil
        appendUpdate(t)
    }

    private func appendUpdate(_ t: Transaction, tick: Bool = false) {
        let tree = evaluate()
        recording.updates.append(RecordedUpdate(time: clock.now, animation: t.animation?.recorded, disablesAnimations: t.disablesAnimations, root: tree, isTimelineTick: tick))
        if recording.updates.count > limits.maxUpdates {
            fail("more than \(limits.maxUpdates) updates of the view in \(clock.now) s of the clock: a change on every frame for longer than the render can hold", recording.updates.last?.root.site ?? .unknown)
        }
    }

    func recordInitial() {
        appendUpdate(Transaction())
    }

    /// The next tick a `TimelineView`'s schedule asked for; at most one is waiting at a time.
    private var tickScheduled: Double?

    /// Records the whole view again at `time` (a `TimelineView`'s schedule), without animation.
    func requestTick(at time: Double) {
        guard time <= limits.duration, tickScheduled.map({ time < $0 }) ?? true else { return }
        tickScheduled = time
        clock.schedule(at: time) { [weak self] in
            guard let self, self.tickScheduled == time else { return }
            self.tickScheduled = nil
            if let p = self.pending { self.pending = nil; self.appendUpdate(p) }
            self.appendUpdate(Transaction(), tick: true)
        }
    }

    // MARK: - Evaluation

    private func evaluate() -> RecordedView {
        nodeCount = 0
        depth = 0
        let env = environmentOverride ?? EnvironmentValues()
        let context = RecordContext(graph: self, path: "", site: .unknown, environment: env, sizeHint: PathFit.deviceSize)
        let seen = appearing
        appearing = []
        tapActions = []
        dragHandlers = []
        let tree = withObservationTracking {
            record(root(), context)
        } onChange: {
            MainActor.assumeIsolated { ViewGraph.current?.willChange() }
        }
        // Views that left the tree may appear again later (onAppear runs again).
        for gone in seen.subtracting(appearing) {
            appeared.remove(gone)
            if let action = disappearActions.removeValue(forKey: gone) { appearQueue.append((gone, action)) }
        }
        return tree
    }

    func record(_ view: any View, _ context: RecordContext) -> RecordNode {
        if failure != nil { return RecordNode(context, .empty) }
        nodeCount += 1
        if nodeCount > limits.maxViews {
            fail("more than \(limits.maxViews) views in one tree", context.site)
            return RecordNode(context, .empty)
        }
        if let primitive = view as? any PrimitiveView { return primitive.record(context) }
        depth += 1
        defer { depth -= 1 }
        if depth > limits.maxDepth {
            fail("views nested more than \(limits.maxDepth) deep: a body that contains itself without end?", context.site)
            return RecordNode(context, .empty)
        }
        let c = context.child(String(describing: type(of: view)))
        link(view, c)
        return recordBody(view, c)
    }

    private func recordBody<V: View>(_ view: V, _ context: RecordContext) -> RecordNode {
        record(view.body, context)
    }

    /// Binds the view's dynamic properties (`@State`, `@Binding`, `@Environment`, …) to the store.
    func link(_ value: Any, _ context: RecordContext) {
        for child in Mirror(reflecting: value).children {
            let name = child.label ?? "_"
            if let p = child.value as? any StateLinkable {
                p.link(self, key: context.path + "." + name, environment: context.environment)
            } else if child.value is DynamicProperty {
                link(child.value, context.child(name))
            }
        }
    }

    // MARK: - Lifecycle events

    func appear(_ path: String, action: (() -> Void)?, disappear: (() -> Void)? = nil) {
        appearing.insert(path)
        if let disappear { disappearActions[path] = disappear }
        guard !appeared.contains(path) else { return }
        appeared.insert(path)
        if let action { appearQueue.append((path, action)) }
    }

    func watch(_ key: String, _ value: Any, equal: (Any) -> Bool) -> Int {
        if let old = watched[key] {
            if equal(old.value) { return old.token }
            watched[key] = (value, old.token + 1)
            return old.token + 1
        }
        watched[key] = (value, 0)
        return 0
    }

    // MARK: - Preferences

    /// The preference values set inside each `onPreferenceChange` being recorded, innermost last.
    var preferenceScopes: [[ObjectIdentifier: [Any]]] = []

    func setPreference(_ key: ObjectIdentifier, _ value: Any) {
        guard !preferenceScopes.isEmpty else { return }
        preferenceScopes[preferenceScopes.count - 1][key, default: []].append(value)
    }

    /// Records `content` collecting the preferences set inside it, which also reach the scopes
    /// around it.
    func collectingPreferences(_ record: () -> RecordNode) -> (RecordNode, [ObjectIdentifier: [Any]]) {
        preferenceScopes.append([:])
        let node = record()
        let collected = preferenceScopes.removeLast()
        if !preferenceScopes.isEmpty {
            for (k, v) in collected { preferenceScopes[preferenceScopes.count - 1][k, default: []] += v }
        }
        return (node, collected)
    }

    /// Runs `action` after this update when the value differs from the last one seen at `key`
    /// (and the first time, as SwiftUI reports a preference's first value).
    func preferenceChanged(_ key: String, _ value: Any, equal: (Any) -> Bool, action: @escaping () -> Void) {
        if let old = changeValues[key], equal(old) { return }
        changeValues[key] = value
        changeQueue.append(action)
    }

    func onChange(_ key: String, _ value: Any, equal: (Any) -> Bool, action: @escaping (Any) -> Void) {
        if let old = changeValues[key], !equal(old) {
            changeQueue.append { action(old) }
        }
        changeValues[key] = value
    }

    /// Runs what the last update queued (appear and change actions) until none is left.
    func settle() {
        var rounds = 0
        while failure == nil, !appearQueue.isEmpty || !changeQueue.isEmpty {
            rounds += 1
            if rounds > limits.maxUpdates {
                fail("onAppear and onChange actions keep changing the view: more than \(limits.maxUpdates) rounds at \(clock.now) s", .unknown)
                return
            }
            let appears = appearQueue
            appearQueue = []
            let changes = changeQueue
            changeQueue = []
            for a in appears { run(a.action) }
            for c in changes { run(c) }
        }
    }

    /// Runs a handler of the user's code and records what it changed.
    func run(_ action: () -> Void) {
        guard failure == nil else { return }
        action()
        update()
    }

    func fail(_ message: String, _ site: SourceSite) {
        if failure == nil { failure = (message, site) }
    }

    func warn(_ api: String, _ effect: String, _ site: SourceSite) {
        let w = RecordedWarning(site: site, api: api, effect: effect)
        if !recording.warnings.contains(w) { recording.warnings.append(w) }
    }
}

/// Bounds on what one run may do; the process that runs it also has a time and memory limit.
struct RunLimits {
    var duration: Double
    var maxViews = 100_000
    var maxDepth = 256
    var maxUpdates = 20_000
}

/// The module's warning for an API it declares but does not draw: the caller's position, once.
@MainActor func unmodelled(_ api: String, _ effect: String = "left out of the render", _ file: StaticString, _ line: UInt, _ column: UInt) {
    ViewGraph.current?.warn(api, effect, site(file, line, column))
}
