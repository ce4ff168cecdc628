// Preferences and the state a drag handler keeps: a PreferenceKey whose frames an
// .onPreferenceChange stores, an optional identity (`UUID?`) and a CGSize @State, searches of a
// constant array, and an `if` on the state inside a handler. The spec compiled loads, renders the
// same frames after a trip through its JSON, and a drag moves the chip under the finger.
import Foundation
import Testing
import AnimoSpec
import AnimoScene
import AnimoRender
import AnimoRaster
import AnimoSwiftSource

private let chips = """
import SwiftUI

struct Chip: Identifiable {
    let id = UUID()
    let label: String
    var color: Color
}

private struct FramesKey: PreferenceKey {
    static var defaultValue: [UUID: CGRect] = [:]
    static func reduce(value: inout [UUID: CGRect], nextValue: () -> [UUID: CGRect]) {
        value.merge(nextValue(), uniquingKeysWith: { $1 })
    }
}

struct Chips: View {
    @State private var chips: [Chip] = [
        Chip(label: "A", color: Color(red: 1, green: 0, blue: 0)),
        Chip(label: "B", color: Color(red: 0, green: 0, blue: 1))
    ]
    @State private var framesById: [UUID: CGRect] = [:]
    @State private var draggingId: UUID?
    @State private var drag: CGSize = .zero

    var body: some View {
        HStack(spacing: 20) {
            ForEach(chips) { chip in
                Rectangle()
                    .fill(chip.color)
                    .frame(width: 40, height: 40)
                    .opacity(chips.firstIndex(where: { $0.id == chip.id }) == 0 ? 1 : 0.5)
                    .offset(x: draggingId == chip.id ? drag.width : 0, y: draggingId == chip.id ? drag.height : 0)
                    .background(
                        GeometryReader { proxy in
                            Color.clear.preference(key: FramesKey.self, value: [chip.id: proxy.frame(in: .global)])
                        }
                    )
                    .gesture(
                        DragGesture(minimumDistance: 1)
                            .onChanged { value in
                                if draggingId == nil { draggingId = chip.id }
                                drag = value.translation
                            }
                            .onEnded { _ in
                                draggingId = nil
                                drag = .zero
                            }
                    )
            }
        }
        .onPreferenceChange(FramesKey.self) { frames in
            framesById = frames
        }
    }
}

#Preview { Chips().frame(width: 200, height: 80) }
"""

/// The first member named `key` anywhere in the content, as sorted-key JSON text.
private func found(_ i: SwiftImport, _ key: String) throws -> String? {
    func find(_ v: Any) -> Any? {
        if let d = v as? [String: Any] {
            if let h = d[key] { return h }
            for k in d.keys.sorted() { if let f = find(d[k]!) { return f } }
        } else if let a = v as? [Any] {
            for x in a { if let f = find(x) { return f } }
        }
        return nil
    }
    guard let f = find(try document(i)["content"] as Any) else { return nil }
    return String(decoding: try JSONSerialization.data(withJSONObject: f, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
}

private func sortedJSON(_ json: String) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: try parseJSON(json), options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
}

@Test func preferencesAndTheDragsStateCompileWithoutWarnings() throws {
    let i = try compile(chips)
    #expect(i.warnings.isEmpty, "\(i.warnings.map(\.description))")
    // The CGSize is two numbers, the optional id one (0 = nil); the frames dictionary is no state
    // of the spec (layout's output, read by nothing here).
    let state = try document(i)["state"] as! [String: Any]
    #expect(Set(state.keys).isSuperset(of: ["draggingId", "drag_width", "drag_height"]), "\(state.keys.sorted())")
    #expect(!state.keys.contains { $0.hasPrefix("framesById") })
    #expect(state["draggingId"] as? Double == 0)
    // The first chip's handler: the `if` computes its flag first, and the id change runs under it.
    let onDrag = try #require(try found(i, "onDrag"))
    #expect(onDrag == (try sortedJSON(#"""
        {"minimumDistance": 1,
         "onChanged": [{"set": {"condition": "=draggingId == 0"}}, {"set": {"draggingId": 1}, "when": "=condition"},
                       {"set": {"drag_width": "=translation.width", "drag_height": "=translation.height"}}],
         "onEnded": [{"set": {"draggingId": 0, "drag_width": 0, "drag_height": 0}}]}
        """#)), "\(onDrag)")
    // firstIndex(where:) of the constant array finds each chip's own index.
    #expect(try found(i, "opacity") == "1")
    #expect(i.json.contains(#""opacity": 0.5"#))
    #expect(i.json.contains(#""=draggingId == 2 ? drag_width : 0""#), "the second chip compares with its own id")
}

@Test func readingTheStoredFramesIsReportedWhereTheyAreRead() throws {
    // A tap handler that hit-tests the stored frames: the read is reported at its position, the
    // preference itself is not.
    let source = chips.replacingOccurrences(of: "drag = .zero", with: "drag = .zero; if framesById.count > 1 { drag = CGSize(width: 1, height: 1) }")
    #expect(source != chips)
    let i = try compile(source)
    let lines = source.components(separatedBy: "\n")
    let line = try #require(lines.firstIndex { $0.contains("framesById.count") }) + 1
    let column = try #require(lines[line - 1].range(of: "framesById").map { lines[line - 1].distance(from: lines[line - 1].startIndex, to: $0.lowerBound) }) + 1
    #expect(i.warnings.count == 1, "\(i.warnings.map(\.description))")
    let w = try #require(i.warnings.first)
    #expect(w.line == line && w.column >= column && w.column <= column + "framesById.count".count, "\(w)")
    #expect(w.description.contains("FramesKey"), "\(w)")
    #expect(w.description.contains("left out"), "\(w)")
}

@Test func preferenceFormsThatAreNotModelledAreReportedAtTheModifier() throws {
    let i = try compile("""
    import SwiftUI
    struct K: PreferenceKey {
        static var defaultValue: CGFloat = 0
        static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = max(value, nextValue()) }
    }
    struct V: View {
        @State private var width: CGFloat = 0
        var body: some View {
            Rectangle()
                .preference(key: Unknown.self, value: 3)
                .onPreferenceChange(K.self) { w in print(w) }
        }
    }
    #Preview { V().frame(width: 40, height: 40) }
    """)
    #expect(warningPlaces(i) == ["10: .preference", "11: .onPreferenceChange"], "\(i.warnings.map(\.description))")
    #expect(i.warnings[0].column == 14 && i.warnings[1].column == 14, "\(i.warnings.map(\.description))")
    #expect(i.warnings[1].message.contains("only storing the value of K in a @State"), "\(i.warnings[1])")
}

@Test func anIfOnTheStateInATapHandlerRunsOnlyWhileItHolds() throws {
    // `if count < 2 { count += 1 }` tapped three times stops at 2: the condition is not dropped.
    let i = try compile("""
    import SwiftUI
    struct Counter: View {
        @State private var count = 0
        @State private var done = false
        var body: some View {
            Rectangle()
                .onTapGesture {
                    if count < 2 { count += 1 } else { done = true }
                }
        }
    }
    #Preview { Counter().frame(width: 40, height: 40) }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings.map(\.description))")
    var spec = try i.load()
    spec.interactions = [0.1, 0.4, 0.7].map { SpecInteraction(at: $0, kind: .tap(target: nil, hold: 0.05), path: "--tap \($0)") }
    let scene = try ResolvedScene(spec: spec)
    let counts = scene.spec.events.flatMap { e in e.set.filter { $0.name == "count" }.map { formatNumber($0.value) } }
    let done = scene.spec.events.flatMap { e in e.set.filter { $0.name == "done" }.map { formatNumber($0.value) } }
    #expect(counts == ["1", "2"], "\(counts)")
    #expect(done == ["1"], "\(done)")
}

/// The chips rendered with a drag from the first chip's centre 60 pt to the right.
private func dragged(_ spec: Spec) throws -> SceneRenderer {
    var spec = spec
    spec.interactions = [SpecInteraction(at: 0.2, kind: .drag(from: (x: 70, y: 40), to: (x: 130, y: 40), duration: 0.3), path: "--drag")]
    return try SceneRenderer(spec: spec)
}

@Test func aDragMovesTheChipUnderTheFingerAndTheJSONRendersTheSame() throws {
    let i = try compile(chips, duration: 1)
    let direct = try dragged(try i.load())
    let viaJSON = try dragged(try Spec.load(json: i.json))
    // The HStack centres 40 + 20 + 40 pt in 200: chip A spans x 50…90, chip B 110…150, y 20…60.
    func rgb(_ p: Pixmap, _ x: Int, _ y: Int) -> SIMD4<Float> { p.pixels[y * p.width + x] }
    for t in [0.0, 0.35, 0.6] {
        let a = try direct.render(at: t, scale: 1), b = try viaJSON.render(at: t, scale: 1)
        #expect(a.pixels == b.pixels, "the spec read back from its JSON draws the same frame at \(t) s")
    }
    let rest = try direct.render(at: 0.1, scale: 1)
    #expect(rgb(rest, 70, 40).x > 0.99 && rgb(rest, 70, 40).z < 0.01, "A at rest: \(rgb(rest, 70, 40))")
    #expect(rgb(rest, 100, 40).x > 0.99 && rgb(rest, 100, 40).y > 0.99, "the gap is background: \(rgb(rest, 100, 40))")
    // Halfway (0.35 s) the finger has moved 30 pt: A spans 80…120, over the gap; B is drawn later,
    // so it still covers 110…120.
    let mid = try direct.render(at: 0.35, scale: 1)
    #expect(rgb(mid, 100, 40).x > 0.99 && rgb(mid, 100, 40).y < 0.01, "A under the finger: \(rgb(mid, 100, 40))")
    #expect(rgb(mid, 60, 40).y > 0.99, "A's old place is background: \(rgb(mid, 60, 40))")
    #expect(rgb(mid, 130, 40).z > 0.99 && rgb(mid, 130, 40).x < 0.9, "B stays: \(rgb(mid, 130, 40))")
    // After the lift (0.5 s) onEnded puts A back at once (no animation).
    let after = try direct.render(at: 0.6, scale: 1)
    #expect(rgb(after, 70, 40).x > 0.99 && rgb(after, 70, 40).y < 0.01, "A back: \(rgb(after, 70, 40))")
    #expect(rgb(after, 100, 40).y > 0.99, "the gap again: \(rgb(after, 100, 40))")
}
