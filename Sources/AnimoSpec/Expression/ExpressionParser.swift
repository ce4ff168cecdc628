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
//   primary  := number | 'true' | 'false' | 'pi' | name | name '(' args ')' | '(' ternary ')'

indirect enum ExpressionNode {
    case constant(Double)
    case variable(Int)
    case negate(ExpressionNode)
    case not(ExpressionNode)
    case binary(BinaryOperator, ExpressionNode, ExpressionNode)
    case and(ExpressionNode, ExpressionNode)
    case or(ExpressionNode, ExpressionNode)
    case conditional(ExpressionNode, ExpressionNode, ExpressionNode)
    case call(ExpressionFunction, [ExpressionNode])

    var constantValue: Double? {
        if case .constant(let d) = self { return d }
        return nil
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

    private let tokens: [LexedToken]
    private let scope: ExpressionScope
    private var index = 0
    private var depth = 0

    init(tokens: [LexedToken], scope: ExpressionScope) {
        self.tokens = tokens
        self.scope = scope
    }

    static func parse(_ text: String, scope: ExpressionScope) throws(ExpressionError) -> ExpressionNode {
        let tokens = try ExpressionLexer.tokenize(text)
        var parser = ExpressionParser(tokens: tokens, scope: scope)
        if case .end = tokens[0].token {
            throw ExpressionError(offset: 0, message: "empty expression after '='")
        }
        let node = try parser.parseTernary()
        if parser.current.token != .end {
            throw ExpressionError(offset: parser.current.offset, message: "expected an operator or the end of the expression, found \(parser.describe(parser.current.token))")
        }
        return node
    }

    private var current: LexedToken { tokens[index] }

    private func describe(_ t: ExpressionToken) -> String {
        switch t {
        case .number(let d): return "the number \(formatNumber(d))"
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
        if depth > ExpressionParser.maxDepth {
            throw ExpressionError(offset: current.offset, message: "expression nested deeper than \(ExpressionParser.maxDepth) levels")
        }
    }

    mutating func parseTernary() throws(ExpressionError) -> ExpressionNode {
        try nest()
        defer { depth -= 1 }
        let condition = try parseOr()
        guard accept("?") else { return condition }
        let yes = try parseTernary()
        try expect(":", "':' of the conditional 'c ? a : b'")
        let no = try parseTernary()
        if let c = condition.constantValue { return c != 0 ? yes : no }
        return .conditional(condition, yes, no)
    }

    private mutating func parseOr() throws(ExpressionError) -> ExpressionNode {
        var left = try parseAnd()
        while accept("||") {
            let right = try parseAnd()
            if let a = left.constantValue, let b = right.constantValue {
                left = .constant(a != 0 || b != 0 ? 1 : 0)
            } else {
                left = .or(left, right)
            }
        }
        return left
    }

    private mutating func parseAnd() throws(ExpressionError) -> ExpressionNode {
        var left = try parseEquality()
        while accept("&&") {
            let right = try parseEquality()
            if let a = left.constantValue, let b = right.constantValue {
                left = .constant(a != 0 && b != 0 ? 1 : 0)
            } else {
                left = .and(left, right)
            }
        }
        return left
    }

    private mutating func parseBinaryLevel(_ ops: [BinaryOperator], next: (inout ExpressionParser) throws(ExpressionError) -> ExpressionNode) throws(ExpressionError) -> ExpressionNode {
        var left = try next(&self)
        loop: while true {
            for op in ops where accept(op.rawValue) {
                let right = try next(&self)
                if let a = left.constantValue, let b = right.constantValue {
                    left = .constant(op.apply(a, b))
                } else {
                    left = .binary(op, left, right)
                }
                continue loop
            }
            return left
        }
    }

    private mutating func parseEquality() throws(ExpressionError) -> ExpressionNode {
        try parseBinaryLevel([.equal, .notEqual]) { (p: inout ExpressionParser) throws(ExpressionError) in try p.parseCompare() }
    }

    private mutating func parseCompare() throws(ExpressionError) -> ExpressionNode {
        // Two-character operators are single tokens, so "<" never matches a "<=" token.
        try parseBinaryLevel([.lessEqual, .greaterEqual, .less, .greater]) { (p: inout ExpressionParser) throws(ExpressionError) in try p.parseAdditive() }
    }

    private mutating func parseAdditive() throws(ExpressionError) -> ExpressionNode {
        try parseBinaryLevel([.add, .subtract]) { (p: inout ExpressionParser) throws(ExpressionError) in try p.parseTerm() }
    }

    private mutating func parseTerm() throws(ExpressionError) -> ExpressionNode {
        try parseBinaryLevel([.multiply, .divide, .modulo]) { (p: inout ExpressionParser) throws(ExpressionError) in try p.parseUnary() }
    }

    private mutating func parseUnary() throws(ExpressionError) -> ExpressionNode {
        try nest()
        defer { depth -= 1 }
        if accept("-") {
            let x = try parseUnary()
            if let c = x.constantValue { return .constant(-c) }
            return .negate(x)
        }
        if accept("+") { return try parseUnary() }
        if accept("!") {
            let x = try parseUnary()
            if let c = x.constantValue { return .constant(c == 0 ? 1 : 0) }
            return .not(x)
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(ExpressionError) -> ExpressionNode {
        let token = current
        switch token.token {
        case .number(let d):
            index += 1
            return .constant(d)
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
            switch name {
            case "pi": return .constant(Double.pi)
            case "true": return .constant(1)
            case "false": return .constant(0)
            default: break
            }
            if let slot = scope.names[name] { return .variable(slot) }
            if let c = scope.constants[name] { return .constant(c) }
            if let f = ExpressionFunction(rawValue: name) {
                throw ExpressionError(offset: token.offset, message: "'\(name)' is a function: call it as \(f.signature)")
            }
            let known = Array(scope.names.keys) + ["pi", "true", "false"] + Array(scope.constants.keys)
            let inScope = (scope.names.keys.sorted() + ["pi"]).joined(separator: ", ")
            throw ExpressionError(offset: token.offset, message: "unknown name \(UserText.quoted(name))\(Suggestion.phrase(for: name, in: known)); names in scope: \(inScope)",
                                  unknownName: name)
        default:
            throw ExpressionError(offset: token.offset, message: "expected a number, a name, a function call or '(', found \(describe(token.token))")
        }
    }

    private mutating func parseCall(_ name: String, at offset: Int) throws(ExpressionError) -> ExpressionNode {
        guard let f = ExpressionFunction(rawValue: name) else {
            let names = ExpressionFunction.allCases.map(\.rawValue)
            throw ExpressionError(offset: offset, message: "unknown function \(UserText.quoted(name))\(Suggestion.phrase(for: name, in: names)); functions: \(names.joined(separator: " "))")
        }
        index += 1  // (
        var args: [ExpressionNode] = []
        if !accept(")") {
            while true {
                args.append(try parseTernary())
                if accept(")") { break }
                try expect(",", "',' or ')' in the arguments of \(name)")
            }
        }
        guard args.count == f.arity else {
            throw ExpressionError(offset: offset, message: "\(name) takes \(f.arity) argument\(f.arity == 1 ? "" : "s"), got \(args.count): \(f.signature)")
        }
        let constants = args.compactMap(\.constantValue)
        if constants.count == args.count {
            switch f.arity {
            case 1: return .constant(ExpressionFunction.apply1(f, constants[0]))
            case 2: return .constant(ExpressionFunction.apply2(f, constants[0], constants[1]))
            default: return .constant(ExpressionFunction.apply3(f, constants[0], constants[1], constants[2]))
            }
        }
        return .call(f, args)
    }
}
