// A `@Published var rotation: Angle = .zero` (or a @State Angle) is a state variable in degrees
// read back as an Angle: `.rotationEffect(camera.rotation)` turns the view by the state's value.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

private let turned = """
import SwiftUI
final class Camera: ObservableObject {
    @Published var rotation: Angle = .zero
}
struct TurnView: View {
    @StateObject private var camera = Camera()
    var body: some View {
        Rectangle()
            .fill(Color(red: 0, green: 0, blue: 1))
            .frame(width: 30, height: 6)
            .rotationEffect(camera.rotation)
            .onAppear {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { camera.rotation = .degrees(90) }
            }
    }
}
#Preview { TurnView().frame(width: 40, height: 40) }
"""

@Test func anAngleStateTurnsARotationEffect() throws {
    let i = try compile(turned, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "state", #"{ "rotation": 0 }"#)
    try expectMember(i, "events", #"[{ "at": 0.5, "set": { "rotation": 90 } }]"#)
    let renderer = try SceneRenderer(spec: try Spec.load(json: i.json))
    // Before: a bar 30 wide, 6 high; after: 6 wide, 30 high (scale 3).
    let before = try #require(box(try renderer.render(at: 0.2), 0, 0, 1))
    #expect(before.2 - before.0 > 80 && before.3 - before.1 < 20, "\(before)")
    let after = try #require(box(try renderer.render(at: 0.8), 0, 0, 1))
    #expect(after.3 - after.1 > 80 && after.2 - after.0 < 20, "\(after)")
}
