// A recording becomes one spec: the views of every update merged by identity into one tree. A
// value that differs between updates becomes a state variable that the update's event sets, with
// the update's animation, so the scene engine animates it as SwiftUI animates an attribute; a view
// present in some updates only goes in an `if` on a state of its own, with its transition; values
// the spec cannot interpolate (a text's string, a symbol's name) split the view into one variant
// per value, cross-faded as SwiftUI cross-fades them.
import AnimoViewRecord
import AnimoSpec

struct RecordingLowering {
    let recording: Recording
    private(set) var warnings: [(site: SourceSite, message: String)] = []
    /// State variables in order of first use, with their value at the first update.
    private var states: [(name: String, initial: SpecValue)] = []
    /// Per update: the value of each state variable (absent: unchanged).
    private var values: [[String: SpecValue]]
    private var counter = 0
    private var union: [String: UnionNode] = [:]
    private let count: Int
    private let templates = ShapeTemplates()

    final class UnionNode {
        let path: String
        var versions: [RecordedView?]
        var children: [String] = []
        init(path: String, count: Int) {
            self.path = path
            versions = Array(repeating: nil, count: count)
        }
    }

    /// The project's asset-catalogue colours, in the preview's colour scheme.
    let assets: [String: SpecColor]

    init(recording: Recording, assets: [String: SpecColor] = [:]) {
        self.recording = recording
        self.assets = assets
        count = recording.updates.count
        values = Array(repeating: [:], count: count)
    }

    struct Lowered {
        var content: [SpecValue]
        var state: [(String, SpecValue)]
        /// The shape templates of the custom shapes drawn.
        var shapes: [(String, SpecValue)]
        /// Per update after the first: its time, animation and the states it sets.
        var events: [(time: Double, animation: RecordedAnimation?, set: [(String, SpecValue)], isTick: Bool)]
    }

    mutating func lower() -> Lowered {
        for (k, u) in recording.updates.enumerated() { add(u.root, update: k) }
        var content = recording.updates.isEmpty ? [] : emit(recording.updates[0].root.id)
        // Several views at the top of a body are SwiftUI's implicit vertical stack.
        if content.count > 1 { content = [.object([("vstack", .object([("content", .array(content))]))])] }
        var events: [(Double, RecordedAnimation?, [(String, SpecValue)], Bool)] = []
        var current: [String: SpecValue] = [:]
        for s in states { current[s.name] = s.initial }
        for k in 1..<max(count, 1) {
            var set: [(String, SpecValue)] = []
            for s in states {
                if let v = values[k][s.name], v != current[s.name] {
                    set.append((s.name, v))
                    current[s.name] = v
                }
            }
            if set.isEmpty { continue }
            let u = recording.updates[k]
            events.append((u.time, u.disablesAnimations ? nil : u.animation, set, u.isTimelineTick))
        }
        content = content.map(Self.withoutStaticAnimations).map(Self.symbolEffectValues)
        return Lowered(content: content, state: states.map { ($0.name, $0.initial) }, shapes: templates.definitions, events: events)
    }

    // MARK: - The union of the trees

    private mutating func add(_ view: RecordedView, update k: Int) {
        let node = union[view.id] ?? UnionNode(path: view.id, count: count)
        union[view.id] = node
        var stripped = view
        stripped.children = []
        node.versions[k] = stripped
        var previous: String?
        for child in view.children {
            if !node.children.contains(child.id) {
                let at = previous.flatMap { node.children.firstIndex(of: $0) }.map { $0 + 1 } ?? (previous == nil ? 0 : node.children.count)
                node.children.insert(child.id, at: at)
            }
            previous = child.id
            add(child, update: k)
        }
    }

    // MARK: - Emission

    private mutating func newState(_ prefix: String, _ perUpdate: [SpecValue?]) -> String {
        counter += 1
        let name = "\(prefix)\(counter)"
        let initial = perUpdate.compactMap { $0 }.first ?? .number(0)
        states.append((name, perUpdate[0] ?? initial))
        for (k, v) in perUpdate.enumerated() { if let v { values[k][name] = v } }
        return name
    }

    /// The spec nodes for the view at `path` (none, one, or one per variant).
    private mutating func emit(_ path: String) -> [SpecValue] {
        guard let node = union[path] else { return [] }
        var children: [SpecValue] = []
        for c in node.children { children += emit(c) }
        let present = node.versions.map { $0 != nil }
        var specs: [SpecValue?] = []
        for v in node.versions {
            guard let v else { specs.append(nil); continue }
            var w: [String] = []
            let spec = ViewSpec(warn: { w.append($0) }, templates: templates, assets: assets).node(v, children: children, nested: { nestedView($0) })
            for message in w { warn(v.site, message) }
            specs.append(spec)
        }
        guard specs.contains(where: { $0 != nil }) else { return [] }
        // A transparent group without modifiers is its children, spliced into the parent.
        if let first = specs.compactMap({ $0 }).first, case .array(let items)? = first["group"], first["modifiers"] == nil,
           specs.allSatisfy({ $0 == nil || $0 == first }) {
            return wrapPresence(node, present, items)
        }
        var merged: [SpecValue]
        if let one = merge(specs, key: "") {
            merged = [one]
        } else {
            // Variants: the updates grouped by what cannot be interpolated.
            var groups: [SpecValue] = []
            var groupOf: [SpecValue?] = []
            for s in specs {
                guard let s else { groupOf.append(nil); continue }
                let k = skeleton(s)
                if let i = groups.firstIndex(of: k) { groupOf.append(.number(Double(i))) } else {
                    groups.append(k)
                    groupOf.append(.number(Double(groups.count - 1)))
                }
            }
            let g = newState("g", groupOf)
            merged = []
            for i in groups.indices {
                let members = specs.enumerated().map { groupOf[$0.offset] == .number(Double(i)) ? $0.element : nil }
                guard let one = merge(members, key: "") else { continue }
                merged.append(.object([("if", .object([("condition", .string("=\(g) == \(i)")), ("content", .array([one])), ("transition", .string("opacity"))]))]))
            }
        }
        return wrapPresence(node, present, merged)
    }

    /// A view present in some updates only: an `if` on a state of its own, with its transition.
    private mutating func wrapPresence(_ node: UnionNode, _ present: [Bool], _ items: [SpecValue]) -> [SpecValue] {
        if present.allSatisfy({ $0 }) || items.isEmpty { return items }
        let p = newState("p", present.map { .bool($0) })
        var transition: SpecValue = .string("opacity")
        for case let v? in node.versions {
            for case .transition(let t) in v.modifiers { transition = RecordedValues.transition(t) }
        }
        return [.object([("if", .object([("condition", .string("=\(p)")), ("content", .array(items)), ("transition", transition)]))])]
    }

    /// A view a modifier holds (a background, an overlay, a mask): the same in every update it
    /// is recorded in, or merged like any view.
    private mutating func nestedView(_ view: RecordedView) -> SpecValue? {
        var w: [String] = []
        let spec = ViewSpec(warn: { w.append($0) }, templates: templates, assets: assets)
        func flat(_ v: RecordedView) -> SpecValue? {
            spec.node(v, children: v.children.compactMap(flat), nested: { flat($0) })
        }
        for message in w { warn(view.site, message) }
        return flat(view)
    }

    // MARK: - Merging values over updates

    /// One value for all updates: equal ones kept, numbers and colours that differ made states.
    /// nil when they differ in a way the spec cannot interpolate.
    private mutating func merge(_ values: [SpecValue?], key: String) -> SpecValue? {
        let present = values.compactMap { $0 }
        guard let first = present.first else { return nil }
        if present.allSatisfy({ $0 == first }) { return first }
        switch first {
        case .number:
            guard present.allSatisfy({ if case .number = $0 { return true }; return false }) else { return nil }
            return .string("=" + newState("n", values))
        case .bool:
            return nil
        case .string:
            guard Self.colorKeys.contains(key), present.allSatisfy({ if case .string = $0 { return true }; return false }) else {
                return nil
            }
            var distinct: [String] = []
            let index: [SpecValue?] = values.map { v in
                guard case .string(let s)? = v else { return nil }
                let c = s.hasPrefix("=") ? String(s.dropFirst()) : s
                if let i = distinct.firstIndex(of: c) { return .number(Double(i)) }
                distinct.append(c)
                return .number(Double(distinct.count - 1))
            }
            let c = newState("c", index)
            var expr = distinct[distinct.count - 1]
            for i in stride(from: distinct.count - 2, through: 0, by: -1) { expr = "\(c) == \(i) ? \(distinct[i]) : (\(expr))" }
            return .string("=" + expr)
        case .array(let a):
            var arrays: [[SpecValue]?] = []
            for v in values {
                guard let v else { arrays.append(nil); continue }
                guard case .array(let b) = v, b.count == a.count else { return nil }
                arrays.append(b)
            }
            var out: [SpecValue] = []
            for i in a.indices {
                guard let m = merge(arrays.map { $0?[i] }, key: key) else { return nil }
                out.append(m)
            }
            return .array(out)
        case .object(let members):
            var objects: [[(String, SpecValue)]?] = []
            for v in values {
                guard let v else { objects.append(nil); continue }
                guard case .object(let m) = v, m.map(\.0) == members.map(\.0) else { return nil }
                objects.append(m)
            }
            var out: [(String, SpecValue)] = []
            for (i, (k, _)) in members.enumerated() {
                if k == "animation" && key == "modifiers" {
                    // An animation modifier whose animation itself changes: the last one written.
                    let all = objects.compactMap { $0?[i].1 }
                    out.append((k, mergeAnimation(objects.map { $0?[i].1 }) ?? all.last!))
                    continue
                }
                guard let m = merge(objects.map { $0?[i].1 }, key: k) else { return nil }
                out.append((k, m))
            }
            return .object(out)
        case .null:
            return nil
        }
    }

    private mutating func mergeAnimation(_ values: [SpecValue?]) -> SpecValue? {
        merge(values, key: "animationForm")
    }

    /// What variants are grouped by: the value with its numbers and colours blanked.
    private func skeleton(_ v: SpecValue, key: String = "") -> SpecValue {
        switch v {
        case .number: return .number(0)
        case .string where Self.colorKeys.contains(key): return .string("")
        case .array(let a): return .array(a.map { skeleton($0, key: key) })
        case .object(let m): return .object(m.map { ($0.0, skeleton($0.1, key: $0.0)) })
        default: return v
        }
    }

    /// Drops `animation` modifiers whose watched value never changes (their `value` stayed a
    /// number): they animate nothing, and the spec wants a state there.
    static func withoutStaticAnimations(_ v: SpecValue) -> SpecValue {
        switch v {
        case .array(let a): return .array(a.map(withoutStaticAnimations))
        case .object(let m):
            return .object(m.map { key, value in
                if key == "modifiers", case .array(let list) = value {
                    return (key, .array(list.filter { item in
                        if case .number? = item["animation"]?["value"] { return false }
                        return true
                    }.map(withoutStaticAnimations)))
                }
                return (key, withoutStaticAnimations(value))
            })
        default: return v
        }
    }

    /// A symbol effect's `value` is the watched value's change count: a state name where it
    /// changes; where it never changes the effect never plays, which is `isActive: false`.
    static func symbolEffectValues(_ v: SpecValue) -> SpecValue {
        switch v {
        case .array(let a): return .array(a.map(symbolEffectValues))
        case .object(let m):
            return .object(m.map { key, value in
                if key == "effect", case .object(let e) = value, let i = e.firstIndex(where: { $0.0 == "value" }) {
                    var e = e
                    switch e[i].1 {
                    case .string(let s) where s.hasPrefix("="): e[i].1 = .string(String(s.dropFirst()))
                    default: e[i] = ("isActive", .bool(false))
                    }
                    return (key, .object(e))
                }
                return (key, symbolEffectValues(value))
            })
        default: return v
        }
    }

    static let colorKeys: Set<String> = ["fill", "color", "foregroundStyle", "tint", "colorMultiply", "background"]

    private mutating func warn(_ site: SourceSite, _ message: String) {
        if !warnings.contains(where: { $0.site == site && $0.message == message }) { warnings.append((site, message)) }
    }
}
