import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Property-level animation, staggers, modifier order, key poses, canvas `animatable`, purity.
struct RenderSemanticsTests {
    func spec(_ content: String, state: String = "{\"on\": false}", events: String, size: Int = 200, duration: Double = 2) throws -> Spec {
        try Spec.load(json: """
        {"canvas": {"width": \(size), "height": \(size), "scale": 1}, "duration": \(duration), "state": \(state),
         "events": \(events), "content": \(content)}
        """)
    }

    @Test func linearPropertyIsHalfwayAtHalfTime() throws {
        let s = try spec("""
        [{"rectangle": {"frame": ["=on ? 100 : 0", 10, 40, 40]}, "fill": "black"}]
        """, events: #"[{"at": 0, "set": {"on": true}, "animation": {"linear": {"duration": 1}}}]"#)
        let r = try SceneRenderer(spec: s)
        for (t, x) in [(0.5, 50.0), (0.25, 25.0), (1.0, 100.0), (2.0, 100.0)] {
            let edge = try #require(Measure.leftEdge(try r.render(at: t), row: 30))
            #expect(abs(edge - x) < 0.02, "t = \(t): left edge \(edge), expected \(x)")
        }
    }

    @Test func noAnimationJumps() throws {
        let s = try spec("""
        [{"rectangle": {"frame": ["=on ? 100 : 0", 10, 40, 40]}, "fill": "black"}]
        """, events: #"[{"at": 0.5, "set": {"on": true}}]"#)
        let r = try SceneRenderer(spec: s)
        #expect(Measure.leftEdge(try r.render(at: 0.49), row: 30) == 0)
        #expect(abs((Measure.leftEdge(try r.render(at: 0.5), row: 30) ?? -1) - 100) < 0.02)
    }

    @Test func clockDrivenPartsPassThrough() throws {
        // x = 20·t + (on ? 60 : 0): the clock part moves at once, the state part animates linearly.
        let s = try spec("""
        [{"rectangle": {"frame": ["=20 * t + (on ? 60 : 0)", 10, 40, 40]}, "fill": "black"}]
        """, events: #"[{"at": 1, "set": {"on": true}, "animation": {"linear": {"duration": 1}}}]"#, duration: 3)
        let r = try SceneRenderer(spec: s)
        for (t, x) in [(0.5, 10.0), (1.0, 20.0), (1.5, 30.0 + 30), (2.5, 50.0 + 60)] {
            let edge = try #require(Measure.leftEdge(try r.render(at: t), row: 30))
            #expect(abs(edge - x) < 0.02, "t = \(t): left edge \(edge), expected \(x)")
        }
    }

    @Test func staggerStartsAtPerIndexDelay() throws {
        let s = try Measure.example("entrance-stagger")
        let r = try SceneRenderer(spec: s)
        let event = s.events[0].at
        // Row i's pixels (its band of the canvas) stay as at the event until 0.10 + i·0.07 s
        // after it, then change.
        func band(_ p: Pixmap, _ i: Int) -> [SIMD4<Float>] {
            let y0 = 24 + i * 64 + 5, y1 = y0 + 64  // row i only: the row above ends by +4 (offset 16)
            return Array(p.pixels[(y0 * p.width)..<(y1 * p.width)])
        }
        let atEvent = try r.render(at: event, scale: 1)
        for i in 0..<5 {
            let start = event + 0.10 + Double(i) * 0.07
            let before = try r.render(at: start - 0.002, scale: 1)
            let after = try r.render(at: start + 0.02, scale: 1)
            #expect(band(before, i) == band(atEvent, i), "row \(i) moved before \(start)")
            #expect(band(after, i) != band(atEvent, i), "row \(i) still at rest after \(start)")
        }
    }

    func centroid(_ modifiers: String) throws -> (x: Double, y: Double) {
        let s = try spec("""
        [{"circle": {"center": [100, 100], "radius": 6}, "fill": "black", "modifiers": \(modifiers)}]
        """, events: "[]")
        return try #require(Measure.centroid(try SceneRenderer(spec: s).render(at: 0)))
    }

    @Test func offsetThenRotationOrbitsTheFrameCenter() throws {
        // offset then rotate 90° (clockwise on screen) about the original center: (130, 100) → (100, 130).
        let a = try centroid(#"[{"offset": [30, 0]}, {"rotationEffect": 90}]"#)
        #expect(abs(a.x - 100) < 0.05 && abs(a.y - 130) < 0.05, "\(a)")
        // rotate first (a circle is unchanged), then offset: (130, 100).
        let b = try centroid(#"[{"rotationEffect": 90}, {"offset": [30, 0]}]"#)
        #expect(abs(b.x - 130) < 0.05 && abs(b.y - 100) < 0.05, "\(b)")
        // scale about the top anchor of the frame [94, 94, 12, 12]: center moves to 94 + 2·6 = 106.
        let c = try centroid(#"[{"scaleEffect": {"x": 2, "y": 2, "anchor": "top"}}]"#)
        #expect(abs(c.x - 100) < 0.05 && abs(c.y - 106) < 0.05, "\(c)")
        // position moves the frame's center.
        let d = try centroid(#"[{"position": [40, 60]}]"#)
        #expect(abs(d.x - 40) < 0.05 && abs(d.y - 60) < 0.05, "\(d)")
    }

    @Test func springKeyPoses() throws {
        let s = try spec("""
        [{"rectangle": {"frame": ["=on ? 100 : 0", 10, 40, 40]}, "fill": "black"}]
        """, events: #"[{"at": 0.2, "set": {"on": true}, "animation": {"spring": {"response": 0.5, "dampingFraction": 0.7}}}]"#)
        let poses = try SceneRenderer(spec: s).keyPoses()
        #expect(poses.map(\.role) == ["first", "start:0", "mid:0", "rest:0", "last"])
        let start = poses[1].time, mid = poses[2].time, rest = poses[3].time
        #expect(start == 0.2)
        #expect(mid > start + 0.05 && mid < start + 0.3, "mid \(mid)")
        #expect(rest > mid + 0.3, "rest \(rest)")
        // At mid the edge is halfway (50 points) within the scan resolution.
        let edge = try #require(Measure.leftEdge(try SceneRenderer(spec: s).render(at: mid), row: 30))
        #expect(abs(edge - 50) < 0.5, "edge at mid \(edge)")
    }

    @Test func linearKeyPosesAreAnalytic() throws {
        let s = try spec("""
        [{"rectangle": {"frame": ["=on ? 100 : 0", 10, 40, 40]}, "fill": "black"}]
        """, events: #"[{"at": 0.2, "set": {"on": true}, "animation": {"linear": {"duration": 1}, "delay": 0.1}}]"#)
        let poses = try SceneRenderer(spec: s).keyPoses()
        let mid = try #require(poses.first { $0.role == "mid:0" }).time
        let rest = try #require(poses.first { $0.role == "rest:0" }).time
        #expect(abs(mid - 0.8) < 1e-6 && abs(rest - 1.3) < 1e-6, "mid \(mid) rest \(rest)")
    }

    func canvasSpec(animatable: Bool) throws -> Spec {
        try spec("""
        [{"canvas": {\(animatable ? "\"animatable\": [\"p\"]," : "") "content": [
            {"circle": {"center": ["=20 + 160 * p", 100], "radius": 10}, "fill": "black"}]}}]
        """, state: "{\"p\": 0}", events: #"[{"at": 0, "set": {"p": 1}, "animation": {"linear": {"duration": 1}}}]"#)
    }

    @Test func canvasAnimatableInterpolatesTheState() throws {
        let a = try SceneRenderer(spec: try canvasSpec(animatable: true))
        let c = try #require(Measure.centroid(try a.render(at: 0.5)))
        #expect(abs(c.x - 100) < 0.05, "\(c)")
        // Without `animatable`, canvas content is immediate: the state jumps.
        let b = try SceneRenderer(spec: try canvasSpec(animatable: false))
        let d = try #require(Measure.centroid(try b.render(at: 0.5)))
        #expect(abs(d.x - 180) < 0.05, "\(d)")
    }

    @Test func conditionalFadesInAndStaysDrawnWhileRemoving() throws {
        let s = try spec("""
        [{"if": {"condition": "=on", "content": [{"rectangle": {"frame": [0, 0, 200, 200]}, "fill": "black"}]}}]
        """, events: #"[{"at": 0, "set": {"on": true}, "animation": {"linear": {"duration": 1}}}, {"at": 1, "set": {"on": false}, "animation": {"linear": {"duration": 1}}}]"#)
        let r = try SceneRenderer(spec: s)
        func alpha(_ t: Double) throws -> Float { try r.render(at: t).pixels[100 * 200 + 100].w }
        #expect(abs(try alpha(0.25) - 0.25) < 0.01)
        #expect(abs(try alpha(1.0) - 1) < 0.01)
        #expect(abs(try alpha(1.5) - 0.5) < 0.01)
        #expect(try alpha(2.5) == 0)
    }

    @Test func renderIsAPureFunctionOfTime() throws {
        let s = try Measure.example("entrance-stagger")
        let r = try SceneRenderer(spec: s)
        let direct = try r.render(at: 0.7, scale: 0.5)
        for t in [1.2, 0.1, 0.4] { _ = try r.render(at: t, scale: 0.5) }
        #expect(try r.render(at: 0.7, scale: 0.5) == direct)
        // Two threads, frames in another order, same bytes.
        let times = r.frameTimes(fps: 10)
        let serial = try times.map { try r.render(at: $0, scale: 0.5) }
        final class Box: @unchecked Sendable { var frames: [Pixmap?] = [] }
        let box = Box()
        box.frames = Array(repeating: nil, count: times.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for k in stride(from: times.count - 1 - worker, through: 0, by: -2) {
                let p = try? r.render(at: times[k], scale: 0.5)
                lock.lock(); box.frames[k] = p; lock.unlock()
            }
        }
        #expect(box.frames.map { $0! } == serial)
    }

    @Test func frameTimesIncludeDuration() throws {
        let r = try SceneRenderer(spec: try Measure.example("entrance-stagger"))
        let times = r.frameTimes(fps: 30)
        #expect(times.count == 49 && times.first == 0 && abs(times.last! - 1.6) < 1e-12)
    }

    @Test func badSVGDataIsASpecErrorWithPath() throws {
        let s = try spec(#"[{"path": {"d": "M 0 0 L 10 Q"}, "fill": "black"}]"#, events: "[]")
        do {
            _ = try SceneRenderer(spec: s)
            Issue.record("no error")
        } catch {
            #expect(error.errors.count == 1)
            #expect(error.errors[0].path == "content[0].path.d")
            #expect(error.errors[0].message.contains("column"))
        }
    }

    @Test func metaballFabRendersWithoutDiagnostics() throws {
        let s = try Measure.example("metaball-fab")
        let r = try SceneRenderer(spec: s)
        // Every feature of the example renders: its filters and the symbol.
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        // The canvas draws its goo with the progress spring.
        #expect(Measure.visibleCount(try r.render(at: 1.0, scale: 0.5), s) > 0)
    }
}
