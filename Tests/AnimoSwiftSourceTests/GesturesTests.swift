// Gestures: Button actions, onTapGesture, onLongPressGesture and DragGesture compile to the
// spec's handlers, with state read symbolically; the spec they make loads, and a tap on it runs.
import Foundation
import Testing
import AnimoSpec
import AnimoScene
import AnimoSwiftSource

/// The first node with `key` anywhere in the document, as sorted-key JSON text.
private func handler(_ i: SwiftImport, _ key: String) throws -> String? {
    func find(_ v: Any) -> Any? {
        if let d = v as? [String: Any] {
            if let h = d[key] { return h }
            for (_, x) in d { if let f = find(x) { return f } }
        } else if let a = v as? [Any] {
            for x in a { if let f = find(x) { return f } }
        }
        return nil
    }
    guard let found = find(try document(i)["content"] as Any) else { return nil }
    return String(decoding: try JSONSerialization.data(withJSONObject: found, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
}

private func sorted(_ json: String) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: try parseJSON(json), options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
}

@Test func aButtonsActionBecomesItsHandler() throws {
    let i = try compile("""
    import SwiftUI
    struct Like: View {
        @State private var liked = false
        @State private var count = 0
        var body: some View {
            Button {
                count += 1
                withAnimation(.bouncy) { liked.toggle() }
            } label: {
                Text("Like").padding(8)
            }
        }
    }
    #Preview { Like().frame(width: 120, height: 60) }
    """)
    #expect(try handler(i, "button") == (try sorted(#"""
        [{"set": {"count": "=count + 1"}}, {"set": {"liked": "=!liked"}, "animation": {"bouncy": {}}}]
        """#)))
    // The label, not the action, is drawn.
    #expect(i.json.contains(#""string": "Like""#))
    // A tap on the label runs it: liked and count change at touch-up.
    var spec = try i.load()
    spec.interactions = [SpecInteraction(at: 0.2, kind: .tap(target: .name("Like"), hold: 0.1), path: "--tap 0.2@Like")]
    let scene = try ResolvedScene(spec: spec)
    let changes = scene.spec.events.flatMap { e in e.set.map { "\($0.name)=\(formatNumber($0.value))@\(formatNumber((e.at * 1000).rounded() / 1000))" } }
    #expect(changes == ["count=1@0.3", "liked=1@0.3"], "\(changes)")
}

@Test func titledButtonsAndTapGestures() throws {
    let i = try compile("""
    import SwiftUI
    struct V: View {
        @State private var on = false
        @State private var x: CGFloat = 0
        var body: some View {
            VStack {
                Button("Go") { on = true }
                Circle().frame(width: 20, height: 20)
                    .onTapGesture { withAnimation { x = 40 } }
                    .accessibilityIdentifier("dot")
                Rectangle().frame(width: 20, height: 20)
                    .onLongPressGesture(minimumDuration: 0.8) { on = false }
                    .allowsHitTesting(false)
            }
        }
    }
    #Preview { V().frame(width: 120, height: 120) }
    """)
    #expect(try handler(i, "button") == (try sorted(#"[{"set": {"on": true}}]"#)))
    #expect(try handler(i, "onTap") == (try sorted(#"[{"set": {"x": 40}, "animation": {"default": {}}}]"#)))
    #expect(try handler(i, "id") == #""dot""#)
    #expect(try handler(i, "onLongPress") == (try sorted(#"{"minimumDuration": 0.8, "perform": [{"set": {"on": false}}]}"#)))
    #expect(try handler(i, "allowsHitTesting") == "false")
    _ = try i.load()
}

@Test func aDragGesturesValuesBecomeTheSpecsNames() throws {
    let i = try compile("""
    import SwiftUI
    struct Knob: View {
        @State private var offset: CGFloat = 0
        var body: some View {
            Circle().frame(width: 30, height: 30)
                .offset(x: offset)
                .gesture(DragGesture(minimumDistance: 4)
                    .onChanged { value in offset = value.translation.width }
                    .onEnded { v in
                        withAnimation(.spring(response: 0.3, dampingFraction: 0.5)) { offset = v.predictedEndTranslation.width > 100 ? 200 : 0 }
                    })
        }
    }
    #Preview { Knob().frame(width: 300, height: 60) }
    """)
    #expect(try handler(i, "onDrag") == (try sorted(#"""
        {"minimumDistance": 4, "onChanged": [{"set": {"offset": "=translation.width"}}],
         "onEnded": [{"set": {"offset": "=predictedEndTranslation.width > 100 ? 200 : 0"}, "animation": {"spring": {"response": 0.3, "dampingFraction": 0.5}}}]}
        """#)))
    _ = try i.load()
}

@Test func aGestureOnAViewThatDrawsNothingIsReportedNotAnEmptyGroup() throws {
    let i = try compile("""
    import SwiftUI
    struct Empty: View {
        @State private var x = 0.0
        var body: some View {
            ZStack {
                Toggle("On", isOn: .constant(true))
            }
            .gesture(DragGesture().onChanged { v in x = v.translation.width })
        }
    }
    #Preview { Empty().frame(width: 20, height: 20) }
    """)
    #expect(warningPlaces(i).contains("8: .gesture"), "\(warningPlaces(i))")
    _ = try Spec.load(json: i.json)
}
