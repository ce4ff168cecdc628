// Bindings: a child's @Binding given `$state` reads and writes its parent's state variable (one
// spec state, not a copy); `.constant(x)` is a binding that always reads x.
import Testing
import AnimoSwiftSource

@Test func aBindingPassedToAChildReadsAndWritesTheParentsState() throws {
    let i = try compile("""
    import SwiftUI
    struct Lamp: View {
        @Binding var lit: Bool
        var body: some View {
            Circle()
                .fill(lit ? Color.yellow : Color.gray)
                .onTapGesture { lit.toggle() }
        }
    }
    struct Room: View {
        @State private var on = false
        var body: some View {
            ZStack {
                Lamp(lit: $on)
                    .frame(width: 20, height: 20)
            }
            .onAppear { on = true }
        }
    }
    #Preview { Room().frame(width: 40, height: 40) }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    try expectMember(i, "state", #"{ "on": false }"#)
    try expectMember(i, "events", #"[ { "at": 0, "set": { "on": true } } ]"#)
    try expectMember(i, "content", """
    [ { "circle": { "frame": [10, 10, 20, 20], "pixelAligned": true }, "fill": "=(on) ? yellow : gray",
        "onTap": [ { "set": { "on": "=!on" } } ] } ]
    """)
    _ = try i.load()
}

@Test func aBindingPassedOnThroughTwoViewsAndAConstantBinding() throws {
    let i = try compile("""
    import SwiftUI
    struct Dot: View {
        @Binding var big: Bool
        var body: some View { Circle().scaleEffect(big ? 2 : 1) }
    }
    struct Pair: View {
        @Binding var big: Bool
        var body: some View {
            ZStack {
                Dot(big: $big)
                Dot(big: .constant(true))
            }
        }
    }
    struct Top: View {
        @State var grown = false
        var body: some View {
            Pair(big: $grown).onAppear { grown = true }
        }
    }
    #Preview { Top().frame(width: 40, height: 40) }
    """)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    try expectMember(i, "state", #"{ "grown": false }"#)
    let doc = try document(i)
    let content = String(describing: doc["content"] ?? "")
    #expect(content.contains("=grown ? 2 : 1"), "\(content)")
    // The constant binding reads true: its scale is 2, no state.
    #expect(!content.contains("big"), "\(content)")
}
