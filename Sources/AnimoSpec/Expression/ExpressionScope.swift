// The names an expression may use. Most are bound to a slot of the evaluation frame: slot numbers
// are allocated once per spec by the decoder (see `Spec.slots`): slot 0 is the clock `t`, then the
// state variables, then one slot per loop variable, phase value and keyframe value declared in
// the content tree. A `let` binding is bound to its parsed value instead (substituted where it is
// used, so it costs no slot and no work per frame beyond its own evaluation), an array constant to
// its elements, and a top-level function to its parameters and body. An inner declaration shadows
// an outer one with the same name.

/// Names visible to an expression, mapped to slots of the evaluation frame, `let` values, arrays
/// and functions.
public struct ExpressionScope: Sendable {
    /// Name → slot index.
    public private(set) var names: [String: Int]
    /// `let` bindings: name → the parsed value, substituted where the name is read.
    var values: [String: ParsedValue] = [:]
    /// Array constants (`"palette": ["#FF375F", "orange"]`).
    var arrays: [String: ArrayConstant] = [:]
    /// Top-level functions (`functions`).
    var functions: [String: ExpressionFunctionDefinition] = [:]
    /// State arrays, readable as `count(stars)` and `stars[i]` once the events have made them.
    var stateArrays: [String: StateArray] = [:]
    /// State arrays as the values events set read them (`xs[i]`, `count(xs)`): as they are when
    /// the event fires, listed in the frame while events are played at load.
    var readableArrays: [String: ReadableStateArray] = [:]

    /// Named constants (the canvas's environment values): a name bound to a slot shadows them.
    public private(set) var constants: [String: Double] = [:]

    public init(names: [String: Int] = [:]) {
        self.names = names
    }

    /// A scope that also knows these constants.
    public func adding(constants c: [String: Double]) -> ExpressionScope {
        var copy = self
        copy.constants.merge(c) { _, new in new }
        return copy
    }

    /// The appearance named colours take in expressions (`"=on ? green : gray"`).
    public private(set) var colorScheme: SpecColorScheme = .light
    public private(set) var systemColors: SpecSystemColors = .iOS18

    /// A scope whose named colours take this appearance's values.
    public func with(colorScheme: SpecColorScheme, systemColors: SpecSystemColors) -> ExpressionScope {
        var copy = self
        copy.colorScheme = colorScheme
        copy.systemColors = systemColors
        return copy
    }

    /// A scope with one more name (shadowing any outer binding of it).
    public func adding(_ name: String, slot: Int) -> ExpressionScope {
        var copy = self
        copy.forget(name)
        copy.names[name] = slot
        return copy
    }

    /// A scope with one more `let` value.
    func adding(_ name: String, value: ParsedValue) -> ExpressionScope {
        var copy = self
        copy.forget(name)
        copy.values[name] = value
        return copy
    }

    /// A scope with one more array constant.
    func adding(_ name: String, array: ArrayConstant) -> ExpressionScope {
        var copy = self
        copy.forget(name)
        copy.arrays[name] = array
        return copy
    }

    /// A scope where `name` is the element of a state array whose id is in the slot `idSlot`:
    /// `star` for `stars[id]`, with `star.x` and `star.y` for points, and for records `star.id`
    /// and `star.field` for each field (`star.position.x` for a point field).
    /// Over an array whose elements have index variables (StateArray.rankSlots), `star.index` is
    /// the element's index in the array now (a record field named `index` takes precedence).
    public func adding(_ name: String, elementOf array: StateArray, idSlot: Int) -> ExpressionScope {
        let i = ExpressionNode.variable(idSlot)
        var copy: ExpressionScope
        if array.element == .records {
            copy = self
            copy.forget(name)
            copy.values[name + ".id"] = .number(i)
            for f in array.fields {
                func component(_ k: Int) -> ExpressionNode {
                    array.fieldSlots.isEmpty ? .constant(f.defaultValue[k]) : .loadAt(array.fieldSlots.map { $0[f.offset + k] }, i)
                }
                copy.values[name + "." + f.name] = ParsedValue.field(f.kind, component)
            }
        } else {
            // An element an event updates is read from its variables, per frame; else from its values.
            copy = adding(name, value: ParsedValue.element(array.element) { k in
                array.hasElementVariables ? .loadAt(array.fieldSlots.map { $0[k] }, i)
                    : array.values.isEmpty ? .constant(0) : .index(array.values.map { $0[k] }, i)
            })
        }
        if array.isReordered, copy.values[name + ".index"] == nil {
            copy.values[name + ".index"] = .number(.loadAt(array.rankSlots, i))
        }
        return copy
    }

    /// A scope where `name` reads the record fields held in consecutive slots from `firstSlot`
    /// (an element copied there while an event runs): `item.opacity`, `item.id`.
    func adding(_ name: String, recordIn fields: [StateArrayField], firstSlot: Int, idSlot: Int) -> ExpressionScope {
        var copy = self
        copy.forget(name)
        copy.values[name + ".id"] = .number(.variable(idSlot))
        for f in fields {
            copy.values[name + "." + f.name] = ParsedValue.field(f.kind) { .variable(firstSlot + f.offset + $0) }
        }
        return copy
    }

    /// A scope whose events' values can read these state arrays.
    func adding(readableArrays a: [ReadableStateArray]) -> ExpressionScope {
        var copy = self
        for x in a {
            copy.forget(x.name)
            copy.readableArrays[x.name] = x
        }
        return copy
    }

    /// A scope that can read these state arrays.
    func adding(stateArrays a: [StateArray]) -> ExpressionScope {
        var copy = self
        for x in a {
            copy.forget(x.name)
            copy.stateArrays[x.name] = x
        }
        return copy
    }

    private mutating func forget(_ name: String) {
        names[name] = nil
        values[name] = nil
        arrays[name] = nil
        stateArrays[name] = nil
        readableArrays[name] = nil
        // A record's fields are bound as `name.field`.
        if values.keys.contains(where: { $0.hasPrefix(name + ".") }) {
            values = values.filter { !$0.key.hasPrefix(name + ".") }
        }
    }

    /// Every name a spec bound (variables, `let` values, arrays), for messages.
    var boundNames: [String] { Array(names.keys) + Array(values.keys) + Array(arrays.keys) + Array(stateArrays.keys) + Array(readableArrays.keys) }

    /// Whether `name` is bound to anything (a variable, a value, an array or a function).
    public func binds(_ name: String) -> Bool {
        names[name] != nil || values[name] != nil || arrays[name] != nil || functions[name] != nil || stateArrays[name] != nil || readableArrays[name] != nil
    }

    /// Names that cannot be bound by a spec: constants, keywords and function names.
    public static let reserved: Set<String> = Set(["pi", "true", "false"] + ExpressionFunction.allCases.map(\.rawValue))
}

/// An array constant: numbers, colours or points, known at load.
enum ArrayConstant: Sendable {
    case numbers([Double])
    case colors([SpecColor])
    /// Points [x, y]: the x and the y of each, in order.
    case points(x: [Double], y: [Double])

    var count: Int {
        switch self {
        case .numbers(let a): return a.count
        case .colors(let a): return a.count
        case .points(let x, _): return x.count
        }
    }

    var typeName: String {
        switch self {
        case .numbers: return "numbers"
        case .colors: return "colours"
        case .points: return "points"
        }
    }
}

/// A top-level function: numeric parameters and a body expression.
struct ExpressionFunctionDefinition: Sendable {
    var name: String
    var parameters: [String]
    /// The body, without the leading "=".
    var body: String
    /// The scope the body sees besides its parameters: `t`, the state and the other functions.
    var scope: ExpressionScope
}
