// Inside a method of a struct of the file, its own computed properties and methods are read by
// their bare names (`e`, `r()`), as Swift reads them on self.
import Foundation
import Testing
import AnimoSwiftSource

private let orbit = """
import SwiftUI
struct Ellipse2 {
    let a: Double
    let b: Double
    var e: Double { sqrt(1 - (b * b) / (a * a)) }
    func r() -> Double { a * (1 - e * e) }
    func twice() -> Double { 2 * r() }
}
struct EllipseView: View {
    let orbit = Ellipse2(a: 10, b: 6)
    var body: some View {
        Rectangle().frame(width: orbit.twice(), height: 10)
    }
}
#Preview { EllipseView().frame(width: 40, height: 20) }
"""

@Test func aStructMethodReadsItsComputedPropertyAndMethodByBareName() throws {
    let i = try compile(orbit, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    // e² = 1 − 36/100, r = 10 · 0.36 = 3.6, twice 7.2 wide, centred in 40.
    let content = try #require(try document(i)["content"] as? [[String: Any]])
    let frame = try #require((content.first?["rectangle"] as? [String: Any])?["frame"] as? [Double])
    #expect(frame.count == 4 && abs(frame[0] - 16.4) < 1e-9 && abs(frame[2] - 7.2) < 1e-9 && frame[3] == 10, "\(frame)")
}
