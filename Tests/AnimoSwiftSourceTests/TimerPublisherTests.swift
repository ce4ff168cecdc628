// Timer publishers: `.onReceive(Timer.publish(every:on:in:).autoconnect())` runs its handler on
// every tick, the first one interval after the start, until the render's end.
import Foundation
import Testing
import AnimoSwiftSource
import AnimoSpec
import AnimoRender

@Test func onReceiveOfATimerPropertyCountsEveryTick() throws {
    let i = try compile("""
    import SwiftUI
    struct Count: View {
        @State private var count = 0
        let timer = Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()
        var body: some View {
            Rectangle().offset(x: CGFloat(count) * 2)
                .onReceive(timer) { _ in
                    count += 1
                    if count >= 3 { count = 0 }
                }
        }
    }
    #Preview { Count().frame(width: 20, height: 20) }
    """, duration: 2.2)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "events", """
    [ { "at": 0.5, "set": { "count": 1 } }, { "at": 1, "set": { "count": 2 } },
      { "at": 1.5, "set": { "count": 0 } }, { "at": 2, "set": { "count": 1 } } ]
    """)
}

@Test func onReceiveOfAnInlineTimerAnimatesItsToggle() throws {
    let i = try compile("""
    import SwiftUI
    struct Blink: View {
        @State private var on = false
        var body: some View {
            Circle().opacity(on ? 1 : 0)
                .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { date in
                    withAnimation(.linear(duration: 0.5)) { on.toggle() }
                }
        }
    }
    #Preview { Blink().frame(width: 20, height: 20) }
    """, duration: 2.5)
    try expectMember(i, "events", """
    [ { "at": 1, "set": { "on": true }, "animation": { "linear": { "duration": 0.5 } } },
      { "at": 2, "set": { "on": false }, "animation": { "linear": { "duration": 0.5 } } } ]
    """)
}

@Test func onReceiveOfAnotherPublisherIsStillReported() throws {
    let i = try compile("""
    import SwiftUI
    struct Other: View {
        @State private var on = false
        var body: some View {
            Circle().opacity(on ? 1 : 0)
                .onReceive(NotificationCenter.default.publisher(for: .init("x"))) { _ in on.toggle() }
        }
    }
    #Preview { Other().frame(width: 20, height: 20) }
    """)
    #expect(warningPlaces(i) == ["6: .onReceive"])
}

@Test func theFramesShowTheTimersTicks() throws {
    let i = try compile("""
    import SwiftUI
    struct Lamp: View {
        @State private var count = 0
        let timer = Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()
        var body: some View {
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).opacity(count == 2 ? 1 : 0)
                .onReceive(timer) { _ in count += 1 }
        }
    }
    #Preview { Lamp().frame(width: 4, height: 4) }
    """, duration: 2)
    let renderer = try SceneRenderer(spec: try Spec.load(json: i.json))
    // Lit from the second tick (1 s) to the third (1.5 s).
    let lit = try [0.2, 0.7, 1.2, 1.7].map { t -> Bool in
        let p = try renderer.render(at: t)
        let px = p.pixels[(p.height / 2) * p.width + p.width / 2]
        return px.x > 0.9 && px.y < 0.1
    }
    #expect(lit == [false, false, true, false])
}

@Test func aCountdownCancelsItsTimerPublisher() throws {
    let i = try compile("""
    import SwiftUI
    struct Countdown: View {
        @State private var left = 3
        let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
        var body: some View {
            Text("\\(left)")
                .onReceive(timer) { _ in
                    left -= 1
                    if left == 1 { timer.upstream.connect().cancel() }
                }
        }
    }
    #Preview { Countdown().frame(width: 20, height: 20) }
    """, duration: 6)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    // Without the cancel it would go on to -3.
    try expectMember(i, "events", #"[ { "at": 1, "set": { "left": 2 } }, { "at": 2, "set": { "left": 1 } } ]"#)
}
