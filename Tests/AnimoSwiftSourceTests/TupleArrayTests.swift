// An array of tuples declared with labels (`[(x: Double, y: Double, z: Double)]`) made by
// `Array(repeating: (0, 0, 0), count: n)` or written out: its elements take the declared labels, and
// `worlds[i].z` reads the element's member.
import Foundation
import Testing
import AnimoSwiftSource

private let tuples = """
import SwiftUI
final class Depths: ObservableObject {
    private var worlds: [(x: Double, y: Double, z: Double)]
    init(count: Int) { worlds = Array(repeating: (0, 2, 7), count: count) }
    var current: [(x: Double, y: Double, z: Double)] { worlds }
}
struct TupleView: View {
    @StateObject private var depths = Depths(count: 3)
    let sizes: [(w: CGFloat, h: CGFloat)] = [(4, 6), (10, 12)]
    var body: some View {
        let worlds = depths.current
        Rectangle()
            .frame(width: sizes[1].w + worlds[2].z, height: sizes[0].h + worlds[1].y)
    }
}
#Preview { TupleView().frame(width: 40, height: 40) }
"""

@Test func anArrayOfLabelledTuplesIsIndexedAndReadByLabel() throws {
    let i = try compile(tuples, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    // 10 + 7 wide, 6 + 2 high, centred in 40 × 40.
    #expect(i.json.contains(#""frame": [11.5, 16, 17, 8]"#), "\(i.json)")
}

@Test func aCountThatIsNotAWholeNumberIsReported() throws {
    let i = try compile(tuples.replacingOccurrences(of: "count: count)", with: "count: -1)"), duration: 1)
    #expect(i.warnings.contains { $0.message.contains("a count of -1") }, "\(warningPlaces(i))")
}
