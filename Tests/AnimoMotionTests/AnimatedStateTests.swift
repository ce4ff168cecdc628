import Foundation
import Testing
@testable import AnimoMotion

@Test func transactionsDriveSeveralPropertiesWithOverrides() throws {
    var st = AnimatedState(initialValues: ["x": v(0), "o": v(1), "d0": v(0), "d1": v(0)])
    let lin = try Animation.linear(duration: 1)
    let i = try st.apply(["x": v(100), "o": v(0), "d0": v(10), "d1": v(10)], at: 0.5, animation: lin,
                         overrides: ["o": nil, "d1": try lin.delay(0.25)])
    #expect(st.value(of: "o", at: 0.5)!.x == 0)                     // override nil → jump
    #expect(close(st.value(of: "x", at: 1)!.x, 50, 1e-12))
    #expect(close(st.value(of: "d1", at: 1)!.x, 2.5, 1e-12))         // per-index delay
    #expect(st.restTime(ofTransaction: i) == 1.75)
    #expect(st.logicalCompletionTime(ofTransaction: i) == 1.75)
    #expect(close(st.firstTime(reachingFraction: 0.5, ofTransaction: i)!, 1.25, 1e-8))
    #expect(throws: MotionError.self) { try st.apply(["nope": v(1)], at: 2, animation: nil) }
    #expect(Animation.default != Animation.spring)                   // §11
}
