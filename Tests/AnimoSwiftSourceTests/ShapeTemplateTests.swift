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

private let borderSource = """
import SwiftUI
struct Border: InsettableShape {
    var insetAmount = 0.0
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.addRect(CGRect(x: insetAmount, y: insetAmount, width: rect.width - 2 * insetAmount, height: rect.height - 2 * insetAmount))
        return path
    }
    func inset(by amount: CGFloat) -> some InsettableShape {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}
struct Frames: View {
    @State private var wide = false
    var body: some View {
        VStack(spacing: 0) {
            Border().strokeBorder(Color.black, lineWidth: 10).frame(width: wide ? 60 : 40, height: 30)
            Border().strokeBorder(Color.black, lineWidth: 10).frame(width: 60, height: 30)
        }
        .onAppear { wide = true }
    }
}
#Preview { Frames().frame(width: 100, height: 60) }
"""

@Test func anInsettableShapesInsetPropertyTakesStrokeBorder() throws {
    // inset(by:) adds to insetAmount: the template names it as its `inset`; strokeBorder is the
    // shape inset by half the line width, stroked. Both the template (a frame known only while
    // rendering) and the path run at compile time keep the 10 pt line inside the frame
    // x = 20…80, where a centred stroke would start at 15.
    let i = try compile(borderSource)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    let doc = try document(i)
    let border = try #require((doc["shapes"] as? [String: Any])?["Border"] as? [String: Any])
    #expect(border["inset"] as? String == "insetAmount")
    let p = try SceneRenderer(spec: try Spec.load(json: i.json)).render(at: 0.1, scale: 1)
    // Black on the front end's white background: the line's coverage is 1 − red.
    func alpha(_ x: Int, _ y: Int) -> Float { 1 - p.pixels[y * p.width + x].x }
    for row in [15, 45] {
        let first = try #require((0..<p.width).first { alpha($0, row) > 0.001 }, "row \(row) is empty")
        let edge = Double(first) + 1 - Double(alpha(first, row))
        #expect(abs(edge - 20) < 0.02, "row \(row): outer edge \(edge)")
        #expect(alpha(29, row) > 0.99 && alpha(30, row) == 0, "row \(row): inner edge at 30")
    }
}

@Test func strokeBorderCallsTheShapesOwnInsetNotTheFramesInset() throws {
    // This shape's inset(by:) moves only its left edge. SwiftUI's strokeBorder(lineWidth: 10)
    // is inset(by: 5).stroke(lineWidth: 10): in the frame x = 20…80, y = 15…45 the path runs from
    // x = 25 to 80 and y = 15 to 45, so the line covers 20…30 on the left but reaches 85 on the
    // right and 10 at the top. Insetting the frame instead would keep all of it inside (right
    // edge 80, top 15).
    let i = try compile("""
    import SwiftUI
    struct Ledge: InsettableShape {
        var insetAmount = 0.0
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.addRect(CGRect(x: insetAmount, y: 0, width: rect.width - insetAmount, height: rect.height))
            return path
        }
        func inset(by amount: CGFloat) -> some InsettableShape {
            var copy = self
            copy.insetAmount += amount
            return copy
        }
    }
    struct L: View {
        var body: some View {
            Ledge().strokeBorder(Color.black, lineWidth: 10).frame(width: 60, height: 30)
        }
    }
    #Preview { L().frame(width: 100, height: 60) }
    """)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    let p = try SceneRenderer(spec: try Spec.load(json: i.json)).render(at: 0, scale: 1)
    func coverage(_ x: Int, _ y: Int) -> Float { 1 - p.pixels[y * p.width + x].x }
    let first = try #require((0..<p.width).first { coverage($0, 30) > 0.001 })
    let edge = Double(first) + 1 - Double(coverage(first, 30))
    #expect(abs(edge - 20) < 0.02, "outer edge \(edge)")
    #expect(coverage(29, 30) > 0.99 && coverage(30, 30) < 0.001, "inner edge at 30")
    let last = try #require((0..<p.width).last { coverage($0, 30) > 0.001 })
    #expect(abs(Double(last) + Double(coverage(last, 30)) - 85) < 0.02, "right outer edge \(Double(last) + Double(coverage(last, 30)))")
    let top = try #require((0..<p.height).first { coverage(50, $0) > 0.001 })
    #expect(abs(Double(top) + 1 - Double(coverage(50, top)) - 10) < 0.02, "top outer edge")
}

@Test func insetByOnAnInsettableShapeCallsItsOwnInset() throws {
    // Ledge's inset(by: 10) moves only the left edge: filled in the frame x = 20…80, y = 15…45
    // it covers 30…80 × 15…45 (insetting the frame would give 30…70 × 25…35).
    let i = try compile("""
    import SwiftUI
    struct Ledge: InsettableShape {
        var insetAmount = 0.0
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.addRect(CGRect(x: insetAmount, y: 0, width: rect.width - insetAmount, height: rect.height))
            return path
        }
        func inset(by amount: CGFloat) -> some InsettableShape {
            var copy = self
            copy.insetAmount += amount
            return copy
        }
    }
    struct L: View {
        var body: some View {
            Ledge().inset(by: 10).fill(Color.black).frame(width: 60, height: 30)
        }
    }
    #Preview { L().frame(width: 100, height: 60) }
    """)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    let p = try SceneRenderer(spec: try Spec.load(json: i.json)).render(at: 0, scale: 1)
    func coverage(_ x: Int, _ y: Int) -> Float { 1 - p.pixels[y * p.width + x].x }
    #expect(coverage(29, 30) < 0.001 && coverage(30, 30) > 0.99, "left edge at 30")
    #expect(coverage(79, 30) > 0.99 && coverage(80, 30) < 0.001, "right edge at 80")
    #expect(coverage(50, 14) < 0.001 && coverage(50, 15) > 0.99 && coverage(50, 44) > 0.99 && coverage(50, 45) < 0.001, "top 15, bottom 45")
}
