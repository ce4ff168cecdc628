// Async button actions: a custom view takes its action as a closure (`() async throws -> Void`),
// its Button calls a method that starts a Task, awaits the closure (which sleeps, and may throw)
// inside do/catch, and an `.onChange` of the state reacts with delayed work. The handler compiles
// to changes with `after` and `when`, and a tap plays them at the right instants.
import Foundation
import Testing
import AnimoSpec
import AnimoScene
import AnimoSwiftSource

private let asyncButton = """
import SwiftUI
enum Phase { case idle, busy, done, failed }
struct AsyncButton: View {
    let title: String
    let action: () async throws -> Void
    @State private var phase: Phase = .idle
    @State private var ring = false
    var body: some View {
        Button(action: start) {
            ZStack {
                Capsule().fill(phase == .failed ? Color.red : Color.blue)
                if phase == .busy && ring {
                    ProgressView()
                } else if phase == .idle {
                    Text(title)
                }
            }
            .frame(width: 120, height: 40)
        }
        .onChange(of: phase) { newPhase in
            if newPhase == .busy {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {
                    withAnimation(.easeIn(duration: 0.2)) { ring = true }
                }
            } else if newPhase == .failed {
                ring = false
                DispatchQueue.main.asyncAfter(deadline: .now() + 1) { phase = .idle }
            }
        }
    }
    private func start() {
        Task {
            withAnimation(.spring()) { phase = .busy }
            do {
                try await action()
                phase = .done
            } catch {
                withAnimation { phase = .failed }
            }
        }
    }
}
struct AsyncButton_Previews: PreviewProvider {
    static var previews: some View {
        VStack(spacing: 8) {
            AsyncButton(title: "Save") {
                try? await Task.sleep(nanoseconds: 500_000_000)
            }
            AsyncButton(title: "Fail") {
                try await Task.sleep(for: .seconds(0.75))
                throw NSError(domain: "x", code: 1)
            }
        }
        .frame(width: 160, height: 100)
    }
}
"""

/// Every `button` handler in the document, as sorted-key JSON text.
private func buttons(_ i: SwiftImport) throws -> [String] {
    var out: [String] = []
    func walk(_ v: Any) throws {
        if let d = v as? [String: Any] {
            if let h = d["button"] { out.append(String(decoding: try JSONSerialization.data(withJSONObject: h, options: [.sortedKeys]), as: UTF8.self)) }
            for (_, x) in d { try walk(x) }
        } else if let a = v as? [Any] {
            for x in a { try walk(x) }
        }
    }
    try walk(try document(i)["content"] as Any)
    return out
}

private func sorted(_ json: String) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: try parseJSON(json), options: [.sortedKeys]), as: UTF8.self)
}

@Test func anAsyncClosureActionBecomesDelayedChanges() throws {
    let i = try compile(asyncButton)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    let b = try buttons(i)
    #expect(b.count == 2)
    // Save: busy at once (its onChange turns the ring on 0.25 s later), done after the 0.5 s sleep.
    #expect(b[0] == (try sorted(#"""
        [{"set": {"phase_changed": "=phase != 1", "phase": 1}, "animation": {"spring": {}}},
         {"set": {"ring": true}, "animation": {"easeIn": {"duration": 0.2}}, "after": 0.25, "when": "=phase_changed"},
         {"set": {"phase_changed_2": "=phase != 2", "phase": 2}, "after": 0.5}]
        """#)), "\(b[0])")
    // Fail: the throw skips `phase = .done` and runs the catch; its onChange resets 1 s later.
    #expect(b[1] == (try sorted(#"""
        [{"set": {"phase_2_changed": "=phase_2 != 1", "phase_2": 1}, "animation": {"spring": {}}},
         {"set": {"ring_2": true}, "animation": {"easeIn": {"duration": 0.2}}, "after": 0.25, "when": "=phase_2_changed"},
         {"set": {"phase_2_changed_2": "=phase_2 != 3", "phase_2": 3}, "animation": {"default": {}}, "after": 0.75},
         {"set": {"ring_2": false}, "after": 0.75, "when": "=phase_2_changed_2"},
         {"set": {"phase_2_changed_3": "=phase_2 != 0", "phase_2": 0}, "after": 1.75, "when": "=phase_2_changed_2"}]
        """#)), "\(b[1])")
}

@Test func aTapPlaysTheTaskAtItsInstants() throws {
    let i = try compile(asyncButton)
    var spec = try i.load()
    spec.duration = 4
    spec.interactions = [SpecInteraction(at: 0.2, kind: .tap(target: .name("Fail"), hold: 0.1), path: "--tap 0.2@Fail")]
    let scene = try ResolvedScene(spec: spec)
    let changes = scene.spec.events.flatMap { e in
        e.set.filter { !$0.name.contains("changed") }.map { "\($0.name)=\(formatNumber($0.value))@\(formatNumber((e.at * 1000).rounded() / 1000))" }
    }
    #expect(changes == ["phase_2=1@0.3", "ring_2=1@0.55", "phase_2=3@1.05", "ring_2=0@1.05", "phase_2=0@2.05"], "\(changes)")
}

@Test func onChangeRunsOnlyWhenTheTapChangesTheValue() throws {
    // A second tap sets the mode it already has: SwiftUI's onChange does not run, and neither
    // does the compiled one.
    let i = try compile("""
    import SwiftUI
    struct Modes: View {
        @State private var mode = 0
        @State private var count = 0
        var body: some View {
            Button("Go") { mode = 1 }
                .onChange(of: mode) { count += 1 }
        }
    }
    #Preview { Modes().frame(width: 100, height: 60) }
    """)
    var spec = try i.load()
    spec.duration = 2
    spec.interactions = [SpecInteraction(at: 0.2, kind: .tap(target: .name("Go"), hold: 0.1), path: "--tap 0.2"),
                         SpecInteraction(at: 1.0, kind: .tap(target: .name("Go"), hold: 0.1), path: "--tap 1.0")]
    let scene = try ResolvedScene(spec: spec)
    let counts = scene.spec.events.flatMap { e in e.set.filter { $0.name == "count" }.map { "\(formatNumber($0.value))@\(formatNumber((e.at * 1000).rounded() / 1000))" } }
    #expect(counts == ["1@0.3"], "\(counts)")
}

@Test func aTimerInAHandlerIsStillReported() throws {
    let i = try compile("""
    import SwiftUI
    struct T: View {
        @State private var n = 0
        var body: some View {
            Button("Go") { Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in n += 1 } }
        }
    }
    #Preview { T().frame(width: 100, height: 60) }
    """)
    #expect(warningPlaces(i) == ["5: Timer.scheduledTimer"], "\(i.warnings)")
}

@Test func anErrorThrownWhileTheViewIsBuiltLeavesThatViewOut() throws {
    let i = try compile("""
    import SwiftUI
    struct E: View {
        func size() throws -> CGFloat { throw NSError(domain: "x", code: 1) }
        var body: some View {
            VStack {
                Circle().frame(width: try! size(), height: 10)
                Rectangle().frame(width: 10, height: 10)
            }
        }
    }
    #Preview { E().frame(width: 40, height: 40) }
    """)
    #expect(warningPlaces(i).contains("3: throw"), "\(i.warnings)")
    #expect(i.json.contains("rectangle"), "\(i.json)")
}
