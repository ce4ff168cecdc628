// CADisplayLink: a model's method called once per display frame (60 Hz, or the rate the code
// prefers), with the frame's timestamps, is a run of events like a repeating timer's; invalidate()
// stops it, and what the front end cannot follow is reported at its place.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

private let stepper = """
import SwiftUI
import QuartzCore
final class Stepper: ObservableObject {
    @Published var progress: Double = 0
    private var link: CADisplayLink?
    func start() {
        let link = CADisplayLink(target: self, selector: #selector(step(_:)))
        link.preferredFramesPerSecond = 4
        link.add(to: .main, forMode: .common)
        self.link = link
    }
    @objc private func step(_ link: CADisplayLink) {
        progress += link.targetTimestamp - link.timestamp
        if progress >= 0.75 { link.invalidate() }
    }
}
struct Bar: View {
    @StateObject private var model = Stepper()
    var body: some View {
        Rectangle().fill(Color(red: 1, green: 0, blue: 0))
            .frame(width: 40 * model.progress, height: 10)
            .onAppear { model.start() }
    }
}
#Preview { Bar().frame(width: 40, height: 10) }
"""

@Test func aDisplayLinkCallsItsSelectorOncePerFrameAtThePreferredRate() throws {
    let i = try compile(stepper, duration: 2)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    // 4 frames a second: each call sees a frame 0.25 s long and is the event at its target
    // timestamp; the third call invalidates the link, so nothing fires after 0.75 s.
    try expectMember(i, "events", #"""
        [{"at": 0.25, "set": {"progress": 0.25}}, {"at": 0.5, "set": {"progress": 0.5}}, {"at": 0.75, "set": {"progress": 0.75}}]
        """#)
    // The spec loads and draws the bar (centred in its 40-point frame) 30 points wide after
    // 0.75 s, from x 5 to 35, and 20 wide after 0.5 s.
    let renderer = try SceneRenderer(spec: try Spec.load(json: i.json))
    let p = try renderer.render(at: 1)
    func red(_ x: Int) -> Bool { let px = p.pixels[(5 * 3) * p.width + x * 3]; return px.x > 0.9 && px.y < 0.1 }
    #expect([4, 6, 34, 36].map(red) == [false, true, true, false])
    let q = try renderer.render(at: 0.6)
    func red2(_ x: Int) -> Bool { let px = q.pixels[(5 * 3) * q.width + x * 3]; return px.x > 0.9 && px.y < 0.1 }
    #expect([9, 11, 29, 31].map(red2) == [false, true, true, false])
}

@Test func aDisplayLinkWithNoPreferredRateRunsAtSixtyHertz() throws {
    let i = try compile("""
    import SwiftUI
    final class Clock: ObservableObject {
        @Published var frames = 0
        @Published var frameLength = 0.0
        var link: CADisplayLink?
        func start() {
            link = CADisplayLink(target: self, selector: #selector(tick))
            link?.add(to: .main, forMode: .default)
        }
        @objc func tick(_ l: CADisplayLink) {
            frames += 1
            frameLength = l.duration
            if frames == 45 { link?.isPaused = true }
        }
    }
    struct V: View {
        @StateObject var clock = Clock()
        var body: some View { Circle().opacity(Double(clock.frames) / 60).onAppear { clock.start() } }
    }
    #Preview { V().frame(width: 20, height: 20) }
    """, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    let events = try #require(try document(i)["events"] as? [[String: Any]])
    let frames = events.compactMap { e -> (Double, Double)? in
        guard let at = e["at"] as? Double, let n = (e["set"] as? [String: Any])?["frames"] as? Double else { return nil }
        return (at, n)
    }
    // One call per 1/60 s from 1/60 on (the spec writes times to 6 decimals), paused after the
    // 45th (at 0.75 s).
    #expect(frames.count == 45)
    #expect(frames.first.map { abs($0.0 - 1.0 / 60) < 1e-6 && $0.1 == 1 } == true, "\(frames.prefix(2))")
    #expect(frames.last.map { abs($0.0 - 0.75) < 1e-6 && $0.1 == 45 } == true, "\(frames.suffix(2))")
    let lengths = events.compactMap { ($0["set"] as? [String: Any])?["frameLength"] as? Double }
    #expect(lengths.first.map { abs($0 - 1.0 / 60) < 1e-12 } == true, "\(lengths.prefix(1))")
}

@Test func whatADisplayLinkDoesNotModelIsReportedAtItsPlace() throws {
    let i = try compile("""
    import SwiftUI
    final class Orbit: ObservableObject {
        @Published var time = 0.0
        var angles: [Double] = [0, 0]
        func start() {
            let link = CADisplayLink(target: self, selector: #selector(advance(_:)))
            link.add(to: .main, forMode: .common)
            CADisplayLink(target: self, selector: #selector(missing(_:))).add(to: .main, forMode: .common)
        }
        @objc func advance(_ link: CADisplayLink) {
            time += link.targetTimestamp - link.timestamp
            angles = [time, 2 * time]
            calls += 1
        }
        private var calls = 0
    }
    struct V: View {
        @StateObject var orbit = Orbit()
        var body: some View { Circle().offset(x: orbit.time, y: orbit.angles[1]).onAppear { orbit.start() } }
    }
    """, duration: 0.5)
    // The array the view reads is not @Published: reported where it is assigned (12:9), while
    // `calls`, which no view reads, is not; a selector naming no method of the class is reported
    // where the link is made (8:9).
    #expect(Set(warningPlaces(i)) == ["12: Orbit.angles", "8: CADisplayLink"], "\(i.warnings)")
    let w = try #require(i.warnings.first { $0.construct == "Orbit.angles" })
    #expect(w.column == 9 && w.message.contains("not @Published"), "\(w)")
    let m = try #require(i.warnings.first { $0.construct == "CADisplayLink" })
    #expect(m.column == 9 && m.message.contains("missing"), "\(m)")
    // The time still advances at 60 Hz.
    let events = try #require(try document(i)["events"] as? [[String: Any]])
    #expect(events.count == 30)
}
