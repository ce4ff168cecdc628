// A state array (`"stars": {"points": []}`): SwiftUI's `@State var stars: [Star]` shown by a
// `ForEach(stars)`. Events append and remove elements; every element gets an id when it is
// added (0, 1, 2, … in the order elements are created, never reused), keeps it while it is in the
// array, and has a boolean state variable of its own that is 1 while it is there. A `forEach`
// over the array is one instance per id, present while that variable is 1, so inserting or
// removing one element animates only that element (docs/spec.md "forEach").
//
// An array of records (`{"records": {"x": 0, "opacity": 1, "color": "white"}, "initial": []}`)
// is an array of structs: each element's fields are state variables of their own (a point two, a
// colour four: linear red, green, blue and opacity), so an event that changes one element's field
// animates that element only, with the event's animation, as any state change does. An array of
// numbers, points or colours that an event updates element by element (`xs[i] = v`) has the same
// per-element variables: one field, the element itself.
//
// Inserting (`xs.insert(v, at: i)`) gives the new element the next id, like append, and a place
// among the others: `order` lists every id ever created in the order the array shows them. Two
// elements in the array together keep their relative order while both are there (inserting and
// removing never swap two), so one list orders every moment's elements: a new one goes right
// before the element at its index then, or last.
//
// Moving (`{"move": {"from": i, "to": j}}`: `let e = xs.remove(at: i); xs.insert(e, at: j)`,
// `move(fromOffsets:toOffset:)`, `swapAt`) keeps the element and its id but changes the order of
// two elements that stay in the array, so no single list orders every moment. An array some
// event or handler moves, or whose `forEach` content reads `element.index`, gives each element
// one more state variable, its index in the array (`rankSlots`), that every operation keeps up
// to date; a `forEach` over it lays its instances out in the order of those indices at each
// instant (`order` then only numbers the instances).

/// What the elements of a state array are.
public enum StateArrayElement: String, Sendable, Equatable, CaseIterable {
    case numbers
    case points
    case colors
    case records
}

/// A field of a record: a number, a point or a colour.
public struct StateArrayField: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case number, point, color

        /// Numbers per value: 1, 2 (x, y) or 4 (linear red, green, blue, opacity).
        public var width: Int {
            switch self {
            case .number: return 1
            case .point: return 2
            case .color: return 4
            }
        }
    }

    public var name: String
    public var kind: Kind
    /// Where its numbers start in an element's values.
    public var offset: Int
    /// Its value when an element does not give one.
    public var defaultValue: [Double]

    public init(name: String, kind: Kind, offset: Int, defaultValue: [Double]) {
        self.name = name
        self.kind = kind
        self.offset = offset
        self.defaultValue = defaultValue
    }
}

/// A state array with every element it ever holds, by id.
public struct StateArray: Sendable {
    public var name: String
    public var element: StateArrayElement
    /// The fields of a record, in their declared order (empty for other arrays).
    public var fields: [StateArrayField]
    /// values[id]: the element's numbers as it was created: a number, x and y, a colour's linear
    /// channels, or a record's fields one after another.
    public var values: [[Double]]
    /// presenceSlots[id]: the slot of the boolean state variable that is 1 while element `id` is
    /// in the array.
    public var presenceSlots: [Int]
    /// fieldSlots[id]: the slots of the state variables holding its numbers (in the order of
    /// `values[id]`), for a record, or an element an event updates; empty for arrays whose
    /// elements never change.
    public var fieldSlots: [[Int]]
    /// Every id, in the order the array shows its elements (ids in creation order when nothing is
    /// inserted).
    public var order: [Int]
    /// rankSlots[id]: the slot of the number state variable holding element `id`'s index in the
    /// array while it is there (its last index after it leaves), for an array that some event or
    /// handler moves or whose `forEach` content reads its element's index; empty otherwise.
    public var rankSlots: [Int] = []
    /// The JSON path of its declaration (`state.stars`).
    public var path: String

    public init(name: String, element: StateArrayElement, fields: [StateArrayField] = [], values: [[Double]], presenceSlots: [Int], fieldSlots: [[Int]] = [], order: [Int]? = nil, path: String) {
        self.name = name
        self.element = element
        self.fields = fields
        self.values = values
        self.presenceSlots = presenceSlots
        self.fieldSlots = fieldSlots
        self.order = order ?? Array(values.indices)
        self.path = path
    }

    /// Whether elements change places (`move`): their order is read from `rankSlots`.
    public var isReordered: Bool { !rankSlots.isEmpty }

    /// Whether its elements' numbers are state variables (`fieldSlots`), read per frame.
    public var hasElementVariables: Bool { !fieldSlots.isEmpty }

    /// The number of elements it ever holds (the largest id + 1).
    public var idCount: Int { values.count }

    /// Numbers per element.
    public var width: Int { StateArray.width(element, fields) }

    static func width(_ element: StateArrayElement, _ fields: [StateArrayField]) -> Int {
        switch element {
        case .numbers: return 1
        case .points: return 2
        case .colors: return 4
        case .records: return fields.reduce(0) { $0 + $1.kind.width }
        }
    }
}
