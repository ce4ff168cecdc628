// Events and time: `onAppear`/`task` handlers run once the view is compiled, in a small
// simulation of the main queue. Assignments to @State become the spec's events: inside
// `withAnimation(a) { … }` with that animation, otherwise without one; `DispatchQueue.main
// .asyncAfter(deadline: .now() + x)` and `Timer.scheduledTimer(withTimeInterval:repeats:)` run
// their blocks x seconds later; `Task.sleep` in a task moves its time on. The simulation stops at
// the render's horizon, and a loop that never waits is an error, never a hang. `.onReceive` of
// `Timer.publish(every: x, …).autoconnect()` runs its handler every x seconds from x on, as a
// repeating timer does.
import Foundation
internal import SwiftSyntax

struct ScheduledBlock {
    var time: Double
    var sequence: Int
    var items: CodeBlockItemListSyntax
    var scope: Scope
    var position: SwiftPosition
    /// A repeating timer: its id and interval.
    var timer: (id: Int, interval: Double)?
    /// A display link's call (DisplayLinks.swift): its id.
    var displayLink: Int? = nil
}

/// A task slept past the horizon: the rest of it never runs within the render.
struct HorizonReached: Error {}

extension Compiler {
    func schedule(_ items: CodeBlockItemListSyntax, _ scope: Scope, at time: Double, _ position: SwiftPosition, timer: (Int, Double)? = nil) {
        sequence += 1
        queue.append(ScheduledBlock(time: time, sequence: sequence, items: items, scope: scope, position: position, timer: timer))
    }

    func newBlock() -> Int {
        blockCounter += 1
        return blockCounter
    }

    /// Runs every handler from time 0 to the horizon; fills `events`.
    func runEvents() throws {
        stateValues = Dictionary(uniqueKeysWithValues: states.map { ($0.name, $0.initial) })
        defer { stateValues = nil }
        for h in appearHandlers {
            if let timer = h.timer {
                schedule(h.items, h.scope, at: timer.interval, h.position, timer: (timer.id, timer.interval))
            } else {
                schedule(h.items, h.scope, at: 0, h.position)
            }
        }
        startChangeHandlers()
        var runs = 0
        while let k = queue.indices.min(by: { (queue[$0].time, queue[$0].sequence) < (queue[$1].time, queue[$1].sequence) }) {
            let block = queue.remove(at: k)
            guard block.time <= horizon else { continue }
            if let t = block.timer, invalidatedTimers.contains(t.id) { continue }
            if let id = block.displayLink {
                if displayLinks[id].invalidated { continue }
                if displayLinks[id].paused {
                    scheduleDisplayLink(id, after: block.time)
                    continue
                }
            }
            runs += 1
            if runs > 100_000 {
                throw FatalCompileError(position: block.position, construct: "timer", message: "more than 100,000 scheduled blocks before \(formatSpecNumber(horizon)) s")
            }
            now = block.time
            currentAnimation = nil
            currentBlock = newBlock()
            do {
                // Each run declares its locals afresh: a closure it schedules keeps this run's
                // (a repeating timer's `let star` is a new constant at every firing).
                let scope = block.displayLink.map { displayLinkScope($0, at: block.time) } ?? block.scope.child()
                _ = try runEventItems(block.items, scope)
            } catch is HorizonReached {}
            checkChangeHandlers()
            if let id = block.displayLink, !displayLinks[id].invalidated {
                scheduleDisplayLink(id, after: block.time)
            }
            if let t = block.timer, !invalidatedTimers.contains(t.id) {
                schedule(block.items, block.scope, at: block.time + t.interval, block.position, timer: t)
            }
        }
        // In time order; at one instant in the order the statements ran (an array's operation,
        // which is an event of its own, keeps its place among the assignments around it: the body
        // that sees a later assignment already has the array as the operation left it).
        events = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// Runs handler statements; a statement that cannot be run is reported and skipped.
    func runEventItems(_ items: CodeBlockItemListSyntax, _ s: Scope) throws -> Flow {
        var flow: Flow = .normal
        for item in items {
            do {
                flow = try runList([item], from: 0, s)
                if case .normal = flow { continue }
                return flow
            } catch let u as Unsupported {
                warn(u.position, u.construct, "\(u.message); this statement of the event handler is left out")
            } catch let n as NeedsConstant {
                warn(n.position, n.what, "depends on \(n.names.sorted().joined(separator: ", ")) in an event handler; this statement is left out")
            }
        }
        return flow
    }

    /// An assignment to a state variable while events run.
    func setState(_ spec: String, _ value: Value, _ at: SwiftPosition) throws {
        if handlerCapture != nil { return try captureHandlerAssignment(spec, value, at) }
        guard stateValues != nil else {
            throw Unsupported(position: at, construct: "assignment", message: "a @State changed outside an event handler is not modelled")
        }
        var e: Expr
        switch value {
        case _ where identityStates.contains(spec) && identityNumber(value) != nil: e = identityNumber(value)!
        case .number(let x, _), .bool(let x), .angle(let x): e = x
        case .member(let name, _):
            guard let k = enumCaseIndex(name) else { throw Unsupported(position: at, construct: "assignment", message: "the value .\(name) is not modelled") }
            e = .num(Double(k))
        case .member("zero", _): e = .num(0)
        default: throw Unsupported(position: at, construct: "assignment", message: "assigning \(value.kindName) to a @State is not modelled")
        }
        if e.constant == nil {
            let loops = e.names.subtracting(Set(states.map(\.name))).subtracting(["t"])
            if !loops.isEmpty {
                warn(at, "@State \(spec)", "the value differs per ForEach element (\(loops.sorted().joined(separator: ", "))); the first element's is used")
                e = e.substituting(Dictionary(uniqueKeysWithValues: loops.map { ($0, 0.0) }))
            }
        }
        guard let v = e.constant else {
            throw Unsupported(position: at, construct: "assignment", message: "the value depends on \(e.names.sorted().joined(separator: ", ")), known only while rendering")
        }
        stateValues![spec] = v
        if let last = events.indices.last, events[last].block == currentBlock, events[last].at == now {
            if let i = events[last].set.firstIndex(where: { $0.0 == spec }) { events[last].set[i].1 = v } else { events[last].set.append((spec, v)) }
        } else {
            events.append(EventDecl(at: now, set: [(spec, v)], animation: currentAnimation, position: at, block: currentBlock))
        }
    }

    /// Statements with effects on time and state. Returns false for an ordinary call.
    func runCallStatement(_ c: FunctionCallExprSyntax, _ s: Scope, initializing: Instance?) throws -> Bool {
        let at = position(c)
        let a = Arguments(c)
        if canvasDrawing != nil, try runCanvasCall(c, s) { return true }
        let callee = c.calledExpression.trimmedDescription
        let name = c.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? c.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
        if ["print", "debugPrint", "NSLog", "assert", "precondition"].contains(callee) { return true }
        if callee.contains("Feedback") || callee.contains("Haptic") || callee.contains("haptic") || ["impactOccurred", "notificationOccurred", "selectionChanged", "prepare"].contains(name) {
            return true
        }
        if let capture = handlerCapture {
            // In a gesture handler, delayed work becomes changes `after` seconds: a task's body runs
            // at once and its sleeps move its time on; an asyncAfter block runs at its deadline.
            switch callee {
            case "Task", "Task.detached":
                guard let body = a.trailing.first else { return true }
                let saved = capture.now
                defer { capture.now = saved }
                do { _ = try runEventItems(body.statements, s.child()) } catch is SwiftThrow {}
                return true
            case "Task.sleep":
                var seconds = 0.0
                if let ns = a.labeled("nanoseconds") { seconds = try constant(ns, s, "sleep") / 1e9 }
                else if let f = a.labeled("for") ?? a.unlabeled.first { seconds = try duration(f, s) }
                capture.now = min(capture.now + max(seconds, 0), HandlerCapture.maxAfter)
                return true
            case "DispatchQueue.main.asyncAfter", "DispatchQueue.main.async":
                guard let body = a.closure("execute") ?? a.trailing.first else { return true }
                var delay = 0.0
                if let d = a.labeled("deadline") ?? a.labeled("wallDeadline") { delay = try deadline(d, s) }
                let saved = (capture.now, currentAnimation, currentBlock)
                capture.now = min(capture.now + max(delay, 0), HandlerCapture.maxAfter)
                currentAnimation = nil
                currentBlock = newBlock()
                defer { (capture.now, currentAnimation, currentBlock) = saved }
                do { _ = try runEventItems(body.statements, s.child()) } catch is SwiftThrow {}
                return true
            case "Timer.scheduledTimer":
                warn(at, callee, "a timer started in a gesture handler is not modelled: left out")
                return true
            default: break
            }
        }
        if name == "async", let m = c.calledExpression.as(MemberAccessExprSyntax.self), let q = m.base?.as(FunctionCallExprSyntax.self),
           q.calledExpression.trimmedDescription == "DispatchQueue.global", stateValues != nil || handlerCapture != nil {
            // Work on a background queue: its result is ready at once (the front end has no
            // durations for computation), and what it hands to the main queue with
            // `DispatchQueue.main.async` runs on the main queue's next turn (docs/semantics.md §330).
            guard let body = a.closure("execute") ?? a.trailing.first else { return true }
            // The work may use half the steps left; work that needs more is left out whole, with
            // what it would have handed to the main queue, and the rest of the handler goes on.
            let saved = (ceiling: stepCeiling, events: events, state: stateValues, sequence: sequence, steps: steps)
            let ceiling = steps + (min(stepLimit, stepCeiling) - steps) / 2
            stepCeiling = ceiling
            defer { stepCeiling = saved.ceiling }
            do { _ = try runEventItems(body.statements, s.child()) } catch is SwiftThrow {
            } catch let f as FatalCompileError where f.isStepLimit && steps > ceiling && ceiling < min(stepLimit, saved.ceiling) {
                events = saved.events
                stateValues = saved.state
                queue.removeAll { $0.sequence > saved.sequence }
                warn(at, "DispatchQueue.global", "the work needs more than the \(ceiling - saved.steps) steps of computation the front end can give it while compiling; it is left out, with the values it hands to the main queue")
            }
            return true
        }
        switch callee {
        case "withAnimation":
            guard stateValues != nil || handlerCapture != nil else { return false }
            let anim = try a.unlabeled.first.map { try animationValue(try eval($0, s), position($0)) } ?? AnimationValue(members: [("default", .object([]))])
            guard let body = a.closure("body") ?? a.trailing.first else { return true }
            let saved = (currentAnimation, currentBlock)
            currentAnimation = anim
            currentBlock = newBlock()
            defer { currentAnimation = saved.0; currentBlock = newBlock() }
            _ = try runEventItems(body.statements, s.child())
            if a.trailing.count > 1 || a.labeled("completion") != nil {
                warn(at, "withAnimation(completion:)", "the completion block is not modelled: left out")
            }
            return true
        case "DispatchQueue.main.asyncAfter", "DispatchQueue.main.async":
            guard let body = a.closure("execute") ?? a.trailing.first else { return true }
            var delay = 0.0
            if let d = a.labeled("deadline") ?? a.labeled("wallDeadline") { delay = try deadline(d, s) }
            schedule(body.statements, s.child(), at: now + delay, at)
            return true
        case "Task", "Task.detached":
            guard let body = a.trailing.first else { return true }
            let saved = now
            defer { now = saved }
            do { _ = try runEventItems(body.statements, s.child()) } catch is HorizonReached {} catch is SwiftThrow {}
            return true
        case "Task.sleep":
            var seconds = 0.0
            if let ns = a.labeled("nanoseconds") { seconds = try constant(ns, s, "sleep") / 1e9 }
            else if let f = a.labeled("for") ?? a.unlabeled.first { seconds = try duration(f, s) }
            now += max(seconds, 0)
            if now > horizon { throw HorizonReached() }
            return true
        case "Timer.scheduledTimer":
            _ = try scheduleTimer(a, s, at)
            return true
        default: break
        }
        if let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
           case .record("StateArray", let f)? = try? eval(base, s) {
            try stateArrayOperation(f, name, a, s, at)
            return true
        }
        if name == "toggle", let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
            let v = try eval(base, s)
            try assign(base, .bool(.unaryOp("!", try condition(v, at))), s, initializing: initializing, at: at)
            return true
        }
        // `timer.upstream.connect().cancel()`: the publisher's timer stops.
        if name == "cancel", let m = c.calledExpression.as(MemberAccessExprSyntax.self), let connect = m.base?.as(FunctionCallExprSyntax.self),
           let cm = connect.calledExpression.as(MemberAccessExprSyntax.self), cm.declName.baseName.text == "connect",
           let up = cm.base?.as(MemberAccessExprSyntax.self), up.declName.baseName.text == "upstream", let publisher = up.base,
           case .record("TimerPublisher", let f)? = try? eval(publisher, s), case .number(let k, _)? = f.last?.1, let id = k.constant {
            invalidatedTimers.insert(Int(id))
            return true
        }
        if let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base, try runDisplayLinkCall(base, name, s, at) {
            return true
        }
        if name == "invalidate", let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
            if case .record("Timer", let f)? = try? eval(base, s), let id = f.first?.1, case .number(let e, _) = id, let k = e.constant {
                invalidatedTimers.insert(Int(k))
            }
            return true
        }
        if let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base?.as(DeclReferenceExprSyntax.self),
           case .path(var p)? = s.local(base.baseName.text) {
            try pathCall(&p, name, a, s, at)
            _ = s.assign(base.baseName.text, .path(p))
            return true
        }
        if let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base?.as(DeclReferenceExprSyntax.self),
           case .array? = s.local(base.baseName.text), name == "append" || name == "removeAll" {
            let element = try a.first.map { try eval($0, s) }
            // The array is taken out of its scope while it changes, so that it is not copied:
            // a loop of appends stays linear.
            guard let (owner, _) = s.declaring(base.baseName.text), case .array(var items)? = owner.values.removeValue(forKey: base.baseName.text) else { return true }
            if name == "append", let element { items.append(element) } else { items.removeAll() }
            owner.values[base.baseName.text] = .array(items)
            return true
        }
        if name == "formTruncatingRemainder", let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
           let d = a.labeled("dividingBy") {
            let x = try number(base, s, name), y = try number(d, s, name)
            let r: Expr = x.constant != nil && y.constant != nil ? .num(x.constant!.truncatingRemainder(dividingBy: y.constant!))
                : .binaryOp("-", x, .binaryOp("*", y, truncated(.binaryOp("/", x, y), s)))
            try assign(base, .number(r, isInt: false), s, initializing: initializing, at: at)
            return true
        }
        return false
    }

    func scheduleTimer(_ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        guard let iv = a.labeled("withTimeInterval") ?? a.labeled("timeInterval"), let body = a.closure("block") ?? a.trailing.first else {
            throw Unsupported(position: at, construct: "Timer", message: "this form of Timer is not modelled")
        }
        let interval = try constant(iv, s, "timer interval")
        guard interval >= 0.001 else {
            throw Unsupported(position: at, construct: "Timer", message: "an interval under 1 ms is not modelled")
        }
        let repeats = try a.labeled("repeats").map { try constant($0, s, "repeats") != 0 } ?? false
        timerCounter += 1
        let id = timerCounter
        let timerValue = Value.record("Timer", [("id", .number(.num(Double(id)), isInt: true))])
        let scope = s.child()
        if let p = closureParameterNames(body).first { scope.values[p] = timerValue }
        schedule(body.statements, scope, at: now + interval, at, timer: repeats ? (id, interval) : nil)
        return timerValue
    }

    /// `Timer.publish(every: x, on:, in:)`: a publisher value; `.autoconnect()` keeps it.
    func timerPublisher(_ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        guard let e = a.labeled("every") else {
            throw Unsupported(position: at, construct: "Timer.publish", message: "a timer publisher needs every:")
        }
        let interval = try constant(e, s, "timer interval")
        guard interval >= 0.001 else {
            throw Unsupported(position: at, construct: "Timer.publish", message: "an interval under 1 ms is not modelled")
        }
        if a.labeled("tolerance") != nil { warn(at, "Timer.publish(tolerance:)", "the tolerance is left out: the timer fires on time") }
        timerCounter += 1
        return .record("TimerPublisher", [("every", .number(.num(interval), isInt: false)), ("id", .number(.num(Double(timerCounter)), isInt: true))])
    }

    /// `.onReceive(timer) { _ in … }` of a timer publisher: a handler run on every tick. False for
    /// any other publisher.
    func timerReceiver(_ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Bool {
        guard let p = a.unlabeled.first, case .record("TimerPublisher", let f)? = try? eval(p, s),
              case .number(let e, _)? = f.first?.1, let every = e.constant, case .number(let k, _)? = f.last?.1, let id = k.constant,
              let body = a.closure("perform") ?? a.trailing.first else { return false }
        let scope = s.child()
        if let name = closureParameterNames(body).first { scope.values[name] = .record("Date", []) }
        appearHandlers.append((body.statements, scope, at, false, (every, Int(id))))
        return true
    }

    /// `.now() + x` → x seconds.
    func deadline(_ e: ExprSyntax, _ s: Scope) throws -> Double {
        if let i = e.as(InfixOperatorExprSyntax.self), i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
            return try deadline(i.leftOperand, s) + (try duration(i.rightOperand, s))
        }
        let text = e.trimmedDescription
        if text == ".now()" || text == "DispatchTime.now()" || text == "DispatchWallTime.now()" { return 0 }
        return try duration(e, s)
    }

    /// Seconds: a number, `.seconds(x)`, `.milliseconds(x)`, `.nanoseconds(x)`.
    func duration(_ e: ExprSyntax, _ s: Scope) throws -> Double {
        if let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let arg = c.arguments.first?.expression {
            let x = try constant(arg, s, "duration")
            switch m.declName.baseName.text {
            case "seconds": return x
            case "milliseconds": return x / 1000
            case "microseconds": return x / 1e6
            case "nanoseconds": return x / 1e9
            default: break
            }
        }
        return try constant(e, s, "duration")
    }

    /// A shader argument: `.float(x)`, `.float2(x, y)` or `.float2(size)`, `.float3`, `.float4`,
    /// `.color(c)`, `.floatArray([…])`.
    func shaderArgument(_ v: Value, _ at: SwiftPosition) throws -> JSON {
        guard case .member(let kind, let args) = v else {
            throw Unsupported(position: at, construct: "shader argument", message: "expected .float(…), .float2(…), .color(…), …")
        }
        func nums() throws -> [JSON] {
            var out: [JSON] = []
            for x in args {
                if let w = x.field("width"), let h = x.field("height") { out += [.num(try number(w, at, kind)), .num(try number(h, at, kind))] }
                else if let px = x.field("x"), let py = x.field("y") { out += [.num(try number(px, at, kind)), .num(try number(py, at, kind))] }
                else { out.append(.num(try number(x, at, kind))) }
            }
            return out
        }
        switch kind {
        case "float", "half":
            guard let x = args.first else { break }
            return .object([(kind, .num(try number(x, at, kind)))])
        case "float2", "float3", "float4", "half2", "half3", "half4":
            return .object([(kind, .array(try nums()))])
        case "color":
            guard let x = args.first else { break }
            return .object([("color", try colorValue(x, at))])
        case "floatArray":
            guard case .array(let items)? = args.first else { break }
            return .object([("floatArray", .array(try items.map { .num(try number($0, at, kind)) }))])
        case "boundingRect":
            throw Unsupported(position: at, construct: ".boundingRect", message: "pass the size as .float2(width, height)")
        default: break
        }
        throw Unsupported(position: at, construct: ".\(kind)", message: "this shader argument is not modelled")
    }
}
