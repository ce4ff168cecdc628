// A compiled expression: parsed and checked once at load, then evaluated per frame over a frame of
// variable slots. The program is a flat instruction array run on a small operand stack that lives
// in a temporary (stack) allocation, so evaluation allocates nothing on the heap.

/// One instruction of a compiled expression (a stack machine).
enum ExpressionInstruction: Sendable {
    case constant(Double)
    case load(Int)
    case negate
    case not
    /// Replaces the top with 1 if it is non-zero, else 0.
    case truthy
    case binary(BinaryOperator)
    case call1(ExpressionFunction)
    case call2(ExpressionFunction)
    case call3(ExpressionFunction)
    /// Pops the top; jumps to the index if it was zero.
    case jumpIfZero(Int)
    case jump(Int)
    /// sRGB-encoded → linear on the top.
    case srgbToLinear
    /// Replaces the top (an index, floored and clamped) with an element of `tables[start..<start+count]`.
    case index(start: Int, count: Int)
    /// Pops n keys and pushes `random(keys…)`.
    case random(Int)
    /// Replaces the top (an index, floored and clamped) with the frame's value at the slot
    /// `tables[start + index]`.
    case loadAt(start: Int, count: Int)
    /// Pushes how many of the slots `tables[start..<start+count]` hold a non-zero value.
    case countPresent(start: Int, count: Int)
    /// Replaces the top (an index k) with the value of the k-th id (floored, clamped to those
    /// present) whose presence slot `tables[start + id]` is non-zero: `tables[start + count + id]`,
    /// or with `fromFrame` the frame at that slot. 0 when no id is present.
    case nthPresent(start: Int, count: Int, fromFrame: Bool)
    /// Pushes the count of a state array listed in the frame (ReadableStateArray.swift).
    case listedCount(header: Int)
    /// Replaces the top (an index, floored and clamped to the listed elements) with number
    /// `component` of that element; 0 when none is listed.
    case listedElement(header: Int, stride: Int, component: Int)
    /// Pushes a copy of the stack's value at the position (a temporary bound below).
    case pick(Int)
    /// Pops the top and writes it over the value below it (ends a temporary's scope).
    case squash
}

extension BinaryOperator: @unchecked Sendable {}

/// A checked, compiled expression (`"=…"` in a spec).
///
/// Booleans are numbers: comparisons, `!`, `&&`, `||`, `true` and `false` give 1 or 0, and any
/// non-zero value counts as true. The result may be non-finite (e.g. division by zero): callers
/// that need a finite number must check it.
public struct SpecExpression: Sendable, CustomStringConvertible {
    /// The expression text, without the leading "=".
    public let source: String
    /// The slots the expression reads, sorted and unique (empty for a constant).
    public let slots: [Int]
    /// The value when the expression reads no variable (folded at load), else nil.
    public let constantValue: Double?

    let program: [ExpressionInstruction]
    let maxStack: Int
    /// The elements of the arrays the expression indexes, one after another.
    let tables: [Double]

    public var description: String { "=" + source }

    /// Parses and compiles `source` (without the leading "="), resolving names in `scope`.
    public init(_ source: String, scope: ExpressionScope) throws(ExpressionError) {
        self.init(tree: try ExpressionParser.parse(source, scope: scope), source: source)
    }

    /// An expression that reads one slot, shown as `source` in messages.
    public static func reading(slot: Int, source: String) -> SpecExpression {
        SpecExpression(tree: .variable(slot), source: source)
    }

    /// Compiles a parsed tree.
    init(tree: ExpressionNode, source: String) {
        self.source = source
        var compiler = ExpressionCompiler()
        compiler.emit(tree)
        self.program = compiler.program
        self.maxStack = max(compiler.maxDepth, 1)
        self.slots = compiler.slots.sorted()
        self.tables = compiler.tables
        self.constantValue = tree.constantValue
    }

    /// Evaluates over a frame of slot values (see `Spec.slots`). Every slot in `slots` must be a
    /// valid index of `frame`; a missing slot reads as NaN rather than trapping.
    public func evaluate(_ frame: UnsafeBufferPointer<Double>) -> Double {
        if let c = constantValue { return c }
        if program.count == 1, case .load(let s) = program[0] {
            return s < frame.count ? frame[s] : .nan
        }
        return program.withUnsafeBufferPointer { code in
            tables.withUnsafeBufferPointer { tables in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: maxStack) { stack in
                    SpecExpression.run(code, frame, tables, stack, clamped: nil)
                }
            }
        }
    }

    /// Evaluates over an array of slot values.
    public func evaluate(_ frame: [Double]) -> Double {
        if let c = constantValue { return c }
        return frame.withUnsafeBufferPointer { evaluate($0) }
    }

    /// Whether the expression indexes an array with a computed index.
    public var indexesArrays: Bool { !tables.isEmpty || readsStateArrays }

    /// Whether the expression reads state arrays as an event's value does (`xs[i]`, `count(xs)`
    /// listed in the frame while events play).
    public var readsStateArrays: Bool {
        program.contains { if case .listedElement = $0 { true } else if case .listedCount = $0 { true } else { false } }
    }

    /// Whether evaluating over `frame` reads an array at an index outside it (which is clamped):
    /// for a diagnostic when the scene is resolved, not for the per-frame path.
    public func clampsIndex(_ frame: [Double]) -> Bool {
        guard indexesArrays else { return false }
        var clamped = false
        _ = frame.withUnsafeBufferPointer { f in
            program.withUnsafeBufferPointer { code in
                tables.withUnsafeBufferPointer { tables in
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: maxStack) { stack in
                        SpecExpression.run(code, f, tables, stack, clamped: &clamped)
                    }
                }
            }
        }
        return clamped
    }

    private static func run(_ code: UnsafeBufferPointer<ExpressionInstruction>, _ frame: UnsafeBufferPointer<Double>, _ tables: UnsafeBufferPointer<Double>, _ stack: UnsafeMutableBufferPointer<Double>, clamped: UnsafeMutablePointer<Bool>?) -> Double {
        var sp = 0  // number of values on the stack
        var pc = 0
        while pc < code.count {
            switch code[pc] {
            case .constant(let d):
                stack[sp] = d
                sp += 1
            case .load(let s):
                stack[sp] = s < frame.count ? frame[s] : .nan
                sp += 1
            case .negate:
                stack[sp - 1] = -stack[sp - 1]
            case .not:
                stack[sp - 1] = stack[sp - 1] == 0 ? 1 : 0
            case .truthy:
                stack[sp - 1] = stack[sp - 1] != 0 ? 1 : 0
            case .binary(let op):
                sp -= 1
                stack[sp - 1] = op.apply(stack[sp - 1], stack[sp])
            case .call1(let f):
                stack[sp - 1] = ExpressionFunction.apply1(f, stack[sp - 1])
            case .call2(let f):
                sp -= 1
                stack[sp - 1] = ExpressionFunction.apply2(f, stack[sp - 1], stack[sp])
            case .call3(let f):
                sp -= 2
                stack[sp - 1] = ExpressionFunction.apply3(f, stack[sp - 1], stack[sp], stack[sp + 1])
            case .jumpIfZero(let target):
                sp -= 1
                if stack[sp] == 0 {
                    pc = target
                    continue
                }
            case .jump(let target):
                pc = target
                continue
            case .srgbToLinear:
                stack[sp - 1] = ColorTransfer.linear(stack[sp - 1])
            case .index(let start, let count):
                let x = stack[sp - 1]
                if let clamped, !(x >= 0 && x < Double(count)) { clamped.pointee = true }
                stack[sp - 1] = tables[start + SpecExpression.clampedIndex(x, count: count)]
            case .loadAt(let start, let count):
                let x = stack[sp - 1]
                if let clamped, !(x >= 0 && x < Double(count)) { clamped.pointee = true }
                let s = Int(tables[start + SpecExpression.clampedIndex(x, count: count)])
                stack[sp - 1] = s < frame.count ? frame[s] : .nan
            case .countPresent(let start, let count):
                var n = 0.0
                for k in 0..<count {
                    let s = Int(tables[start + k])
                    if s < frame.count, frame[s] != 0 { n += 1 }
                }
                stack[sp] = n
                sp += 1
            case .nthPresent(let start, let count, let fromFrame):
                let x = stack[sp - 1]
                let wanted = x >= 1 ? (x < 1e15 ? Int(x) : Int.max) : 0  // floored; NaN reads 0
                var seen = 0, found = -1
                for id in 0..<count {
                    let s = Int(tables[start + id])
                    guard s < frame.count, frame[s] != 0 else { continue }
                    found = id
                    if seen == wanted { break }
                    seen += 1
                }
                if let clamped, !(x >= 0 && found >= 0 && seen == wanted) { clamped.pointee = true }
                if found < 0 {
                    stack[sp - 1] = 0
                } else if fromFrame {
                    let s = Int(tables[start + count + found])
                    stack[sp - 1] = s < frame.count ? frame[s] : .nan
                } else {
                    stack[sp - 1] = tables[start + count + found]
                }
            case .listedCount(let header):
                let base = header < frame.count ? Int(exactly: frame[header]) ?? -1 : -1
                stack[sp] = base >= 0 && base < frame.count ? frame[base] : 0
                sp += 1
            case .listedElement(let header, let stride, let component):
                let x = stack[sp - 1]
                let base = header < frame.count ? Int(exactly: frame[header]) ?? -1 : -1
                let count = base >= 0 && base < frame.count ? Int(frame[base]) : 0
                if let clamped, !(x >= 0 && x < Double(count)) { clamped.pointee = true }
                if count > 0 {
                    let at = base + 1 + SpecExpression.clampedIndex(x, count: count) * stride + component
                    stack[sp - 1] = at < frame.count ? frame[at] : .nan
                } else {
                    stack[sp - 1] = 0
                }
            case .pick(let position):
                stack[sp] = stack[position]
                sp += 1
            case .squash:
                sp -= 1
                stack[sp - 1] = stack[sp]
            case .random(let n):
                sp -= n
                stack[sp] = KeyedRandom.value(UnsafeBufferPointer(rebasing: stack[sp..<(sp + n)]))
                sp += 1
            }
            pc += 1
        }
        return sp > 0 ? stack[sp - 1] : .nan
    }
}

extension SpecExpression {
    /// An array index computed at run time: floored and clamped to 0…count − 1 (NaN reads 0).
    static func clampedIndex(_ x: Double, count: Int) -> Int {
        guard x >= 1 else { return 0 }  // also NaN
        guard x < Double(count - 1) else { return count - 1 }
        return Int(x)
    }
}

/// Turns a syntax tree into the flat program, tracking the stack depth it needs.
struct ExpressionCompiler {
    var program: [ExpressionInstruction] = []
    var tables: [Double] = []
    var slots: Set<Int> = []
    var depth = 0
    var maxDepth = 0
    /// Where each bound temporary sits on the stack.
    var temps: [Int: Int] = [:]

    private mutating func push(_ i: ExpressionInstruction, delta: Int) {
        program.append(i)
        depth += delta
        maxDepth = max(maxDepth, depth)
    }

    mutating func emit(_ node: ExpressionNode) {
        switch node {
        case .constant(let d): push(.constant(d), delta: 1)
        case .variable(let s):
            slots.insert(s)
            push(.load(s), delta: 1)
        case .negate(let x):
            emit(x)
            push(.negate, delta: 0)
        case .not(let x):
            emit(x)
            push(.not, delta: 0)
        case .binary(let op, let a, let b):
            emit(a)
            emit(b)
            push(.binary(op), delta: -1)
        case .call(let f, let args):
            for a in args { emit(a) }
            switch args.count {
            case 1: push(.call1(f), delta: 0)
            case 2: push(.call2(f), delta: -1)
            default: push(.call3(f), delta: -2)
            }
        case .conditional(let c, let yes, let no):
            emitBranch(c, yes: { $0.emit(yes) }, no: { $0.emit(no) })
        case .srgbToLinear(let x):
            emit(x)
            push(.srgbToLinear, delta: 0)
        case .index(let table, let i):
            emit(i)
            let start = tables.count
            tables.append(contentsOf: table)
            push(.index(start: start, count: table.count), delta: 0)
        case .random(let keys):
            for k in keys { emit(k) }
            push(.random(keys.count), delta: 1 - keys.count)
        case .loadAt(let table, let i):
            emit(i)
            slots.formUnion(table)
            let start = tables.count
            tables.append(contentsOf: table.map(Double.init))
            push(.loadAt(start: start, count: table.count), delta: 0)
        case .countPresent(let presence):
            slots.formUnion(presence)
            let start = tables.count
            tables.append(contentsOf: presence.map(Double.init))
            push(.countPresent(start: start, count: presence.count), delta: 1)
        case .nthPresent(let presence, let values, let valueSlots, let i):
            emit(i)
            slots.formUnion(presence)
            slots.formUnion(valueSlots)
            let start = tables.count
            tables.append(contentsOf: presence.map(Double.init))
            let fromFrame = values.isEmpty
            tables.append(contentsOf: fromFrame ? valueSlots.map(Double.init) : values)
            push(.nthPresent(start: start, count: presence.count, fromFrame: fromFrame), delta: 0)
        case .listedCount(let header):
            slots.insert(header)
            push(.listedCount(header: header), delta: 1)
        case .listedElement(let header, let stride, let component, let i):
            emit(i)
            slots.insert(header)
            push(.listedElement(header: header, stride: stride, component: component), delta: 0)
        case .bind(let id, let value, let body):
            emit(value)
            let outer = temps[id]
            temps[id] = depth - 1
            emit(body)
            temps[id] = outer
            push(.squash, delta: -1)
        case .temp(let id):
            push(.pick(temps[id] ?? 0), delta: 1)
        case .and(let a, let b):
            // a && b  ≡  a ? truthy(b) : 0
            emitBranch(a, yes: { $0.emit(b); $0.push(.truthy, delta: 0) }, no: { $0.push(.constant(0), delta: 1) })
        case .or(let a, let b):
            // a || b  ≡  a ? 1 : truthy(b)
            emitBranch(a, yes: { $0.push(.constant(1), delta: 1) }, no: { $0.emit(b); $0.push(.truthy, delta: 0) })
        }
    }

    /// condition; jumpIfZero ELSE; yes; jump END; ELSE: no; END:
    private mutating func emitBranch(_ condition: ExpressionNode, yes: (inout ExpressionCompiler) -> Void, no: (inout ExpressionCompiler) -> Void) {
        emit(condition)
        let jumpToElse = program.count
        push(.jumpIfZero(0), delta: -1)
        let before = depth
        yes(&self)
        let jumpToEnd = program.count
        push(.jump(0), delta: 0)
        program[jumpToElse] = .jumpIfZero(program.count)
        depth = before  // the two branches each leave one value
        no(&self)
        program[jumpToEnd] = .jump(program.count)
    }
}
