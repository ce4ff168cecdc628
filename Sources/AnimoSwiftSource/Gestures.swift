// Gestures → the spec's handlers (docs/spec.md "Interactions"): `Button(action:)` and
// `Button { … } label: { … }` → `button`, `.onTapGesture { … }` → `onTap`,
// `.onLongPressGesture(minimumDuration:) { … }` → `onLongPress`, `.gesture(DragGesture()
// .onChanged { value in … }.onEnded { value in … })` → `onDrag` (also `TapGesture().onEnded` and
// `LongPressGesture().onEnded`), `.accessibilityIdentifier` → `id`, `.allowsHitTesting` →
// `allowsHitTesting`. A handler's statements run as the event handlers of Events.swift do, but
// state is read symbolically: each assignment to a @State becomes a change whose value is an
// expression (`liked.toggle()` → `"=!liked"`, `offset = value.translation.width` →
// `"=translation.width"`), grouped by `withAnimation` block.
import Foundation
internal import SwiftSyntax

/// The changes a gesture handler makes, while its statements run.
final class HandlerCapture {
    struct Change {
        var set: [(String, Expr)]
        var animation: AnimationValue?
        var block: Int
        /// Seconds after the handler runs (`Task.sleep`, `asyncAfter`).
        var after: Double = 0
        /// Runs only while this holds (an `.onChange` handler's: the value did change).
        var when: Expr? = nil
        /// State arrays it moves an element of: `(name, {"move": …})` (HandlerMoves.swift).
        var moves: [(String, JSON)] = []
    }
    var changes: [Change] = []
    /// Seconds since the handler started, moved on by `Task.sleep` and `asyncAfter`.
    var now: Double = 0
    /// The conditions of the `.onChange` handlers running inside the handler.
    var when: [Expr] = []
    /// `.onChange` handlers nested in one another (a handler that sets what it observes).
    var changeDepth = 0
    static let maxChangeDepth = 8
    static let maxAfter = 3600.0
}

/// A Swift `throw`: unwinds to the nearest `do`/`catch`, `try?`, or the end of the task.
struct SwiftThrow: Error {
    var position: SwiftPosition
}

extension Compiler {
    /// The modifiers this file compiles (the rest of the chain is Modifiers.swift's).
    static let gestureModifiers: Set<String> = ["onTapGesture", "onLongPressGesture", "gesture", "simultaneousGesture",
                                                "highPriorityGesture", "accessibilityIdentifier", "allowsHitTesting"]

    /// An assignment to a @State inside a gesture handler: a change with an expression value.
    func captureHandlerAssignment(_ name: String, _ value: Value, _ at: SwiftPosition) throws {
        guard let capture = handlerCapture else { return }
        let e: Expr
        switch value {
        case _ where identityStates.contains(name) && identityNumber(value) != nil: e = identityNumber(value)!
        case .number(let x, _), .bool(let x), .angle(let x): e = x
        case .member(let m, _):
            guard let k = enumCaseIndex(m) else { throw Unsupported(position: at, construct: "assignment", message: "the value .\(m) is not modelled") }
            e = .num(Double(k))
        default: throw Unsupported(position: at, construct: "assignment", message: "assigning \(value.kindName) to a @State is not modelled")
        }
        let observers = changeHandlers.indices.filter { observedState(changeHandlers[$0]) == name }
        // The `.onChange` handlers observing this state run when the value differs from the one
        // before: a flag set just before the assignment, read by their changes.
        var flag: String?
        if !observers.isEmpty {
            if capture.changeDepth >= HandlerCapture.maxChangeDepth {
                warn(at, ".onChange", "handlers that set what they observe nest more than \(HandlerCapture.maxChangeDepth) deep: the deeper ones are left out")
            } else {
                let f = freshName("\(name)_changed")
                states.append(StateDecl(name: f, initial: 0, isBool: true, position: at))
                flag = f
            }
        }
        var entries: [(String, Expr)] = [(name, e)]
        if let flag { entries.insert((flag, .binaryOp("!=", .name(name), e)), at: 0) }
        let when = capture.when.isEmpty ? nil : capture.when.dropFirst().reduce(capture.when[0]) { .binaryOp("&&", $0, $1) }
        if let last = capture.changes.indices.last, capture.changes[last].block == currentBlock, capture.changes[last].after == capture.now,
           capture.changes[last].when == when, capture.changes[last].moves.isEmpty, flag == nil {
            // (Not into a change that moves an element: an assignment after the move is a change
            // after it, so that the move comes first.)
            if let i = capture.changes[last].set.firstIndex(where: { $0.0 == name }) { capture.changes[last].set[i].1 = e }
            else { capture.changes[last].set.append((name, e)) }
        } else {
            capture.changes.append(.init(set: entries, animation: currentAnimation, block: currentBlock, after: capture.now, when: when))
        }
        guard let flag else { return }
        for k in observers {
            let h = changeHandlers[k]
            let saved = (currentAnimation, currentBlock)
            currentAnimation = nil
            currentBlock = newBlock()
            capture.when.append(.name(flag))
            capture.changeDepth += 1
            defer {
                capture.when.removeLast()
                capture.changeDepth -= 1
                (currentAnimation, currentBlock) = saved
            }
            let scope = h.scope.child()
            let names = closureParameterNames(h.action)
            if names.count == 1 { scope.values[names[0]] = value }
            if names.count == 2 { scope.values[names[0]] = .opaque("the value before the change"); scope.values[names[1]] = value }
            do { _ = try runEventItems(h.action.statements, scope) } catch is SwiftThrow {}
        }
    }

    /// The spec state an `.onChange(of:)` observes, when it observes one state variable as it is.
    func observedState(_ h: ChangeHandler) -> String? {
        guard let v = try? eval(h.observed, h.scope) else { return nil }
        switch v {
        case .number(.name(let n), _), .bool(.name(let n)), .angle(.name(let n)): return isState(n) ? n : nil
        default: return nil
        }
    }

    /// A handler closure's changes as spec JSON: `[{"set": {…}, "animation": …}]`.
    func handlerActions(_ closure: ClosureExprSyntax, _ s: Scope, arguments: [Value] = []) throws -> JSON {
        try handlerActions(closure.statements, parameters: closureParameterNames(closure), s, arguments: arguments)
    }

    func handlerActions(_ statements: CodeBlockItemListSyntax, parameters names: [String], _ s: Scope, arguments: [Value] = []) throws -> JSON {
        let saved = (handlerCapture, currentAnimation, currentBlock)
        let capture = HandlerCapture()
        handlerCapture = capture
        currentAnimation = nil
        currentBlock = newBlock()
        defer { (handlerCapture, currentAnimation, currentBlock) = saved }
        let scope = s.child()
        for (k, v) in arguments.enumerated() where k < names.count { scope.values[names[k]] = v }
        // An error thrown out of the handler (or its task) ends it.
        do { _ = try runEventItems(statements, scope) } catch is SwiftThrow {}
        return .array(capture.changes.map { c in
            var m: [(String, JSON)] = [("set", .object(c.set.map { name, e in
                let isBool = states.first { $0.name == name }?.isBool == true
                if isBool, let k = e.constant { return (name, .bool(k != 0)) }
                return (name, .num(e))
            } + c.moves))]
            if let a = c.animation { m.append(("animation", a.json)) }
            if c.after > 0 { m.append(("after", .number(c.after))) }
            if let w = c.when { m.append(("when", .num(w))) }
            return .object(m)
        })
    }

    /// A tap handler's changes, compiled once the whole view is (so that the `.onChange` handlers
    /// written after the Button, on the same view, are known): a placeholder until then.
    func deferredHandler(_ at: SwiftPosition, _ make: @escaping () throws -> JSON) -> JSON {
        pendingHandlers.append((at, make))
        return .string("\u{1}handler \(pendingHandlers.count - 1)")
    }

    /// The content with every placeholder replaced by its handler's changes; a handler that
    /// cannot be compiled is reported and does nothing.
    func resolvingHandlers(_ json: JSON) -> JSON {
        switch json {
        case .string(let s) where s.hasPrefix("\u{1}handler "):
            guard let k = Int(s.dropFirst(9)), k < pendingHandlers.count else { return .array([]) }
            let (at, make) = pendingHandlers[k]
            do { return try make() } catch let u as Unsupported {
                warn(u, instead: "the handler does nothing")
            } catch let n as NeedsConstant {
                warn(n.position, n.what, "depends on \(n.names.sorted().joined(separator: ", ")) in a gesture handler: the handler does nothing")
            } catch {
                warn(at, "handler", "\(error): the handler does nothing")
            }
            return .array([])
        case .array(let items): return .array(items.map(resolvingHandlers))
        case .object(let members): return .object(members.map { ($0.0, resolvingHandlers($0.1)) })
        case .located(let p, let v): return .located(p, resolvingHandlers(v))
        default: return json
        }
    }

    /// `DragGesture.Value` as the spec's drag values (`translation.width`, …): its locations in the
    /// view's own coordinates (`local…`, the default `coordinateSpace: .local`), or the canvas's
    /// (`.global`).
    func dragValue(local: Bool) -> Value {
        func size(_ n: String) -> Value { .record("CGSize", [("width", .number(.name(n + ".width"), isInt: false)), ("height", .number(.name(n + ".height"), isInt: false))]) }
        func point(_ n: String) -> Value {
            let m = local ? "local" + n.prefix(1).uppercased() + n.dropFirst() : n
            return .record("CGPoint", [("x", .number(.name(m + ".x"), isInt: false)), ("y", .number(.name(m + ".y"), isInt: false))])
        }
        return .record("DragGesture.Value", [("translation", size("translation")), ("location", point("location")),
                                             ("startLocation", point("startLocation")), ("predictedEndTranslation", size("predictedEndTranslation")),
                                             ("predictedEndLocation", point("predictedEndLocation")), ("velocity", size("velocity"))])
    }

    /// The node built so far with a gesture modifier's key set on it.
    func gestureModifier(_ m: Modifier, _ built: [JSON], _ s: Scope) throws -> [JSON] {
        let a = m.args, at = m.position
        if built.isEmpty {
            // Nothing drawn (every view in it left out): nothing to touch, and no empty group.
            warn(at, ".\(m.name)", "the view it is on draws nothing here: left out")
            return built
        }
        var node: JSON = built.count == 1 ? built[0] : .located(at, .object([("group", .array(built))]))
        switch m.name {
        case "onTapGesture":
            guard let c = a.closure("perform") else { return built }
            if let count = a.labeled("count"), count.trimmedDescription != "1" {
                warn(at, ".onTapGesture(count:)", "a tap is a single tap; count \(count.trimmedDescription) is not modelled")
            }
            node = node.setting("onTap", .located(at, deferredHandler(at) { try self.handlerActions(c, s) }))
        case "onLongPressGesture":
            guard let c = a.closure("perform") else { return built }
            var members: [(String, JSON)] = []
            if let d = a.labeled("minimumDuration") { members.append(("minimumDuration", .number(try constant(try eval(d, s), position(d), "minimumDuration")))) }
            members.append(("perform", try handlerActions(c, s)))
            node = node.setting("onLongPress", .located(at, .object(members)))
        case "gesture", "simultaneousGesture", "highPriorityGesture":
            guard let g = a.first else { return built }
            node = try gesture(g, node, s)
        case "accessibilityIdentifier":
            guard let e = a.first, case .string(let id) = try eval(e, s) else { return built }
            node = node.setting("id", .string(id))
        case "allowsHitTesting":
            guard let e = a.first, case .bool(let b) = try eval(e, s), let k = b.constant else {
                warn(at, ".allowsHitTesting", "a value known only while rendering is not modelled: hit testing stays on")
                return built
            }
            node = node.setting("allowsHitTesting", .bool(k != 0))
        default:
            return built
        }
        return [node]
    }

    /// `DragGesture(minimumDistance:).onChanged { … }.onEnded { … }`, `TapGesture().onEnded { … }`,
    /// `LongPressGesture(minimumDuration:).onEnded { … }`.
    func gesture(_ g: ExprSyntax, _ node: JSON, _ s: Scope) throws -> JSON {
        var handlers: [(String, ClosureExprSyntax)] = []
        var cur = g
        while let c = cur.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
            let name = m.declName.baseName.text
            if let closure = Arguments(c).closure() { handlers.insert((name, closure), at: 0) }
            else { warn(position(m.declName), ".\(name)", "not modelled on a gesture: left out") }
            cur = base
        }
        guard let call = cur.as(FunctionCallExprSyntax.self) else {
            warn(position(g), "gesture", "a gesture stored elsewhere is not modelled: it does nothing")
            return node
        }
        let a = Arguments(call)
        let kind = call.calledExpression.trimmedDescription
        func closures(_ name: String) -> [ClosureExprSyntax] { handlers.filter { $0.0 == name }.map(\.1) }
        for (name, _) in handlers where !["onChanged", "onEnded"].contains(name) {
            warn(position(g), ".\(name)", "not modelled on a gesture: left out")
        }
        switch kind {
        case "DragGesture":
            var members: [(String, JSON)] = []
            if let d = a.labeled("minimumDistance") { members.append(("minimumDistance", .number(try constant(try eval(d, s), position(d), "minimumDistance")))) }
            var local = true
            if let cs = a.labeled("coordinateSpace") {
                switch cs.trimmedDescription {
                case ".global", "CoordinateSpace.global": local = false
                case ".local", "CoordinateSpace.local": local = true
                default: warn(position(cs), "DragGesture(coordinateSpace:)", "a named coordinate space is not modelled: the view's own (.local) is used")
                }
            }
            let value = dragValue(local: local)
            let changed = try closures("onChanged").map { try handlerActions($0, s, arguments: [value]) }
            let ended = try closures("onEnded").map { try handlerActions($0, s, arguments: [value]) }
            members.append(("onChanged", .array(changed.flatMap { if case .array(let x) = $0 { return x } else { return [] } })))
            members.append(("onEnded", .array(ended.flatMap { if case .array(let x) = $0 { return x } else { return [] } })))
            return node.setting("onDrag", .located(position(g), .object(members)))
        case "TapGesture":
            guard let c = closures("onEnded").first else { return node }
            return node.setting("onTap", .located(position(g), try handlerActions(c, s)))
        case "LongPressGesture":
            guard let c = closures("onEnded").first else { return node }
            var members: [(String, JSON)] = []
            if let d = a.labeled("minimumDuration") { members.append(("minimumDuration", .number(try constant(try eval(d, s), position(d), "minimumDuration")))) }
            members.append(("perform", try handlerActions(c, s)))
            return node.setting("onLongPress", .located(position(g), .object(members)))
        default:
            // No pixels either way: the view is drawn, the gesture does nothing.
            return node
        }
    }

    /// A Button's label nodes as one node whose `button` runs the action.
    func button(_ label: [JSON], _ a: Arguments, titled: Bool, _ s: Scope, _ at: SwiftPosition) throws -> [JSON] {
        // `Button("Title") { action }`, `Button(action: { … }) { label }`, `Button { action } label: { … }`.
        let action: ClosureExprSyntax?
        if let e = a.labeled("action") {
            action = e.as(ClosureExprSyntax.self)
            if action == nil {
                // `Button(action: handleTap)`: a method of the view with no parameters.
                let name = e.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? e.as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? $0.declName.baseName.text : nil }
                if let name, let inst = s.instance, let f = inst.type.functions[name]?.first(where: { $0.signature.parameterClause.parameters.isEmpty }),
                   let body = f.body, !label.isEmpty {
                    let node: JSON = label.count == 1 ? label[0] : .located(at, .object([("group", .array(label))]))
                    let scope = Scope(parent: nil, instance: inst)
                    return [node.setting("button", .located(position(e), deferredHandler(position(e)) { try self.handlerActions(body.statements, parameters: [], scope) }))]
                }
                warn(position(e), "Button(action:)", "an action given by name is not modelled: the button does nothing")
            }
        } else if titled || a.labeled("label") != nil || a.trailing.count > 1 {
            action = a.trailing.first
        } else {
            action = nil
        }
        guard let action, !label.isEmpty else { return label }
        let node: JSON = label.count == 1 ? label[0] : .located(at, .object([("group", .array(label))]))
        return [node.setting("button", .located(position(action), deferredHandler(position(action)) { try self.handlerActions(action, s) }))]
    }
}
