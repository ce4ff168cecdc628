// Diagnostics: constructs not modelled are reported at their Swift position with what the render
// does instead; syntax errors are the parser's own; hostile input ends with a clear error.
import Testing
import AnimoSpec
import AnimoSwiftSource

@Test func constructsNotModelledAreReportedAtTheirPosition() throws {
    let i = try compile("""
    import SwiftUI
    struct Label: View {
        var body: some View {
            VStack {
                Toggle("On", isOn: .constant(true))
                Circle()
                    .frame(width: 10, height: 10)
                    .accessibilityLabel("dot")
                    .sensoryFeedback(.impact, trigger: 1)
                    .symbolEffect(.bounce)
            }
        }
    }
    """)
    #expect(warningPlaces(i) == ["5: Toggle", "10: .symbolEffect"], "\(i.warnings)")
    #expect(i.warnings[0].description == "Snippet.swift:5:13: Toggle: not modelled: left out")
}

@Test func aSyntaxErrorIsTheParsersOwnDiagnostic() throws {
    let f = try #require(failure("struct A: View {\n    var body: some View {\n        Circle(\n    }\n}\n"))
    let first = try #require(f.diagnostics.first)
    #expect(first.construct == "syntax error")
    #expect(first.line == 3 || first.line == 4)
    #expect(first.column > 0)
}

@Test func aFileThatIsNotSwiftOrHasNoView() throws {
    let notSwift = try #require(failure(#"{ "canvas": { "width": 10 }, "content": [] }"#))
    #expect(notSwift.diagnostics[0].construct == "syntax error")
    let noView = try #require(failure("import SwiftUI\nstruct Model { var x = 1 }\n"))
    #expect(noView.description.contains("no View in the file"))
}

@Test func loopsThatNeverEndAndHugeForEachesAreClearErrors() throws {
    let spin = try #require(failure("""
    import SwiftUI
    struct S: View {
        @State private var n = 0
        var body: some View {
            Circle().task { while true { n += 1 } }
        }
    }
    """))
    #expect(spin.description.contains("while true"), "\(spin)")
    let huge = try #require(failure("""
    import SwiftUI
    struct H: View {
        var body: some View { ZStack { ForEach(0..<10_000_000) { i in Circle() } } }
    }
    """))
    #expect(huge.description.contains("10000000 items"), "\(huge)")
    let recursion = try #require(failure("""
    import SwiftUI
    struct R: View {
        var body: some View { Circle().offset(x: f(1)) }
        func f(_ x: Double) -> Double { f(x + 1) }
    }
    """))
    #expect(recursion.description.contains("recursion"), "\(recursion)")
}

@Test func specErrorsArePlacedAtTheSwiftThatProducedThem() throws {
    let i = try compile("""
    import SwiftUI
    struct B: View {
        var body: some View {
            Circle()
                .blur(radius: -3)
        }
    }
    """)
    do {
        _ = try i.load()
        Issue.record("a negative blur radius must not load")
    } catch {
        let e = try #require(error.errors.first)
        #expect(e.file == "Snippet.swift")
        #expect(e.line == 5 && e.column == 14, "\(e)")
    }
}
