import Testing
import AnimoTestSupport
@testable import AnimoSpec

/// State arrays of colours and of records: fields as state variables per element, updates by id,
/// index or condition, removal by condition, and reading arrays in expressions (docs/spec.md
/// "State arrays and forEach").
struct RecordArrayTests {
    func load(state: String, events: String, content: String = #"[{"circle": {}}]"#) throws -> Spec {
        try Spec.load(json: """
        {"canvas": {"width": 100, "height": 100}, "duration": 3, "state": \(state), "events": \(events), "content": \(content)}
        """)
    }

    func errors(state: String, events: String, content: String = #"[{"circle": {}}]"#) -> [SpecError] {
        TestSupport.errors("""
        {"canvas": {"width": 100, "height": 100}, "duration": 3, "state": \(state), "events": \(events), "content": \(content)}
        """)
    }

    static let stars = #"{"stars": {"records": {"x": 0, "p": [1, 2], "opacity": 1, "color": "white"}, "initial": [{"x": 5}]}}"#

    /// The state variable's value after every event, by name.
    func finalValue(_ s: Spec, _ name: String) -> Double? {
        var v = s.state.first { $0.name == name }?.initial
        for e in s.events { for a in e.set where a.name == name { v = a.value } }
        return v
    }

    @Test func recordFieldsAreStateVariablesPerElementStartingAtTheirValues() throws {
        let s = try load(state: Self.stars, events: """
        [{"at": 1, "set": {"stars": {"append": {"x": "=10 + 20", "color": "#FF0000"}}}}]
        """)
        let a = try #require(s.stateArrays.first)
        #expect(a.element == .records && a.fields.map(\.name) == ["x", "p", "opacity", "color"])
        #expect(a.fields.map(\.offset) == [0, 1, 3, 4])
        // x, p.x, p.y, opacity, then white's linear channels and opacity.
        #expect(a.values[0] == [5, 1, 2, 1, 1, 1, 1, 1])
        #expect(a.values[1] == [30, 1, 2, 1, 1, 0, 0, 1])
        #expect(a.fieldSlots.count == 2 && a.fieldSlots[1].count == 8)
        let x1 = try #require(s.state.first { $0.slot == a.fieldSlots[1][0] })
        #expect(x1.name == "stars[id 1].x" && x1.initial == 30)
        // The append sets only the presence: the fields start at their values, not animating.
        #expect(s.events[0].set.map(\.name) == ["stars[id 1]"])
    }

    @Test func anAnimationsValueMayNameAStateArrayBesideNamesAndExpressions() throws {
        let s = try load(state: #"{"on": false, "stars": {"records": {"x": 0, "opacity": 1}, "initial": [{"x": 5}]}}"#, events: """
        [{"at": 1, "set": {"stars": {"append": {"x": 2}}}}]
        """, content: """
        [{"circle": {}, "modifiers": [{"animation": {"spring": {}, "value": ["stars", "on", "=count(stars) * 2"]}}]}]
        """)
        guard case .animation(let m) = s.content[0].modifiers[0] else {
            Issue.record("expected an animation modifier"); return
        }
        // Every variable of the array (presence and fields of its two elements), then `on`.
        let arraySlots = try #require(s.stateArrays.first).presenceSlots + s.stateArrays[0].fieldSlots.flatMap { $0 }
        #expect(m.values.map(\.slot) == arraySlots + [try #require(s.state.first { $0.name == "on" }).slot])
        #expect(m.expressions.count == 1)
    }

    @Test func updatesByIdIndexAndConditionChangeOnlyTheSelectedElements() throws {
        let s = try load(state: Self.stars, events: """
        [{"every": 0.5, "until": 1.2, "set": {"stars": {"append": {"x": "=n"}}}},
         {"at": 2, "set": {"stars": {"update": {"id": 2, "set": {"opacity": 0}}}}},
         {"at": 2.1, "set": {"stars": {"update": {"index": 0, "set": {"p": ["=item.x + 1", 7]}}}}},
         {"at": 2.2, "set": {"stars": {"update": {"where": "=s.x >= 1", "as": "s", "set": {"color": "=mix(s.color, black, 0.5)"}}}}},
         {"at": 2.3, "set": {"stars": {"update": {"id": 99, "set": {"x": 1}}}}}]
        """)
        #expect(finalValue(s, "stars[id 2].opacity") == 0)
        #expect(finalValue(s, "stars[id 1].opacity") == 1)
        #expect(finalValue(s, "stars[id 0].p.x") == 6)
        #expect(finalValue(s, "stars[id 0].p.y") == 7)
        #expect(finalValue(s, "stars[id 1].p.x") == 1)
        // x of ids 0…3 is 5, 0, 1, 2: the condition picks ids 0, 2, 3.
        #expect(finalValue(s, "stars[id 0].color.red") == 0.5)
        #expect(finalValue(s, "stars[id 1].color.red") == 1)
        #expect(finalValue(s, "stars[id 3].color.green") == 0.5)
        // An id that is not in the array changes nothing (as `if let i = firstIndex(…)`).
        #expect(s.events.last?.set.isEmpty == true)
    }

    @Test func removeAllWhereRemovesTheElementsTheConditionHolds() throws {
        let s = try load(state: #"{"xs": {"numbers": [1, 2, 3, 4]}, "cs": {"colors": ["red", "blue"]}}"#, events: """
        [{"at": 1, "set": {"xs": {"removeAll": {"where": "=item > 1.5 && item.id != 3"}}}},
         {"at": 1, "set": {"cs": {"removeAll": {"where": "=item.id == 0"}}}}]
        """)
        let xs = s.stateArrays[0], cs = s.stateArrays[1]
        #expect(s.events[0].set.map(\.slot) == [xs.presenceSlots[1], xs.presenceSlots[2]])
        #expect(s.events[1].set.map(\.slot) == [cs.presenceSlots[0]])
    }

    @Test func expressionsReadCountAndElementsOfStateArrays() throws {
        let s = try load(state: Self.stars, events: """
        [{"at": 1, "set": {"stars": {"append": {"x": 40}}}}, {"at": 2, "set": {"stars": {"removeFirst": 1}}}]
        """, content: """
        [{"circle": {"center": ["=count(stars)", "=stars[count(stars) - 1].x"], "radius": "=stars[0].p.y"}}]
        """)
        guard case .shape(let sh) = s.content[0].kind, case .circle(let center, _)? = sh.shape.frame else { Issue.record("not a circle"); return }
        let a = s.stateArrays[0]
        var frame = [Double](repeating: 0, count: s.slots.count)
        for v in s.state { frame[v.slot] = v.initial }
        guard case .expression(let n) = center.x, case .expression(let last) = center.y else { Issue.record("constant"); return }
        #expect(n.evaluate(frame) == 1)
        #expect(last.evaluate(frame) == 5)
        frame[a.presenceSlots[1]] = 1
        #expect(n.evaluate(frame) == 2)
        #expect(last.evaluate(frame) == 40)
        frame[a.presenceSlots[0]] = 0
        #expect(last.evaluate(frame) == 40)
        #expect(n.evaluate(frame) == 1)
    }

    @Test(arguments: [
        (#"{"s": {"records": {"id": 0}}}"#, "[]", "state.s.records.id", "own id"),
        (#"{"s": {"records": {"x": null}}}"#, "[]", "state.s.records.x", "default value"),
        (#"{"s": {"records": {"x": 0}, "initial": [{"y": 1}]}}"#, "[]", "state.s.initial[0].y", "unknown key"),
        (#"{"s": {"records": {"x": 0}}}"#, #"[{"at": 1, "set": {"s": {"append": {"x": "=q"}}}}]"#, "events[0].set.s.append.x", "unknown name"),
        (#"{"s": {"records": {"x": 0}}}"#, #"[{"at": 1, "set": {"s": {"update": {"set": {"x": 1}}}}}]"#, "events[0].set.s.update", "which element"),
        (#"{"s": {"records": {"x": 0}}}"#, #"[{"at": 1, "set": {"s": {"update": {"index": 0, "set": {"x": 1}}}}}]"#, "events[0].set.s", "index 0 at 1 s is outside"),
        (#"{"s": {"records": {"x": 0}}}"#, #"[{"at": 1, "set": {"s": {"update": {"id": 0, "set": {"y": 1}}}}}]"#, "events[0].set.s.update.set.y", "unknown key"),
        (#"{"s": {"records": {"x": 0}}}"#, #"[{"at": 1, "set": {"s": {"removeAll": {"where": 1}}}}]"#, "events[0].set.s.removeAll.where", "condition"),
        (#"{"s": {"numbers": []}}"#, #"[{"at": 1, "set": {"s": {"update": {"id": 0, "set": {}}}}}]"#, "events[0].set.s.update.set", "expected a number"),
        (#"{"s": {"colors": ["red", 3]}}"#, "[]", "state.s.colors[1]", "expected a color"),
    ])
    func badArraysAreErrorsAtTheirPath(state: String, events: String, path: String, mention: String) {
        let errs = errors(state: state, events: events)
        #expect(errs.contains { $0.path == path && $0.message.contains(mention) }, "\(errs.map { "\($0.path): \($0.message)" })")
    }

    @Test(arguments: [
        ("=stars", "is a state array"),
        ("=stars[0]", "is a record: read one of its fields"),
        ("=stars[0].z", "has no field"),
    ])
    func badReadsAreErrors(expression: String, mention: String) {
        let errs = errors(state: Self.stars, events: "[]", content: #"[{"circle": {"center": [0, 0], "radius": "\#(expression)"}}]"#)
        #expect(errs.contains { $0.path == "content[0].circle.radius" && $0.message.contains(mention) }, "\(errs.map { "\($0.path): \($0.message)" })")
    }
}
