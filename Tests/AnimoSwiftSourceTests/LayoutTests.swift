// Layout: stacks, spacers, dividers, colours, grids, scroll views and geometry readers are the
// spec's layout views; frame, padding, aspectRatio, background, overlay, clipped, zIndex,
// ignoresSafeArea, fixedSize, layoutPriority and position on them its layout modifiers. Without a
// constant root frame the canvas is an iPhone 16 with its safe area.
import Testing
import AnimoSpec
import AnimoRender
import AnimoRaster
import AnimoSwiftSource

@Test func stacksSpacersAndDividersAreTheSpecsLayoutViews() throws {
    let i = try compile("""
    import SwiftUI
    struct Row: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                HStack(alignment: .top) {
                    Circle().fill(.red).frame(width: 20, height: 20)
                    Spacer(minLength: 4)
                    Divider()
                }
                Color.mint
                    .frame(height: 30)
            }
            .padding(.horizontal, 20)
            .background(Color.yellow)
        }
    }
    """)
    try expectMember(i, "canvas", #"{ "device": "iPhone 16", "background": "white" }"#)
    try expectMember(i, "content", """
    [ { "vstack": { "content": [
          { "hstack": { "content": [
              { "circle": {}, "fill": "red", "modifiers": [ { "frame": { "width": 20, "height": 20 } } ] },
              { "spacer": { "minLength": 4 } },
              { "divider": {} } ], "alignment": "top" } },
          { "color": "mint", "modifiers": [ { "frame": { "height": 30 } } ] } ],
        "spacing": 12, "alignment": "leading" },
        "modifiers": [ { "padding": { "edges": "horizontal", "length": 20 } }, { "background": "yellow" } ] } ]
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
}

@Test func layoutModifiersKeepTheirSwiftOrder() throws {
    let i = try compile("""
    import SwiftUI
    struct Tiles: View {
        var body: some View {
            VStack {
            ZStack(alignment: .bottomTrailing) {
                RoundedRectangle(cornerRadius: 8)
                    .strokeBorder(Color.blue, lineWidth: 4)
                    .aspectRatio(1.5, contentMode: .fill)
                    .frame(maxWidth: .infinity, minHeight: 10, alignment: .trailing)
                    .clipped()
                    .zIndex(2)
                Capsule()
                    .fixedSize(horizontal: true, vertical: false)
                    .layoutPriority(1)
                    .padding()
                    .overlay(alignment: .topLeading) { Circle().frame(width: 6, height: 6) }
                    .position(x: 30, y: 40)
                    .ignoresSafeArea(edges: .top)
            }
            }
        }
    }
    """)
    try expectMember(i, "content", """
    [ { "vstack": { "content": [ { "zstack": { "content": [
        { "roundedRectangle": { "cornerRadius": 8 }, "stroke": { "color": "blue", "lineWidth": 4 },
          "modifiers": [ { "padding": 2 }, { "aspectRatio": { "ratio": 1.5, "contentMode": "fill" } },
                         { "frame": { "maxWidth": "infinity", "minHeight": 10, "alignment": "trailing" } },
                         { "clipped": true }, { "zIndex": 2 } ] },
        { "capsule": {}, "modifiers": [ { "fixedSize": { "horizontal": true, "vertical": false } }, { "layoutPriority": 1 },
                                        { "padding": true },
                                        { "overlay": { "content": [ { "circle": {}, "modifiers": [ { "frame": { "width": 6, "height": 6 } } ] } ], "alignment": "topLeading" } },
                                        { "position": [30, 40] }, { "ignoresSafeArea": { "edges": "top" } } ] } ],
      "alignment": "bottomTrailing" } } ] } } ]
    """)
}

@Test func aZStackHoldingALayoutViewIsLaidOutAndOneOfShapesIsDrawnInTheCanvas() throws {
    let i = try compile("""
    import SwiftUI
    struct Screen: View {
        var body: some View {
            ZStack {
                Color.black.ignoresSafeArea()
                VStack { Circle() }
            }
        }
    }
    """)
    try expectMember(i, "content", """
    [ { "zstack": { "content": [ { "color": "black", "modifiers": [ { "ignoresSafeArea": true } ] },
                                 { "vstack": { "content": [ { "circle": {} } ] } } ] } } ]
    """)
    let shapes = try compile("""
    import SwiftUI
    struct Shapes: View {
        var body: some View {
            ZStack {
                Color.black
                Circle().frame(width: 10, height: 10)
            }
        }
    }
    """)
    // The root is offered the iPhone 16's safe area (59 pt at the top, 34 at the bottom): the
    // colour fills it, not the screen, and the circle is centred in it (59 + 759 / 2 − 5).
    try expectMember(shapes, "content", """
    [ { "group": [ { "rectangle": { "frame": [0, 59, 393, 759], "pixelAligned": true }, "fill": "black" },
                   { "circle": { "frame": [191.5, 433.5, 10, 10], "pixelAligned": true } } ] } ]
    """)
}

@Test func ignoresSafeAreaOutsideALayoutViewReachesTheScreensEdges() throws {
    let i = try compile("""
    import SwiftUI
    struct Shapes: View {
        var body: some View {
            ZStack {
                Color.black.ignoresSafeArea()
                Color.red.ignoresSafeArea(edges: .top)
                Color.blue.edgesIgnoringSafeArea(.horizontal)
                Circle().frame(width: 10, height: 10)
            }
        }
    }
    """)
    try expectMember(i, "content", """
    [ { "group": [ { "rectangle": { "frame": [0, 0, 393, 852], "pixelAligned": true }, "fill": "black" },
                   { "rectangle": { "frame": [0, 0, 393, 818], "pixelAligned": true }, "fill": "red" },
                   { "rectangle": { "frame": [0, 59, 393, 759], "pixelAligned": true }, "fill": "blue" },
                   { "circle": { "frame": [191.5, 433.5, 10, 10], "pixelAligned": true } } ] } ]
    """)
}

/// In a layout view `.ignoresSafeArea` is the layout's modifier: the rectangle a Canvas inside
/// draws in stays the one the stack offers (the iPhone 16's safe area, 59 pt below the top and
/// 34 above the bottom: 759 pt high), for both spellings of the modifier. The canvas draws from its
/// own origin; the stack places it.
@Test func ignoresSafeAreaInALayoutViewLeavesTheCanvasSizeAsTheStackOffersIt() throws {
    for modifier in [".ignoresSafeArea()", ".edgesIgnoringSafeArea(.all)"] {
        let i = try compile("""
        import SwiftUI
        struct Screen: View {
            var body: some View {
                VStack {
                    Canvas { context, size in
                        context.fill(Path(CGRect(x: 0, y: 0, width: size.width, height: size.height)), with: .color(.red))
                    }
                    \(modifier)
                }
            }
        }
        """)
        let edges = modifier.hasPrefix(".ignores") ? "true" : #"{ "edges": "all" }"#
        try expectMember(i, "content", """
        [ { "vstack": { "content": [ { "zstack": [ { "path": { "d": "M0 0 L393 0 L393 759 L0 759 Z", "frame": [0, 0, 393, 759] }, "fill": "red" } ],
                                       "modifiers": [ { "ignoresSafeArea": \(edges) } ] } ] } } ]
        """)
    }
}

@Test func aNegativeStackSpacingIsKeptAndAnInfiniteFrameReported() throws {
    let i = try compile("""
    import SwiftUI
    struct Tight: View {
        var body: some View {
            VStack(spacing: -8) {
                Circle().frame(width: 20, height: 20)
                Circle().frame(width: .infinity, height: 20)
            }
        }
    }
    """)
    #expect(warningPlaces(i) == ["6: .frame(width:)"], "\(i.warnings)")
    try expectMember(i, "content", """
    [ { "vstack": { "content": [ { "circle": {}, "modifiers": [ { "frame": { "width": 20, "height": 20 } } ] },
                                 { "circle": {}, "modifiers": [ { "frame": { "height": 20 } } ] } ], "spacing": -8 } } ]
    """)
}

@Test func aNegativeStackSpacingOverlapsTheChildrenInThePixels() throws {
    let i = try compile("""
    import SwiftUI
    struct Overlap: View {
        var body: some View {
            VStack(spacing: -10) {
                Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 40, height: 30)
                Rectangle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 20, height: 30)
            }
        }
    }
    #Preview { Overlap().frame(width: 100, height: 100) }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    let spec = try Spec.load(json: i.json)
    let p = try SceneRenderer(spec: spec).render(at: 0)
    // 100 × 100 points at scale 3. SwiftUI overlaps the two by 10: the stack is 30 + 30 − 10 = 50
    // high, centred (y 25…75); red x 30…70, y 25…55; blue, drawn over it, x 40…60, y 45…75.
    let red = try #require(box(p, 1, 0, 0))
    let blue = try #require(box(p, 0, 0, 1))
    #expect(red == (90, 75, 209, 164), "\(red)")
    #expect(blue == (120, 135, 179, 224), "\(blue)")
    // Where they overlap (x 40…60, y 45…55) the later child covers the earlier.
    let mid = p.pixels[150 * p.width + 150]
    #expect(mid.z > 0.95 && mid.x < 0.05, "\(mid)")
}

@Test func gridsScrollViewsAndGeometryReaders() throws {
    let i = try compile("""
    import SwiftUI
    struct Gallery: View {
        let columns = Array(repeating: GridItem(.flexible(), spacing: 4), count: 3)
        var body: some View {
            ScrollView {
                LazyVGrid(columns: columns, spacing: 6) {
                    ForEach(0..<9) { _ in Color.teal.frame(height: 40) }
                }
                LazyHGrid(rows: [GridItem(.fixed(30)), GridItem(.adaptive(minimum: 20, maximum: .infinity))]) {
                    Rectangle()
                }
                Grid(horizontalSpacing: 2) {
                    GridRow { Color.red; Color.blue }
                }
                GeometryReader { proxy in
                    Circle().frame(width: proxy.size.width / 2, height: proxy.size.height / 2)
                }
            }
        }
    }
    """)
    try expectMember(i, "content", """
    [ { "scrollView": { "content": [
        { "lazyVGrid": { "content": [ { "repeat": { "count": 9, "as": "i", "content": [ { "color": "teal", "modifiers": [ { "frame": { "height": 40 } } ] } ] } } ],
                         "columns": [ { "flexible": {}, "spacing": 4 }, { "flexible": {}, "spacing": 4 }, { "flexible": {}, "spacing": 4 } ], "spacing": 6 } },
        { "lazyHGrid": { "content": [ { "rectangle": {} } ], "rows": [ { "fixed": 30 }, { "adaptive": { "minimum": 20, "maximum": "infinity" } } ] } },
        { "grid": { "content": [ { "gridRow": { "content": [ { "color": "red" }, { "color": "blue" } ] } } ], "horizontalSpacing": 2 } },
        { "geometryReader": { "as": "proxy", "content": [
            { "circle": { "frame": ["=(proxy.width - proxy.width / 2) * 0", "=(proxy.height - proxy.height / 2) * 0", "=proxy.width / 2", "=proxy.height / 2"], "pixelAligned": true } } ] } } ] } } ]
    """)
    // A preview's ScrollView is at rest, which is what the spec's scrollView lays out (§105).
    #expect(i.warnings.isEmpty, "\(i.warnings)")
}

@Test func darkSchemeSemanticColoursAndMaterials() throws {
    let i = try compile("""
    import SwiftUI
    struct Panel: View {
        var body: some View {
            VStack {
                Color(.systemBackground)
                Color(.systemGray5)
                Color.secondary
            }
            .background(.ultraThinMaterial)
        }
    }
    #Preview { Panel().preferredColorScheme(.dark) }
    """)
    try expectMember(i, "canvas", #"{ "device": "iPhone 16", "background": "black", "colorScheme": "dark" }"#)
    try expectMember(i, "content", """
    [ { "vstack": { "content": [ { "color": "systemBackground" }, { "color": "gray5" }, { "color": "secondary" } ] },
        "modifiers": [ { "background": { "content": [ { "rectangle": {}, "fill": "ultraThinMaterial" } ] } } ] } ]
    """)
}

@Test func anHStackPlacesItsChildrenSideBySideInThePixels() throws {
    let i = try compile("""
    import SwiftUI
    struct Pair: View {
        var body: some View {
            HStack(spacing: 10) {
                Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 20, height: 20)
                Rectangle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 30, height: 10)
            }
        }
    }
    #Preview { Pair().frame(width: 100, height: 40) }
    """)
    let spec = try Spec.load(json: i.json)
    let p = try SceneRenderer(spec: spec).render(at: 0)
    // 100 × 40 points at scale 3; the stack is 60 × 20, centred: x 20…40 and 50…80, the red
    // square y 10…30, the blue bar centred on it, y 15…25.
    let red = try #require(box(p, 1, 0, 0))
    let blue = try #require(box(p, 0, 0, 1))
    #expect(red == (60, 30, 119, 89), "\(red)")
    #expect(blue == (150, 45, 239, 74), "\(blue)")
}

@Test func aCustomShapeInAGeometryReaderIsDrawnForTheSizeProposedAtCompileTime() throws {
    let i = try compile("""
    import SwiftUI
    struct Wedge: Shape {
        func path(in rect: CGRect) -> Path {
            var p = Path()
            p.move(to: .zero)
            p.addLine(to: CGPoint(x: rect.width, y: rect.height))
            p.addLine(to: CGPoint(x: 0, y: rect.height))
            // A branch: not a shape template, so the path is run at compile time.
            if rect.width > 0 { p.closeSubpath() }
            return p
        }
    }
    struct Holder: View {
        var body: some View {
            VStack {
                GeometryReader { geo in
                    Wedge()
                }
                .frame(width: 40, height: 20)
            }
        }
    }
    """)
    #expect(warningPlaces(i) == ["17: the frame of the Wedge shape"], "\(i.warnings)")
    try expectMember(i, "content", """
    [ { "vstack": { "content": [ { "geometryReader": { "as": "geo", "content": [ { "path": { "d": "M0 0 L40 20 L0 20 Z" } } ] },
                                   "modifiers": [ { "frame": { "width": 40, "height": 20 } } ] } ] } } ]
    """)
}

@Test func lengthsTheSpecCannotTakeAreReportedAndTheSpecStillLoads() throws {
    let i = try compile("""
    import SwiftUI
    struct Odd: View {
        var body: some View {
            VStack(spacing: .infinity) {
                Text("\\(Double.infinity, specifier: "%d")")
                Spacer(minLength: -3)
                Color.red.frame(width: -5, maxHeight: .nan).padding(-4).aspectRatio(0, contentMode: .fit)
                LazyVGrid(columns: Array(repeating: GridItem(.fixed(-2)), count: 1e9)) { Color.blue }
            }
        }
    }
    """)
    #expect(warningPlaces(i) == ["4: VStack(spacing:)", "6: Spacer(minLength:)", "7: .frame(width:)", "7: .frame(maxHeight:)",
                                 "7: .padding", "7: .aspectRatio", "8: GridItem"], "\(i.warnings)")
    let spec = try Spec.load(json: i.json)
    _ = try SceneRenderer(spec: spec).render(at: 0)
}

@Test func modifiersOnAViewWhoseBodyIsALayoutViewAreLayoutModifiers() throws {
    let i = try compile("""
    import SwiftUI
    struct Card: View {
        var body: some View {
            VStack { Text("Hi") }
        }
    }
    #Preview { Card().padding(8).background(Color.orange) }
    """)
    try expectMember(i, "content", """
    [ { "vstack": { "content": [ { "text": { "string": "Hi" } } ] },
        "modifiers": [ { "padding": 8 }, { "background": "orange" } ] } ]
    """)
}

@Test func aViewContainingItselfInAZStackEndsWithTheRecursionError() throws {
    let f = try #require(failure("""
    import SwiftUI
    struct Loop: View {
        var body: some View {
            ZStack { Loop().padding() }
        }
    }
    """))
    #expect(f.diagnostics.first?.message.contains("more than 64 deep") == true, "\(f.diagnostics)")
}

@Test func aClippedFixedSizeCanvasInsideAReaderIsDrawnWhereTheReaderPlacesIt() throws {
    let i = try compile("""
    import SwiftUI
    struct Fan: View {
        var body: some View {
            VStack {
                GeometryReader { proxy in
                    ZStack {
                        Canvas { context, size in
                            context.fill(Path(CGRect(x: 0, y: 0, width: size.width, height: size.height)), with: .color(Color(red: 1, green: 0, blue: 0)))
                        }
                        .frame(width: 20, height: 10)
                        .clipShape(Rectangle())
                    }
                    .frame(width: proxy.size.width, height: proxy.size.height)
                }
            }
        }
    }
    #Preview { Fan().frame(width: 60, height: 40) }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    let p = try SceneRenderer(spec: try Spec.load(json: i.json)).render(at: 0)
    // The reader is 60 × 40 and centres the 20 × 10 canvas: x 20…40, y 15…25, at scale 3; the
    // clip is the canvas' own rectangle, so all of it shows.
    let red = box(p, 1, 0, 0)
    #expect(red.map { $0 == (60, 45, 119, 74) } == true, "\(String(describing: red))")
}
