// Shape templates: a Shape struct whose path(in:) is Path calls on rect.* and its stored numbers
// becomes the spec's `shapes` entry, so it is rebuilt for every frame and its animatableData
// animates; a body the form cannot express is still run at compile time.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

@Test func aTriangleInAFrameKnownOnlyWhileRenderingIsATemplate() throws {
    let i = try compile("""
    import SwiftUI
    struct Triangle: Shape {
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
            return path
        }
    }
    struct T: View {
        @State private var wide = false
        var body: some View {
            Triangle().frame(width: wide ? 20 : 10, height: 10)
                .onAppear { wide = true }
        }
    }
    #Preview { T().frame(width: 20, height: 10) }
    """)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "shapes", """
    { "Triangle": { "path": [ { "move": ["=rect.minX + rect.width / 2", "=rect.minY"] },
                              { "line": ["=rect.minX + rect.width", "=rect.minY + rect.height"] },
                              { "line": ["=rect.minX", "=rect.minY + rect.height"] }, { "close": true } ] } }
    """)
    let doc = try document(i)
    let node = try #require((doc["content"] as? [[String: Any]])?.first?["shape"] as? [String: Any])
    #expect(node["name"] as? String == "Triangle")
    _ = try Spec.load(json: i.json)
}

private let waveSource = """
import SwiftUI
struct Wave: Shape {
    var phase: Double
    var animatableData: Double {
        get { phase }
        set { phase = newValue }
    }
    func path(in rect: CGRect) -> Path {
        var path = Path()
        for u in stride(from: 0, through: 1, by: 0.05) {
            let angle = Angle(degrees: phase)
            path.addLine(to: CGPoint(x: rect.minX + u * rect.width, y: rect.midY + rect.height / 2 * sin(2 * .pi * u + angle.radians)))
        }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        path.closeSubpath()
        return path
    }
}
struct Sea: View {
    @State private var phase = 0.0
    var body: some View {
        Wave(phase: phase).fill(Color(red: 1, green: 0, blue: 0))
            .onAppear { withAnimation(.linear(duration: 1)) { phase = 180 } }
    }
}
#Preview { Sea().frame(width: 20, height: 20) }
"""

@Test func anAnimatableWaveIsATemplateWhosePhaseAnimates() throws {
    let i = try compile(waveSource, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    let doc = try document(i)
    let wave = try #require((doc["shapes"] as? [String: Any])?["Wave"] as? [String: Any])
    #expect(wave["animatable"] as? [String] == ["phase"])
    #expect(wave["parameters"] as? [String: Double] == ["phase": 0])
    let path = try #require(wave["path"] as? [[String: Any]])
    let lines = try #require(path.first?["lines"] as? [String: Any])
    #expect(lines["for"] as? String == "u")
    #expect(lines["in"] as? [Double] == [0, 1, 0.05])
    #expect(path.count == 4)
    let node = try #require((doc["content"] as? [[String: Any]])?.first?["shape"] as? [String: Any])
    #expect(node["parameters"] as? [String: String] == ["phase": "=phase"])

    // At x = 0.25·width the crest is at maxY for phase 0, at 0.85·height for 45°, at midY for 90°
    // and at minY for 180°: a point at 0.6·height is filled from the middle of the animation on.
    let renderer = try SceneRenderer(spec: try Spec.load(json: i.json))
    let filled = try [0.0, 0.25, 0.5, 1.0].map { t -> Bool in
        let p = try renderer.render(at: t)
        let px = p.pixels[(p.height * 6 / 10) * p.width + p.width / 4]
        return px.x > 0.9 && px.y < 0.1
    }
    #expect(filled == [false, false, true, true])
}

@Test func aShapeWhosePathTheTemplateCannotExpressIsStillDrawnAtCompileTime() throws {
    let i = try compile("""
    import SwiftUI
    struct Odd: Shape {
        var k: Double
        var animatableData: Double {
            get { k }
            set { k = newValue }
        }
        func path(in rect: CGRect) -> Path {
            var path = Path()
            if k > 1 { path.addRect(rect) } else { path.addEllipse(in: rect) }
            return path
        }
    }
    #Preview { Odd(k: 2).frame(width: 10, height: 10) }
    """)
    let doc = try document(i)
    #expect(doc["shapes"] == nil)
    let node = try #require((doc["content"] as? [[String: Any]])?.first)
    #expect((node["path"] as? [String: Any])?["d"] as? String == "M0 0 L10 0 L10 10 L0 10 Z")
}

@Test func aLoopOverTheRectanglesWidthAfterAMoveIsSampledFromTheMovedPoint() throws {
    let i = try compile("""
    import SwiftUI
    struct Swell: Shape {
        var phase: CGFloat
        var animatableData: CGFloat {
            get { phase }
            set { phase = newValue }
        }
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.move(to: CGPoint(x: 0, y: rect.maxY))
            for x in stride(from: 0, through: rect.width, by: 1) {
                path.addLine(to: CGPoint(x: x, y: 5 * sin(x / 50 + phase)))
            }
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            return path
        }
    }
    #Preview { Swell(phase: 1).frame(width: 20, height: 10) }
    """)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "shapes", """
    { "Swell": { "parameters": { "phase": 0 }, "animatable": ["phase"], "path": [
        { "lines": { "for": "xFraction", "in": [-0.005, 1, 0.005],
                     "point": ["=xFraction < (-0.0025) ? rect.minX : rect.minX + xFraction * rect.width",
                               "=xFraction < (-0.0025) ? rect.minY + rect.height : rect.minY + 5 * sin(xFraction * rect.width / 50 + phase)"] } },
        { "line": ["=rect.minX + rect.width", "=rect.minY + rect.height"] } ] } }
    """)
    let p = try SceneRenderer(spec: try Spec.load(json: i.json)).render(at: 0)
    #expect(p.width == 60)
}

@Test func aParameterNamedLikeASpecFunctionIsRenamedInTheTemplate() throws {
    let i = try compile("""
    import SwiftUI
    struct Bar: Shape {
        var step: Double
        var animatableData: Double {
            get { step }
            set { step = newValue }
        }
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.addRect(CGRect(x: 0, y: 0, width: rect.width * step, height: rect.height))
            return path
        }
    }
    #Preview { Bar(step: 0.5).frame(width: 10, height: 10) }
    """)
    try expectMember(i, "shapes", """
    { "Bar": { "parameters": { "stepValue": 0 }, "animatable": ["stepValue"],
               "path": [ { "rect": ["=rect.minX", "=rect.minY", "=rect.width * stepValue", "=rect.height"] } ] } }
    """)
    try expectMember(i, "content", #"[ { "shape": { "name": "Bar", "parameters": { "stepValue": 0.5 }, "frame": [0, 0, 10, 10], "pixelAligned": true } } ]"#)
    _ = try Spec.load(json: i.json)
}
