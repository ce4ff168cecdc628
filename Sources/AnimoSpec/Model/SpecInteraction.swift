// Interactions (docs/spec.md "Interactions"): taps and drags a spec plays at given instants, and the
// gesture handlers on nodes they trigger. A loaded spec only describes them; the scene resolves
// them into ordinary events once, before any pixel (AnimoScene's InteractionResolver).

/// Which view a tap is aimed at.
public enum InteractionTarget: Sendable, Equatable, CustomStringConvertible {
    /// A view's `id`, else the text of its label.
    case name(String)
    /// The n-th view with a gesture handler, in drawing order (0-based).
    case index(Int)
    /// A point on the canvas (points).
    case point(x: Double, y: Double)

    public var description: String {
        switch self {
        case .name(let s): return UserText.quoted(s)
        case .index(let i): return "view #\(i)"
        case .point(let x, let y): return "(\(formatNumber(x)), \(formatNumber(y)))"
        }
    }
}

/// One scripted interaction.
public struct SpecInteraction: Sendable {
    public enum Kind: Sendable {
        /// A finger down at `at` and up `hold` seconds later, at the target's frame centre (or
        /// wherever `target` says); nil target: the only view with a handler.
        case tap(target: InteractionTarget?, hold: Double)
        /// A finger down at `from`, moved at constant speed to `to` over `duration`, then lifted.
        case drag(from: (x: Double, y: Double), to: (x: Double, y: Double), duration: Double)
    }

    public var at: Double
    public var kind: Kind
    /// `interactions[i]`, or `--tap` / `--drag` with the value as given.
    public var path: String

    public init(at: Double, kind: Kind, path: String) {
        self.at = at
        self.kind = kind
        self.path = path
    }

    /// At most this many interactions in a spec, the command line's included (each may resolve
    /// the scene once more).
    public static let maxCount = 64

    /// Default time between touch-down and touch-up of a tap (seconds).
    public static let defaultHold = 0.1

    /// When the finger is lifted.
    public var end: Double {
        switch kind {
        case .tap(_, let hold): return at + hold
        case .drag(_, _, let d): return at + d
        }
    }
}

/// One assignment of an action: a state variable and the value it gets, an expression evaluated
/// when the action runs (it may read the state then, and a drag's values).
public struct SpecActionAssignment: Sendable {
    public var name: String
    public var slot: Int
    public var isBoolean: Bool
    public var value: SpecNumber
    /// `{"xs": {"move": {"from": i, "to": j}}}`: the assignment moves an element of a state array
    /// instead (`value` is then the destination index, `slot` unused).
    public var move: SpecArrayMove?

    public init(name: String, slot: Int, isBoolean: Bool, value: SpecNumber, move: SpecArrayMove? = nil) {
        self.name = name
        self.slot = slot
        self.isBoolean = isBoolean
        self.value = value
        self.move = move
    }
}

/// `let e = xs.remove(at: from); xs.insert(e, at: to)` on a state array whose elements move, as a
/// handler runs it: the elements present (`presenceSlots`) in the order of their indices
/// (`rankSlots`) are reordered and every changed index is set.
public struct SpecArrayMove: Sendable {
    /// Which element moves: the one at an index, or the one with an id
    /// (`xs.firstIndex(where: { $0.id == id })`; none there: no move).
    public enum Source: Sendable {
        case index(SpecNumber)
        case id(SpecNumber)
    }
    /// Where it goes: an index, or the index of the element under a point (`nearest`).
    public enum Destination: Sendable {
        case index(SpecNumber)
        /// The element (other than the one with id `excluding`) whose laid-out frame in canvas
        /// coordinates contains (x, y), else the one whose frame's centre is nearest; none: no move.
        case nearest(x: SpecNumber, y: SpecNumber, excluding: SpecNumber?)
    }

    public var array: String
    public var presenceSlots: [Int]
    public var rankSlots: [Int]
    public var from: Source
    public var to: Destination

    public init(array: String, presenceSlots: [Int], rankSlots: [Int], from: Source, to: Destination) {
        self.array = array
        self.presenceSlots = presenceSlots
        self.rankSlots = rankSlots
        self.from = from
        self.to = to
    }

    /// Whether the destination reads the layout's frames.
    public var readsFrames: Bool { if case .nearest = to { true } else { false } }

    /// The ids present in `frame`, in the array's order.
    public func live(_ frame: [Double]) -> [Int] {
        presenceSlots.indices.filter { frame[presenceSlots[$0]] != 0 }
            .sorted { (frame[rankSlots[$0]], $0) < (frame[rankSlots[$1]], $1) }
    }

    /// The index changes the move makes in `frame` (none when an id or a point finds no element),
    /// or an error message when an index is outside the array then (Swift's `remove(at:)` and
    /// `insert(_:at:)` trap). `frames` are the elements' laid-out frames by id (minX, minY, maxX,
    /// maxY), for `nearest`.
    public func changes(_ frame: [Double], frames: [Int: [Double]] = [:]) -> Result<[(slot: Int, id: Int, value: Double)], SpecArrayMoveError> {
        var live = live(frame)
        let f: Double
        switch from {
        case .index(let n): f = n.value(frame)
        case .id(let n):
            let id = n.value(frame)
            guard let k = live.firstIndex(where: { Double($0) == id }) else { return .success([]) }
            f = Double(k)
        }
        let t: Double
        switch to {
        case .index(let n): t = n.value(frame)
        case .nearest(let xn, let yn, let ex):
            let x = xn.value(frame), y = yn.value(frame), excluded = ex?.value(frame)
            let candidates = live.filter { Double($0) != excluded && frames[$0] != nil }
            func contains(_ r: [Double]) -> Bool { r[0] <= x && x <= r[2] && r[1] <= y && y <= r[3] }
            func distance(_ r: [Double]) -> Double { let dx = (r[0] + r[2]) / 2 - x, dy = (r[1] + r[3]) / 2 - y; return (dx * dx + dy * dy).squareRoot() }
            guard let hit = candidates.first(where: { contains(frames[$0]!) }) ?? candidates.min(by: { (distance(frames[$0]!), $0) < (distance(frames[$1]!), $1) }),
                  let k = live.firstIndex(of: hit) else { return .success([]) }
            t = Double(k)
        }
        guard f == f.rounded(), f >= 0, f < Double(live.count) else { return .failure(.init(message: "move from index \(f) outside the array's \(live.count) elements")) }
        guard t == t.rounded(), t >= 0, t < Double(live.count) else { return .failure(.init(message: "move to index \(t) outside 0…\(live.count - 1) (the array without the moved element)")) }
        let id = live.remove(at: Int(f))
        live.insert(id, at: Int(t))
        var out: [(slot: Int, id: Int, value: Double)] = []
        for (i, id) in live.enumerated() where frame[rankSlots[id]] != Double(i) { out.append((rankSlots[id], id, Double(i))) }
        return .success(out)
    }
}

public struct SpecArrayMoveError: Error, Sendable {
    public var message: String
}

/// What an action closure does: `withAnimation(animation) { state = … }` (no animation: nil),
/// `after` seconds after the handler runs (work a `Task` does after `Task.sleep`, or an
/// `asyncAfter` block), and only if `when` holds then (nil: always).
public struct SpecAction: Sendable {
    public var set: [SpecActionAssignment]
    public var animation: SpecAnimation?
    public var after: Double
    public var when: SpecNumber?
    public var path: String

    public init(set: [SpecActionAssignment], animation: SpecAnimation?, after: Double = 0, when: SpecNumber? = nil, path: String) {
        self.set = set
        self.animation = animation
        self.after = after
        self.when = when
        self.path = path
    }

    /// The latest `after` a change may have (seconds).
    public static let maxAfter = 3600.0
}

/// The gesture handlers and hit-testing traits of one node.
public struct SpecGestureHandlers: Sendable {
    /// `Button(action:) { label }`: the action runs at touch-up and the label shows the pressed look
    /// while the finger is down. nil: not a button.
    public var button: [SpecAction]? = nil
    /// `onTapGesture { … }`: runs at touch-up, no pressed look.
    public var onTap: [SpecAction]? = nil
    /// `onLongPressGesture(minimumDuration:) { … }`: runs once the finger has been down that long.
    public var onLongPress: (minimumDuration: Double, perform: [SpecAction])? = nil
    /// `gesture(DragGesture(minimumDistance:).onChanged { … }.onEnded { … })`.
    public var onDrag: (minimumDistance: Double, onChanged: [SpecAction], onEnded: [SpecAction])? = nil
    /// `id` / `accessibilityIdentifier`: a name taps may aim at.
    public var id: String? = nil
    /// `allowsHitTesting(false)`: neither the view nor anything inside it receives touches.
    public var allowsHitTesting = true
    /// The text of the node's label (its literal texts, joined by spaces), for taps that name it.
    public var label: String? = nil

    public init() {}

    /// Whether the node takes any gesture.
    public var hasHandlers: Bool { button != nil || onTap != nil || onLongPress != nil || onDrag != nil }

    /// What `candidates` lists: "button", "onTap, onDrag", …
    public var kinds: [String] {
        var k: [String] = []
        if button != nil { k.append("button") }
        if onTap != nil { k.append("onTap") }
        if onLongPress != nil { k.append("onLongPress") }
        if onDrag != nil { k.append("onDrag") }
        return k
    }

    /// SwiftUI's default `minimumDuration` of a long press (seconds) and `minimumDistance` of a
    /// drag (points).
    public static let defaultLongPressDuration = 0.5
    public static let defaultDragDistance = 10.0
}

/// The names a drag's action expressions read: SwiftUI's `DragGesture.Value` members.
public enum GestureValueNames {
    public static let all = [
        "translation.width", "translation.height", "location.x", "location.y",
        "startLocation.x", "startLocation.y", "predictedEndTranslation.width", "predictedEndTranslation.height",
        "predictedEndLocation.x", "predictedEndLocation.y", "velocity.width", "velocity.height",
        "localLocation.x", "localLocation.y", "localStartLocation.x", "localStartLocation.y",
        "localPredictedEndLocation.x", "localPredictedEndLocation.y",
    ]
}
