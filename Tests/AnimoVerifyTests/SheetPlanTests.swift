// The contact sheet of a spec without events: one period of its loop in evenly spaced frames,
// the period measured from pixels.
import Foundation
import Testing
import AnimoTestSupport
import AnimoCheck
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender
@testable import AnimoVerify

struct SheetPlanTests {
    func renderer(x: String, duration: Double = 2, events: String = "[]") throws -> SceneRenderer {
        try SceneRenderer(spec: try Spec.load(json: """
        {"canvas": {"width": 120, "height": 40, "scale": 1}, "duration": \(duration), "fps": 30, "state": {"on": false},
         "events": \(events), "content": [{"rectangle": {"frame": ["\(x)", 10, 20, 20]}, "fill": "black"}]}
        """))
    }

    @Test func aClockLoopShowsOnePeriod() throws {
        // Period 0.5 s = 15 frames at 30 fps.
        let r = try renderer(x: "=50 + 40 * sin(2 * pi * t / 0.5)")
        #expect(try SheetPlan.measureLoop(renderer: r) == .period(0.5))
        let cells = try SheetPlan.cells(renderer: r)
        #expect(cells.count == 8)
        #expect(cells.map(\.time) == (0..<8).map { 0.5 * Double($0) / 8 })
        let a = RGBAImage(try r.render(at: cells[0].time)), b = RGBAImage(try r.render(at: cells[2].time))
        #expect(VisibleMask.changedPixels(a, from: b) > 0, "the cells are not all the same picture")
    }

    @Test func theStarLoaderIsOnePeriodLong() throws {
        let spec = try Spec.load(path: Repository.url("Goldens/scenes/star-loader/spec.json").path)
        let r = try SceneRenderer(spec: spec)
        #expect(try SheetPlan.measureLoop(renderer: r) == .period(1.6))
        #expect(try SheetPlan.cells(renderer: r).map(\.role) == (0..<8).map { "\($0)/8" })
    }

    @Test func aMotionThatDoesNotRepeatShowsTheWholeDuration() throws {
        let r = try renderer(x: "=10 + 40 * t", duration: 1)
        #expect(try SheetPlan.measureLoop(renderer: r) == .aperiodic)
        let cells = try SheetPlan.cells(renderer: r)
        #expect(cells.first?.time == 0 && cells.last?.time == 1 && cells.count == 8)
    }

    @Test func aStillSpecKeepsFirstAndLast() throws {
        let r = try renderer(x: "=10")
        #expect(try SheetPlan.measureLoop(renderer: r) == nil)
        #expect(try SheetPlan.cells(renderer: r).map(\.role) == ["first", "last"])
    }

    @Test func aSpecWithEventsShowsItsPlacedKeyPoses() throws {
        let r = try renderer(x: "=on ? 60 : 10", events: #"[{"at": 0.5, "set": {"on": true}}]"#)
        #expect(try SheetPlan.cells(renderer: r).map(\.role) == ["first", "start:0", "last"])
    }
}
