// ProgressView() as the spec's spinner, a PreviewProvider that lists several views as several
// previews, and `if`/`else if` chains as sibling conditions.
import Foundation
import Testing
import AnimoSpec
import AnimoSwiftSource

@Test func progressViewIsTheSpinner() throws {
    let i = try compile("""
    import SwiftUI
    struct Busy: View {
        @State private var on = false
        var body: some View {
            HStack {
                ProgressView()
                ProgressView().progressViewStyle(CircularProgressViewStyle(tint: on ? .red : .white))
                ProgressView().tint(.blue)
            }
        }
    }
    #Preview { Busy().frame(width: 120, height: 40) }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    let stack = try #require(((try document(i)["content"] as? [[String: Any]])?.first?["hstack"] as? [String: Any])?["content"] as? [[String: Any]])
    #expect(stack.count == 3)
    func spokes(_ node: [String: Any]) throws -> [String: Any] {
        let z = try #require((node["zstack"] as? [String: Any])?["content"] as? [[String: Any]])
        let r = try #require(z.first?["repeat"] as? [String: Any])
        #expect(r["count"] as? Double == 8)
        return try #require((r["content"] as? [[String: Any]])?.first)
    }
    let plain = try spokes(stack[0])
    #expect(plain["fill"] as? String == "secondary")
    let name = try #require(((stack[0]["zstack"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["repeat"] as? [String: Any])["as"] as? String
    let mods = try #require(plain["modifiers"] as? [[String: Any]])
    // One spoke in eight is brightest, stepping clockwise 8 times a second; each 45° apart.
    #expect(mods.contains { ($0["opacity"] as? String) == "=1 - 0.1 * ((floor(t * 8) - \(name!)) % 8)" }, "\(mods)")
    #expect(mods.contains { ($0["rotationEffect"] as? String) == "=\(name!) * 45" }, "\(mods)")
    #expect(try spokes(stack[1])["fill"] as? String == "=(on) ? red : white")
    #expect(try spokes(stack[2])["fill"] as? String == "blue")
    let frame = try #require(((stack[0]["modifiers"] as? [[String: Any]])?.first?["frame"]) as? [String: Any])
    #expect(frame["width"] as? Double == 20 && frame["height"] as? Double == 20)
    _ = try i.load()
}

@Test func aDeterminateProgressViewIsReported() throws {
    let i = try compile("""
    import SwiftUI
    struct P: View {
        var body: some View { VStack { ProgressView(value: 0.4) } }
    }
    """)
    #expect(warningPlaces(i) == ["3: ProgressView"], "\(i.warnings)")
}

@Test func aProviderWithSeveralViewsHasAPreviewForEach() throws {
    let source = """
    import SwiftUI
    struct Dot: View {
        var body: some View { Circle().fill(.red).frame(width: 40, height: 40) }
    }
    struct Dot_Previews: PreviewProvider {
        static var previews: some View {
            Dot()
                .preferredColorScheme(.light)
            Dot()
                .scaleEffect(2)
                .preferredColorScheme(.dark)
        }
    }
    """
    let file = try SwiftSourceFile(text: source, fileName: "Dot.swift")
    #expect(file.entries.map(\.name) == ["Dot_Previews", "Dot_Previews 2", "Dot"])
    let first = try compile(source)
    #expect((try document(first)["content"] as? [Any])?.count == 1)
    #expect(!first.json.contains("dark") && !first.json.contains("scaleEffect"), "\(first.json)")
    let second = try compile(source, preview: "Dot_Previews 2")
    #expect((try document(second)["content"] as? [Any])?.count == 1)
    #expect(second.json.contains(#""colorScheme": "dark""#) && second.json.contains("scaleEffect"), "\(second.json)")
}

@Test func aPreviewWrittenWithBodyIsListedAndAColoursGradientIsItsColour() throws {
    let source = """
    import SwiftUI
    struct Dot: View {
        var body: some View { Rectangle().fill(Color.red.gradient).frame(width: 40, height: 40) }
    }
    #Preview(body: {
        Dot().preferredColorScheme(.dark)
    })
    #Preview("Plain") { Dot() }
    """
    let file = try SwiftSourceFile(text: source, fileName: "Dot.swift")
    #expect(file.entries.map(\.name) == ["Preview", "Plain", "Dot"])
    let i = try compile(source)
    #expect(i.json.contains(#""colorScheme": "dark""#), "the body: preview is the default: \(i.json)")
    // The red is drawn (flat), and the approximation is reported at `.gradient`.
    #expect(i.json.contains(#""fill": "red""#) || i.json.contains(#""red": 1"#), "\(i.json)")
    #expect(warningPlaces(i) == ["3: Color.gradient"], "\(i.warnings.map(\.description))")
}

@Test func anElseIfChainIsSiblingsWithExclusiveConditions() throws {
    let i = try compile("""
    import SwiftUI
    struct S: View {
        @State private var k = 0
        var body: some View {
            ZStack {
                if k == 1 {
                    Circle()
                } else if k == 2 {
                    Rectangle()
                } else {
                    Capsule()
                }
            }
        }
    }
    #Preview { S().frame(width: 40, height: 40) }
    """)
    var conditions: [String] = []
    func walk(_ v: Any) {
        if let d = v as? [String: Any] {
            if let c = (d["if"] as? [String: Any])?["condition"] as? String { conditions.append(c) }
            for key in d.keys.sorted() { walk(d[key]!) }
        } else if let a = v as? [Any] {
            a.forEach(walk)
        }
    }
    walk(try document(i)["content"] as Any)
    #expect(conditions == ["=k == 1", "=!(k == 1) && k == 2", "=!(k == 1) && !(k == 2)"], "\(conditions)")
}

@Test func anAnimationWatchingAComputedValueWatchesTheValue() throws {
    let i = try compile("""
    import SwiftUI
    struct W: View {
        @State private var stage = 0
        var width: CGFloat { stage == 0 ? 100 : 40 }
        var body: some View {
            Capsule()
                .frame(width: width, height: 20)
                .animation(.spring(response: 0.4, dampingFraction: 0.7), value: width)
                .animation(.linear, value: stage)
                .onAppear { stage = 1 }
        }
    }
    #Preview { W().frame(width: 120, height: 40) }
    """)
    #expect(i.json.contains(#""value": "=stage == 0 ? 100 : 40""#), "\(i.json)")
    #expect(i.json.contains(#""value": "stage""#), "\(i.json)")
    _ = try i.load()
}
