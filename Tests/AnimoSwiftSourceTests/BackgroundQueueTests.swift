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

@Test func backgroundWorkTooLongToRunWhileCompilingIsLeftOutAndReported() throws {
    // A background loop far longer than the compile's work budget: the work and the value it
    // hands to the main queue are left out, reported at the call, and the handler's later
    // statements still run.
    let long = background
        .replacingOccurrences(of: "for k in 1...4 { v += k }", with: "while v < 5_000_000 { v += 1 }")
        .replacingOccurrences(of: "                }\n            }\n    }", with: "                }\n                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { total = 3 }\n            }\n    }")
    let i = try compile(long, duration: 1)
    let w = try #require(i.warnings.first { $0.construct == "DispatchQueue.global" }, "\(warningPlaces(i))")
    #expect(w.line == 9 && w.message.contains("left out"), "\(w)")
    try expectMember(i, "events", #"[{ "at": 0.5, "set": { "total": 3 } }]"#)
}
