// Numbers of the compiled spec: a small expression tree that prints as the spec's expression
// language (docs/spec.md, "Values and expressions") and folds to a constant when it reads no name.
// The front end keeps Swift's meaning: integer division truncates, `%` keeps the dividend's sign,
// `Int(x)` truncates toward zero; each is written with the spec's functions.
import Foundation

indirect enum Expr: Equatable {
    case num(Double)
    /// A name of the spec: `t`, a state variable, a loop variable.
    case name(String)
    case unary(String, Expr)
    case binary(String, Expr, Expr)
    case ternary(Expr, Expr, Expr)
    case call(String, [Expr])

    var constant: Double? {
        if case .num(let d) = self { return d }
        return nil
    }

    /// Names read by the expression.
    var names: Set<String> {
        switch self {
        case .num: return []
        case .name(let n): return [n]
        case .unary(_, let e): return e.names
        case .binary(_, let a, let b): return a.names.union(b.names)
        case .ternary(let c, let a, let b): return c.names.union(a.names).union(b.names)
        case .call(_, let args): return args.reduce(into: Set<String>()) { $0.formUnion($1.names) }
        }
    }

    // MARK: Building (folding constants as it goes)

    static func unaryOp(_ op: String, _ e: Expr) -> Expr {
        if let c = e.constant {
            switch op {
            case "-": return .num(-c)
            case "+": return .num(c)
            case "!": return .num(c != 0 ? 0 : 1)
            default: break
            }
        }
        if op == "+" { return e }
        return .unary(op, e)
    }

    static func binaryOp(_ op: String, _ a: Expr, _ b: Expr) -> Expr {
        if let x = a.constant, let y = b.constant, let v = Self.apply(op, x, y) { return .num(v) }
        // Lazy logic with a known side.
        if op == "&&", let x = a.constant { return x != 0 ? truth(b) : .num(0) }
        if op == "||", let x = a.constant { return x != 0 ? .num(1) : truth(b) }
        switch op {
        case "+" where b.constant == 0: return a
        case "+" where a.constant == 0: return b
        case "-" where b.constant == 0: return a
        case "*" where b.constant == 1: return a
        case "*" where a.constant == 1: return b
        case "/" where b.constant == 1: return a
        default: return .binary(op, a, b)
        }
    }

    /// 1/0 for a condition whose value may be any number.
    static func truth(_ e: Expr) -> Expr {
        if let c = e.constant { return .num(c != 0 ? 1 : 0) }
        if case .binary(let op, _, _) = e, ["==", "!=", "<", "<=", ">", ">=", "&&", "||"].contains(op) { return e }
        if case .unary("!", _) = e { return e }
        return .binary("!=", e, .num(0))
    }

    static func ternaryOp(_ c: Expr, _ a: Expr, _ b: Expr) -> Expr {
        if let k = c.constant { return k != 0 ? a : b }
        if a == b { return a }
        return .ternary(c, a, b)
    }

    static func function(_ name: String, _ args: [Expr]) -> Expr {
        let consts = args.compactMap(\.constant)
        if consts.count == args.count, let v = Self.applyFunction(name, consts) { return .num(v) }
        return .call(name, args)
    }

    static func apply(_ op: String, _ x: Double, _ y: Double) -> Double? {
        switch op {
        case "+": return x + y
        case "-": return x - y
        case "*": return x * y
        case "/": return x / y
        case "%": return y == 0 ? nil : x - y * (x / y).rounded(.down)
        case "==": return x == y ? 1 : 0
        case "!=": return x != y ? 1 : 0
        case "<": return x < y ? 1 : 0
        case "<=": return x <= y ? 1 : 0
        case ">": return x > y ? 1 : 0
        case ">=": return x >= y ? 1 : 0
        case "&&": return (x != 0 && y != 0) ? 1 : 0
        case "||": return (x != 0 || y != 0) ? 1 : 0
        default: return nil
        }
    }

    static func applyFunction(_ name: String, _ a: [Double]) -> Double? {
        switch (name, a.count) {
        case ("sin", 1): return sin(a[0])
        case ("cos", 1): return cos(a[0])
        case ("tan", 1): return tan(a[0])
        case ("asin", 1): return asin(a[0])
        case ("acos", 1): return acos(a[0])
        case ("atan", 1): return atan(a[0])
        case ("atan2", 2): return atan2(a[0], a[1])
        case ("sqrt", 1): return sqrt(a[0])
        case ("exp", 1): return exp(a[0])
        case ("log", 1): return log(a[0])
        case ("abs", 1): return abs(a[0])
        case ("pow", 2): return pow(a[0], a[1])
        case ("min", 2): return min(a[0], a[1])
        case ("max", 2): return max(a[0], a[1])
        case ("clamp", 3): return min(max(a[0], a[1]), a[2])
        case ("mix", 3): return a[0] + (a[1] - a[0]) * a[2]
        case ("floor", 1): return a[0].rounded(.down)
        case ("ceil", 1): return a[0].rounded(.up)
        case ("round", 1): return a[0].rounded(.toNearestOrAwayFromZero)
        case ("fract", 1): return a[0] - a[0].rounded(.down)
        case ("sign", 1): return a[0] > 0 ? 1 : a[0] < 0 ? -1 : 0
        default: return nil
        }
    }

    /// The value with the given names bound (nil when a name is unbound or a function unknown).
    func evaluate(_ env: [String: Double]) -> Double? {
        switch self {
        case .num(let d): return d
        case .name(let n): return env[n]
        case .unary(let op, let e):
            guard let v = e.evaluate(env) else { return nil }
            return op == "-" ? -v : op == "!" ? (v != 0 ? 0 : 1) : v
        case .binary(let op, let a, let b):
            if op == "&&" { guard let x = a.evaluate(env) else { return nil }; if x == 0 { return 0 } }
            if op == "||" { guard let x = a.evaluate(env) else { return nil }; if x != 0 { return 1 } }
            guard let x = a.evaluate(env), let y = b.evaluate(env) else { return nil }
            return Self.apply(op, x, y)
        case .ternary(let c, let a, let b):
            guard let k = c.evaluate(env) else { return nil }
            return k != 0 ? a.evaluate(env) : b.evaluate(env)
        case .call(let f, let args):
            var vs: [Double] = []
            for a in args { guard let v = a.evaluate(env) else { return nil }; vs.append(v) }
            return Self.applyFunction(f, vs)
        }
    }

    /// Substitutes constants for names.
    func substituting(_ env: [String: Double]) -> Expr {
        switch self {
        case .num: return self
        case .name(let n): return env[n].map { .num($0) } ?? self
        case .unary(let op, let e): return .unaryOp(op, e.substituting(env))
        case .binary(let op, let a, let b): return .binaryOp(op, a.substituting(env), b.substituting(env))
        case .ternary(let c, let a, let b): return .ternaryOp(c.substituting(env), a.substituting(env), b.substituting(env))
        case .call(let f, let args): return .function(f, args.map { $0.substituting(env) })
        }
    }

    // MARK: Printing

    /// C precedence as the spec's parser reads it (higher binds tighter).
    static func precedence(_ op: String) -> Int {
        switch op {
        case "||": return 2
        case "&&": return 3
        case "==", "!=": return 4
        case "<", "<=", ">", ">=": return 5
        case "+", "-": return 6
        case "*", "/", "%": return 7
        default: return 1
        }
    }

    var text: String { render(0) }

    private func render(_ context: Int) -> String {
        switch self {
        case .num(let d):
            let s = formatSpecNumber(d)
            return d < 0 && context > 2 ? "(\(s))" : s
        case .name(let n): return n
        case .unary(let op, let e):
            let s = op + e.render(8)
            return context > 8 ? "(\(s))" : s
        case .binary(let op, let a, let b):
            let p = Self.precedence(op)
            // Left-associative: the right operand needs parentheses at equal precedence.
            let s = "\(a.render(p)) \(op) \(b.render(p + 1))"
            return context > p ? "(\(s))" : s
        case .ternary(let c, let a, let b):
            let s = "\(c.render(2)) ? \(a.render(1)) : \(b.render(1))"
            return context > 1 ? "(\(s))" : s
        case .call(let f, let args):
            return "\(f)(\(args.map { $0.render(0) }.joined(separator: ", ")))"
        }
    }
}

/// Shortest text that reads back as the same Double; whole numbers without ".0".
func formatSpecNumber(_ d: Double) -> String {
    if d == 0 { return "0" }
    if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
    return "\(d)"
}
