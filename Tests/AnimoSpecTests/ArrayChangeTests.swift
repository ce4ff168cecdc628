import Testing
import AnimoTestSupport
@testable import AnimoSpec

/// Changing state arrays element by element: updates of numbers, points and colours, insertion at
/// an index, and event values that read arrays (docs/spec.md "State arrays and forEach").
struct ArrayChangeTests {
    func spec(state: String, events: String, content: String = #"[{"circle": {}}]"#) -> String {
        """
        {"canvas": {"width": 100, "height": 100}, "duration": 3, "state": \(state), "events": \(events), "content": \(content)}
        """
    }

    func load(state: String, events: String, content: String = #"[{"circle": {}}]"#) throws -> Spec {
        try Spec.load(json: spec(state: state, events: events, content: content))
    }

    /// The state variable's value after every event, by name.
    func finalValue(_ s: Spec, _ name: String) -> Double? {
        var v = s.state.first { $0.name == name }?.initial
        for e in s.events { for a in e.set where a.name == name { v = a.value } }
        return v
    }

    @Test func anUpdatedArrayOfNumbersHasAVariablePerElement() throws {
        let s = try load(state: #"{"xs": {"numbers": [10, 20, 30]}, "ys": {"numbers": [1, 2]}}"#, events: """
        [{"at": 1, "set": {"xs": {"update": {"index": 1, "set": "=item * 3"}}}}]
        """)
        let xs = s.stateArrays[0], ys = s.stateArrays[1]
        #expect(xs.fieldSlots.count == 3 && xs.fieldSlots.allSatisfy { $0.count == 1 })
        // An array no event updates keeps its elements as constants.
        #expect(ys.fieldSlots.isEmpty)
        #expect(s.state.first { $0.slot == xs.fieldSlots[1][0] }?.name == "xs[id 1].value")
        // The update sets that element's variable only.
        #expect(s.events[0].set.map(\.name) == ["xs[id 1].value"])
        #expect(s.events[0].set.first?.value == 60)
    }

    @Test func pointsAndColoursAreUpdatedWholeByIdIndexOrCondition() throws {
        let s = try load(state: ##"{"ps": {"points": [[1, 2], [3, 4]]}, "cs": {"colors": ["#FF0000", "#0000FF"]}}"##, events: """
        [{"at": 1, "set": {"ps": {"update": {"id": 1, "set": ["=item.x + 10", 0]}}}},
         {"at": 1, "set": {"cs": {"update": {"where": "=item.id == 0", "set": "#00FF00"}}}}]
        """)
        #expect(finalValue(s, "ps[id 1].x") == 13)
        #expect(finalValue(s, "ps[id 1].y") == 0)
        #expect(finalValue(s, "ps[id 0].x") == 1)
        #expect(finalValue(s, "cs[id 0].green") == 1)
        #expect(finalValue(s, "cs[id 0].red") == 0)
        #expect(finalValue(s, "cs[id 1].blue") == 1)
    }

    @Test func insertPlacesTheNewIdInTheArraysOrder() throws {
        // [a b] → insert c at 1 → [a c b] → remove a → [c b] → insert d at 0 → [d c b] → append e.
        let s = try load(state: #"{"xs": {"numbers": [1, 2]}}"#, events: """
        [{"at": 0.5, "set": {"xs": {"insert": {"element": 3, "at": 1}}}},
         {"at": 1, "set": {"xs": {"removeFirst": 1}}},
         {"at": 1.5, "set": {"xs": {"insert": {"element": 4, "at": 0}}}},
         {"at": 2, "set": {"xs": {"append": 5}}}]
        """)
        let xs = s.stateArrays[0]
        #expect(xs.values == [[1], [2], [3], [4], [5]])
        // Every id in the order the array shows them: a (gone) before c, d before c, b, e.
        #expect(xs.order == [0, 3, 2, 1, 4])
        // The insertion sets the new element's presence only, as append does.
        #expect(s.events[0].set.map(\.name) == ["xs[id 2]"])
    }

    @Test func contentReadsElementsInTheArraysOrder() throws {
        let s = try load(state: #"{"xs": {"numbers": [1, 2]}}"#, events: """
        [{"at": 0.5, "set": {"xs": {"insert": {"element": 3, "at": 1}}}}]
        """, content: """
        [{"circle": {"center": ["=xs[1]", 0], "radius": 1}}]
        """)
        guard case .shape(let sh) = s.content[0].kind, case .circle(let center, _)? = sh.shape.frame,
              case .expression(let x) = center.x else { Issue.record("not a circle at an expression"); return }
        let a = s.stateArrays[0]
        var frame = [Double](repeating: 0, count: s.slots.count)
        for v in s.state { frame[v.slot] = v.initial }
        #expect(x.evaluate(frame) == 2)
        frame[a.presenceSlots[2]] = 1
        #expect(x.evaluate(frame) == 3)
    }

    @Test func aForEachDrawsItsInstancesInTheArraysOrder() throws {
        let s = try load(state: #"{"xs": {"numbers": [1, 2]}}"#, events: """
        [{"at": 0.5, "set": {"xs": {"insert": {"element": 3, "at": 0}}}}]
        """, content: """
        [{"forEach": {"in": "xs", "as": "x", "content": [{"circle": {"center": ["=x", 0], "radius": 1}}]}}]
        """)
        guard case .repeat(let r) = s.content[0].kind else { Issue.record("not a forEach"); return }
        #expect(r.values == [2, 0, 1])
        #expect(r.presence?.map(\.slots) == [[s.stateArrays[0].presenceSlots[2]], [s.stateArrays[0].presenceSlots[0]], [s.stateArrays[0].presenceSlots[1]]])
    }

    @Test func eventValuesReadArraysAsTheyAreWhenTheEventFires() throws {
        let s = try load(state: #"{"total": 0, "xs": {"numbers": [5, 7]}, "stars": {"records": {"x": 0, "p": [0, 0]}, "initial": [{"x": 2, "p": [1, 9]}]}}"#, events: """
        [{"at": 0.5, "set": {"xs": {"append": "=xs[0] + xs[1]"}}},
         {"at": 1, "set": {"total": "=count(xs) * 100 + xs[2]"}},
         {"at": 1.5, "set": {"xs": {"insert": {"element": "=stars[0].p.y + stars[0].id", "at": "=count(xs) - 1"}}}},
         {"at": 2, "set": {"stars": {"update": {"index": 0, "set": {"x": "=xs[2] + xs[count(xs) - 1]"}}}}},
         {"every": 0.5, "from": 2.5, "until": 3, "set": {"total": "=xs[n]"}}]
        """)
        // xs: [5 7] → [5 7 12] → total 312 → [5 7 9 12] → star x 9 + 12.
        #expect(finalValue(s, "xs[id 2]") == 1)
        #expect(s.stateArrays[0].values[2] == [12])
        #expect(s.events[1].set.first?.value == 312)
        #expect(s.stateArrays[0].values[3] == [9])
        #expect(s.stateArrays[0].order == [0, 1, 3, 2])
        #expect(finalValue(s, "stars[id 0].x") == 21)
        #expect(s.events.last?.set.first?.value == 5)
    }

    @Test(arguments: [
        (#"[{"at": 1, "set": {"xs": {"insert": {"element": 1, "at": 4}}}}]"#, "events[0].set.xs", "insert at index 4 at 1 s is outside 0…2"),
        (#"[{"at": 1, "set": {"xs": {"insert": {"element": 1, "at": 0.5}}}}]"#, "events[0].set.xs", "outside 0…2"),
        (#"[{"at": 1, "set": {"xs": {"insert": {"element": [1, 2], "at": 0}}}}]"#, "events[0].set.xs.insert.element", "expected a number"),
        (#"[{"at": 1, "set": {"xs": {"insert": {"element": 1}}}}]"#, "events[0].set.xs.insert.at", "missing required key"),
        (#"[{"at": 1, "set": {"xs": {"update": {"index": 2, "set": 1}}}}]"#, "events[0].set.xs", "index 2 at 1 s is outside"),
        (#"[{"at": 1, "set": {"xs": {"update": {"index": 0, "set": "red"}}}}]"#, "events[0].set.xs.update.set", "expected a number"),
        (#"[{"at": 1, "set": {"xs": {"update": {"index": 0}}}}]"#, "events[0].set.xs.update.set", "the new element"),
        (#"[{"at": 1, "set": {"n": {"insert": {"element": 1, "at": 0}}}}]"#, "events[0].set.n", "a number"),
        (#"[{"at": 1, "set": {"n": "=xs[2]"}}]"#, "events[0].set.n", "outside"),
        (#"[{"at": 1, "set": {"n": "=xs"}}]"#, "events[0].set.n", "is a state array"),
    ])
    func badChangesAreErrorsAtTheirPath(events: String, path: String, mention: String) {
        let errs = TestSupport.errors(spec(state: #"{"n": 0, "xs": {"numbers": [1, 2]}}"#, events: events))
        #expect(errs.contains { $0.path == path && $0.message.contains(mention) }, "\(errs.map { "\($0.path): \($0.message)" })")
    }
}
