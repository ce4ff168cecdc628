// What Swift expressions compile to: numbers and booleans as spec expressions, colours and paints
// as spec JSON, and the structured values SwiftUI code passes around (points, sizes, angles,
// animations, views still to be compiled). A name's value lives in a `Scope`.
internal import SwiftSyntax

indirect enum Value {
    /// A number; `isInt` when Swift types it `Int` (integer division and remainder truncate).
    case number(Expr, isInt: Bool)
    /// A boolean as 1/0.
    case bool(Expr)
    case string(String)
    /// A constant colour, as spec JSON.
    case color(JSON)
    /// A gradient paint, as spec JSON (`{"linearGradient": …}`), or a gradient's colour stops.
    case gradient(JSON)
    case stops([JSON])
    case array([Value])
    /// A value with named members: CGPoint, CGSize, CGRect, tuples with labels, user structs.
    case record(String, [(String, Value)])
    /// Degrees.
    case angle(Expr)
    case unitPoint(Double, Double)
    /// An implicit member or case not otherwise known: `.round`, `.continuous`, `.dark`.
    case member(String, [Value])
    case animation(AnimationValue)
    /// A view, compiled where it is used.
    case view(ViewThunk)
    case shader(ShaderValue)
    case path(PathValue)
    /// A type used as a value: `Color`, `Double`, a struct of the file.
    case type(String)
    case closure(ClosureExprSyntax, Scope)
    /// A Range `a..<b` or `a...b` (numbers).
    case range(Expr, Expr, closed: Bool)
    case optionalNone
    case void
    /// A value the front end does not model, with what it is.
    case opaque(String)
    /// An instance of an `ObservableObject` class of the file (ObservableObjects.swift): shared,
    /// its `@Published` properties spec state variables.
    case object(Instance)

    var kindName: String {
        switch self {
        case .number: return "a number"
        case .bool: return "a boolean"
        case .string: return "a string"
        case .color: return "a colour"
        case .gradient, .stops: return "a gradient"
        case .array: return "an array"
        case .record(let t, _): return "a \(t)"
        case .angle: return "an angle"
        case .unitPoint: return "a unit point"
        case .member(let m, _): return ".\(m)"
        case .animation: return "an animation"
        case .view: return "a view"
        case .shader: return "a shader"
        case .path: return "a path"
        case .type(let t): return "the type \(t)"
        case .closure: return "a closure"
        case .range: return "a range"
        case .optionalNone: return "nil"
        case .void: return "no value"
        case .opaque(let d): return d
        case .object(let i): return "an object of \(i.type.name)"
        }
    }

    /// Structural equality of values known now (views, closures and paths are never the same).
    static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.number(let x, _), .number(let y, _)), (.bool(let x), .bool(let y)), (.angle(let x), .angle(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.color(let x), .color(let y)), (.gradient(let x), .gradient(let y)): return x.text == y.text
        case (.member(let m, let xs), .member(let n, let ys)): return m == n && xs.count == ys.count && zip(xs, ys).allSatisfy { same($0, $1) }
        case (.record(let t, let xs), .record(let u, let ys)):
            return t == u && xs.count == ys.count && zip(xs, ys).allSatisfy { $0.0 == $1.0 && same($0.1, $1.1) }
        case (.array(let xs), .array(let ys)): return xs.count == ys.count && zip(xs, ys).allSatisfy { same($0, $1) }
        case (.unitPoint(let a, let b), .unitPoint(let c, let d)): return a == c && b == d
        case (.range(let a, let b, let c), .range(let d, let e, let f)): return a == d && b == e && c == f
        case (.type(let x), .type(let y)): return x == y
        case (.optionalNone, .optionalNone), (.void, .void): return true
        default: return false
        }
    }

    func field(_ name: String) -> Value? {
        if case .record(_, let fields) = self { return fields.first { $0.0 == name }?.1 }
        return nil
    }
}

/// A view expression (or a result-builder body) with the scope it was written in.
struct ViewThunk {
    enum Body {
        case expression(ExprSyntax)
        case items(CodeBlockItemListSyntax)
        /// A built-in view made from values (a colour or gradient used as a view).
        case paint(JSON)
        case shape(ShapeValue)
    }
    var body: Body
    var scope: Scope
    var position: SwiftPosition
}

/// A shape value: the spec shape key and its parameters, or a path drawn from a `Shape` type.
struct ShapeValue {
    /// `circle`, `rectangle`, `roundedRectangle`, `capsule`, `ellipse`, or `custom`.
    var kind: String
    var parameters: [(String, JSON)] = []
    /// For `custom`: the Shape type's instance, whose `path(in:)` is run for a frame.
    var instance: Instance? = nil
    /// For a `Path` value used as a view: the SVG data in canvas points.
    var path: PathValue? = nil
    /// `.inset(by:)` and friends, in points.
    var inset: Expr? = nil
    /// A `path` whose frame is the view's (gradients map over it, not over the path's bounds).
    var pathKeepsFrame = false
}

/// A Path built by `move(to:)`, `addLine(to:)`, … in the path's own coordinates; written as SVG
/// path data (absolute commands) translated to the canvas.
struct PathValue {
    enum Segment {
        case move(Double, Double)
        case line(Double, Double)
        case quad(Double, Double, Double, Double)
        case cubic(Double, Double, Double, Double, Double, Double)
        /// rx, ry, large-arc, sweep, end x, end y.
        case arc(Double, Double, Bool, Bool, Double, Double)
        case close
    }
    var segments: [Segment] = []
    var current: (Double, Double)? = nil
    var start: (Double, Double)? = nil
}

/// `ShaderLibrary.name(arguments…)`.
struct ShaderValue {
    var name: String
    var arguments: [JSON]
}

/// A SwiftUI `Animation`: the spec's animation JSON members (base key first, then modifiers).
struct AnimationValue {
    var members: [(String, JSON)]
    var json: JSON { .object(members) }

    func with(_ key: String, _ value: JSON) -> AnimationValue {
        var m = members
        if let i = m.firstIndex(where: { $0.0 == key }) { m[i].1 = value } else { m.append((key, value)) }
        return AnimationValue(members: m)
    }
}

/// A struct instance: a View or Shape of the file, with its properties evaluated on demand.
final class Instance {
    let type: TypeDecl
    /// Stored properties given by the caller or evaluated from their initial values.
    var members: [String: Value] = [:]
    /// Spec names of the instance's @State properties, by Swift name.
    var stateNames: [String: String] = [:]
    /// @State properties of a CGSize or CGPoint (StructStates.swift): a spec state variable per
    /// member, by Swift name.
    var structStates: [String: StructState] = [:]
    /// Properties being evaluated (a property that reads itself is an error, not a hang).
    var evaluating: Set<String> = []
    /// Where the instance was made.
    let position: SwiftPosition

    init(type: TypeDecl, position: SwiftPosition) {
        self.type = type
        self.position = position
    }
}

/// Names visible at a point of the code: locals, then the enclosing instance's members.
final class Scope {
    let parent: Scope?
    var values: [String: Value] = [:]
    let instance: Instance?
    /// Names of loop variables (non-negative integers), for remainder and division.
    var loopNames: Set<String>

    init(parent: Scope?, instance: Instance? = nil) {
        self.parent = parent
        self.instance = instance ?? parent?.instance
        self.loopNames = parent?.loopNames ?? []
    }

    func local(_ name: String) -> Value? {
        if let v = values[name] { return v }
        return parent?.local(name)
    }

    func child() -> Scope { Scope(parent: self) }

    /// A local and the scope that declares it.
    func declaring(_ name: String) -> (Scope, Value)? {
        if let v = values[name] { return (self, v) }
        return parent?.declaring(name)
    }

    /// Sets an existing local where it is declared; false when no scope declares it.
    func assign(_ name: String, _ value: Value) -> Bool {
        if values[name] != nil { values[name] = value; return true }
        return parent?.assign(name, value) ?? false
    }
}
