// A generic fixed-capacity buffer of the file (`struct Ring<T>: Sequence` with init(capacity:)
// and a mutating append) held in a @Published property is a state array: each append is the
// spec's append, followed by a removeFirst once the buffer is full, and `Array(buffer)` in a
// ForEach draws its elements, oldest first.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

private let comet = """
import SwiftUI
import QuartzCore
struct Ring<T>: Sequence {
    private var items: [T] = []
    let capacity: Int
    init(capacity: Int) { self.capacity = capacity }
    mutating func append(_ x: T) {
        items.append(x)
        if items.count > capacity { items.removeFirst() }
    }
    func makeIterator() -> IndexingIterator<[T]> { items.makeIterator() }
}
final class Comet: ObservableObject {
    @Published var trail = Ring<CGPoint>(capacity: 3)
    @Published var x: CGFloat = 0
    func start() {
        let link = CADisplayLink(target: self, selector: #selector(step(_:)))
        link.preferredFramesPerSecond = 4
        link.add(to: .main, forMode: .common)
    }
    @objc func step(_ link: CADisplayLink) {
        x += 20 * (link.targetTimestamp - link.timestamp)
        trail.append(CGPoint(x: x, y: 10))
    }
}
struct CometView: View {
    @StateObject var comet = Comet()
    var body: some View {
        ZStack {
            ForEach(Array(comet.trail), id: \\.x) { p in
                Circle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 4, height: 4).position(p)
            }
        }
        .onAppear { comet.start() }
    }
}
#Preview { CometView().frame(width: 40, height: 20) }
"""

@Test func aFixedCapacityBufferIsAStateArrayThatDropsItsOldest() throws {
    let i = try compile(comet, duration: 1.4)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "state", #"{ "trail": { "points": [] }, "x": 0 }"#)
    let events = try #require(try document(i)["events"] as? [[String: Any]])
    // Five frames (4 a second, 1.4 s): five appends 5 points apart; the fourth and fifth each
    // drop the oldest, right after their append.
    let ops = events.compactMap { e -> String? in
        guard let t = e["at"] as? Double, let op = (e["set"] as? [String: Any])?["trail"] as? [String: Any] else { return nil }
        if let p = op["append"] as? [Double] { return "\(t) +\(p[0])" }
        if let k = op["removeFirst"] as? Double { return "\(t) -\(k)" }
        return "\(t) ?"
    }
    #expect(ops == ["0.25 +5.0", "0.5 +10.0", "0.75 +15.0", "1.0 +20.0", "1.0 -1.0", "1.25 +25.0", "1.25 -1.0"], "\(ops)")
    // After the fifth frame the trail is the last three points: x 15, 20, 25 (scale 3).
    let renderer = try SceneRenderer(spec: try Spec.load(json: i.json))
    let p = try renderer.render(at: 1.3)
    func red(_ x: Int) -> Bool { let px = p.pixels[(10 * 3) * p.width + x * 3]; return px.x > 0.9 && px.y < 0.1 }
    #expect([10, 15, 20, 25, 30].map(red) == [false, true, true, true, false])
    // Halfway, after the second frame: two dots.
    let q = try renderer.render(at: 0.6)
    func red2(_ x: Int) -> Bool { let px = q.pixels[(10 * 3) * q.width + x * 3]; return px.x > 0.9 && px.y < 0.1 }
    #expect([5, 10, 15].map(red2) == [true, true, false])
}

@Test func aBufferOfElementsTheSpecCannotHoldIsReported() throws {
    let i = try compile(comet.replacingOccurrences(of: "Ring<CGPoint>(capacity: 3)", with: "Ring<String>(capacity: 3)"), duration: 0.5)
    // At the property (line 14), with the element type named.
    let w = try #require(i.warnings.first { $0.construct == "@State trail" }, "\(i.warnings)")
    #expect(w.line == 14 && w.message.contains("String"), "\(w)")
}

