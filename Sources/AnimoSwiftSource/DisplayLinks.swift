// `CADisplayLink(target: self, selector: #selector(step(_:)))` added to a run loop: a timer that
// calls the target's method once per display frame, in the event simulation (Events.swift) like a
// repeating `Timer`. The rate is the display's, 60 Hz, or the fastest 60/k Hz not above
// `preferredFramesPerSecond` (or `preferredFrameRateRange`'s preferred rate); the k-th call is the
// event at k frames after `add(to:forMode:)`, its `link.timestamp` the previous frame's time and
// `link.targetTimestamp` its own (docs/semantics.md §305–§306). `invalidate()`,
// `remove(from:forMode:)` and `isPaused` stop or pause it.
import Foundation
internal import SwiftSyntax

/// A display link made by the code, and what it calls.
struct DisplayLinkState {
    var instance: Instance
    var method: FunctionDeclSyntax
    var position: SwiftPosition
    /// `preferredFramesPerSecond`: 0 is the display's rate.
    var preferredRate: Double = 0
    var paused = false
    var invalidated = false
    var started = false
    /// Frames are counted from an anchor (the start, or the last call before the rate changed),
    /// so that the k-th call is at anchor + k / rate exactly, not a sum of k intervals.
    var anchor = 0.0, anchorRate = 0.0, frames = 0

    /// The display's refresh rate: the spec's devices are 60 Hz (docs/semantics.md §305).
    static let displayRate = 60.0

    /// Calls per second: the fastest 60/k not above the preferred rate.
    var rate: Double {
        guard preferredRate > 0, preferredRate < Self.displayRate else { return Self.displayRate }
        return Self.displayRate / (Self.displayRate / preferredRate).rounded(.up)
    }
}

extension Compiler {
    /// `CADisplayLink(target:selector:)`, `CAFrameRateRange(…)`, `CACurrentMediaTime()`; nil for
    /// another name.
    func displayLinkCall(_ name: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value? {
        switch name {
        case "CADisplayLink":
            return try makeDisplayLink(a, s, at)
        case "CAFrameRateRange":
            var fields: [(String, Value)] = []
            for label in ["minimum", "maximum", "preferred"] {
                if let e = a.labeled(label) { fields.append((label, .number(.num(try constant(e, s, label)), isInt: false))) }
            }
            return .record("CAFrameRateRange", fields)
        case "CACurrentMediaTime":
            guard stateValues != nil else {
                throw Unsupported(position: at, construct: name, message: "the media time outside an event handler is not modelled")
            }
            return .number(.num(now), isInt: false)
        default:
            return nil
        }
    }

    func makeDisplayLink(_ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        guard let target = a.labeled("target"), let selector = a.labeled("selector") else {
            throw Unsupported(position: at, construct: "CADisplayLink", message: "a display link needs target: and selector:")
        }
        let instance: Instance?
        if target.trimmedDescription == "self" { instance = s.instance }
        else if case .object(let o)? = try? eval(target, s) { instance = o }
        else { instance = nil }
        guard let instance else {
            throw Unsupported(position: at, construct: "CADisplayLink", message: "the target '\(target.trimmedDescription.prefix(40))' is not an object of this file")
        }
        // `#selector(step(_:))`, `#selector(step)`, `#selector(Self.step(link:))`: the method's name.
        var text = selector.trimmedDescription
        if let m = selector.as(MacroExpansionExprSyntax.self), m.macroName.text == "selector", let arg = m.arguments.first {
            text = arg.expression.trimmedDescription
        }
        if let paren = text.firstIndex(of: "(") { text = String(text[..<paren]) }
        if let dot = text.lastIndex(of: ".") { text = String(text[text.index(after: dot)...]) }
        guard let fs = instance.type.functions[text], let method = fs.first(where: { $0.signature.parameterClause.parameters.count <= 1 }) else {
            throw Unsupported(position: at, construct: "CADisplayLink", message: "no method '\(text)' of \(instance.type.name) taking the display link")
        }
        displayLinks.append(DisplayLinkState(instance: instance, method: method, position: at))
        return .record("CADisplayLink", [("id", .number(.num(Double(displayLinks.count - 1)), isInt: true))])
    }

    /// The display link an expression names (`link`, `displayLink?`, `self.displayLink`), if any.
    func displayLinkID(_ e: ExprSyntax, _ s: Scope) -> Int? {
        var e = e
        if let o = e.as(OptionalChainingExprSyntax.self) { e = o.expression }
        if let f = e.as(ForceUnwrapExprSyntax.self) { e = f.expression }
        guard case .record("CADisplayLink", let f)? = try? eval(e, s), case .number(let k, _)? = f.first?.1,
              let id = k.constant, displayLinks.indices.contains(Int(id)) else { return nil }
        return Int(id)
    }

    /// `link.add(to:forMode:)`, `link.invalidate()`, `link.remove(from:forMode:)`: true when handled.
    func runDisplayLinkCall(_ base: ExprSyntax, _ name: String, _ s: Scope, _ at: SwiftPosition) throws -> Bool {
        guard ["add", "invalidate", "remove"].contains(name), let id = displayLinkID(base, s) else { return false }
        switch name {
        case "add":
            guard stateValues != nil, handlerCapture == nil else {
                throw Unsupported(position: at, construct: "CADisplayLink", message: "a display link started outside onAppear/task/timer handlers is not modelled")
            }
            guard !displayLinks[id].started, !displayLinks[id].invalidated else { return true }
            displayLinks[id].started = true
            scheduleDisplayLink(id, after: now)
        default:
            displayLinks[id].invalidated = true
        }
        return true
    }

    /// `link.preferredFramesPerSecond = n`, `link.preferredFrameRateRange = …`, `link.isPaused = b`:
    /// true when handled.
    func assignDisplayLinkProperty(_ target: ExprSyntax, _ value: Value, _ s: Scope, _ at: SwiftPosition) throws -> Bool {
        guard let m = target.as(MemberAccessExprSyntax.self), let base = m.base,
              ["preferredFramesPerSecond", "preferredFrameRateRange", "isPaused", "frameInterval"].contains(m.declName.baseName.text),
              let id = displayLinkID(base, s) else { return false }
        switch m.declName.baseName.text {
        case "preferredFramesPerSecond":
            guard case .number(let x, _) = value, let k = x.constant, k >= 0 else {
                throw Unsupported(position: at, construct: "CADisplayLink", message: "a preferred rate known only while rendering is not modelled")
            }
            displayLinks[id].preferredRate = k
        case "preferredFrameRateRange":
            guard case .record("CAFrameRateRange", let f) = value else {
                throw Unsupported(position: at, construct: "CADisplayLink", message: "this frame rate range is not modelled")
            }
            let preferred = f.first { $0.0 == "preferred" }?.1 ?? f.first { $0.0 == "maximum" }?.1
            if case .number(let x, _)? = preferred, let k = x.constant { displayLinks[id].preferredRate = max(k, 0) }
        case "isPaused":
            guard case .bool(let x) = value, let b = x.constant else {
                throw Unsupported(position: at, construct: "CADisplayLink", message: "a pause known only while rendering is not modelled")
            }
            displayLinks[id].paused = b != 0
        default:
            throw Unsupported(position: at, construct: "CADisplayLink", message: "setting '\(m.declName.baseName.text)' of a display link is not modelled")
        }
        return true
    }

    /// The link's next call after `time` (a call, or the start).
    func scheduleDisplayLink(_ id: Int, after time: Double) {
        let rate = displayLinks[id].rate
        if rate != displayLinks[id].anchorRate {
            displayLinks[id].anchor = time
            displayLinks[id].anchorRate = rate
            displayLinks[id].frames = 0
        }
        displayLinks[id].frames += 1
        let link = displayLinks[id]
        guard let body = link.method.body else { return }
        sequence += 1
        queue.append(ScheduledBlock(time: link.anchor + Double(link.frames) / rate, sequence: sequence, items: body.statements, scope: Scope(parent: nil, instance: link.instance),
                                    position: link.position, displayLink: id))
    }

    /// The scope of one call: the method's parameter is the link, its timestamps those of the
    /// frame shown at `time`.
    func displayLinkScope(_ id: Int, at time: Double) -> Scope {
        let link = displayLinks[id]
        let scope = Scope(parent: nil, instance: link.instance)
        if let p = link.method.signature.parameterClause.parameters.first {
            let local = (p.secondName ?? p.firstName).text
            let frame = 1 / link.rate
            scope.values[local] = .record("CADisplayLink", [
                ("id", .number(.num(Double(id)), isInt: true)),
                ("timestamp", .number(.num(time - frame), isInt: false)),
                ("targetTimestamp", .number(.num(time), isInt: false)),
                ("duration", .number(.num(1 / DisplayLinkState.displayRate), isInt: false)),
                ("preferredFramesPerSecond", .number(.num(link.preferredRate), isInt: true)),
                ("isPaused", .bool(.num(link.paused ? 1 : 0))),
            ])
        }
        return scope
    }
}
