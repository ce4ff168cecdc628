// The compiled front end end to end (`--front-end compiled`): the file is compiled with swiftc
// against animo-render's SwiftUI, its code runs on the render's clock, and the frames show what
// the code did: a change scheduled with asyncAfter inside withAnimation (in a file that also
// imports Foundation and Combine, whose Dispatch names must not win over the render clock's), a view the change
// inserts, a named colour at an opacity in the dark scheme, and errors with positions.
import Foundation
import Testing
import AnimoTestSupport
import AnimoRaster

private let grow = """
import SwiftUI
import Foundation
import Combine

struct GrowView: View {
    @State private var big = false
    let letters = Array("Hi")
    var body: some View {
        ZStack {
            Color.black.ignoresSafeArea()
            Circle()
                .fill(Color.red.opacity(0.5))
                .frame(width: 100, height: 100)
                .scaleEffect(big ? 1.5 : 1)
            HStack {
                ForEach(0..<letters.count, id: \\.self) { i in Text(String(letters[i])) }
            }
            if big {
                Rectangle().fill(Color.green).frame(width: 20, height: 20).offset(y: -120)
            }
        }
        .preferredColorScheme(.dark)
        .onAppear {
            let start: DispatchTime = .now()
            DispatchQueue.main.asyncAfter(deadline: start + 0.5) {
                withAnimation(.easeInOut(duration: 0.4)) { big = true }
            }
        }
    }
}

#Preview { GrowView() }
"""

private func write(_ text: String, _ name: String) throws -> URL {
    let dir = temporaryFolder("compiled")
    let file = dir.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
}

@Test func compiledViewRunsItsOwnCodeOnTheRenderClock() throws {
    let file = try write(grow, "GrowView.swift")
    let (status, json, err) = try runTool(["import", file.path, "--front-end", "compiled"])
    #expect(status == 0, "\(err)")
    // The asyncAfter of onAppear became an event at 0.5 s with the withAnimation's animation.
    #expect(json.contains("\"at\": 0.5"), "\(json)")
    #expect(json.contains("\"easeInOut\""), "\(json)")
    #expect(json.contains("\"colorScheme\": \"dark\""), "\(json)")
}

@Test func compiledViewFramesShowTheChangeAnimatedAndTheDarkRed() throws {
    let file = try write(grow, "GrowView.swift")
    let out = file.deletingLastPathComponent().appendingPathComponent("frames")
    let (status, _, err) = try runTool([file.path, "--front-end", "compiled", "--out", out.path, "--key-poses", "--scale", "1", "--duration", "1.5"])
    #expect(status == 0, "\(err)")
    let first = try PNG.read(from: out.appendingPathComponent("first.png"))
    let last = try PNG.read(from: out.appendingPathComponent("last.png"))
    // iPhone 16's safe area (59 pt top, 34 bottom) centres the root: its middle is at
    // y = (59 + 852 - 34) / 2 = 438.5.
    let cx = 196, cy = 438
    // 62 pt right of the centre: outside the 100 pt circle, inside it at scale 1.5.
    #expect((first.pixel(x: cx + 62, y: cy)?.red ?? 1) < 0.05)
    let grown = try #require(last.pixel(x: cx + 62, y: cy))
    // Color.red.opacity(0.5) over black in the dark scheme: systemRed dark #FF453A at half.
    #expect(abs(grown.red - 0.5) < 0.02)
    #expect(abs(grown.green - 69.0 / 255 / 2) < 0.02, "\(grown)")
    // The green square the change inserted: absent first, present at the end.
    #expect((first.pixel(x: cx, y: cy - 120)?.green ?? 1) < 0.05)
    #expect((last.pixel(x: cx, y: cy - 120)?.green ?? 0) > 0.5)
}

@Test func compiledViewReportsSwiftcErrorsAtTheirLineAndMissingAPIs() throws {
    let file = try write("""
    import SwiftUI
    struct Broken: View {
        var body: some View {
            Text("x").notAModifier()
        }
    }
    """, "Broken.swift")
    let out = file.deletingLastPathComponent().appendingPathComponent("frames")
    let (status, _, err) = try runTool([file.path, "--front-end", "compiled", "--out", out.path])
    #expect(status != 0)
    #expect(err.contains("Broken.swift:4:"), "\(err)")
    #expect(err.contains("`notAModifier` is declared neither by the project's files nor by animo-render's SwiftUI"), "\(err)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
}

@Test func compiledViewThatNeverReturnsIsStoppedAndReported() throws {
    let file = try write("""
    import SwiftUI
    struct Spin: View {
        @State var n = 0
        var body: some View {
            Text("\\(n)").onAppear { while true { n &+= 1 } }
        }
    }
    """, "Spin.swift")
    setenv("ANIMO_SWIFTUI_RUN_SECONDS", "2", 1)
    let out = file.deletingLastPathComponent().appendingPathComponent("frames")
    let (status, _, err) = try runTool([file.path, "--front-end", "compiled", "--out", out.path])
    #expect(status != 0)
    #expect(err.contains("did not finish"), "\(err)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
}

private let shapes = """
import SwiftUI

struct Tri: Shape {
    func path(in rect: CGRect) -> Path {
        Path { p in
            p.move(to: CGPoint(x: rect.midX, y: rect.minY))
            p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            p.closeSubpath()
        }
    }
}

struct Wave: Shape {
    var phase: Double
    var animatableData: Double {
        get { phase }
        set { phase = newValue }
    }
    func path(in rect: CGRect) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: rect.midY))
        for x in stride(from: 0, through: rect.width, by: 2) {
            p.addLine(to: CGPoint(x: x, y: rect.midY + sin(x / rect.width * 2 * .pi + phase) * rect.height / 2))
        }
        p.addLine(to: CGPoint(x: rect.width, y: rect.height))
        p.addLine(to: CGPoint(x: 0, y: rect.height))
        p.closeSubpath()
        return p
    }
}

struct Shapes: View {
    @State var phase = 0.0
    var body: some View {
        VStack(spacing: 0) {
            Tri().fill(Color.orange).frame(width: 100, height: 100)
            Wave(phase: phase).fill(Color.blue).frame(width: 200, height: 100)
            Circle().scale(0.5).fill(Color.green).frame(width: 100, height: 100)
        }
        .onAppear { withAnimation(.linear(duration: 1)) { phase = .pi } }
    }
}
"""

@Test func compiledCustomShapesAreDrawnFromTheirOwnPathCode() throws {
    let file = try write(shapes, "Shapes.swift")
    let out = file.deletingLastPathComponent().appendingPathComponent("frames")
    let (status, _, err) = try runTool([file.path, "--front-end", "compiled", "--out", out.path, "--times", "0,1", "--scale", "1"])
    #expect(status == 0, "\(err)")
    // The wave's phase is not linear in its path: the mid-animation frames are flagged.
    #expect(err.contains("Wave's path is not linear in its animatableData"), "\(err)")
    let start = try PNG.read(from: out.appendingPathComponent("t-0_000.png"))
    let end = try PNG.read(from: out.appendingPathComponent("t-1_000.png"))
    // The stack is 300 pt tall, centred in the safe area (middle at y = 438.5): it starts at 288.
    let top = 288, cx = 196
    // The triangle: its apex is at the top middle, so a point near the top left corner is empty
    // and one near the bottom left corner is filled.
    #expect((start.pixel(x: cx - 40, y: top + 10)?.blue ?? 0) > 0.95)
    let base = try #require(start.pixel(x: cx - 40, y: top + 95))
    #expect(base.red > 0.9 && base.blue < 0.1, "\(base)")
    // The wave (x from 96 to 296, y from 388 to 488; y grows downwards): at phase 0 it is at the
    // bottom a quarter in (x = 146) and at the top three quarters in (x = 246); at phase π the
    // other way round. Just under the top of its box:
    let underTop = top + 110
    #expect((start.pixel(x: cx - 50, y: underTop)?.red ?? 0) > 0.95)
    let high = try #require(start.pixel(x: cx + 50, y: underTop))
    #expect(high.blue > 0.9 && high.red < 0.1, "\(high)")
    let later = try #require(end.pixel(x: cx - 50, y: underTop))
    #expect(later.blue > 0.9 && later.red < 0.1, "\(later)")
    // Circle().scale(0.5): a 50 pt circle in the middle of its 100 pt frame.
    let centre = try #require(start.pixel(x: cx, y: top + 250))
    #expect(centre.green > 0.6 && centre.red < 0.4, "\(centre)")
    #expect((start.pixel(x: cx + 35, y: top + 250)?.red ?? 0) > 0.95)
}

@Test func compiledCanvasInATimelineViewDrawsMetaballsJoinedMidway() throws {
    let file = try write("""
    import SwiftUI
    struct Goo: View {
        var body: some View {
            TimelineView(.animation) { timeline in
                let t = timeline.date.timeIntervalSinceReferenceDate
                Canvas { context, size in
                    context.addFilter(.alphaThreshold(min: 0.5, color: .purple))
                    context.addFilter(.blur(radius: 8))
                    context.drawLayer { layer in
                        let d = 40 * sin(t * 2)
                        for dx in [-d, d] {
                            let r = CGRect(x: size.width / 2 + dx - 30, y: size.height / 2 - 30, width: 60, height: 60)
                            layer.fill(Path(ellipseIn: r), with: .color(.white))
                        }
                    }
                }
                .frame(width: 240, height: 160)
            }
        }
    }
    """, "Goo.swift")
    let out = file.deletingLastPathComponent().appendingPathComponent("frames")
    let (status, _, err) = try runTool([file.path, "--front-end", "compiled", "--out", out.path, "--times", "0.5,0.8", "--scale", "1"])
    #expect(status == 0, "\(err)")
    let joined = try PNG.read(from: out.appendingPathComponent("t-0_500.png"))
    let apart = try PNG.read(from: out.appendingPathComponent("t-0_800.png"))
    // The root's fixed frame is the canvas, 240 × 160 (its middle (120, 80)). At 0.5 s the blobs'
    // centres are 67 pt apart, so the 60 pt circles leave a 7 pt gap, which the threshold of their
    // blur fills with a neck; at 0.8 s they are 80 pt apart and the middle stays empty.
    #expect(joined.width == 240 && joined.height == 160)
    let purple = { (p: PremultipliedColor?) -> Bool in (p?.red ?? 1) < 0.85 && (p?.blue ?? 0) > 0.7 }
    #expect(purple(joined.pixel(x: 120, y: 80)), "\(String(describing: joined.pixel(x: 120, y: 80)))")
    #expect((apart.pixel(x: 120, y: 80)?.green ?? 0) > 0.95)
    #expect(purple(apart.pixel(x: 80, y: 80)))
    #expect(purple(apart.pixel(x: 160, y: 80)))
}

@Test func compiledPackageViewImportsItsOwnModuleAndPreviewState() throws {
    // A Swift package: the view's target imports the package's own `Theme` module, whose files it
    // does not see otherwise; an `@Entry` environment value, a preference read by an ancestor,
    // and `@Previewable` state changed by the preview.
    let root = temporaryFolder("compiled-package")
    let fm = FileManager.default
    try fm.createDirectory(at: root.appendingPathComponent("Sources/Theme"), withIntermediateDirectories: true)
    try fm.createDirectory(at: root.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
    try Data("// swift-tools-version: 5.9\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
    try Data("""
    import SwiftUI
    public enum Theme {
        public static let side: CGFloat = 40
    }
    extension EnvironmentValues {
        @Entry public var accent: Color = .orange
    }
    """.utf8).write(to: root.appendingPathComponent("Sources/Theme/Theme.swift"))
    // A file of the App target that nothing uses and that would not compile with the Theme module.
    try Data("enum Theme { case broken }\n".utf8).write(to: root.appendingPathComponent("Sources/Other.swift"))
    let file = root.appendingPathComponent("Sources/App/Card.swift")
    try Data("""
    import SwiftUI
    import Theme

    struct HeightKey: PreferenceKey {
        static var defaultValue: CGFloat = 0
        static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value += nextValue() }
    }

    struct Card: View {
        @Binding var wide: Bool
        @State private var total: CGFloat = 0
        @Environment(\\.accent) private var accent
        var body: some View {
            VStack(spacing: 0) {
                Rectangle().fill(accent).frame(width: wide ? 3 * Theme.side : Theme.side, height: Theme.side)
                    .preference(key: HeightKey.self, value: Theme.side)
                Rectangle().fill(Color.blue).frame(width: total, height: 10)
                    .preference(key: HeightKey.self, value: 10)
            }
            .onPreferenceChange(HeightKey.self) { total = $0 }
        }
    }

    #Preview {
        @Previewable @State var wide = false
        Card(wide: $wide)
            .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { wide = true } }
    }
    """.utf8).write(to: file)
    let (status, json, err) = try runTool(["import", file.path, "--front-end", "compiled"])
    #expect(status == 0, "\(err)")
    // The module's constant and the environment value's default reached the view.
    #expect(json.contains("\"width\": \"=n1\"") || json.contains("\"width\": 40"), "\(json)")
    #expect(json.contains("\"orange\""), "\(json)")
    // The preference, 40 + 10, reaches the ancestor's action, which sets the bar's width at once.
    #expect(json.contains("\"n2\": 50"), "\(json)")
    // The @Previewable state's change at 0.5 s widens the card to 120.
    #expect(json.contains("\"at\": 0.5"), "\(json)")
    #expect(json.contains(": 120"), "\(json)")
}

@Test func compiledObservableModelChangesAreUpdates() throws {
    let file = try write("""
    import SwiftUI
    @Observable final class Model { var on = false }
    struct Lamp: View {
        @State private var model = Model()
        var body: some View {
            Circle().fill(model.on ? Color.green : Color.red).frame(width: 50, height: 50)
                .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { model.on = true } }
        }
    }
    """, "Lamp.swift")
    let (status, json, err) = try runTool(["import", file.path, "--front-end", "compiled"])
    #expect(status == 0, "\(err)")
    // The Observation-tracked property's change is an update at 0.3 s: the colour index moves.
    #expect(json.contains("\"at\": 0.3"), "\(json)")
    #expect(json.contains("\"c1\": 1"), "\(json)")
}

@Test func compiledAssetCatalogueColoursAreTheProjectsOwn() throws {
    let root = temporaryFolder("compiled-assets")
    let set = root.appendingPathComponent("Assets.xcassets/Brand.colorset")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    try Data("""
    {"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0x10", "green": "0x80", "blue": "0xF0", "alpha": "1.000"}}},
                {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
                 "color": {"color-space": "srgb", "components": {"red": "0xF0", "green": "0x20", "blue": "0x10", "alpha": "1.000"}}}]}
    """.utf8).write(to: set.appendingPathComponent("Contents.json"))
    let file = root.appendingPathComponent("Badge.swift")
    try Data("""
    import SwiftUI
    struct Badge: View {
        var body: some View { Circle().fill(Color("Brand")).frame(width: 40, height: 40) }
    }
    #Preview { Badge() }
    #Preview("Dark") { Badge().preferredColorScheme(.dark) }
    """.utf8).write(to: file)
    let (status, json, err) = try runTool(["import", file.path, "--front-end", "compiled"])
    #expect(status == 0, "\(err)")
    #expect(json.contains("\"#1080F0\""), "\(json)")
    let (darkStatus, dark, darkErr) = try runTool(["import", file.path, "--front-end", "compiled", "--preview", "Dark"])
    #expect(darkStatus == 0, "\(darkErr)")
    #expect(dark.contains("\"#F02010\""), "\(dark)")
}

@Test func compiledDragAndTapArePlayedInTheViewsProcess() throws {
    let file = try write("""
    import SwiftUI
    struct Drag: View {
        @State private var offset: CGSize = .zero
        @GestureState private var pressed = false
        @State private var taps = 0
        var body: some View {
            VStack(spacing: 40) {
                Circle().fill(pressed ? Color.orange : Color.blue).frame(width: 60, height: 60)
                    .offset(offset)
                    .gesture(DragGesture()
                        .updating($pressed) { _, state, _ in state = true }
                        .onChanged { offset = $0.translation }
                        .onEnded { _ in withAnimation(.spring(response: 0.4, dampingFraction: 0.6)) { offset = .zero } })
                Button("Like") { taps += 1 }
                Text("\\(taps)")
            }
        }
    }
    """, "Drag.swift")
    let out = file.deletingLastPathComponent().appendingPathComponent("frames")
    let (status, _, err) = try runTool([file.path, "--front-end", "compiled", "--drag", "0.5:100,100->200,150:0.3", "--tap", "1.5@Like",
                                        "--out", out.path, "--times", "0.6,1.2,2", "--scale", "1"])
    #expect(status == 0, "\(err)")
    let moving = try PNG.read(from: out.appendingPathComponent("t-0_600.png"))
    let before = try PNG.read(from: out.appendingPathComponent("t-1_200.png"))
    let after = try PNG.read(from: out.appendingPathComponent("t-2_000.png"))
    // At 0.6 s the finger is a third of the way: the circle (centre (196.5, 378.5) at rest) is
    // 33 pt right and 17 pt down, and orange while the gesture state is set.
    let held = try #require(moving.pixel(x: 230, y: 395))
    #expect(held.red > 0.9 && held.blue < 0.2, "\(held)")
    // After the lift the state is reset and the spring brings the circle back: blue at rest.
    let rest = try #require(after.pixel(x: 196, y: 378))
    #expect(rest.blue > 0.9 && rest.red < 0.2, "\(rest)")
    // The tap on "Like" at 1.5 s counts: the number under it changes from 0 to 1.
    var differs = false
    for y in 500..<540 { for x in 180..<215 where before.pixel(x: x, y: y) != after.pixel(x: x, y: y) { differs = true } }
    #expect(differs)
}

@Test func compiledStrokesAreShapesThatScaleTrimAndTakeTheForeground() throws {
    let file = try write("""
    import SwiftUI
    struct Strokes: View {
        var body: some View {
            VStack(spacing: 10) {
                Circle().stroke(lineWidth: 8).scale(0.5).foregroundColor(.red).frame(width: 100, height: 100)
                Circle().trim(from: 0, to: 0.5).stroke(lineWidth: 6).frame(width: 100, height: 100)
                Circle().stroke(lineWidth: 8).fill(Color.green).frame(width: 100, height: 100)
            }
        }
    }
    """, "Strokes.swift")
    let out = file.deletingLastPathComponent().appendingPathComponent("frames")
    let (status, _, err) = try runTool([file.path, "--front-end", "compiled", "--out", out.path, "--times", "0", "--scale", "1"])
    #expect(status == 0, "\(err)")
    let f = try PNG.read(from: out.appendingPathComponent("t-0_000.png"))
    // Centres (196.5, 328.5), (196.5, 438.5), (196.5, 548.5). The scaled stroke: a 25 pt circle in
    // the foreground colour, its width halved with the outline (4 pt: 23…27 pt from the centre).
    let ring = try #require(f.pixel(x: 196 + 25, y: 328))
    #expect(ring.red > 0.9 && ring.green < 0.4, "\(ring)")
    #expect((f.pixel(x: 196 + 29, y: 328)?.green ?? 0) > 0.9)
    // The trimmed stroke runs clockwise from the right through the bottom: the bottom is drawn,
    // the top is not.
    #expect((f.pixel(x: 196, y: 438 + 49)?.red ?? 1) < 0.2)
    #expect((f.pixel(x: 196, y: 438 - 49)?.red ?? 0) > 0.9)
    // stroke(lineWidth:) then fill(_:): the stroke painted green, the inside empty.
    let green = try #require(f.pixel(x: 196 + 48, y: 548))
    #expect(green.green > 0.6 && green.red < 0.4, "\(green)")
    #expect((f.pixel(x: 196, y: 548)?.red ?? 0) > 0.9)
}

@Test func compiledShaderLibraryCallsTheMetalFileBesideTheView() throws {
    let file = try write("""
    import SwiftUI
    struct Tinted: View {
        @State private var amount: Float = 0
        var body: some View {
            Rectangle().fill(Color.white).frame(width: 80, height: 80)
                .colorEffect(ShaderLibrary.tintBy(.float(amount), .color(.blue)))
                .onAppear { withAnimation(.linear(duration: 1)) { amount = 1 } }
        }
    }
    """, "Tinted.swift")
    try Data("""
    #include <metal_stdlib>
    #include <SwiftUI/SwiftUI_Metal.h>
    using namespace metal;
    [[ stitchable ]] half4 tintBy(float2 position, half4 color, float amount, half4 shade) {
        return mix(color, shade * color.a, half(amount));
    }
    """.utf8).write(to: file.deletingLastPathComponent().appendingPathComponent("Tint.metal"))
    let out = file.deletingLastPathComponent().appendingPathComponent("frames")
    let (status, _, err) = try runTool([file.path, "--front-end", "compiled", "--out", out.path, "--times", "0,1", "--scale", "1"])
    #expect(status == 0, "\(err)")
    let start = try PNG.read(from: out.appendingPathComponent("t-0_000.png"))
    let end = try PNG.read(from: out.appendingPathComponent("t-1_000.png"))
    // The root's fixed frame is the canvas (80 × 80). The shader's own function ran: white at
    // amount 0, the blue it was given at 1.
    let white = try #require(start.pixel(x: 40, y: 40))
    #expect(white.red > 0.95 && white.blue > 0.95, "\(white)")
    let blue = try #require(end.pixel(x: 40, y: 40))
    #expect(blue.red < 0.1 && blue.blue > 0.9, "\(blue)")
}

@Test func previewsListsOnlyViewsThatCanBeMadeWithoutArguments() throws {
    let file = try write("""
    import SwiftUI
    struct NeedsInit: View {
        @State var color: Color
        init(color: Color) { self.color = color }
        var body: some View { color }
    }
    struct NeedsState: View {
        @State var color: Color
        var body: some View { color }
    }
    struct Free: View {
        @Environment(\\.colorScheme) var scheme
        @State private var on = false
        var body: some View { Text("x") }
    }
    """, "Entries.swift")
    let (status, out, err) = try runTool(["previews", file.path])
    #expect(status == 0, "\(err)")
    // Xcode could not make the first two without arguments either; the compiled front end
    // would fail on them.
    #expect(out.contains("Free"), "\(out)")
    #expect(!out.contains("NeedsInit"), "\(out)")
    #expect(!out.contains("NeedsState"), "\(out)")
}

@Test func compiledEndlessRecursionAndHugeTreesAreStoppedWithTheirReason() throws {
    let recursion = try write("""
    import SwiftUI
    struct Deep: View {
        func depth(_ n: Int) -> Int { n == -1 ? 0 : 1 + depth(n + 1) }
        var body: some View { Text("\\(depth(0))") }
    }
    """, "Deep.swift")
    let out = recursion.deletingLastPathComponent().appendingPathComponent("frames")
    let (status, _, err) = try runTool([recursion.path, "--front-end", "compiled", "--out", out.path])
    #expect(status != 0)
    #expect(err.contains("Deep.swift: the view's code crashed") && err.contains("recursion"), "\(err)")
    #expect(!FileManager.default.fileExists(atPath: out.path))

    let huge = try write("""
    import SwiftUI
    struct Huge: View {
        var body: some View { VStack { ForEach(0..<10_000_000, id: \\.self) { i in Text("\\(i)") } } }
    }
    """, "Huge.swift")
    let (hugeStatus, _, hugeErr) = try runTool([huge.path, "--front-end", "compiled", "--out", out.path])
    #expect(hugeStatus != 0)
    // At the user's file and line, not the module's name for it.
    #expect(hugeErr.contains("Huge.swift:3:") && hugeErr.contains("more than 100000 views"), "\(hugeErr)")
    #expect(!hugeErr.contains("App/"), "\(hugeErr)")
}

@Test func compiledPreviewsOfTheFileDoNotStandInEachOthersWay() throws {
    // One preview names a type the project does not have; the others, and a private View, still
    // render, as each is compiled with the file's other previews blanked out.
    let file = try write("""
    import SwiftUI
    private struct Badge: View {
        var body: some View { Circle().fill(Color.green).frame(width: 30, height: 30) }
    }
    #Preview("Broken") { MissingScreen() }
    #Preview("Fine") { Badge() }
    struct Old_Previews: PreviewProvider {
        static var previews: some View { AlsoMissing() }
    }
    """, "Previews.swift")
    for name in ["Fine", "Badge"] {
        let (status, json, err) = try runTool(["import", file.path, "--front-end", "compiled", "--preview", name])
        #expect(status == 0, "\(name): \(err)")
        #expect(json.contains("\"circle\""), "\(json)")
    }
    let (status, _, err) = try runTool(["import", file.path, "--front-end", "compiled", "--preview", "Broken"])
    #expect(status != 0)
    #expect(err.contains("Previews.swift:5:") && err.contains("MissingScreen"), "\(err)")
}

@Test func compiledShapesByNameAndViewTracking() throws {
    let file = try write("""
    import SwiftUI
    struct Tag: View {
        var body: some View {
            VStack { Text("Hello") }
                .tracking(4)
                .padding()
                .background(.blue, in: .capsule)
                .clipShape(.rect(cornerRadius: 12))
        }
    }
    """, "Tag.swift")
    let (status, json, err) = try runTool(["import", file.path, "--front-end", "compiled"])
    #expect(status == 0, "\(err)")
    // A view's tracking reaches the text inside; iOS 17's shapes by name are the shapes.
    #expect(json.contains("\"kerning\": 4"), "\(json)")
    #expect(json.contains("\"capsule\""), "\(json)")
    #expect(json.contains("\"cornerRadius\": 12"), "\(json)")
}

@Test func compiledMatchedGeometryCompilesAndSaysWhatIsNotModelled() throws {
    let file = try write("""
    import SwiftUI
    struct Hero: View {
        @Namespace private var ns
        @State private var big = false
        var body: some View {
            VStack {
                if big { Circle().matchedGeometryEffect(id: "c", in: ns).frame(width: 100, height: 100) }
                else { Circle().matchedGeometryEffect(id: "c", in: ns).frame(width: 30, height: 30) }
            }
            .padding(.top, UIApplication.shared.windows.first?.safeAreaInsets.top ?? 0)
            .onAppear { withAnimation { big = true } }
        }
    }
    """, "Hero.swift")
    let (status, json, err) = try runTool(["import", file.path, "--front-end", "compiled"])
    #expect(status == 0, "\(err)")
    // Never a silent drop: the caller's line and what the render does instead.
    #expect(err.contains("Hero.swift:8:") && err.contains("matchedGeometryEffect(id:in:): the frame does not travel"), "\(err)")
    // The window's safe area is iPhone 16's.
    #expect(json.contains("59"), "\(json)")
}

@Test func compiledDrawOnSymbolStartsHiddenAndTracesWhenShown() throws {
    let file = try write("""
    import SwiftUI
    struct Check: View {
        @State private var hidden = true
        @State private var rings = 0
        var body: some View {
            VStack(spacing: 30) {
                Image(systemName: "checkmark").font(.system(size: 80)).symbolEffect(.drawOn, isActive: hidden)
                Image(systemName: "bell").font(.system(size: 40)).symbolEffect(.bounce, value: rings)
            }
            .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { hidden = false; rings += 1 } }
        }
    }
    """, "Check.swift")
    let (status, json, err) = try runTool(["import", file.path, "--front-end", "compiled"])
    #expect(status == 0, "\(err)")
    // The symbol node times the effects: isActive follows the state; value counts its changes.
    #expect(json.contains("\"drawOn\": true") && json.contains("\"bounce\": true") && json.contains("\"value\": \"n"), "\(json)")
    let out = file.deletingLastPathComponent().appendingPathComponent("frames")
    let (renderStatus, _, renderErr) = try runTool([file.path, "--front-end", "compiled", "--out", out.path, "--times", "0,0.7,1.5", "--scale", "1"])
    #expect(renderStatus == 0, "\(renderErr)")
    func ink(_ name: String) throws -> Int {
        let f = try PNG.read(from: out.appendingPathComponent(name))
        var n = 0
        for y in 360..<450 { for x in 150..<245 where (f.pixel(x: x, y: y)?.red ?? 1) < 0.5 { n += 1 } }
        return n
    }
    // `isActive: true` is hidden for drawOn (SwiftUI's sense): nothing at first, never the
    // finished mark; half traced 0.2 s after it turns false; more once traced.
    let start = try ink("t-0_000.png"), mid = try ink("t-0_700.png"), end = try ink("t-1_500.png")
    #expect(start == 0, "\(start)")
    #expect(mid > 20 && mid < end, "\(mid) \(end)")
}
