// The decoder's core: error collection with JSON paths, strict objects (unknown keys are errors
// with a suggestion), and the slot table for expression variables. The per-concept decoders are
// extensions in the other files of this folder.
//
// Convention: decoding functions record errors and return a placeholder so that decoding goes on
// and several errors are reported at once; any recorded error makes the whole load fail, so a
// placeholder never reaches a caller of `Spec.load`.

/// An accepted numeric range, for validation messages like "expected a number ≥ 0".
struct NumberRange {
    var min: Double?
    var minOpen = false
    var max: Double?
    var maxOpen = false

    static let any = NumberRange()
    static let nonNegative = NumberRange(min: 0)
    static let positive = NumberRange(min: 0, minOpen: true)
    static let unit = NumberRange(min: 0, max: 1)

    func contains(_ x: Double) -> Bool {
        guard x.isFinite else { return false }
        if let lo = min, minOpen ? x <= lo : x < lo { return false }
        if let hi = max, maxOpen ? x >= hi : x > hi { return false }
        return true
    }

    var text: String {
        switch (min, max) {
        case (nil, nil): return "a number"
        case (let lo?, nil): return "a number \(minOpen ? ">" : "≥") \(formatNumber(lo))"
        case (nil, let hi?): return "a number \(maxOpen ? "<" : "≤") \(formatNumber(hi))"
        case (let lo?, let hi?):
            return "a number in \(minOpen ? "(" : "[")\(formatNumber(lo)), \(formatNumber(hi))\(maxOpen ? ")" : "]")"
        }
    }
}

/// A JSON object being decoded, with its path.
struct Fields {
    let path: String
    let position: SourcePosition
    let members: [JSONMember]

    subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    func path(_ key: String) -> String { SpecDecoder.join(path, key) }

    /// Where the value of `key` starts (the object's position when the key is absent).
    func position(_ key: String) -> SourcePosition { self[key]?.position ?? position }
}

/// Decodes a JSON tree into a `Spec`, collecting errors.
final class SpecDecoder {
    let fileName: String
    private(set) var errors: [SpecError] = []
    /// Stop collecting after this many errors (the first ones are the useful ones).
    static let maxErrors = 100

    /// Limits against hostile input.
    static let maxNodeDepth = 64
    static let maxRepeatCount = 100_000
    /// Total node instances after expanding repeats (count × nested counts): a render-time guard.
    static let maxInstances = 1_000_000

    var slots: [SlotInfo] = [SlotInfo(name: "t", kind: .clock, path: "")]
    /// The paths of the nodes with a `glassEffectContainer` around the node being decoded.
    var glassContainers: [String] = []
    /// State variables by name (filled before content is decoded).
    var stateByName: [String: StateVariable] = [:]
    var stateOrder: [String] = []
    /// The keys of the top-level `state` object, known before it is decoded (to explain a state
    /// name used where a constant is needed, e.g. in `duration`).
    var declaredStateNames: Set<String> = []
    /// Number of events (for expectation key poses).
    var eventCount = 0
    /// The slots of a drag's values (`translation.width`, …), allocated when the first `onDrag`
    /// is decoded.
    var gestureSlots: [String: Int] = [:]
    /// State arrays by name, and their names in declaration order (SpecDecoder+Events.swift).
    var arrayStates: [String: ArrayState] = [:]
    var arrayOrder: [String] = []
    /// State arrays of numbers, points or colours that an event updates element by element (their
    /// elements get variables of their own), found before the state is read.
    var updatedArrays: Set<String> = []
    /// The state arrays some event or handler moves an element of (`{"xs": {"move": …}}`), or
    /// whose `forEach` content reads `element.index`: their elements get index variables from the
    /// start (StateArray.rankSlots).
    var movedArrays: Set<String> = []
    /// `canvas.clockStart`: what `t` reads at time 0.
    var clockStart = 0.0
    /// The top-level `shapes`, decoded before the content that uses them.
    var shapeTemplates: [ShapeTemplate] = []

    init(fileName: String) {
        self.fileName = fileName
    }

    var sortedErrors: [SpecError] {
        errors.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }

    // MARK: - Errors and paths

    func error(_ path: String, _ position: SourcePosition, _ message: String) {
        guard errors.count < SpecDecoder.maxErrors else { return }
        errors.append(SpecError(file: fileName, path: path, line: position.line, column: position.column, message: message))
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    static func index(_ path: String, _ i: Int) -> String {
        path + "[\(i)]"
    }


    func allocateSlot(_ name: String, kind: SlotInfo.Kind, path: String) -> Int {
        slots.append(SlotInfo(name: name, kind: kind, path: path))
        return slots.count - 1
    }

    /// The canvas's environment (decoded before anything that reads it: colours, text, expressions).
    var environment = SpecEnvironment()

    /// The scope at the top of the content tree: `t`, every state variable, the environment's
    /// constants, and named colours in the canvas's appearance.
    var rootScope: ExpressionScope {
        var scope = ExpressionScope().adding("t", slot: 0).adding(constants: environment.expressionConstants)
            .with(colorScheme: environment.colorScheme, systemColors: environment.systemColors)
        for name in stateOrder {
            if let s = stateByName[name] { scope = scope.adding(name, slot: s.slot) }
        }
        return scope
    }

    // MARK: - Objects

    /// Reads an object whose keys must all be in `allowed`; unknown keys are reported with the
    /// closest allowed key. Returns nil (after reporting) when the value is not an object.
    func object(_ value: JSONValue, _ path: String, allowed: [String], what: String = "an object") -> Fields? {
        guard let members = value.objectMembers else {
            error(path, value.position, "expected \(what), got \(value.brief)")
            return nil
        }
        for m in members where !allowed.contains(m.key) {
            unknownKey(m, path, allowed: allowed)
        }
        return Fields(path: path, position: value.position, members: members)
    }

    func unknownKey(_ m: JSONMember, _ path: String, allowed: [String]) {
        let list = allowed.count <= 12 ? "; allowed keys: " + allowed.joined(separator: ", ") : ""
        error(SpecDecoder.join(path, m.key), m.keyPosition, "unknown key \(UserText.quoted(m.key))\(Suggestion.phrase(for: m.key, in: allowed))\(list)")
    }

    /// Reports a missing required key.
    func missing(_ f: Fields, _ key: String, _ what: String) {
        error(f.path(key), f.position, "missing required key \"\(key)\" (\(what))")
    }

    func array(_ value: JSONValue, _ path: String, what: String = "an array") -> [JSONValue]? {
        guard let a = value.arrayElements else {
            error(path, value.position, "expected \(what), got \(value.brief)")
            return nil
        }
        return a
    }

    // MARK: - Names

    /// Checks that a name can be bound by a spec (identifier syntax, not reserved).
    func checkIdentifier(_ name: String, _ path: String, _ position: SourcePosition) -> Bool {
        let scalars = Array(name.unicodeScalars)
        func isStart(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" }
        func isPart(_ c: Unicode.Scalar) -> Bool { isStart(c) || (c >= "0" && c <= "9") }
        guard let first = scalars.first, isStart(first), scalars.allSatisfy(isPart), scalars.count <= 64 else {
            error(path, position, "\(UserText.quoted(name)) is not a valid name (letters, digits and _, not starting with a digit)")
            return false
        }
        if name == "t" || ExpressionScope.reserved.contains(name) {
            error(path, position, "\(UserText.quoted(name)) is reserved (t, pi, true, false and the function names cannot be variable names)")
            return false
        }
        return true
    }

    /// Resolves a state variable name (as in `value`, `trigger`, `animatable`).
    func stateReference(_ value: JSONValue, _ path: String) -> StateReference? {
        guard let name = value.stringValue else {
            error(path, value.position, "expected a state variable name, got \(value.brief)")
            return nil
        }
        guard let s = stateByName[name] else {
            let known = stateOrder.isEmpty ? "the spec declares no state" : "state variables: " + stateOrder.joined(separator: ", ")
            error(path, value.position, "unknown state variable \(UserText.quoted(name))\(Suggestion.phrase(for: name, in: stateOrder)); \(known)")
            return nil
        }
        return StateReference(name: name, slot: s.slot)
    }

    /// A state name or an array of them. A state array's name stands for every variable of its
    /// elements (their presence and a record's fields): any change to the array.
    func stateReferences(_ value: JSONValue, _ path: String) -> [StateReference] {
        func one(_ v: JSONValue, _ p: String) -> [StateReference] {
            if let name = v.stringValue, let a = arrayStates[name] {
                return (a.presenceSlots + a.fieldSlots.flatMap { $0 } + a.rankSlots).map { StateReference(name: name, slot: $0) }
            }
            return stateReference(v, p).map { [$0] } ?? []
        }
        if let a = value.arrayElements {
            return a.enumerated().flatMap { one($0.element, SpecDecoder.index(path, $0.offset)) }
        }
        return one(value, path)
    }

    /// Reads optional `about` text.
    func about(_ f: Fields) -> String? {
        guard let v = f["about"] else { return nil }
        guard let s = v.stringValue else {
            error(f.path("about"), v.position, "expected a string, got \(v.brief)")
            return nil
        }
        return s
    }

    func string(_ f: Fields, _ key: String, required: Bool = false, what: String = "a string") -> String? {
        guard let v = f[key] else {
            if required { missing(f, key, what) }
            return nil
        }
        guard let s = v.stringValue else {
            error(f.path(key), v.position, "expected \(what), got \(v.brief)")
            return nil
        }
        return s
    }

    func bool(_ f: Fields, _ key: String, default def: Bool) -> Bool {
        guard let v = f[key] else { return def }
        guard let b = v.boolValue else {
            error(f.path(key), v.position, "expected true or false, got \(v.brief)")
            return def
        }
        return b
    }

    /// An enumerated string value.
    func choice<E: RawRepresentable & CaseIterable>(_ f: Fields, _ key: String, default def: E) -> E where E.RawValue == String {
        guard let v = f[key] else { return def }
        return choice(v, f.path(key), default: def)
    }

    func choice<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _ path: String, default def: E) -> E where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        guard let s = v.stringValue else {
            error(path, v.position, "expected one of \(names.joined(separator: ", ")), got \(v.brief)")
            return def
        }
        guard let e = E(rawValue: s) else {
            error(path, v.position, "unknown value \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: names)); expected one of \(names.joined(separator: ", "))")
            return def
        }
        return e
    }
}
