import Testing
import AnimoTestSupport
@testable import AnimoSpec

/// Events at load: periodic firings, values computed from the logical state, several changes in
/// one event, state arrays, `clockStart`, and the errors of each (docs/spec.md "Events").
struct EventTests {
    func load(state: String, events: String, content: String = #"[{"circle": {}}]"#, canvas: String = "", duration: Double = 3) throws -> Spec {
        try Spec.load(json: """
        {"canvas": {"width": 100, "height": 100\(canvas)}, "duration": \(duration), "state": \(state),
         "events": \(events), "content": \(content)}
        """)
    }

    func errors(state: String, events: String, content: String = #"[{"circle": {}}]"#, duration: Double = 3) -> [SpecError] {
        TestSupport.errors("""
        {"canvas": {"width": 100, "height": 100}, "duration": \(duration), "state": \(state),
         "events": \(events), "content": \(content)}
        """)
    }

    func value(_ e: SpecEvent, _ name: String) -> Double? { e.set.first { $0.name == name }?.value }

    @Test func aTimerFiresFromFromEveryIntervalBeforeUntil() throws {
        let s = try load(state: #"{"count": 0}"#, events: #"[{"every": 0.5, "from": 0.25, "until": 1.75, "set": {"count": "=count + 1"}}]"#)
        #expect(s.events.map(\.at) == [0.25, 0.75, 1.25])
        #expect(s.events.map { value($0, "count") } == [1, 2, 3])
        #expect(s.events.map(\.firing) == [0, 1, 2])
        #expect(s.events.allSatisfy { $0.path == "events[0]" })
    }

    @Test func untilDefaultsToTheDuration() throws {
        let s = try load(state: #"{"count": 0}"#, events: #"[{"every": 1, "set": {"count": "=count + 2"}}]"#, duration: 3)
        // 0, 1, 2: a firing at 3 would not be before `until` = 3.
        #expect(s.events.map(\.at) == [0, 1, 2])
        #expect(s.events.map { value($0, "count") } == [2, 4, 6])
    }

    @Test func aToggleFlipsAtEachFiring() throws {
        let s = try load(state: #"{"on": false}"#, events: #"[{"every": 0.5, "until": 2, "set": {"on": "=!on"}, "animation": "smooth"}]"#)
        #expect(s.events.map { value($0, "on") } == [1, 0, 1, 0])
        #expect(s.events.allSatisfy { $0.animation != nil })
    }

    @Test func valuesReadTheLogicalStateLeftByEarlierEventsOfAnyKind() throws {
        // The one-off at 1.0 sets count to 10 between firings; the timer then continues from 10.
        // A timer and a one-off at the same instant apply in the order written.
        let s = try load(state: #"{"count": 0, "big": false}"#, events: """
        [{"every": 0.5, "until": 2, "set": {"count": "=count + 1", "big": "=count > 10"}},
         {"at": 1, "set": {"count": 10}}]
        """)
        // Listed in the written order (the timer's firings, then the one-off), played in time order.
        #expect(s.events.map(\.at) == [0, 0.5, 1, 1.5, 1])
        #expect(s.events.map { value($0, "count") } == [1, 2, 3, 11, 10])
        // Members in order: `big` reads the count just set.
        #expect(s.events.map { value($0, "big") } == [0, 0, 0, 1, nil])
    }

    @Test func firingNumberAndClockAreNamesOfTheValues() throws {
        let s = try load(state: #"{"a": 0, "b": 0}"#, events: #"[{"every": 0.5, "until": 1.5, "set": {"a": "=n * 10", "b": "=t"}}]"#,
                         canvas: #", "clockStart": 5"#)
        #expect(s.events.map { value($0, "a") } == [0, 10, 20])
        #expect(s.events.map { value($0, "b") } == [5, 5.5, 6])
        #expect(s.canvas.clockStart == 5)
        #expect(s.clock(at: 0.25) == 5.25)
    }

    @Test func randomValuesDifferPerFiringAndRepeatAcrossLoads() throws {
        let json = (state: #"{"x": 0}"#, events: #"[{"every": 0.5, "set": {"x": "=random(n, 1)"}}]"#)
        let a = try load(state: json.state, events: json.events).events.compactMap { value($0, "x") }
        let b = try load(state: json.state, events: json.events).events.compactMap { value($0, "x") }
        #expect(a == b)
        #expect(Set(a).count == a.count && a.count == 6)
    }

    @Test func changesAreTransactionsInOrderAtOneInstant() throws {
        let s = try load(state: #"{"x": 1}"#, events: """
        [{"at": 0.5, "changes": [{"set": {"x": 0}}, {"set": {"x": "=x + 1"}, "animation": {"linear": {"duration": 1}}}]}]
        """)
        #expect(s.events.count == 2)
        #expect(s.events.map(\.at) == [0.5, 0.5])
        #expect(s.events.map { value($0, "x") } == [0, 1])
        #expect(s.events[0].animation == nil && s.events[1].animation != nil)
        #expect(s.events.map(\.path) == ["events[0].changes[0]", "events[0].changes[1]"])
    }

    @Test func stateArraysGiveEachElementAnIdAndAPresenceVariable() throws {
        let s = try load(state: #"{"stars": {"points": [[1, 2]]}}"#, events: """
        [{"every": 1, "set": {"stars": {"append": ["=10 * (n + 1)", 5]}}},
         {"at": 1.5, "set": {"stars": {"removeFirst": 2}}}]
        """)
        let a = try #require(s.stateArrays.first)
        #expect(a.name == "stars" && a.element == .points)
        #expect(a.values == [[1, 2], [10, 5], [20, 5], [30, 5]])
        #expect(a.presenceSlots.count == 4)
        let present = a.presenceSlots.map { slot in s.state.first { $0.slot == slot }!.initial }
        #expect(present == [1, 0, 0, 0])
        // Appends at 0, 1, 2 set ids 1, 2, 3 present; the removal at 1.5 clears ids 0 and 1.
        let removal = try #require(s.events.first { $0.at == 1.5 })
        #expect(removal.set.map(\.slot) == [a.presenceSlots[0], a.presenceSlots[1]])
        #expect(removal.set.allSatisfy { $0.value == 0 })
        #expect(s.events.filter { $0.at == 2 }.first?.set.map(\.slot) == [a.presenceSlots[3]])
    }

    @Test func aForEachIsOneInstancePerIdWithAPresenceCondition() throws {
        let s = try load(state: #"{"stars": {"numbers": []}}"#, events: #"[{"every": 1, "set": {"stars": {"append": "=n"}}}]"#, content: """
        [{"forEach": {"in": "stars", "as": "star", "id": "k", "transition": "scale",
                      "content": [{"circle": {"center": ["=star * 10", "=k"], "radius": 2}}]}}]
        """)
        guard case .repeat(let r) = s.content[0].kind else { Issue.record("not a repeat"); return }
        #expect(r.count == 3)
        #expect(r.presence?.count == 3)
        #expect(s.content[0].kindName == "forEach")
        let slots = s.stateArrays[0].presenceSlots
        #expect(r.presence?.map(\.slots) == slots.map { [$0] })
    }

    @Test(arguments: [
        (#"{"on": false}"#, #"[{"every": 0, "set": {"on": true}}]"#, "events[0].every", "expected a number > 0"),
        (#"{"on": false}"#, #"[{"every": -1, "set": {"on": true}}]"#, "events[0].every", "expected a number > 0"),
        (#"{"on": false}"#, #"[{"every": 0.00001, "set": {"on": true}}]"#, "events[0].every", "the limit is 100000"),
        (#"{"on": false}"#, #"[{"every": 1, "at": 1, "set": {"on": true}}]"#, "events[0].at", "not both"),
        (#"{"on": false}"#, #"[{"at": 1, "until": 2, "set": {"on": true}}]"#, "events[0].until", "periodic"),
        (#"{"on": false}"#, #"[{"at": 1, "set": {"on": true}, "changes": [{"set": {"on": false}}]}]"#, "events[0].set", "not both"),
        (#"{"on": false}"#, #"[{"at": 1, "changes": []}]"#, "events[0].changes", "at least one"),
        (#"{"on": false}"#, #"[{"at": 1, "changes": [{"set": {"onn": true}}]}]"#, "events[0].changes[0].set.onn", "did you mean \"on\""),
        (#"{"on": false}"#, #"[{"at": 1, "set": {"on": "=off"}}]"#, "events[0].set.on", "unknown name"),
        (#"{"x": 0}"#, #"[{"at": 1, "set": {"x": "=1 / x"}}]"#, "events[0].set.x", "expected a finite number"),
        (#"{"x": 0}"#, #"[{"every": 1, "set": {"x": "=x == 1 ? 1 / (x - 1) : 1"}}]"#, "events[0].set.x", "firing 1"),
        (#"{"x": 0}"#, #"[{"at": 1, "set": {"x": "big"}}]"#, "events[0].set.x", "expression"),
        (#"{"s": {"points": []}}"#, #"[{"at": 1, "set": {"s": 3}}]"#, "events[0].set.s", "is an array of points"),
        (#"{"s": {"points": []}}"#, #"[{"at": 1, "set": {"s": {"append": 3}}}]"#, "events[0].set.s.append", "a point [x, y]"),
        (#"{"s": {"points": []}}"#, #"[{"at": 1, "set": {"s": {"insert": 3}}}]"#, "events[0].set.s.insert", "\"element\""),
        (#"{"s": {"numbers": []}}"#, #"[{"at": 1, "set": {"s": {"removeFirst": 0}}}]"#, "events[0].set.s.removeFirst", "whole number"),
        (#"{"s": []}"#, "[]", "state.s", "empty array"),
        (#"{"s": {"numbers": [1, "=2"]}}"#, "[]", "state.s.numbers[1]", "literals"),
        (#"{"s": {"colours": []}}"#, "[]", "state.s.colours", "unknown key"),
    ])
    func badEventsAreErrorsAtTheirPath(state: String, events: String, path: String, mention: String) {
        let errs = errors(state: state, events: events)
        #expect(errs.contains { $0.path == path && $0.message.contains(mention) }, "\(errs.map { "\($0.path): \($0.message)" })")
    }

    @Test func aValueThatIsNotFiniteIsReportedOnceAtItsFirstFiring() {
        // x is 1 from the first firing on, so every later firing divides by zero.
        let errs = errors(state: #"{"x": 0}"#, events: #"[{"every": 0.5, "set": {"x": "=x == 1 ? 1 / (x - 1) : 1"}}]"#)
        let found = errs.filter { $0.path == "events[0].set.x" }
        #expect(found.count == 1)
        #expect(found.first?.message.contains("evaluates to inf at its firing 1 (0.5 s)") == true, "\(found)")
    }

    @Test func aForEachOverSomethingElseIsAnError() {
        let errs = errors(state: #"{"stars": {"points": []}, "on": false}"#, events: "[]", content: """
        [{"forEach": {"in": "starz", "as": "s", "content": [{"circle": {}}]}},
         {"forEach": {"in": "on", "as": "s", "content": [{"circle": {}}]}},
         {"forEach": {"in": "stars", "content": [{"circle": {}}]}}]
        """)
        #expect(errs.contains { $0.path == "content[0].forEach.in" && $0.message.contains("did you mean \"stars\"") })
        #expect(errs.contains { $0.path == "content[1].forEach.in" && $0.message.contains("not a state array") })
        #expect(errs.contains { $0.path == "content[2].forEach.as" && $0.message.contains("missing required key \"as\"") }, "\(errs)")
    }

    @Test func aStateTableTooLargeIsAnError() {
        // 3,000 appends make 3,000 transactions × 3,000 element variables: 9·10⁶ > 5·10⁶.
        let errs = errors(state: #"{"s": {"numbers": []}}"#, events: #"[{"every": 0.001, "set": {"s": {"append": 1}}}]"#)
        #expect(errs.contains { $0.path == "events" && $0.message.contains("the limit is 5000000") }, "\(errs)")
    }

    @Test func tooManyChangesInAllIsAnError() {
        let errs = errors(state: #"{"x": 0}"#, events: """
        [{"every": 0.0001, "set": {"x": 1}}, {"every": 0.0001, "set": {"x": 2}}, {"every": 0.0001, "set": {"x": 3}}]
        """, duration: 4)
        #expect(errs.contains { $0.path == "events" && $0.message.contains("the limit is 100000") }, "\(errs)")
    }
}
