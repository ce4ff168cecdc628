// Views: shapes in a ZStack with frames (centred in the canvas), ForEach as repeat (and unrolled
// when an element must be known), if/else as if nodes, View structs, helpers, Color views.
import Testing
import AnimoSwiftSource

@Test func shapesInAZStackAreCentredInTheirFrames() throws {
    let i = try compile("""
    import SwiftUI
    struct Badge: View {
        var body: some View {
            ZStack {
                Circle()
                    .fill(Color.orange)
                    .frame(width: 100, height: 60)
                RoundedRectangle(cornerRadius: 12, style: .continuous)
                    .stroke(Color.white, lineWidth: 3)
                    .frame(width: 40, height: 40)
                    .padding(5)
            }
            .frame(width: 200, height: 100)
        }
    }
    #Preview { Badge().frame(width: 200, height: 100) }
    """)
    try expectMember(i, "canvas", #"{ "width": 200, "height": 100, "scale": 3, "background": "white" }"#)
    try expectMember(i, "content", """
    [ { "group": [
        { "circle": { "frame": [50, 20, 100, 60], "pixelAligned": true }, "fill": "orange" },
        { "roundedRectangle": { "frame": [80, 30, 40, 40], "pixelAligned": true, "cornerRadius": 12 }, "stroke": { "color": "white", "lineWidth": 3 } }
    ] } ]
    """)
    #expect(i.warnings.isEmpty)
}

@Test func forEachOverARangeIsARepeatWithItsLoopVariable() throws {
    let i = try compile("""
    import SwiftUI
    struct Rings: View {
        let count = 5
        var body: some View {
            ZStack {
                ForEach(0..<count, id: \\.self) { index in
                    Circle()
                        .stroke(lineWidth: 2)
                        .frame(width: 20 * CGFloat(index + 1), height: 20 * CGFloat(index + 1))
                        .opacity(1 - Double(index) / 10)
                }
            }
            .frame(width: 100, height: 100)
        }
    }
    #Preview("rings") { Rings().frame(width: 100, height: 100) }
    """)
    try expectMember(i, "content", """
    [ { "repeat": { "count": 5, "as": "index", "content": [
        { "circle": { "frame": ["=(100 - 20 * (index + 1)) * 0.5", "=(100 - 20 * (index + 1)) * 0.5", "=20 * (index + 1)", "=20 * (index + 1)"], "pixelAligned": true },
          "stroke": { "color": "black", "lineWidth": 2 },
          "modifiers": [ { "opacity": "=1 - index / 10" } ] }
    ] } } ]
    """)
}

@Test func aColourChosenByTheLoopVariableUnrollsTheLoop() throws {
    let i = try compile("""
    import SwiftUI
    struct Dots: View {
        let colors: [Color] = [.red, .green, .blue]
        var body: some View {
            ZStack {
                ForEach(0..<colors.count, id: \\.self) { i in
                    Circle().fill(colors[i]).frame(width: 10, height: 10).offset(x: CGFloat(i) * 20)
                }
            }
        }
    }
    #Preview { Dots().frame(width: 60, height: 20) }
    """)
    try expectMember(i, "content", """
    [ { "group": [
        { "circle": { "frame": [25, 5, 10, 10], "pixelAligned": true }, "fill": "red", "modifiers": [ { "offset": [0, 0] } ] },
        { "circle": { "frame": [25, 5, 10, 10], "pixelAligned": true }, "fill": "green", "modifiers": [ { "offset": [20, 0] } ] },
        { "circle": { "frame": [25, 5, 10, 10], "pixelAligned": true }, "fill": "blue", "modifiers": [ { "offset": [40, 0] } ] }
    ] } ]
    """)
}

@Test func ifOnStateIsAnIfNodeAndElseItsNegation() throws {
    let i = try compile("""
    import SwiftUI
    struct Toggle: View {
        @State private var on = false
        var body: some View {
            ZStack {
                if on {
                    Capsule().fill(.green).transition(.scale)
                } else {
                    Capsule().fill(.gray)
                }
            }
            .onAppear { withAnimation(.easeInOut(duration: 0.3)) { on = true } }
        }
    }
    #Preview { Toggle().frame(width: 80, height: 40) }
    """)
    try expectMember(i, "state", #"{ "on": false }"#)
    try expectMember(i, "events", #"[ { "at": 0, "set": { "on": true }, "animation": { "easeInOut": { "duration": 0.3 } } } ]"#)
    try expectMember(i, "content", """
    [ { "group": [
        { "if": { "condition": "=on", "content": [ { "capsule": { "frame": [0, 0, 80, 40], "pixelAligned": true }, "fill": "green" } ], "transition": "scale" } },
        { "if": { "condition": "=!on", "content": [ { "capsule": { "frame": [0, 0, 80, 40], "pixelAligned": true }, "fill": "gray" } ] } }
    ] } ]
    """)
}

@Test func viewStructsHelpersAndColourViewsAreInlined() throws {
    let i = try compile("""
    import SwiftUI
    struct Screen: View {
        var body: some View {
            ZStack {
                Color.black.ignoresSafeArea()
                dot(size: 30, color: .mint)
                Ring(width: 4)
            }
        }
        private func dot(size: CGFloat, color: Color) -> some View {
            Circle().fill(color).frame(width: size, height: size)
        }
    }
    struct Ring: View {
        let width: CGFloat
        var body: some View {
            Circle().strokeBorder(Color.white, lineWidth: width).frame(width: 50, height: 50)
        }
    }
    #Preview { Screen().frame(width: 100, height: 100) }
    """)
    try expectMember(i, "content", """
    [ { "group": [
        { "rectangle": { "frame": [0, 0, 100, 100], "pixelAligned": true }, "fill": "black" },
        { "circle": { "frame": [35, 35, 30, 30], "pixelAligned": true }, "fill": "mint" },
        { "circle": { "frame": [27, 27, 46, 46], "pixelAligned": true }, "stroke": { "color": "white", "lineWidth": 4 } }
    ] } ]
    """)
}

@Test func aShapeStructsPathIsRunForItsFrame() throws {
    let i = try compile("""
    import SwiftUI
    struct Wedge: Shape {
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
            return path
        }
    }
    struct V: View {
        var body: some View { Wedge().fill(Color.red).frame(width: 40, height: 20) }
    }
    #Preview { V().frame(width: 100, height: 100) }
    """)
    try expectMember(i, "content", #"[ { "path": { "d": "M50 40 L70 60 L30 60 Z" }, "fill": "red" } ]"#)
}
