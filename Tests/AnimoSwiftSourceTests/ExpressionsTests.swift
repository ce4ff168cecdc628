// Expressions: Swift's integer rules, math, ternaries on state, helpers with branches on values
// known only while rendering (choices), extension properties.
import Foundation
import Testing
import AnimoSwiftSource

private func offsetOf(_ expression: String, extra: String = "") throws -> SwiftImport {
    try compile("""
    import SwiftUI
    struct X: View {
        @State private var on = false
        @State private var angle: Double = 30
        var body: some View {
            ZStack {
                ForEach(0..<4) { i in
                    Rectangle().offset(x: \(expression))
                }
            }
        }
        \(extra)
    }
    #Preview { X().frame(width: 10, height: 10) }
    """)
}

@Test(arguments: [
    ("CGFloat(i / 2)", "=floor(i / 2)"),
    ("CGFloat(i % 2) * 5", "=i % 2 * 5"),
    ("360 / 20 * Double(i)", "=18 * i"),
    ("on ? 10 : -10", "=on ? 10 : -10"),
    ("cos(.pi * Double(i) / 2) * angle", "=cos(3.141592653589793 * i / 2) * angle"),
    ("Double(i) > 1 && on ? 1 : 0", "=i > 1 && on ? 1 : 0"),
    ("CGFloat(min(i, 2))", "=min(i, 2)"),
])
func expressionsCompileToTheSpecLanguage(_ swift: String, _ spec: String) throws {
    let i = try offsetOf(swift)
    let doc = try document(i)
    let content = doc["content"] as! [[String: Any]]
    let rep = (content[0]["repeat"] as! [String: Any])["content"] as! [[String: Any]]
    let mods = rep[0]["modifiers"] as! [[String: Any]]
    let offset = mods[0]["offset"] as! [Any]
    #expect(offset[0] as? String == spec)
    _ = try i.load()
}

@Test func aHelperWithBranchesOnTheLoopVariableBecomesAChoice() throws {
    let i = try offsetOf("step(Double(i))", extra: """
    func step(_ x: Double) -> Double {
        if x < 2 { return x * 10 }
        return 40
    }
    """)
    let doc = try document(i)
    let text = String(decoding: try JSONSerialization.data(withJSONObject: doc["content"]!), as: UTF8.self)
    #expect(text.contains("=i < 2 ? i * 10 : 40"), "\(text)")
}
