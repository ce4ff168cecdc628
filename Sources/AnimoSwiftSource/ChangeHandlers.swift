// `.onChange(of: value) { … }`: the handler runs when an event changes the observed value. While
// the events run (Events.swift), every observed value is compared after each block; a change
// schedules the handler at the same instant, after the block that made it, with the closure's
// parameters bound (one: the new value; two: the old and the new value). `initial: true` runs it
// once on appear too. A value that no event changes never runs its handler, as in SwiftUI when
// nobody touches the view; one known only while rendering (a reader's size, the clock) is reported.
import Foundation
internal import SwiftSyntax

struct ChangeHandler {
    var observed: ExprSyntax
    var scope: Scope
    var action: ClosureExprSyntax
    var position: SwiftPosition
    var initial: Bool
    /// The observed value after the last block; nil until the events start, or when not known.
    var last: Value? = nil
}

extension Compiler {
    /// Records an `.onChange(of:)` handler; false for a form that is not one.
    func addChangeHandler(_ a: Arguments, _ s: Scope, _ at: SwiftPosition) -> Bool {
        guard let observed = a.labeled("of"), let action = a.closure("perform") ?? a.closure("action") ?? a.trailing.first else { return false }
        let initial = a.labeled("initial")?.trimmedDescription == "true"
        changeHandlers.append(ChangeHandler(observed: observed, scope: s, action: action, position: at, initial: initial))
        return true
    }

    /// The observed value now, when it is a constant. Events read state as constants; a local
    /// computed from state while the view was compiled (`let sum = a + b`) reads it by name.
    private func observedValue(_ h: ChangeHandler) -> Value? {
        guard let v = try? eval(h.observed, h.scope) else { return nil }
        let now = stateValues ?? [:]
        switch v {
        case .number(let e, let isInt): return e.substituting(now).constant.map { .number(.num($0), isInt: isInt) }
        case .bool(let e): return e.substituting(now).constant.map { .bool(.num($0)) }
        case .angle(let e): return e.substituting(now).constant.map { .angle(.num($0)) }
        case .member(let name, let args) where args.isEmpty || enumCaseIndex(name) != nil:
            return enumCaseIndex(name).map { .number(.num(Double($0)), isInt: true) }
        default: return nil
        }
    }

    private func constantOf(_ v: Value) -> Double? {
        switch v {
        case .number(let e, _), .bool(let e), .angle(let e): return e.constant
        default: return nil
        }
    }

    /// Before the first block: the observed values at the start.
    func startChangeHandlers() {
        for k in changeHandlers.indices {
            let h = changeHandlers[k]
            guard let v = observedValue(h) else {
                warn(position(h.observed), ".onChange", "the observed value '\(h.observed.trimmedDescription)' is known only while rendering: the handler is left out")
                continue
            }
            changeHandlers[k].last = v
            if h.initial { scheduleChange(h, old: v, new: v) }
        }
    }

    /// After a block: handlers whose observed value changed run next, at the same instant.
    func checkChangeHandlers() {
        for k in changeHandlers.indices {
            guard let last = changeHandlers[k].last, let v = observedValue(changeHandlers[k]) else { continue }
            if constantOf(v) != constantOf(last) {
                changeHandlers[k].last = v
                scheduleChange(changeHandlers[k], old: last, new: v)
            }
        }
    }

    private func scheduleChange(_ h: ChangeHandler, old: Value, new: Value) {
        let scope = h.scope.child()
        let names = closureParameterNames(h.action)
        if names.count == 1 { scope.values[names[0]] = new }
        if names.count == 2 { scope.values[names[0]] = old; scope.values[names[1]] = new }
        schedule(h.action.statements, scope, at: now, h.position)
    }
}
