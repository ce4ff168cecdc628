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

private func offsetText(_ i: SwiftImport) throws -> String {
    let doc = try document(i)
    return String(decoding: try JSONSerialization.data(withJSONObject: doc["content"]!, options: [.withoutEscapingSlashes]), as: UTF8.self)
}

@Test func aLoopWhoseBranchReturnsOnOneSideIsAChainOfChoices() throws {
    // A keyframe lookup: the first key at or past x wins, else what follows the loop.
    let i = try offsetOf("level(Double(i))", extra: """
    func level(_ x: Double) -> Double {
        let keys: [Double] = [0, 1, 3]
        for k in 0..<(keys.count - 1) {
            let next = keys[k + 1]
            if x <= next { return Double(k) * 10 + x }
        }
        return 99
    }
    """)
    let text = try offsetText(i)
    #expect(text.contains("=i <= 1 ? i : i <= 3 ? 10 + i : 99"), "\(text)")
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    _ = try i.load()
}

@Test(arguments: [
    ("wrap(angle, 1)", "=fract(angle)"),
    ("wrap(angle + Double(i), 2)", "=2 * fract((angle + i) / 2)"),
])
func aRemainderWrappedIntoItsPeriodIsFract(_ swift: String, _ spec: String) throws {
    let i = try offsetOf(swift, extra: """
    func wrap(_ x: Double, _ period: Double) -> Double {
        var value = x
        value.formTruncatingRemainder(dividingBy: period)
        if value < 0 { value += period }
        return value
    }
    """)
    let text = try offsetText(i)
    #expect(text.contains(spec), "\(text)")
}

@Test func aPointOfAnArrayReadByTheLoopVariableIsAChoicePerCoordinate() throws {
    let i = try offsetOf("points[i % 2].y", extra: """
    let points = [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)]
    """)
    let text = try offsetText(i)
    #expect(text.contains("=i % 2 < 0.5 ? 2 : 4"), "\(text)")
}

@Test(arguments: [
    ("[1.0, 2, 4].reduce(0) { $0 + $1 } + Double(i)", "=7 + i"),
    ("[3, 5].reduce(Double(i), +)", "=i + 3 + 5"),
    ("[Double(i), 2].max()! * 2", "=max(i, 2) * 2"),
    ("CGFloat([4, Double(i)].min() ?? 0)", "=min(4, i)"),
    ("[3.0, -1, 2].enumerated().map { k, v in v * Double(k) }.reduce(0, +) + Double(i)", "=3 + i"),
    ("[4.0, 2, 3].min(by: { abs($0) < abs($1) })! + Double(i)", "=2 + i"),
    ("[4.0, 2, 4].max(by: { $0 < $1 })! * Double(i)", "=4 * i"),
    ("(0..<3).contains(i) ? 1 : 0", "=0 <= i && i < 3 ? 1 : 0"),
])
func arrayFoldsAreNumbers(_ swift: String, _ spec: String) throws {
    let text = try offsetText(try offsetOf(swift))
    #expect(text.contains(spec), "\(text)")
}

@Test func aRandomDrawThatRunsOnceIsOneFixedRealization() throws {
    let swift = """
    import SwiftUI
    struct Star { let id = UUID(); let x: Double; let big: Bool }
    struct R: View {
        let stars = (0..<3).map { _ in Star(x: Double.random(in: 10...20), big: Bool.random()) }
        var body: some View {
            ZStack {
                ForEach(stars, id: \\.id) { star in
                    Circle().frame(width: 2, height: 2).offset(x: star.x)
                }
            }
        }
    }
    #Preview { R().frame(width: 40, height: 40) }
    """
    let a = try compile(swift), b = try compile(swift)
    #expect(a.json == b.json)
    #expect(a.warnings.isEmpty, "\(warningPlaces(a))")
    // Three offsets, each a constant in 10…20, not all equal.
    let offsets = a.json.split(separator: "\n").filter { $0.contains("\"offset\"") }.compactMap { line -> Double? in
        let inside = line.split(separator: "[")[1].split(separator: ",")[0]
        return Double(inside.trimmingCharacters(in: .whitespaces))
    }
    #expect(offsets.count == 3 && offsets.allSatisfy { (10...20).contains($0) } && Set(offsets).count == 3, "\(offsets)")
}

@Test func aRandomDrawInARepeatIsTheSpecsKeyedRandom() throws {
    let text = try offsetText(try offsetOf("CGFloat.random(in: 5...9) + CGFloat(Int.random(in: 0..<3))"))
    // Per element: keyed by the loop variable and the call's place in the file, so the two calls
    // draw independently.
    let pattern = try Regex(#"=5 \+ random\(i, (\d+)\) \* 4 \+ floor\(random\(i, (\d+)\) \* 3\)"#)
    let match = try #require(text.firstMatch(of: pattern), "\(text)")
    #expect(match.output[1].substring != match.output[2].substring)
}

@Test func forEachOverEnumeratedBindsTheOffsetAndTheElement() throws {
    let i = try compile("""
    import SwiftUI
    struct X: View {
        let xs: [Double] = [5, 7]
        var body: some View {
            ZStack {
                ForEach(Array(xs.enumerated()), id: \\.offset) { k, x in
                    Rectangle().offset(x: x + Double(k) * 10)
                }
            }
        }
    }
    #Preview { X().frame(width: 10, height: 10) }
    """)
    let text = try offsetText(i)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    // 5 + 0 and 7 + 10, one element each.
    #expect(text.contains(#""offset":[5,0]"#) && text.contains(#""offset":[17,0]"#), "\(text)")
    #expect(!text.contains("tuple"), "\(text)")
}

@Test func aSwitchOnAValueKnownOnlyWhileRenderingIsAChainOfChoices() throws {
    let text = try offsetText(try offsetOf("pick(i)", extra: """
    func pick(_ k: Int) -> CGFloat {
        switch k {
        case 0: return 5
        case 1, 2: return 7
        default: return 9
        }
    }
    """))
    #expect(text.contains("=i == 0 ? 5 : i == 1 || i == 2 ? 7 : 9"), "\(text)")
}

@Test func aColourSwitchedOnAnEnumStateIsAColourExpression() throws {
    let i = try compile("""
    import SwiftUI
    enum Mode { case idle, busy, done }
    struct B: View {
        @State private var mode: Mode = .idle
        var tint: Color {
            switch mode {
            case .idle: return .gray
            case .busy: return .blue
            case .done: return .green
            }
        }
        var body: some View {
            Circle().fill(tint).onAppear { mode = .busy }
        }
    }
    #Preview { B().frame(width: 20, height: 20) }
    """)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    #expect(i.json.contains(#""fill": "=(mode == 0) ? gray : ((mode == 1) ? blue : green)""#), "\(i.json)")
    _ = try i.load()
}

@Test func aLongLoopOfOneSidedReturnsIsReportedNotACrash() throws {
    let i = try offsetOf("level(Double(i))", extra: """
    func level(_ x: Double) -> Double {
        for k in 0..<1000 {
            if x <= Double(k) { return Double(k) }
        }
        return -1
    }
    """)
    // The loop's line in the snippet: reported there, the modifier left out.
    #expect(warningPlaces(i) == ["13: for"], "\(warningPlaces(i))")
}
