// `xs[i] = v` of an array that is not state (a local, a stored property of a model): the array
// with that element replaced, as Swift's value semantics give it.
import Foundation
import Testing
import AnimoSwiftSource

private let elements = """
import SwiftUI
final class Widths: ObservableObject {
    private var stored: [CGFloat] = [1, 2, 3]
    init() { bump() }
    func bump() { stored[2] = 9 }
    var last: CGFloat { stored[2] }
}
struct ElementView: View {
    @StateObject private var model = Widths()
    func widths() -> [CGFloat] {
        var xs: [CGFloat] = Array(repeating: 0, count: 3)
        let copy = xs
        for i in xs.indices { xs[i] = CGFloat(i) * 10 }
        return [xs[2], copy[2]]
    }
    var body: some View {
        Rectangle().frame(width: widths()[0] + widths()[1] + model.last, height: 10)
    }
}
#Preview { ElementView().frame(width: 40, height: 20) }
"""

@Test func anElementOfAnArrayValueIsAssigned() throws {
    let i = try compile(elements, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    // 20 (the element set) + 0 (the copy made before keeps its value) + 9 (the model's element).
    let content = try #require(try document(i)["content"] as? [[String: Any]])
    let frame = try #require((content.first?["rectangle"] as? [String: Any])?["frame"] as? [Double])
    #expect(frame == [5.5, 5, 29, 10], "\(frame)")
}

@Test func anIndexOutsideTheArrayIsReported() throws {
    let i = try compile(elements.replacingOccurrences(of: "stored[2] = 9", with: "stored[5] = 9"), duration: 1)
    #expect(i.warnings.contains { $0.message.contains("index 5 is out of range") }, "\(warningPlaces(i))")
}
