// A state array (`"stars": {"points": []}`): SwiftUI's `@State var stars: [Star]` shown by a
// `ForEach(stars)`. Events append and remove elements; every element gets an id when it is
// added (0, 1, 2, … in the order elements are created, never reused), keeps it while it is in the
// array, and has a boolean state variable of its own that is 1 while it is there. A `forEach`
// over the array is one instance per id, present while that variable is 1, so inserting or
// removing one element animates only that element (docs/spec.md "forEach").

/// What the elements of a state array are.
public enum StateArrayElement: String, Sendable, Equatable, CaseIterable {
    case numbers
    case points

    /// Numbers per element.
    public var width: Int { self == .points ? 2 : 1 }
}

/// A state array with every element it ever holds, by id.
public struct StateArray: Sendable {
    public var name: String
    public var element: StateArrayElement
    /// values[id]: the element's number, or its x and y.
    public var values: [[Double]]
    /// presenceSlots[id]: the slot of the boolean state variable that is 1 while element `id` is
    /// in the array.
    public var presenceSlots: [Int]
    /// The JSON path of its declaration (`state.stars`).
    public var path: String

    public init(name: String, element: StateArrayElement, values: [[Double]], presenceSlots: [Int], path: String) {
        self.name = name
        self.element = element
        self.values = values
        self.presenceSlots = presenceSlots
        self.path = path
    }

    /// The number of elements it ever holds (the largest id + 1).
    public var idCount: Int { values.count }
}
