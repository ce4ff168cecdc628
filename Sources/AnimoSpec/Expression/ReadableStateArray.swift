// A state array as the values events set read it: `xs[i]`, `stars[i].opacity`, `count(xs)` in an
// event's `set` are evaluated once, at load, when the event fires (SpecDecoder+Events.swift), over
// the array as the earlier events left it. Elements are created while the events play, so the
// expression cannot name their slots when it is parsed: the player lists the array's elements
// past the slots before each value is evaluated, and the header slot says where the list starts:
//
//   frame[header] = base;  frame[base] = count;  frame[base + 1 + k·stride] = id of the k-th
//   element (in the array's order), followed by its numbers (stride = 1 + numbers per element).

/// A state array readable by event values, through its header slot.
public struct ReadableStateArray: Sendable {
    public var name: String
    public var element: StateArrayElement
    public var fields: [StateArrayField]
    public var headerSlot: Int

    public init(name: String, element: StateArrayElement, fields: [StateArrayField], headerSlot: Int) {
        self.name = name
        self.element = element
        self.fields = fields
        self.headerSlot = headerSlot
    }

    /// Numbers listed per element: its id, then its numbers.
    var stride: Int { 1 + StateArray.width(element, fields) }
}
