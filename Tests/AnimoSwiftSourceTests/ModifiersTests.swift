// Modifiers: geometry and colour effects in Swift's order, shadows, blend modes, masks and clip
// shapes, gradients, trim, shaders, the animation modifier, overlays, foreground colours.
import Testing
import AnimoSwiftSource

@Test func effectsKeepSwiftsOrder() throws {
    let i = try compile("""
    import SwiftUI
    struct E: View {
        @State private var spin = false
        var body: some View {
            Rectangle()
                .fill(LinearGradient(colors: [.blue, .cyan], startPoint: .top, endPoint: .bottom))
                .frame(width: 20, height: 20)
                .rotation3DEffect(.degrees(45), axis: (x: 0, y: 1, z: 0))
                .scaleEffect(x: 1.5, y: 0.5, anchor: .bottom)
                .rotationEffect(.degrees(spin ? 360 : 0))
                .offset(y: -10)
                .opacity(0.5)
                .blur(radius: 2)
                .shadow(color: .black.opacity(0.5), radius: 4, x: 0, y: 2)
                .blendMode(.screen)
                .hueRotation(.degrees(90))
                .animation(.linear(duration: 2).repeatForever(autoreverses: false), value: spin)
        }
    }
    #Preview { E().frame(width: 40, height: 40) }
    """)
    try expectMember(i, "content", """
    [ { "rectangle": { "frame": [10, 10, 20, 20], "pixelAligned": true },
        "fill": { "linearGradient": { "colors": ["blue", "cyan"], "startPoint": "top", "endPoint": "bottom" } },
        "modifiers": [
          { "rotation3DEffect": { "angle": 45, "axis": [0, 1, 0] } },
          { "scaleEffect": { "x": 1.5, "y": 0.5, "anchor": "bottom" } },
          { "rotationEffect": "=spin ? 360 : 0" },
          { "offset": [0, -10] },
          { "opacity": 0.5 },
          { "blur": 2 },
          { "shadow": { "color": { "red": 0, "green": 0, "blue": 0, "opacity": 0.5 }, "radius": 4, "x": 0, "y": 2 } },
          { "blendMode": "screen" },
          { "hueRotation": 90 },
          { "animation": { "linear": { "duration": 2 }, "repeatForever": true, "autoreverses": false, "value": "spin" } }
        ] } ]
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
}

@Test func trimStrokeStyleAndForegroundColour() throws {
    let i = try compile("""
    import SwiftUI
    struct Arc: View {
        @State private var progress: CGFloat = 0
        var body: some View {
            Circle()
                .trim(from: 0, to: progress)
                .stroke(style: StrokeStyle(lineWidth: 6, lineCap: .round, dash: [4, 2]))
                .foregroundColor(.cyan)
                .frame(width: 50, height: 50)
                .rotationEffect(.degrees(-90))
        }
    }
    #Preview { Arc().frame(width: 50, height: 50) }
    """)
    try expectMember(i, "content", """
    [ { "circle": { "frame": [0, 0, 50, 50], "pixelAligned": true },
        "stroke": { "color": "cyan", "lineWidth": 6, "lineCap": "round", "dash": [4, 2] },
        "trim": [0, "=progress"],
        "modifiers": [ { "rotationEffect": -90 } ] } ]
    """)
}

@Test func overlayMaskClipShapeAndShaders() throws {
    let i = try compile("""
    import SwiftUI
    struct Card: View {
        var body: some View {
            TimelineView(.animation) { timeline in
                let time = timeline.date.timeIntervalSinceReferenceDate
                RoundedRectangle(cornerRadius: 10)
                    .fill(Color(red: 0.2, green: 0.4, blue: 0.6))
                    .frame(width: 60, height: 40)
                    .overlay {
                        Circle().fill(.white).frame(width: 10, height: 10)
                    }
                    .clipShape(Capsule())
                    .mask(Rectangle())
                    .colorEffect(ShaderLibrary.plasma(.float2(60, 40), .float(time)))
            }
        }
    }
    #Preview { Card().frame(width: 60, height: 40) }
    """)
    try expectMember(i, "content", """
    [ { "group": [
          { "roundedRectangle": { "frame": [0, 0, 60, 40], "pixelAligned": true, "cornerRadius": 10 }, "fill": { "red": 0.2, "green": 0.4, "blue": 0.6, "opacity": 1 } },
          { "circle": { "frame": [25, 15, 10, 10], "pixelAligned": true }, "fill": "white" } ],
        "modifiers": [
          { "clipShape": { "capsule": {} } },
          { "mask": { "rectangle": { "frame": [0, 0, 60, 40], "pixelAligned": true } } },
          { "colorEffect": { "shader": "plasma", "arguments": [ { "float2": [60, 40] }, { "float": "=t" } ] } }
        ] } ]
    """)
}

@Test func namedAndHexColoursAndOpacity() throws {
    let i = try compile("""
    import SwiftUI
    extension Color {
        init(hex: String) { self.init(red: 0, green: 0, blue: 0) }
    }
    struct C: View {
        var body: some View {
            ZStack {
                Color(hex: "#FF9500")
                Color.blue.opacity(0.25)
                Color(white: 0.5)
            }
        }
    }
    #Preview { C().frame(width: 10, height: 10) }
    """)
    try expectMember(i, "content", """
    [ { "group": [
        { "rectangle": { "frame": [0, 0, 10, 10], "pixelAligned": true }, "fill": "orange" },
        { "rectangle": { "frame": [0, 0, 10, 10], "pixelAligned": true }, "fill": "blue", "modifiers": [ { "opacity": 0.25 } ] },
        { "rectangle": { "frame": [0, 0, 10, 10], "pixelAligned": true }, "fill": { "red": 0.5, "green": 0.5, "blue": 0.5, "opacity": 1 } }
    ] } ]
    """)
}

@Test func aColourChosenByStateIsAColourExpression() throws {
    let i = try compile("""
    import SwiftUI
    struct C: View {
        @State private var on = false
        var body: some View {
            HStack(spacing: 0) {
                Circle().frame(width: 10, height: 10).foregroundColor(on ? .yellow : .white)
                Circle().frame(width: 10, height: 10).foregroundColor(on ? Color(red: 1, green: 0.5, blue: 0) : .blue.opacity(0.5))
            }
            .animation(.linear(duration: 1), value: on)
            .onAppear { on = true }
        }
    }
    #Preview { C().frame(width: 20, height: 10) }
    """)
    let json = i.json
    #expect(json.contains(#""fill": "=(on) ? yellow : white""#), "\(json)")
    #expect(json.contains(#""fill": "=(on) ? #FF8000FF : #007AFF80""#) || json.contains(#""fill": "=(on) ? #FF8000FF : #0A84FF80""#), "\(json)")
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    _ = try i.load()
}

@Test func gradientStopsChosenByStateBecomeStopExpressions() throws {
    // A gradient's colours and stop locations that read the state compile to stop expressions,
    // which the spec animates as SwiftUI animates a resolved gradient (docs/spec.md, "Paints").
    let i = try compile("""
    import SwiftUI
    struct C: View {
        @State private var on = false
        var body: some View {
            VStack {
                Circle().fill(LinearGradient(colors: [on ? .red : .green, .white], startPoint: .top, endPoint: .bottom)).frame(width: 10, height: 10)
                Rectangle().fill(LinearGradient(gradient: Gradient(stops: [.init(color: .blue, location: 0), .init(color: .white, location: on ? 0.8 : 0.2)]), startPoint: .leading, endPoint: .trailing))
                    .frame(width: 10, height: 10)
            }
            .animation(.easeInOut, value: on)
            .onAppear { on = true }
        }
    }
    #Preview { C().frame(width: 20, height: 30) }
    """)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    #expect(i.json.contains(#""colors": ["=(on) ? red : green", "white"]"#), "\(i.json)")
    #expect(i.json.contains(#""location": "=on ? 0.8 : 0.2""#), "\(i.json)")
    _ = try i.load()
}

@Test func liquidGlassIsTheSpecsGlassModifiers() throws {
    let i = try compile("""
    import SwiftUI
    struct G: View {
        @Namespace private var ns
        var body: some View {
            GlassEffectContainer(spacing: 18) {
                HStack(spacing: 30) {
                    Text("A").frame(width: 44, height: 44).glassEffect()
                    Text("B").frame(width: 44, height: 44)
                        .glassEffect(.clear.tint(.blue).interactive(), in: .circle)
                        .glassEffectUnion(id: "pair", namespace: ns)
                    Text("C").frame(width: 44, height: 44).glassEffect(.regular, in: .rect(cornerRadius: 12))
                }
            }
        }
    }
    #Preview { G().frame(width: 200, height: 60) }
    """)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    let json = i.json.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
    for fragment in [
        #"{"glassEffectContainer":{"spacing":18}}"#,
        #"{"glassEffect":true}"#,
        #"{"glassEffect":{"variant":"clear","tint":"blue","interactive":true,"shape":"circle"}}"#,
        #"{"glassEffectUnion":{"id":"pair","namespace":"ns"}}"#,
        #"{"glassEffect":{"variant":"regular","shape":{"roundedRectangle":{"cornerRadius":12}}}}"#,
    ] {
        #expect(json.contains(fragment), "\(fragment) in \(json)")
    }
    _ = try i.load()
}

@Test func aGlassShapeThatIsNotModelledIsReportedWhereItIs() throws {
    let i = try compile("""
    import SwiftUI
    struct G: View {
        var body: some View {
            Text("A").glassEffect(.regular, in: .buttonBorder)
        }
    }
    #Preview { G().frame(width: 60, height: 60) }
    """)
    #expect(warningPlaces(i) == ["4: glassEffect(in:)"], "\(warningPlaces(i))")
    #expect(i.json.contains(#""glassEffect": { "variant": "regular" }"#), "\(i.json)")
}

@Test func aMaterialWithAnOpacityFillsTheShapeAtThatOpacity() throws {
    let i = try compile("""
    import SwiftUI
    struct M: View {
        var body: some View {
            RoundedRectangle(cornerRadius: 4).fill(Material.ultraThinMaterial.opacity(0.6)).frame(width: 20, height: 30)
        }
    }
    #Preview { M().frame(width: 40, height: 40) }
    """)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "content", """
    [ { "roundedRectangle": { "frame": [10, 5, 20, 30], "pixelAligned": true, "cornerRadius": 4 }, "fill": "ultraThinMaterial", "modifiers": [ { "opacity": 0.6 } ] } ]
    """)
    _ = try i.load()
}

@Test func aShadowColourChosenByTheLoopVariableLoads() throws {
    let i = try compile("""
    import SwiftUI
    struct L: View {
        var body: some View {
            ZStack {
                ForEach(0..<2) { i in
                    Circle().frame(width: 10, height: 10).shadow(color: i == 0 ? .red : .blue, radius: 2)
                }
            }
        }
    }
    #Preview { L().frame(width: 20, height: 20) }
    """)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    // Unrolled (red, then blue) or one expression of the loop variable: either loads.
    #expect((i.json.contains(#""color": "red""#) && i.json.contains(#""color": "blue""#)) || i.json.contains(#"? red : blue""#), "\(i.json)")
    _ = try i.load()
}
