// `DispatchQueue.global(qos:).async { …; DispatchQueue.main.async { state = v } }`: the background
// work is done at once and the value it hands to the main queue is set on the main queue's next
// turn, at the instant of the handler that started it.
import Foundation
import Testing
import AnimoSwiftSource

private let background = """
import SwiftUI
struct SumView: View {
    @State private var total: Double = 0
    var body: some View {
        Rectangle()
            .frame(width: 10 + total, height: 10)
            .onAppear {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {
                    DispatchQueue.global(qos: .userInitiated).async {
                        var v = 0
                        for k in 1...4 { v += k }
                        DispatchQueue.main.async { total = Double(v) }
                    }
                }
            }
    }
}
#Preview { SumView().frame(width: 40, height: 20) }
"""

@Test func backgroundWorkHandsItsResultToTheMainQueue() throws {
    let i = try compile(background, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "events", #"[{ "at": 0.25, "set": { "total": 10 } }]"#)
}

@Test func anotherQueueMethodIsStillReported() throws {
    let i = try compile(background.replacingOccurrences(of: "global(qos: .userInitiated).async", with: "global(qos: .userInitiated).sync"), duration: 1)
    #expect(!i.warnings.isEmpty, "\(warningPlaces(i))")
}
