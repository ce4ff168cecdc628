// ObservableObject classes owned as @StateObject (or passed on as @ObservedObject): their
// @Published properties are spec state, their methods change it from onAppear, timers and
// gestures, and the views that read them follow.
import Foundation
import Testing
import AnimoSpec
import AnimoScene
import AnimoSwiftSource

private let loader = """
import SwiftUI
final class Loader: ObservableObject {
    @Published var progress: CGFloat = 0
    @Published var done = false
    private var step: CGFloat = 0.25
    init(step: CGFloat) { self.step = step }
    func advance() {
        progress += step
        if progress >= 1 { done = true }
    }
}
struct Bar: View {
    @ObservedObject var model: Loader
    var body: some View {
        Capsule().fill(model.done ? Color.green : Color.blue)
            .frame(width: 100 * model.progress, height: 10)
    }
}
struct Screen: View {
    @StateObject private var loader: Loader
    init() { _loader = StateObject(wrappedValue: Loader(step: 0.5)) }
    var body: some View {
        VStack {
            Bar(model: loader)
            Button("Reset") { withAnimation(.linear(duration: 0.2)) { loader.progress = 0 } }
        }
        .onAppear {
            Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in loader.advance() }
        }
    }
}
#Preview { Screen().frame(width: 120, height: 80) }
"""

@Test func publishedPropertiesAreStateThatMethodsChange() throws {
    let i = try compile(loader, duration: 1.6)
    #expect(i.warnings.isEmpty, "\(i.warnings)")
    try expectMember(i, "state", #"{"progress": 0, "done": false}"#)
    // The timer calls advance() every 0.5 s with the object's own step (0.5, set by its init).
    try expectMember(i, "events", #"""
        [{"at": 0.5, "set": {"progress": 0.5}}, {"at": 1, "set": {"progress": 1, "done": true}}, {"at": 1.5, "set": {"progress": 1.5, "done": true}}]
        """#)
    // The child view given the object reads the same state.
    #expect(i.json.contains(#""=100 * progress""#), "\(i.json)")
    #expect(i.json.contains(#""=(done) ? green : blue""#), "\(i.json)")
    // A button sets a property of the object.
    #expect(i.json.contains(#""button": [{ "set": { "progress": 0 }, "animation": { "linear": { "duration": 0.2 } } }]"#)
            || i.json.contains(#""set": { "progress": 0 }"#), "\(i.json)")
    _ = try i.load()
}

@Test func anObjectThatIsNotAClassOfTheFileIsReported() throws {
    let i = try compile("""
    import SwiftUI
    struct V: View {
        @StateObject private var store = Store.shared
        var body: some View { Circle() }
    }
    """)
    #expect(warningPlaces(i).contains { $0.hasPrefix("3: ") }, "\(i.warnings)")
}
