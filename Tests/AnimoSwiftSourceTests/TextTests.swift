// Text: the spec's text node with its string (an interpolated state value is a string expression
// with a printf format), fonts, weights and the text modifiers, set from the outside in as
// SwiftUI's environment; Image(systemName:) an image with the font and image scale.
import Testing
import AnimoSwiftSource

@Test func textTakesItsFontAndModifiersFromTheEnvironment() throws {
    let i = try compile("""
    import SwiftUI
    struct Title: View {
        var body: some View {
            VStack {
                Text("Hello")
                    .fontWeight(.semibold)
                    .kerning(1.5)
                Text("A caption that wraps")
                    .font(.system(size: 20, weight: .bold, design: .rounded))
                    .italic()
                    .lineLimit(2)
                    .multilineTextAlignment(.center)
                    .foregroundColor(.secondary)
                Image(systemName: "heart.fill")
                    .imageScale(.large)
                    .foregroundStyle(.red)
            }
            .font(.title2)
        }
    }
    """)
    try expectMember(i, "content", """
    [ { "vstack": { "content": [
        { "text": { "string": "Hello", "font": "title2", "kerning": 1.5, "fontWeight": "semibold" } },
        { "text": { "string": "A caption that wraps", "multilineTextAlignment": "center", "lineLimit": 2, "italic": true,
                    "font": { "size": 20, "weight": "bold", "design": "rounded" }, "foregroundStyle": "secondary" } },
        { "image": { "systemName": "heart.fill", "font": "title2", "imageScale": "large", "foregroundStyle": "red" } } ] } } ]
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
}

@Test func anInterpolatedStateValueIsAStringExpressionWithAFormat() throws {
    let i = try compile("""
    import SwiftUI
    struct Counter: View {
        @State private var count = 0
        @State private var progress = 0.0
        let label = "Done"
        var body: some View {
            VStack {
                Text("\\(count) items")
                    .contentTransition(.numericText())
                Text("\\(progress * 100, specifier: "%.0f")%")
                Text("\\(label): \\(3)")
                Text("=\\(2.5)")
                Text(String(format: "%02d", count))
            }
            .onAppear { withAnimation { count = 12; progress = 1 } }
        }
    }
    """)
    try expectMember(i, "content", """
    [ { "vstack": { "content": [
        { "text": { "string": "=count", "format": "%d items", "contentTransition": "numericText" } },
        { "text": { "string": "=progress * 100", "format": "%.0f%%" } },
        { "text": { "string": "Done: 3" } },
        { "text": { "string": "==2.5" } },
        { "text": { "string": "=count", "format": "%02d" } } ] } } ]
    """)
}

@Test func textThatIsNotModelledIsReportedAtItsPosition() throws {
    let i = try compile("""
    import SwiftUI
    struct Two: View {
        @State private var a = 0
        @State private var b = 0
        var body: some View {
            VStack {
                Text("\\(a) of \\(b)")
                Text("x").font(.custom("Avenir", size: 18))
                Text("\\(a, specifier: "%s")")
            }
        }
    }
    """)
    #expect(warningPlaces(i) == ["7: Text", "8: Font.custom", "9: Text"], "\(i.warnings)")
    #expect(i.warnings[2].description.hasPrefix("Snippet.swift:9:35: Text: the format '%s' is not one the spec formats"), "\(i.warnings[2])")
    #expect(i.warnings[0].description == "Snippet.swift:7:29: Text: a text with more than one changing value is not modelled: left out")
    try expectMember(i, "content", """
    [ { "vstack": { "content": [ { "text": { "string": "x", "font": { "size": 18 } } } ] } } ]
    """)
}

@Test func aButtonWithATitleIsItsTitleInTheAccentColour() throws {
    let i = try compile("""
    import SwiftUI
    struct Actions: View {
        @State private var on = false
        var body: some View {
            VStack {
                Button("Start") { on.toggle() }
                    .font(.headline)
                Button("Stop", action: { on = false })
                    .foregroundStyle(.red)
            }
        }
    }
    """)
    try expectMember(i, "content", """
    [ { "vstack": { "content": [ { "text": { "string": "Start", "font": "headline", "foregroundStyle": "blue" },
                                   "button": [ { "set": { "on": "=!on" } } ] },
                                 { "text": { "string": "Stop", "foregroundStyle": "red" },
                                   "button": [ { "set": { "on": false } } ] } ] } } ]
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
}

@Test func aSymbolInAShapesOverlayOutsideALayoutViewSitsInTheShapesFrame() throws {
    // Not in a layout view, the circle has a frame of its own; the symbol in its overlay is
    // centred in that frame, not in the canvas.
    let i = try compile("""
    import SwiftUI
    struct Badge: View {
        var body: some View {
            ZStack {
                Circle().fill(.green).frame(width: 40, height: 40).overlay { Image(systemName: "heart.fill").font(.title) }
            }
        }
    }
    #Preview { Badge().frame(width: 100, height: 100) }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    try expectMember(i, "content", """
    [ { "group": [ { "circle": { "frame": [30, 30, 40, 40], "pixelAligned": true }, "fill": "green" },
                   { "image": { "systemName": "heart.fill", "font": "title", "frame": [30, 30, 40, 40] } } ] } ]
    """)
}
