// The blend of gradients while a state change animates (docs/semantics.md §316–§318), against
// hand-computed ramps.
import Testing
import AnimoGeometry
@testable import AnimoScene

@Suite struct GradientTimelineTests {
    let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1), white = Color(red: 1, green: 1, blue: 1)

    func blend(_ base: Gradient, _ before: Gradient, _ offset: Double) -> Gradient {
        let change = GradientTimeline.Change(track: 0, before: before, after: base)
        var offsets = [offset]
        return offsets.withUnsafeMutableBufferPointer { GradientTimeline.blend(base, [change], $0, capacity: 8) }
    }

    @Test func stopsOfDifferentCountsMeetAtTheUnionOfTheirLocations() {
        // red → white (2 stops) animating from red → blue → white (3 stops), a quarter of the way in.
        let after = Gradient(colors: [red, white])
        let before = Gradient(colors: [red, blue, white])
        let g = blend(after, before, -0.75)
        #expect(g.stops.map(\.location) == [0, 0.5, 1])
        // At 0.5: after is (1, 0.5, 0.5), before is blue; 0.25·after + 0.75·before.
        let mid = g.stops[1].color
        #expect(abs(mid.red - 0.25) < 1e-9 && abs(mid.green - 0.125) < 1e-9 && abs(mid.blue - 0.875) < 1e-9, "\(mid)")
        #expect(g.stops[0].color == red && g.stops[2].color == white)
    }

    @Test func opacitiesBlendPremultiplied() {
        // Clear black → opaque blue halfway: premultiplied mean (0, 0, 0.5, 0.5), straight blue at alpha 0.5.
        let g = blend(Gradient(colors: [blue]), Gradient(colors: [Color(red: 0, green: 0, blue: 0, alpha: 0)]), -0.5)
        #expect(g.stops.count == 1)
        let c = g.stops[0].color
        #expect(abs(c.alpha - 0.5) < 1e-9 && abs(c.blue - 1) < 1e-9 && c.red == 0, "\(c)")
    }

    @Test func atRestTheTargetIsDrawnAsItIs() {
        let after = Gradient(colors: [red, white])
        let g = blend(after, Gradient(colors: [blue, white]), 0)
        #expect(g == after)
        let timeline = GradientTimeline(initial: Gradient(colors: [blue]), steps: [(1, after)], changes: [])
        #expect(timeline.target(at: 0.5) == Gradient(colors: [blue]))
        #expect(timeline.target(at: 1) == after && timeline.target(at: 3) == after)
    }

    @Test func aHardEdgeKeepsItsJump() {
        // black | white at 0.5 blending halfway with plain gray (one stop, at 0): the union is 0,
        // then 0.5 twice, black + gray below the edge and white + gray above it.
        let black = Color(red: 0, green: 0, blue: 0)
        let edge = Gradient(stops: [.init(color: black, location: 0.5), .init(color: white, location: 0.5)])
        let g = blend(edge, Gradient(colors: [Color(red: 0.5, green: 0.5, blue: 0.5)]), -0.5)
        #expect(g.stops.map(\.location) == [0, 0.5, 0.5])
        let reds = g.stops.map(\.color.red)
        #expect(abs(reds[0] - 0.25) < 1e-9 && abs(reds[1] - 0.25) < 1e-9 && abs(reds[2] - 0.75) < 1e-9, "\(g.stops)")
    }
}
