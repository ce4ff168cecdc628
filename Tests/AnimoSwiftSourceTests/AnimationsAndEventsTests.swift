// Animations and events: every animation form and modifier, onAppear events at 0, asyncAfter
// at its delay, timers, tasks that sleep, helpers called from handlers, the clock t.
import Testing
import AnimoSwiftSource

private func pulse(_ animation: String) -> String {
    """
    import SwiftUI
    struct P: View {
        @State private var big = false
        var body: some View {
            Circle().scaleEffect(big ? 1.2 : 1)
                .onAppear { withAnimation(\(animation)) { big = true } }
        }
    }
    #Preview { P().frame(width: 20, height: 20) }
    """
}

@Test(arguments: [
    (".spring(response: 0.4, dampingFraction: 0.6)", #"{ "spring": { "response": 0.4, "dampingFraction": 0.6 } }"#),
    (".spring(duration: 0.5, bounce: 0.3)", #"{ "spring": { "duration": 0.5, "bounce": 0.3 } }"#),
    (".interpolatingSpring(stiffness: 170, damping: 15)", #"{ "interpolatingSpring": { "stiffness": 170, "damping": 15 } }"#),
    (".easeInOut(duration: 1).delay(0.2).speed(2)", #"{ "easeInOut": { "duration": 1 }, "delay": 0.2, "speed": 2 }"#),
    ("Animation.linear(duration: 3).repeatForever(autoreverses: false)", #"{ "linear": { "duration": 3 }, "repeatForever": true, "autoreverses": false }"#),
    (".easeOut.repeatCount(3)", #"{ "easeOut": {}, "repeatCount": 3, "autoreverses": true }"#),
    (".bouncy(duration: 0.6, extraBounce: 0.1)", #"{ "bouncy": { "duration": 0.6, "extraBounce": 0.1 } }"#),
    (".timingCurve(0.2, 0, 0.8, 1, duration: 0.5)", #"{ "timingCurve": [0.2, 0, 0.8, 1], "duration": 0.5 }"#),
    (".smooth", #"{ "smooth": {} }"#),
])
func animationForms(_ swift: String, _ spec: String) throws {
    let i = try compile(pulse(swift))
    try expectMember(i, "events", #"[ { "at": 0, "set": { "big": true }, "animation": \#(spec) } ]"#)
    _ = try i.load()
}

@Test func asyncAfterTimersAndHelpersScheduleEvents() throws {
    let i = try compile("""
    import SwiftUI
    struct Seq: View {
        @State private var step = 0
        @State private var lit = false
        var body: some View {
            Rectangle().opacity(lit ? 1 : 0.2).offset(x: CGFloat(step) * 10)
                .onAppear {
                    lit.toggle()
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                        withAnimation(.easeIn(duration: 0.2)) { advance() }
                    }
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                        step += 1
                        if step >= 3 { timer.invalidate() }
                    }
                }
        }
        private func advance() { step = 10 }
    }
    #Preview { Seq().frame(width: 20, height: 20) }
    """, duration: 5)
    try expectMember(i, "events", """
    [ { "at": 0, "set": { "lit": true } },
      { "at": 0.5, "set": { "step_2": 10 }, "animation": { "easeIn": { "duration": 0.2 } } },
      { "at": 1, "set": { "step_2": 11 } } ]
    """)
}

@Test func aTaskLoopThatSleepsRunsUntilTheHorizon() throws {
    let i = try compile("""
    import SwiftUI
    struct Blink: View {
        @State private var on = false
        var body: some View {
            Circle().opacity(on ? 1 : 0)
                .task {
                    while true {
                        try? await Task.sleep(for: .seconds(1))
                        on.toggle()
                    }
                }
        }
    }
    #Preview { Blink().frame(width: 20, height: 20) }
    """, duration: 3)
    try expectMember(i, "events", #"[ { "at": 1, "set": { "on": true } }, { "at": 2, "set": { "on": false } }, { "at": 3, "set": { "on": true } } ]"#)
}

@Test func timelineViewReadsTheClock() throws {
    let i = try compile("""
    import SwiftUI
    struct Spin: View {
        var body: some View {
            TimelineView(.animation) { context in
                let t = context.date.timeIntervalSinceReferenceDate
                Rectangle().rotationEffect(.degrees(t.truncatingRemainder(dividingBy: 2) * 180))
            }
        }
    }
    #Preview { Spin().frame(width: 20, height: 20) }
    """)
    try expectMember(i, "content", #"[ { "rectangle": { "frame": [0, 0, 20, 20], "pixelAligned": true }, "modifiers": [ { "rotationEffect": "=(t - 2 * (sign(t / 2) * floor(abs(t / 2)))) * 180" } ] } ]"#)
    try expectMember(i, "duration", "3")
}

@Test func onChangeRunsItsHandlerWhenAnEventChangesTheObservedValue() throws {
    let i = try compile("""
    import SwiftUI
    struct C: View {
        @State private var on = false
        @State private var echo: Double = 0
        @State private var seen: Double = 0
        var body: some View {
            let doubled = echo * 2
            Circle().opacity(on ? 1 : 0.5).scaleEffect(1 + echo + seen)
                .onAppear {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { on = true }
                }
                .onChange(of: on) { newValue in
                    withAnimation(.easeIn(duration: 0.3)) { echo = newValue ? 2 : 1 }
                }
                .onChange(of: doubled) { old, new in
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { seen = old + new }
                }
        }
    }
    #Preview { C().frame(width: 20, height: 20) }
    """, duration: 3)
    try expectMember(i, "events", """
    [ { "at": 0.5, "set": { "on": true } },
      { "at": 0.5, "set": { "echo": 2 }, "animation": { "easeIn": { "duration": 0.3 } } },
      { "at": 1.5, "set": { "seen": 4 } } ]
    """)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
}

@Test func onChangeOfAValueNoEventChangesNeverRuns() throws {
    let i = try compile("""
    import SwiftUI
    struct C: View {
        @State private var tapped = false
        @State private var count = 0
        var body: some View {
            Circle().opacity(tapped ? 1 : 0.5)
                .onChange(of: tapped) { _ in count += 1 }
                .onChange(of: tapped, initial: true) { count += 10 }
        }
    }
    #Preview { C().frame(width: 20, height: 20) }
    """)
    // `initial: true` runs once on appear; the first handler's value never changes.
    try expectMember(i, "events", #"[ { "at": 0, "set": { "count": 10 } } ]"#)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
}

@Test func onChangeOfAValueKnownOnlyWhileRenderingIsReportedWhereItIs() throws {
    let i = try compile("""
    import SwiftUI
    struct C: View {
        @State private var w: CGFloat = 0
        var body: some View {
            TimelineView(.animation) { timeline in
                let x = timeline.date.timeIntervalSinceReferenceDate
                Circle().frame(width: w)
                    .onChange(of: x) { new in w = new }
            }
        }
    }
    #Preview { C().frame(width: 20, height: 20) }
    """)
    #expect(warningPlaces(i) == ["8: .onChange"])
    #expect(i.warnings.first?.column == 31)
}
