// Recursive-descent parser for expressions, producing a checked syntax tree. Names are resolved
// against the scope while parsing, so unknown names and wrong arities are load-time errors with
// the offset of the offending token. Constant subtrees are folded.
//
// Grammar (lowest precedence first, as in C):
//   ternary  := or ('?' ternary ':' ternary)?
//   or       := and ('||' and)*
//   and      := equality ('&&' equality)*
//   equality := compare (('==' | '!=') compare)*
//   compare  := additive (('<' | '<=' | '>' | '>=') additive)*
//   additive := term (('+' | '-') term)*
//   term     := unary (('*' | '/' | '%') unary)*
//   unary    := ('-' | '+' | '!') unary | primary
//   primary  := number | colour | 'true' | 'false' | 'pi' | name | name '[' ternary ']'
//             | name '(' args ')' | '(' ternary ')'
//
// Values are numbers or colours (ExpressionValue.swift). Operators take numbers; a conditional's
// branches must agree; `mix`, `hsb` and `opacity` make colours. A `let` name is replaced by its
// parsed value and a call of a spec's function by its body with the arguments in place of the
// parameters, so neither costs anything per frame beyond the arithmetic it stands for. An argument
// the body reads more than once (and that is not a constant or a name) is bound once, `bind(id,
// value, body)`, and read as `temp(id)`: the program computes it once and keeps it on its stack.
// Each expression parsed on its own numbers its temporaries apart from every other one's: a `let`
// name's tree, parsed once, is written into the expressions that read it, temporaries and all.

import Synchronization

indirect enum ExpressionNode: Sendable {
    case constant(Double)
    case variable(Int)
    case negate(ExpressionNode)
    case not(ExpressionNode)
    case binary(BinaryOperator, ExpressionNode, ExpressionNode)
    case and(ExpressionNode, ExpressionNode)
    case or(ExpressionNode, ExpressionNode)
    case conditional(ExpressionNode, ExpressionNode, ExpressionNode)
    case call(ExpressionFunction, [ExpressionNode])
    /// `bind(id, value, body)`: the body, in which `temp(id)` reads the value, computed once
    /// (a function's argument that its body reads more than once).
    case bind(Int, ExpressionNode, ExpressionNode)
    case temp(Int)
    /// sRGB-encoded → linear (a colour channel).
    case srgbToLinear(ExpressionNode)
    /// An element of a number table: the index is floored and clamped to the table.
    case index([Double], ExpressionNode)
    /// `random(k…)`, 1 to 3 keys.
    case random([ExpressionNode])
    /// The value of the slot `slots[index]` (the index floored and clamped): a field of the
    /// element of a state array of records whose id is the index.
    case loadAt([Int], ExpressionNode)
    /// How many of the slots hold a non-zero value: `count(stars)` over its presence variables.
    case countPresent([Int])
    /// `stars[i]…`: among the ids whose presence slot is non-zero, in id order, the one at the
    /// index (floored and clamped to those present; 0 when none is); then its value in `values`
    /// (constants by id) or the slot `slots[id]`.
    case nthPresent(presence: [Int], values: [Double], slots: [Int], ExpressionNode)
    /// `count(xs)` in an event's value: the count listed where the header slot says
    /// (ReadableStateArray.swift).
    case listedCount(header: Int)
    /// `xs[i]` in an event's value: number `component` (0: the id) of the listed element at the
    /// index (floored and clamped; 0 when the array is empty).
    case listedElement(header: Int, stride: Int, component: Int, ExpressionNode)

    var constantValue: Double? {
        if case .constant(let d) = self { return d }
        return nil
    }

    /// Calls `body` with each direct child of the node, in order.
    func forEachChild(_ body: (ExpressionNode) -> Void) {
        switch self {
        case .constant, .variable, .countPresent, .listedCount, .temp: break
        case .negate(let x), .not(let x), .srgbToLinear(let x), .index(_, let x), .loadAt(_, let x), .nthPresent(_, _, _, let x), .listedElement(_, _, _, let x): body(x)
        case .binary(_, let a, let b), .and(let a, let b), .or(let a, let b), .bind(_, let a, let b): body(a); body(b)
        case .conditional(let c, let a, let b): body(c); body(a); body(b)
        case .call(_, let args), .random(let args): for a in args { body(a) }
        }
    }

    /// The number of nodes, counted up to `limit` (a `let` name read twice shares its tree, so a
    /// tree can stand for far more operations than its text; counting stops past the limit).
    func size(limit: Int) -> Int {
        var count = 0
        func visit(_ n: ExpressionNode) {
            guard count <= limit else { return }
            count += 1
            n.forEachChild(visit)
        }
        visit(self)
        return count
    }

    /// How many times the body reads `temp(id)` (counting stops at 2).
    func reads(temp id: Int) -> Int {
        var count = 0
        func visit(_ n: ExpressionNode) {
            guard count < 2 else { return }
            if case .temp(let k) = n, k == id { count += 1 }
            n.forEachChild(visit)
        }
        visit(self)
        return count
    }

    /// The tree with `temp(id)` replaced by `value`.
    func replacing(temp id: Int, with value: ExpressionNode) -> ExpressionNode {
        func r(_ n: ExpressionNode) -> ExpressionNode {
            switch n {
            case .temp(let k): return k == id ? value : n
            case .constant, .variable, .countPresent, .listedCount: return n
            case .negate(let x): return .negate(r(x))
            case .not(let x): return .not(r(x))
            case .srgbToLinear(let x): return .srgbToLinear(r(x))
            case .index(let t, let x): return .index(t, r(x))
            case .loadAt(let t, let x): return .loadAt(t, r(x))
            case .nthPresent(let p, let v, let sl, let x): return .nthPresent(presence: p, values: v, slots: sl, r(x))
            case .listedElement(let h, let st, let c, let x): return .listedElement(header: h, stride: st, component: c, r(x))
            case .binary(let op, let a, let b): return .binary(op, r(a), r(b))
            case .and(let a, let b): return .and(r(a), r(b))
            case .or(let a, let b): return .or(r(a), r(b))
            case .bind(let k, let a, let b): return .bind(k, r(a), r(b))
            case .conditional(let c, let a, let b): return .conditional(r(c), r(a), r(b))
            case .call(let f, let args): return .call(f, args.map(r))
            case .random(let args): return .random(args.map(r))
            }
        }
        return r(self)
    }
}

enum BinaryOperator: String {
    case add = "+", subtract = "-", multiply = "*", divide = "/", modulo = "%"
    case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">=", equal = "==", notEqual = "!="

    func apply(_ a: Double, _ b: Double) -> Double {
        switch self {
        case .add: return a + b
        case .subtract: return a - b
        case .multiply: return a * b
        case .divide: return a / b
        // Floored modulo, as GLSL mod(): x − y·floor(x/y); the result has the divisor's sign.
        case .modulo: return a - b * (a / b).rounded(.down)
        case .less: return a < b ? 1 : 0
        case .lessEqual: return a <= b ? 1 : 0
        case .greater: return a > b ? 1 : 0
        case .greaterEqual: return a >= b ? 1 : 0
        case .equal: return a == b ? 1 : 0
        case .notEqual: return a != b ? 1 : 0
        }
    }
}


struct ExpressionParser {
    /// Deepest nesting of parentheses/operators accepted (guards the recursion).
    static let maxDepth = 64
    /// Deepest nesting counted through the bodies of the functions an expression calls, each body
    /// from the depth of its call (guards the recursion of a chain of functions calling the next).
    static let maxCallDepth = 256
    /// Most function calls expanded in one expression (guards against exponential nesting).
    static let maxExpansions = 1_000
    /// Temporaries are numbered per call: call k's parameter j is k · maxParameters + j, offset
    /// by the expression's own range (`temporaryRange` per expression parsed on its own).
    static let maxParameters = 256
    static let temporaryRange = (maxExpansions + 1) * maxParameters
    /// The next expression's range of temporaries: each expression parsed on its own gets one
    /// that no other has, so a tree written into another (a `let` name's) never shares an id.
    private static let nextRange = Atomic<Int>(0)
    /// Most operations one expression may stand for once its `let` names and calls are expanded.
    static let maxNodes = 20_000

    private let tokens: [LexedToken]
    private let scope: ExpressionScope
    private var index = 0
    private var depth: Int
    /// The depth this text starts at: its call's, for a function's body.
    private let baseDepth: Int
    /// Functions being expanded, outermost first (a call of one of them is recursion).
    private var expanding: [String]
    /// Calls expanded so far, shared with nested bodies through `parseValue`.
    private var expansions: Int
    /// The first id of this expression's temporaries, shared with nested bodies.
    private let temporaryBase: Int

    init(tokens: [LexedToken], scope: ExpressionScope, expanding: [String] = [], expansions: Int = 0, temporaryBase: Int, depth: Int = 0) {
        self.depth = depth
        self.baseDepth = depth
        self.tokens = tokens
        self.scope = scope
        self.expanding = expanding
        self.expansions = expansions
        self.temporaryBase = temporaryBase
    }

    /// Parses a numeric expression.
    static func parse(_ text: String, scope: ExpressionScope) throws(ExpressionError) -> ExpressionNode {
        let (value, _) = try parseValue(text, scope: scope)
        guard case .number(let n) = value else {
            throw ExpressionError(offset: 0, message: "expected a number, but the expression yields \(value.typeName)")
        }
        return n
    }

    /// Parses an expression of any type; also returns the number of calls expanded.
    /// `temporaryBase`: a function body's, its caller's; nil for an expression parsed on its own.
    static func parseValue(_ text: String, scope: ExpressionScope, expanding: [String] = [], expansions: Int = 0, temporaryBase: Int? = nil, depth: Int = 0) throws(ExpressionError) -> (ParsedValue, Int) {
        let tokens = try ExpressionLexer.tokenize(text)
        let base = temporaryBase ?? nextRange.add(1, ordering: .relaxed).oldValue * temporaryRange
        var parser = ExpressionParser(tokens: tokens, scope: scope, expanding: expanding, expansions: expansions, temporaryBase: base, depth: depth)
        if case .end = tokens[0].token {
            throw ExpressionError(offset: 0, message: "empty expression after '='")
        }
        let node = try parser.parseTernary()
        if parser.current.token != .end {
            throw ExpressionError(offset: parser.current.offset, message: "expected an operator or the end of the expression, found \(parser.describe(parser.current.token))")
        }
        let trees: [ExpressionNode]
        switch node {
        case .number(let n): trees = [n]
        case .color(let c): trees = c.all
        case .point(let x, let y): trees = [x, y]
        }
        var total = 0
        for t in trees { total += t.size(limit: maxNodes - total) }
        if total > maxNodes {
            throw ExpressionError(offset: 0, message: "the expression stands for more than \(maxNodes) operations once its let names and function calls are expanded")
        }
        return (node, parser.expansions)
    }

    private var current: LexedToken { tokens[index] }

    private func describe(_ t: ExpressionToken) -> String {
        switch t {
        case .number(let d): return "the number \(formatNumber(d))"
        case .color(let text, _): return "the colour \(text)"
        case .identifier(let s): return "'\(s)'"
        case .symbol(let s): return "'\(s)'"
        case .end: return "the end of the expression"
        }
    }

    private mutating func accept(_ symbol: String) -> Bool {
        if case .symbol(let s) = current.token, s == symbol {
            index += 1
            return true
        }
        return false
    }

    private mutating func expect(_ symbol: String, _ what: String) throws(ExpressionError) {
        guard accept(symbol) else {
            throw ExpressionError(offset: current.offset, message: "expected \(what), found \(describe(current.token))")
        }
    }

    private mutating func nest() throws(ExpressionError) {
        depth += 1
        if depth - baseDepth > ExpressionParser.maxDepth {
            throw ExpressionError(offset: current.offset, message: "expression nested deeper than \(ExpressionParser.maxDepth) levels")
        }
        if depth > ExpressionParser.maxCallDepth {
            throw ExpressionError(offset: current.offset, message: "expression nested deeper than \(ExpressionParser.maxCallDepth) levels with the bodies of the functions it calls")
        }
    }

    /// The number in `value`, or an error at `offset` naming what needed it.
    private func number(_ value: ParsedValue, _ offset: Int, _ what: String) throws(ExpressionError) -> ExpressionNode {
        guard case .number(let n) = value else {
            throw ExpressionError(offset: offset, message: "\(what) takes numbers, not \(value.typeName)")
        }
        return n
    }

    mutating func parseTernary() throws(ExpressionError) -> ParsedValue {
        try nest()
        defer { depth -= 1 }
        let start = current.offset
        let condition = try parseOr()
        guard accept("?") else { return condition }
        let c = try number(condition, start, "the condition of 'c ? a : b'")
        let yesOffset = current.offset
        let yes = try parseTernary()
        try expect(":", "':' of the conditional 'c ? a : b'")
        let noOffset = current.offset
        let no = try parseTernary()
        switch (yes, no) {
        case (.number(let a), .number(let b)):
            return .number(fold(.conditional(c, a, b)))
        case (.color(let a), .color(let b)):
            return .color(ColorChannels.zip(a, b) { fold(.conditional(c, $0, $1)) })
        case (.point(let ax, let ay), .point(let bx, let by)):
            return .point(fold(.conditional(c, ax, bx)), fold(.conditional(c, ay, by)))
        default:
            throw ExpressionError(offset: noOffset, message: "the branches of 'c ? a : b' must have the same type; the first is \(yes.typeName) (column \(yesOffset + 1)), the second \(no.typeName)")
        }
    }

    private mutating func parseOr() throws(ExpressionError) -> ParsedValue {
        let start = current.offset
        var left = try parseAnd()
        while case .symbol("||") = current.token {
            let at = current.offset
            index += 1
            let l = try number(left, start, "'||'")
            let right = try number(try parseAnd(), at, "'||'")
            if let a = l.constantValue, let b = right.constantValue {
                left = .number(.constant(a != 0 || b != 0 ? 1 : 0))
            } else {
                left = .number(.or(l, right))
            }
        }
        return left
    }

    private mutating func parseAnd() throws(ExpressionError) -> ParsedValue {
        let start = current.offset
        var left = try parseEquality()
        while case .symbol("&&") = current.token {
            let at = current.offset
            index += 1
            let l = try number(left, start, "'&&'")
            let right = try number(try parseEquality(), at, "'&&'")
            if let a = l.constantValue, let b = right.constantValue {
                left = .number(.constant(a != 0 && b != 0 ? 1 : 0))
            } else {
                left = .number(.and(l, right))
            }
        }
        return left
    }

    private mutating func parseBinaryLevel(_ ops: [BinaryOperator], next: (inout ExpressionParser) throws(ExpressionError) -> ParsedValue) throws(ExpressionError) -> ParsedValue {
        let start = current.offset
        var left = try next(&self)
        loop: while true {
            for op in ops {
                let at = current.offset
                guard accept(op.rawValue) else { continue }
                let l = try number(left, start, "'\(op.rawValue)'")
                let right = try number(try next(&self), at, "'\(op.rawValue)'")
                left = .number(fold(.binary(op, l, right)))
                continue loop
            }
            return left
        }
    }

    private mutating func parseEquality() throws(ExpressionError) -> ParsedValue {
        try parseBinaryLevel([.equal, .notEqual]) { (p: inout ExpressionParser) throws(ExpressionError) in try p.parseCompare() }
    }

    private mutating func parseCompare() throws(ExpressionError) -> ParsedValue {
        // Two-character operators are single tokens, so "<" never matches a "<=" token.
        try parseBinaryLevel([.lessEqual, .greaterEqual, .less, .greater]) { (p: inout ExpressionParser) throws(ExpressionError) in try p.parseAdditive() }
    }

    private mutating func parseAdditive() throws(ExpressionError) -> ParsedValue {
        try parseBinaryLevel([.add, .subtract]) { (p: inout ExpressionParser) throws(ExpressionError) in try p.parseTerm() }
    }

    private mutating func parseTerm() throws(ExpressionError) -> ParsedValue {
        try parseBinaryLevel([.multiply, .divide, .modulo]) { (p: inout ExpressionParser) throws(ExpressionError) in try p.parseUnary() }
    }

    private mutating func parseUnary() throws(ExpressionError) -> ParsedValue {
        try nest()
        defer { depth -= 1 }
        let at = current.offset
        if accept("-") {
            let x = try number(try parseUnary(), at, "'-'")
            if let c = x.constantValue { return .number(.constant(-c)) }
            return .number(.negate(x))
        }
        if accept("+") { return .number(try number(try parseUnary(), at, "'+'")) }
        if accept("!") {
            let x = try number(try parseUnary(), at, "'!'")
            if let c = x.constantValue { return .number(.constant(c == 0 ? 1 : 0)) }
            return .number(.not(x))
        }
        var value = try parsePrimary()
        while case .symbol(".") = current.token {
            let at = current.offset
            index += 1
            guard case .identifier(let member) = current.token else {
                throw ExpressionError(offset: current.offset, message: "expected x or y after '.', found \(describe(current.token))")
            }
            index += 1
            value = try self.member(value, member, at: at)
        }
        return value
    }

    /// `p.x`, `p.y` of a point.
    private func member(_ value: ParsedValue, _ member: String, at offset: Int) throws(ExpressionError) -> ParsedValue {
        guard case .point(let x, let y) = value else {
            throw ExpressionError(offset: offset, message: "'.\(member)' reads a coordinate of a point, not of \(value.typeName)")
        }
        switch member {
        case "x": return .number(x)
        case "y": return .number(y)
        default: throw ExpressionError(offset: offset, message: "a point has x and y, not \(UserText.quoted(member))")
        }
    }

    private mutating func parsePrimary() throws(ExpressionError) -> ParsedValue {
        let token = current
        switch token.token {
        case .number(let d):
            index += 1
            return .number(.constant(d))
        case .color(_, let c):
            index += 1
            return .color(ColorChannels(c))
        case .symbol("("):
            index += 1
            let inner = try parseTernary()
            try expect(")", "')'")
            return inner
        case .identifier(let name):
            index += 1
            if case .symbol("(") = current.token {
                return try parseCall(name, at: token.offset)
            }
            if case .symbol("[") = current.token {
                return try parseIndex(name, at: token.offset)
            }
            if let slot = scope.names[name] { return .number(.variable(slot)) }
            if let v = scope.values[name] { return v }
            if let dot = name.indices.reversed().first(where: { name[$0] == "." && scope.values[String(name[..<$0])] != nil }),
               case .point? = scope.values[String(name[..<dot])] {
                var value = scope.values[String(name[..<dot])]!
                var at = token.offset + name.distance(from: name.startIndex, to: dot)
                for m in name[name.index(after: dot)...].split(separator: ".", omittingEmptySubsequences: false) {
                    value = try member(value, String(m), at: at)
                    at += m.count + 1
                }
                return value
            }
            if let a = scope.arrays[name] {
                throw ExpressionError(offset: token.offset, message: "\(UserText.quoted(name)) is an array of \(a.count) \(a.typeName): read an element as \(name)[i], or its length as count(\(name))")
            }
            if let a = scope.stateArrays[name] {
                throw ExpressionError(offset: token.offset, message: "\(UserText.quoted(name)) is a state array of \(a.element.rawValue): read an element as \(name)[i], or its length as count(\(name))")
            }
            if let a = scope.readableArrays[name] {
                throw ExpressionError(offset: token.offset, message: "\(UserText.quoted(name)) is a state array of \(a.element.rawValue): read an element as \(name)[i], or its length as count(\(name))")
            }
            let fields = scope.values.keys.filter { $0.hasPrefix(name + ".") }.sorted()
            if !fields.isEmpty {
                throw ExpressionError(offset: token.offset, message: "\(UserText.quoted(name)) is a record: read one of its fields, \(fields.joined(separator: ", "))")
            }
            switch name {
            case "pi": return .number(.constant(Double.pi))
            case "true": return .number(.constant(1))
            case "false": return .number(.constant(0))
            default: break
            }
            if let c = scope.constants[name] { return .number(.constant(c)) }
            if let c = SpecColor.named(name, scheme: scope.colorScheme, systemColors: scope.systemColors) { return .color(ColorChannels(c)) }
            if let f = ExpressionFunction(rawValue: name) {
                throw ExpressionError(offset: token.offset, message: "'\(name)' is a function: call it as \(f.signature)")
            }
            if scope.functions[name] != nil || ExpressionValueFunction(rawValue: name) != nil {
                throw ExpressionError(offset: token.offset, message: "'\(name)' is a function: call it with its arguments in parentheses")
            }
            let known = scope.boundNames + ["pi", "true", "false"] + Array(scope.constants.keys)
            let inScope = (scope.boundNames.sorted() + ["pi"]).joined(separator: ", ")
            throw ExpressionError(offset: token.offset, message: "unknown name \(UserText.quoted(name))\(Suggestion.phrase(for: name, in: known)); names in scope: \(inScope)",
                                  unknownName: name)
        default:
            throw ExpressionError(offset: token.offset, message: "expected a number, a name, a function call or '(', found \(describe(token.token))")
        }
    }

    /// `name[i]`: an element of an array constant. A constant index must be a whole number inside
    /// the array; a computed one is floored and clamped to it.
    private mutating func parseIndex(_ name: String, at offset: Int) throws(ExpressionError) -> ParsedValue {
        if let a = scope.stateArrays[name] { return try parseStateArrayIndex(a, at: offset) }
        if let a = scope.readableArrays[name] { return try parseReadableArrayIndex(a) }
        guard let array = scope.arrays[name] else {
            if scope.binds(name) || SpecColor.named[name] != nil {
                throw ExpressionError(offset: offset, message: "\(UserText.quoted(name)) is not an array: only arrays can be indexed with [ ]")
            }
            throw ExpressionError(offset: offset, message: "unknown array \(UserText.quoted(name))\(Suggestion.phrase(for: name, in: Array(scope.arrays.keys)))",
                                  unknownName: name)
        }
        index += 1  // [
        let at = current.offset
        let i = try number(try parseTernary(), at, "an index")
        try expect("]", "']' after the index of \(name)")
        if let c = i.constantValue {
            guard c == c.rounded(), c >= 0, c < Double(array.count) else {
                throw ExpressionError(offset: at, message: "index \(formatNumber(c)) is out of range: \(name) has \(array.count) element\(array.count == 1 ? "" : "s"), indexed 0…\(array.count - 1)")
            }
        }
        switch array {
        case .numbers(let a):
            return .number(fold(.index(a, i)))
        case .points(let xs, let ys):
            if let c = i.constantValue { return .point(.constant(xs[Int(c)]), .constant(ys[Int(c)])) }
            return .point(.index(xs, i), .index(ys, i))
        case .colors(let a):
            let linear = a.map { ColorChannels($0) }
            func table(_ k: KeyPath<ColorChannels, ExpressionNode>) -> ExpressionNode {
                let values = linear.map { $0[keyPath: k].constantValue ?? 0 }
                if let c = i.constantValue { return .constant(values[Int(c)]) }
                return .index(values, i)
            }
            return .color(ColorChannels(red: table(\.red), green: table(\.green), blue: table(\.blue), opacity: table(\.opacity)))
        }
    }

    /// `stars[i]` of a state array: the element at index i among those in the array now (in the
    /// array's order), read per frame; a record's element is read with a field after it
    /// (`stars[i].opacity`, `stars[i].position.x`).
    private mutating func parseStateArrayIndex(_ a: StateArray, at offset: Int) throws(ExpressionError) -> ParsedValue {
        if a.isReordered {
            throw ExpressionError(offset: offset, message: "\(a.name)[i] reads an array whose elements move (\"move\"), which the content reads by its elements (forEach) only")
        }
        index += 1  // [
        let at = current.offset
        let i = try number(try parseTernary(), at, "an index")
        try expect("]", "']' after the index of \(a.name)")
        let presence = a.order.map { a.presenceSlots[$0] }
        func component(_ k: Int) -> ExpressionNode {
            if a.hasElementVariables {
                return .nthPresent(presence: presence, values: [], slots: a.order.map { a.fieldSlots[$0][k] }, i)
            }
            return .nthPresent(presence: presence, values: a.order.map { a.values[$0][k] }, slots: [], i)
        }
        let id = ExpressionNode.nthPresent(presence: presence, values: a.order.map(Double.init), slots: [], i)
        return try elementAfterIndex(a.name, a.element, a.fields, id: id, component)
    }

    /// `xs[i]` of a state array in an event's value: the element at index i when the event fires.
    private mutating func parseReadableArrayIndex(_ a: ReadableStateArray) throws(ExpressionError) -> ParsedValue {
        index += 1  // [
        let at = current.offset
        let i = try number(try parseTernary(), at, "an index")
        try expect("]", "']' after the index of \(a.name)")
        return try elementAfterIndex(a.name, a.element, a.fields, id: .listedElement(header: a.headerSlot, stride: a.stride, component: 0, i)) {
            .listedElement(header: a.headerSlot, stride: a.stride, component: 1 + $0, i)
        }
    }

    /// The element of a state array read at an index, given its numbers: the element itself, or
    /// for a record the field (or `id`) written after it.
    private mutating func elementAfterIndex(_ name: String, _ element: StateArrayElement, _ fields: [StateArrayField], id: ExpressionNode, _ component: (Int) -> ExpressionNode) throws(ExpressionError) -> ParsedValue {
        guard element == .records else { return ParsedValue.element(element, component) }
        let a = (name: name, fields: fields)
        let names = a.fields.map(\.name) + ["id"]
        guard case .symbol(".") = current.token else {
            throw ExpressionError(offset: current.offset, message: "\(a.name)[i] is a record: read one of its fields, \(a.name)[i].\(names.joined(separator: ", ."))")
        }
        index += 1
        guard case .identifier(let path) = current.token else {
            throw ExpressionError(offset: current.offset, message: "expected a field of \(a.name) after '.': \(names.joined(separator: ", "))")
        }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let fieldAt = current.offset
        index += 1
        var value: ParsedValue
        if parts[0] == "id" {
            value = .number(id)
        } else if let f = a.fields.first(where: { $0.name == parts[0] }) {
            value = ParsedValue.field(f.kind) { component(f.offset + $0) }
        } else {
            throw ExpressionError(offset: fieldAt, message: "\(a.name) has no field \(UserText.quoted(parts[0]))\(Suggestion.phrase(for: parts[0], in: names)); its fields: \(names.joined(separator: ", "))")
        }
        var memberAt = fieldAt + parts[0].count
        for m in parts.dropFirst() {
            value = try member(value, m, at: memberAt)
            memberAt += m.count + 1
        }
        return value
    }

    private mutating func arguments(_ name: String) throws(ExpressionError) -> [(value: ParsedValue, offset: Int)] {
        index += 1  // (
        var args: [(value: ParsedValue, offset: Int)] = []
        if !accept(")") {
            while true {
                let at = current.offset
                args.append((try parseTernary(), at))
                if accept(")") { break }
                try expect(",", "',' or ')' in the arguments of \(name)")
            }
        }
        return args
    }

    private mutating func parseCall(_ name: String, at offset: Int) throws(ExpressionError) -> ParsedValue {
        if let def = scope.functions[name] {
            return try expand(def, at: offset)
        }
        if let vf = ExpressionValueFunction(rawValue: name) {
            return try parseValueCall(vf, at: offset)
        }
        guard let f = ExpressionFunction(rawValue: name) else {
            let names = ExpressionFunction.allCases.map(\.rawValue) + ExpressionValueFunction.allCases.map(\.rawValue) + scope.functions.keys.sorted()
            throw ExpressionError(offset: offset, message: "unknown function \(UserText.quoted(name))\(Suggestion.phrase(for: name, in: names)); functions: \(names.joined(separator: " "))")
        }
        let args = try arguments(name)
        guard args.count == f.arity else {
            throw ExpressionError(offset: offset, message: "\(name) takes \(f.arity) argument\(f.arity == 1 ? "" : "s"), got \(args.count): \(f.signature)")
        }
        // mix(a, b, t) of two colours mixes them channel by channel, as an animation does.
        if f == .mix, case .color(let a) = args[0].value {
            guard case .color(let b) = args[1].value else {
                throw ExpressionError(offset: args[1].offset, message: "mix(a, b, t) of a colour needs a colour as b, not \(args[1].value.typeName)")
            }
            let t = try number(args[2].value, args[2].offset, "the t of mix(a, b, t)")
            return .color(ColorChannels.zip(a, b) { fold(.call(.mix, [$0, $1, t])) })
        }
        if f == .mix, case .point(let ax, let ay) = args[0].value {
            guard case .point(let bx, let by) = args[1].value else {
                throw ExpressionError(offset: args[1].offset, message: "mix(a, b, t) of a point needs a point as b, not \(args[1].value.typeName)")
            }
            let t = try number(args[2].value, args[2].offset, "the t of mix(a, b, t)")
            return .point(fold(.call(.mix, [ax, bx, t])), fold(.call(.mix, [ay, by, t])))
        }
        var numbers: [ExpressionNode] = []
        for a in args { numbers.append(try number(a.value, a.offset, name)) }
        return .number(fold(.call(f, numbers)))
    }

    private mutating func parseValueCall(_ f: ExpressionValueFunction, at offset: Int) throws(ExpressionError) -> ParsedValue {
        if f == .count {
            index += 1  // (
            let at = current.offset
            if case .identifier(let array) = current.token, let a = scope.stateArrays[array] {
                index += 1
                try expect(")", "')' after the array of count(array)")
                return .number(a.presenceSlots.isEmpty ? .constant(0) : .countPresent(a.presenceSlots))
            }
            if case .identifier(let array) = current.token, let a = scope.readableArrays[array] {
                index += 1
                try expect(")", "')' after the array of count(array)")
                return .number(.listedCount(header: a.headerSlot))
            }
            guard case .identifier(let array) = current.token, let a = scope.arrays[array] else {
                throw ExpressionError(offset: at, message: "count(array) takes the name of an array")
            }
            index += 1
            try expect(")", "')' after the array of count(array)")
            return .number(.constant(Double(a.count)))
        }
        let args = try arguments(f.rawValue)
        switch f {
        case .hsb:
            guard args.count == 3 || args.count == 4 else {
                throw ExpressionError(offset: offset, message: "hsb takes 3 or 4 arguments, got \(args.count): \(f.signature)")
            }
            var n: [ExpressionNode] = []
            for a in args { n.append(try number(a.value, a.offset, "hsb")) }
            return .color(ColorChannels.hsb(hue: n[0], saturation: n[1], brightness: n[2], opacity: n.count == 4 ? n[3] : .constant(1)))
        case .opacity:
            guard args.count == 2 else {
                throw ExpressionError(offset: offset, message: "opacity takes 2 arguments, got \(args.count): \(f.signature)")
            }
            guard case .color(var c) = args[0].value else {
                throw ExpressionError(offset: args[0].offset, message: "opacity(colour, opacity) takes a colour first, not \(args[0].value.typeName)")
            }
            let o = try number(args[1].value, args[1].offset, "the opacity of opacity(colour, opacity)")
            c.opacity = fold(.binary(.multiply, c.opacity, o))  // Color.opacity(_:) multiplies (§213)
            return .color(c)
        case .random:
            guard (1...3).contains(args.count) else {
                throw ExpressionError(offset: offset, message: "random takes 1 to 3 arguments, got \(args.count): \(f.signature)")
            }
            var n: [ExpressionNode] = []
            for a in args { n.append(try number(a.value, a.offset, "random")) }
            let keys = n.compactMap(\.constantValue)
            if keys.count == n.count { return .number(.constant(KeyedRandom.value(keys))) }
            return .number(.random(n))
        case .count:
            return .number(.constant(0))  // handled above
        }
    }

    /// A call of a spec's function: its body parsed with the arguments bound to its parameters.
    private mutating func expand(_ def: ExpressionFunctionDefinition, at offset: Int) throws(ExpressionError) -> ParsedValue {
        if let first = expanding.firstIndex(of: def.name) {
            let cycle = (expanding[first...] + [def.name]).joined(separator: " → ")
            throw ExpressionError(offset: offset, message: "the function \(UserText.quoted(def.name)) calls itself (\(cycle)); functions cannot be recursive", isRecursion: true)
        }
        let args = try arguments(def.name)
        guard args.count == def.parameters.count else {
            throw ExpressionError(offset: offset, message: "\(def.name) takes \(def.parameters.count) argument\(def.parameters.count == 1 ? "" : "s") (\(def.parameters.joined(separator: ", "))), got \(args.count)")
        }
        expansions += 1
        if expansions > ExpressionParser.maxExpansions {
            throw ExpressionError(offset: offset, message: "more than \(ExpressionParser.maxExpansions) function calls to expand in one expression")
        }
        var body = def.scope
        body.functions = scope.functions
        // An argument that is neither a constant nor a variable is computed once: the body reads
        // it as a temporary, so a call nested in the argument of the same function (an
        // iteration, f(f(f(x)))) costs its depth, not a power of it.
        var temps: [(id: Int, value: ExpressionNode)] = []
        for (k, (p, a)) in zip(def.parameters, args).enumerated() {
            let n = try number(a.value, a.offset, "the parameter \(UserText.quoted(p)) of \(def.name)")
            switch n {
            case .constant, .variable, .temp:
                body = body.adding(p, value: .number(n))
            default:
                let id = temporaryBase + expansions * ExpressionParser.maxParameters + k
                guard k < ExpressionParser.maxParameters else { body = body.adding(p, value: .number(n)); continue }
                temps.append((id, n))
                body = body.adding(p, value: .number(.temp(id)))
            }
        }
        do {
            let (value, used) = try ExpressionParser.parseValue(def.body, scope: body, expanding: expanding + [def.name], expansions: expansions, temporaryBase: temporaryBase, depth: depth)
            expansions = used
            guard !temps.isEmpty else { return value }
            // A temporary read once (or never) is written in place; a number read more often is
            // bound once; a colour's or point's several trees each take the argument in place.
            func resolve(_ node: ExpressionNode, bindRepeated: Bool) -> ExpressionNode {
                var out = node
                for t in temps.reversed() {
                    let reads = out.reads(temp: t.id)
                    if reads == 0 { continue }
                    out = reads == 1 || !bindRepeated ? out.replacing(temp: t.id, with: t.value) : .bind(t.id, t.value, out)
                }
                return out
            }
            switch value {
            case .number(let n): return .number(resolve(n, bindRepeated: true))
            case .point(let x, let y): return .point(resolve(x, bindRepeated: false), resolve(y, bindRepeated: false))
            case .color(let c):
                return .color(ColorChannels(red: resolve(c.red, bindRepeated: false), green: resolve(c.green, bindRepeated: false),
                                            blue: resolve(c.blue, bindRepeated: false), opacity: resolve(c.opacity, bindRepeated: false)))
            }
        } catch where error.isRecursion {
            var e = error
            e.offset = offset  // at this call, in the text being parsed
            throw e
        } catch {
            // The body was checked where it is defined: what remains is found through this call.
            throw ExpressionError(offset: offset, message: "in the function \(UserText.quoted(def.name)): \(error.message)")
        }
    }
}
