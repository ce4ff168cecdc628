// @State properties of a `CGSize`, `CGPoint` or `CGRect` (`@State var dragOffset: CGSize = .zero`): one spec
// state variable per member (`dragOffset_width`, `dragOffset_height`), read as the struct of those
// variables (`dragOffset.height` → `"=dragOffset_height"`), and assigned member by member:
// `dragOffset = value.translation` in a drag handler sets both from the drag's values,
// `dragOffset = .zero` both to 0, each change animated as the assignment is. A CGRect's variables are
// its origin and size (`box_x`, `box_y`, `box_width`, `box_height`); `box.midX`, `box.size` and the
// other geometry are read from them as from any rectangle.

/// A CGSize, CGPoint or CGRect @State: its type and the spec state variable of each member.
struct StructState {
    var type: String
    var members: [(name: String, spec: String)]
}

extension Compiler {
    static let structStateMembers: [String: [String]] = ["CGSize": ["width", "height"], "CGPoint": ["x", "y"],
                                                                   "CGRect": ["x", "y", "width", "height"]]

    /// Declares `p` as a struct state when its type (or its initial value) is a CGSize, CGPoint or CGRect
    /// with members known at compile time; false for any other property.
    func declareStructState(_ inst: Instance, _ p: TypeDecl.Property, _ v: Value, _ at: SwiftPosition) throws -> Bool {
        var type = p.type?.replacingOccurrences(of: " ", with: "")
        var initial: [String: Double] = [:]
        switch v {
        case .record(let t, let fields) where Self.structStateMembers[t] != nil:
            type = t
            for (k, f) in fields {
                guard case .number(let e, _) = f, let c = e.constant else { return false }
                initial[k] = c
            }
        case .member("zero", _): break
        default: return false
        }
        guard let t = type, let names = Self.structStateMembers[t] else { return false }
        var members: [(name: String, spec: String)] = []
        for m in names {
            let spec = freshName("\(p.name)_\(m)")
            states.append(StateDecl(name: spec, initial: initial[m] ?? 0, isBool: false, position: at))
            members.append((m, spec))
        }
        inst.structStates[p.name] = StructState(type: t, members: members)
        return true
    }

    /// The struct as its members' state variables (their values while events run).
    func structStateValue(_ st: StructState) -> Value {
        .record(st.type, st.members.map { m in
            if let values = stateValues, let v = values[m.spec] { return (m.name, .number(.num(v), isInt: false)) }
            return (m.name, .number(.name(m.spec), isInt: false))
        })
    }

    /// `state = value` member by member: a CGSize, CGPoint, CGRect or `.zero`.
    func setStructState(_ st: StructState, _ value: Value, _ at: SwiftPosition) throws {
        for m in st.members {
            let v: Value
            switch value {
            case .member("zero", _): v = .number(.num(0), isInt: false)
            case .record(_, let fields):
                guard let f = fields.first(where: { $0.0 == m.name })?.1 else {
                    throw Unsupported(position: at, construct: "assignment", message: "assigning \(value.kindName) to a \(st.type) @State is not modelled")
                }
                v = f
            default:
                throw Unsupported(position: at, construct: "assignment", message: "assigning \(value.kindName) to a \(st.type) @State is not modelled")
            }
            try setState(m.spec, v, at)
        }
    }
}
