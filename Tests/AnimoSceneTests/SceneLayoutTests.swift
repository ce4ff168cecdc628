// Layout views through the whole scene: specs resolved and evaluated into display lists, the
// drawn rectangles compared with hand-computed SwiftUI frames (docs/semantics.md §84–120).
import AnimoTestSupport
import Testing
import AnimoGeometry
import AnimoSpec
@testable import AnimoScene

/// What a display list fills: each fill's bounds in canvas points and its colour, in drawing order.
struct Drawn {
    var rect: Rect
    var color: Color?
}

func drawn(_ d: DisplayNode, _ t: Transform = .identity, clips: inout [Rect]) -> [Drawn] {
    switch d {
    case .fill(let p, let paint):
        guard let b = p.tightBounds else { return [] }
        let corners = [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.minX, b.maxY), Point(b.maxX, b.maxY)].map { t.apply($0) }
        let lo = Point(corners.map(\.x).min()!, corners.map(\.y).min()!), hi = Point(corners.map(\.x).max()!, corners.map(\.y).max()!)
        var c: Color?
        if case .solid(let col) = paint { c = col }
        return [Drawn(rect: Rect(corners: lo, hi), color: c)]
    case .stroke, .material, .image, .glass: return []
    case .group(let list): return list.flatMap { drawn($0, t, clips: &clips) }
    case .transform(let m, let child): return drawn(child, m.concatenating(t), clips: &clips)
    case .clip(let p, let child):
        if let b = p.tightBounds { clips.append(b) }
        return drawn(child, t, clips: &clips)
    case .opacity(_, let c), .blendMode(_, let c), .effect(_, let c), .hitTarget(_, let c): return drawn(c, t, clips: &clips)
    case .layer(let c, _): return drawn(c, t, clips: &clips)
    }
}

func render(_ json: String, at time: Double = 0) throws -> (fills: [Drawn], clips: [Rect]) {
    let spec = try Spec.load(json: json)
    let scene = try ResolvedScene(spec: spec)
    var clips: [Rect] = []
    let f = drawn(scene.displayList(at: time), clips: &clips)
    return (f, clips)
}

func canvasSpec(_ content: String, canvas: String = "{\"width\": 100, \"height\": 100}", extra: String = "") -> String {
    "{\"canvas\": \(canvas), \"duration\": 1, \(extra) \"content\": \(content)}"
}

func near(_ a: Rect, _ b: Rect, _ eps: Double = 1e-6) -> Bool {
    abs(a.minX - b.minX) < eps && abs(a.minY - b.minY) < eps && abs(a.width - b.width) < eps && abs(a.height - b.height) < eps
}

@Suite struct SceneLayoutTests {
    /// §120 + §87: on an iPhone 16 (393×852 @3x, safe area y 59…818) a 100×100 root is centred at
    /// (146.5, 388.5), drawn rounded to the 1/3-pt grid, ties up: (146.667, 388.667).
    @Test func rootIsCentredInTheDeviceSafeAreaAndSnapped() throws {
        let r = try render(canvasSpec("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 100, \"height\": 100}}]}]", canvas: "{\"device\": \"iPhone 16\"}"))
        #expect(r.fills.count == 1)
        #expect(near(r.fills[0].rect, Rect(x: 440.0 / 3, y: 1166.0 / 3, width: 100, height: 100)))
    }

    /// §118 + §101: ZStack { Color.ignoresSafeArea(); … } fills the whole screen, not just the safe area.
    @Test func ignoresSafeAreaFillsTheScreen() throws {
        let r = try render(canvasSpec("[{\"zstack\": [{\"color\": \"black\", \"modifiers\": [{\"ignoresSafeArea\": true}]}, {\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 10, \"height\": 10}}]}]}]", canvas: "{\"device\": \"iPhone 16\"}"))
        #expect(near(r.fills[0].rect, Rect(x: 0, y: 0, width: 393, height: 852)))
    }

    /// docs/spec.md, Layout: in a container a v1 absolute node is a view of its frame's size, moved
    /// into place. HStack(spacing: 10) { circle r 10 at (500, 500); rectangle 30×20 } in 100×100:
    /// 60×20, centred at (20, 40); the circle drawn at (20, 40), the rectangle at (50, 40).
    @Test func absoluteNodeInAStackIsAFixedSizeView() throws {
        let r = try render(canvasSpec("[{\"hstack\": {\"spacing\": 10, \"content\": [{\"circle\": {\"center\": [500, 500], \"radius\": 10}}, {\"rectangle\": {\"frame\": [0, 0, 30, 20]}}]}}]"))
        #expect(r.fills.count == 2)
        #expect(near(r.fills[0].rect, Rect(x: 20, y: 40, width: 20, height: 20)))
        #expect(near(r.fills[1].rect, Rect(x: 50, y: 40, width: 30, height: 20)))
    }

    /// A group in a stack hands its modifiers to each child (SwiftUI's Group): two 10-high colours.
    @Test func groupInAStackDistributesItsModifiers() throws {
        let r = try render(canvasSpec("[{\"vstack\": {\"spacing\": 0, \"content\": [{\"group\": [{\"color\": \"red\"}, {\"color\": \"blue\"}], \"modifiers\": [{\"frame\": {\"height\": 10}}]}]}}]"))
        #expect(r.fills.count == 2)
        #expect(near(r.fills[0].rect, Rect(x: 0, y: 40, width: 100, height: 10)))
        #expect(near(r.fills[1].rect, Rect(x: 0, y: 50, width: 100, height: 10)))
    }

    /// A repeat in a stack is ForEach: one subview per index. Widths 5, 10, 15, 20 side by side,
    /// 50 wide, centred: x 25, 30, 40, 55.
    @Test func repeatInAStackIsForEach() throws {
        let r = try render(canvasSpec("[{\"hstack\": {\"spacing\": 0, \"content\": [{\"repeat\": {\"count\": 4, \"content\": [{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": \"=5 + i * 5\", \"height\": 10}}]}]}}]}}]"))
        #expect(r.fills.map(\.rect.minX) == [25, 30, 40, 55])
        #expect(r.fills.map(\.rect.width) == [5, 10, 15, 20])
    }

    /// §105: a scroll view clips to its frame and moves its content by the offset. A 100-high
    /// frame around a ScrollView offset 30 of five 40-high rows: clip (0, 0, 100, 100), the first
    /// row at y −30, the third at 50.
    @Test func scrollViewClipsAndOffsets() throws {
        let r = try render(canvasSpec("[{\"scrollView\": {\"offset\": 30, \"content\": [{\"repeat\": {\"count\": 5, \"content\": [{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"height\": 40}}]}]}}]}}]"))
        #expect(r.clips.contains { near($0, Rect(x: 0, y: 0, width: 100, height: 100)) })
        #expect(near(r.fills[0].rect, Rect(x: 0, y: -30, width: 100, height: 40)))
        #expect(near(r.fills[2].rect, Rect(x: 0, y: 66, width: 100, height: 40)))
    }

    /// §105: a scroll view's content scrolls under the safe area: on an iPhone 16 (safe area
    /// y 59…818 of 852) the clip of a root scroll view reaches the screen's top and bottom, so
    /// content laid out past 818 shows down to 852, as on a device.
    @Test func scrollViewContentShowsUnderTheSafeArea() throws {
        let r = try render(canvasSpec("[{\"scrollView\": [{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"height\": 1000}}]}]}]", canvas: "{\"device\": \"iPhone 16\"}"))
        #expect(near(r.fills[0].rect, Rect(x: 0, y: 59, width: 393, height: 1000)))
        #expect(r.clips.contains { near($0, Rect(x: 0, y: 0, width: 393, height: 852)) })
    }

    /// §106: a geometry reader takes the proposal (the safe area at the top level) and its content
    /// sees its size and canvas frame; absolute content is in its own coordinates. iPhone 16:
    /// 393×759 at y 59; a rectangle [0, 0, width/2, height/4] → (0, 59, 196.5, 189.75); one at
    /// y = minY − 59 lands at the reader's top too.
    @Test func geometryReaderExposesItsSizeAndFrame() throws {
        let r = try render(canvasSpec("[{\"geometryReader\": {\"as\": \"g\", \"content\": [{\"rectangle\": {\"frame\": [0, 0, \"=g.width / 2\", \"=g.size.height / 4\"]}}, {\"rectangle\": {\"frame\": [\"=g.maxX - 10\", \"=g.minY - 59\", 10, \"=g.safeAreaInsets.top + 1\"]}}]}}]", canvas: "{\"device\": \"iPhone 16\"}"))
        #expect(near(r.fills[0].rect, Rect(x: 0, y: 59, width: 196.5, height: 189.75)))
        #expect(near(r.fills[1].rect, Rect(x: 383, y: 59, width: 10, height: 1)))
    }

    /// A value of a geometry reader's width and state animates through the state: width × (on ? 1
    /// : 0.5) with a linear 1 s animation of `on` is 0.75 × width halfway (100 × 0.75 = 75).
    @Test func geometryValueMixedWithStateAnimates() throws {
        let json = canvasSpec("[{\"geometryReader\": {\"as\": \"g\", \"content\": [{\"rectangle\": {\"frame\": [0, 0, \"=g.width * (on ? 1 : 0.5)\", 10]}}]}}]",
                              extra: "\"state\": {\"on\": false}, \"events\": [{\"at\": 0, \"set\": {\"on\": true}, \"animation\": {\"linear\": {\"duration\": 1}}}],")
        #expect(abs(try render(json, at: 0.5).fills[0].rect.width - 75) < 1e-9)
        #expect(abs(try render(json, at: 1).fills[0].rect.width - 100) < 1e-9)
    }

    /// An `if` in a stack takes part in the layout while it is shown: with `on` false the stack
    /// holds one 20-high colour (y 40…60); true, two 8 apart, 48 high centred: y 26…46 and 54…74.
    @Test func conditionalInAStack() throws {
        func json(_ on: Bool) -> String {
            canvasSpec("[{\"vstack\": [{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"height\": 20}}]}, {\"if\": {\"condition\": \"=on\", \"content\": [{\"color\": \"blue\", \"modifiers\": [{\"frame\": {\"height\": 20}}]}]}}]}]",
                       extra: "\"state\": {\"on\": \(on)},")
        }
        let off = try render(json(false))
        #expect(off.fills.count == 1)
        #expect(near(off.fills[0].rect, Rect(x: 0, y: 40, width: 100, height: 20)))
        let on = try render(json(true))
        #expect(on.fills.map(\.rect.minY) == [26, 54])
    }

    /// §113: position on a layout view takes the proposal and centres the view at the point.
    @Test func positionOnALayoutViewCentresIt() throws {
        let r = try render(canvasSpec("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 20, \"height\": 20}}, {\"position\": [30, 40]}]}]"))
        #expect(near(r.fills[0].rect, Rect(x: 20, y: 30, width: 20, height: 20)))
    }

    /// Layout happens per frame: a width animated linearly from 20 to 60 over 1 s is 40 at 0.5 s;
    /// HStack(spacing: 0) { it; 20-wide } is then 60 wide, centred at x 20.
    @Test func animatedSizesAreLaidOutEveryFrame() throws {
        let json = canvasSpec("[{\"hstack\": {\"spacing\": 0, \"content\": [{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": \"=w\", \"height\": 10}}]}, {\"color\": \"blue\", \"modifiers\": [{\"frame\": {\"width\": 20, \"height\": 10}}]}]}}]",
                              extra: "\"state\": {\"w\": 20}, \"events\": [{\"at\": 0, \"set\": {\"w\": 60}, \"animation\": {\"linear\": {\"duration\": 1}}}],")
        let r = try render(json, at: 0.5)
        #expect(near(r.fills[0].rect, Rect(x: 20, y: 45, width: 40, height: 10)))
        #expect(near(r.fills[1].rect, Rect(x: 60, y: 45, width: 20, height: 10)))
    }

    /// Geometry effects anchor on the laid-out frame of the modifiers before them: a 20×20
    /// colour padded 20 on the leading edge (40×20, centred at (30, 40)) and scaled 2× about its
    /// top-leading corner: the colour from (50, 40) goes to (70, 40), 40×40.
    @Test func effectsAnchorOnTheLaidOutFrame() throws {
        let r = try render(canvasSpec("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 20, \"height\": 20}}, {\"padding\": {\"leading\": 20}}, {\"scaleEffect\": {\"scale\": 2, \"anchor\": \"topLeading\"}}]}]"))
        #expect(near(r.fills[0].rect, Rect(x: 70, y: 40, width: 40, height: 40)))
    }

    /// §117: zIndex changes only the drawing order: the higher one is drawn last.
    @Test func zIndexOrdersDrawing() throws {
        let r = try render(canvasSpec("[{\"zstack\": [{\"color\": \"red\", \"modifiers\": [{\"zIndex\": 1}]}, {\"color\": \"blue\"}]}]"))
        #expect(r.fills.map(\.color) == [Color(red: 0, green: 122 / 255.0, blue: 1, alpha: 1), Color(red: 1, green: 59 / 255.0, blue: 48 / 255.0, alpha: 1)])
    }

    /// §116: a background colour drawn behind the padded view fills its frame (and, reaching the
    /// safe area's edges, the unsafe area next to it).
    @Test func backgroundFillsThePrimaryFrame() throws {
        let r = try render(canvasSpec("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 20, \"height\": 20}}, {\"padding\": 10}, {\"background\": \"blue\"}]}]"))
        #expect(r.fills.count == 2)
        #expect(near(r.fills[0].rect, Rect(x: 30, y: 30, width: 40, height: 40)))
        #expect(near(r.fills[1].rect, Rect(x: 40, y: 40, width: 20, height: 20)))
        let s = try render(canvasSpec("[{\"vstack\": [{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"height\": 20}}]}], \"modifiers\": [{\"background\": \"blue\"}]}]", canvas: "{\"width\": 100, \"height\": 100, \"safeAreaInsets\": {\"top\": 10}}"))
        // The stack spans the width of the safe area (the colour is greedy): its background
        // reaches the leading and trailing edges, not the top.
        #expect(near(s.fills[0].rect, Rect(x: 0, y: 45, width: 100, height: 20)))
    }

    /// An expression giving a negative padding is clamped to 0 with a diagnostic, never a crash.
    @Test func negativeExpressionPaddingIsClampedWithADiagnostic() throws {
        let spec = try Spec.load(json: canvasSpec("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 20, \"height\": 20}}, {\"padding\": \"=t - 5\"}]}]"))
        let scene = try ResolvedScene(spec: spec)
        var clips: [Rect] = []
        let f = drawn(scene.displayList(at: 0), clips: &clips)
        #expect(near(f[0].rect, Rect(x: 40, y: 40, width: 20, height: 20)))
        #expect(scene.diagnostics.contains { $0.feature == "layout:padding" && $0.path == "content[0]" })
    }

    /// Sizes that overflow to ∞ (a padding of 1e308 on both sides) give frames that are not
    /// finite: such a view is not drawn, with a diagnostic, instead of reaching the rasterizer.
    @Test func infiniteFrameIsNotDrawn() throws {
        let spec = try Spec.load(json: canvasSpec("[{\"color\": \"red\", \"modifiers\": [{\"padding\": 1e308}]}]"))
        let scene = try ResolvedScene(spec: spec)
        var clips: [Rect] = []
        #expect(drawn(scene.displayList(at: 0), clips: &clips).isEmpty)
        #expect(scene.diagnostics.contains { $0.feature == "layout:infinite" })
    }

    /// §281: a negative stack spacing overlaps the children.
    @Test func aNegativeStackSpacingOverlapsTheChildren() throws {
        // VStack(spacing: -10) { 40×30; 20×30 } in 100×100: 50 high, centred: y 25…55 and 45…75, the
        // second drawn after (over) the first. An expression spacing behaves the same.
        for spacing in ["-10", "\"=-10\""] {
            let r = try render(canvasSpec("[{\"vstack\": {\"spacing\": \(spacing), \"content\": [{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 40, \"height\": 30}}]}, {\"color\": \"blue\", \"modifiers\": [{\"frame\": {\"width\": 20, \"height\": 30}}]}]}}]"))
            #expect(r.fills.count == 2)
            #expect(near(r.fills[0].rect, Rect(x: 30, y: 25, width: 40, height: 30)), "\(r.fills[0].rect)")
            #expect(near(r.fills[1].rect, Rect(x: 40, y: 45, width: 20, height: 30)), "\(r.fills[1].rect)")
        }
    }
}
