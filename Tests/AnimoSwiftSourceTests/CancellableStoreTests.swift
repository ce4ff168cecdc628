// A @State that only keeps Combine subscriptions alive (`Set<AnyCancellable>()`) has no pixels and
// no value a view reads: it compiles to nothing, silently, and the rest of the view is drawn.
import Foundation
import Testing
import AnimoSwiftSource

private let subscriber = """
import SwiftUI
import Combine
struct BagView: View {
    @State private var cancellables = Set<AnyCancellable>()
    @State private var more: Set<AnyCancellable> = []
    @State private var one: AnyCancellable?
    @State private var on = false
    var body: some View {
        Circle().fill(on ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 1))
    }
}
#Preview { BagView().frame(width: 20, height: 20) }
"""

@Test func aSetOfCancellablesIsLeftOutSilently() throws {
    let i = try compile(subscriber, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "state", #"{ "on": false }"#)
}

@Test func anotherUnmodelledStateIsStillReported() throws {
    let i = try compile(subscriber.replacingOccurrences(of: "Set<AnyCancellable>()", with: "Set<URL>()"), duration: 1)
    #expect(i.warnings.contains { $0.construct == "@State cancellables" && $0.line == 4 }, "\(warningPlaces(i))")
}
