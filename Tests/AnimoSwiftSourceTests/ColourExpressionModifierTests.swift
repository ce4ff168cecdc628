// Colours from @State in colour modifiers: `.colorMultiply(on ? a : b)`, a root view's
// `.background(on ? a : b)` and a symbol's `.foregroundStyle(on ? a : b)` become colour
// expressions, so they animate (docs/semantics.md §271) instead of being drawn with their first value.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

private let source = """
import SwiftUI
struct Lamp: View {
    @State private var on = false
    var body: some View {
        Rectangle().fill(Color.white).frame(width: 20, height: 20)
            .colorMultiply(on ? Color(red: 0, green: 0, blue: 1) : Color(red: 1, green: 0, blue: 0))
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(on ? Color(red: 0, green: 0, blue: 1) : Color(red: 1, green: 0, blue: 0))
            .onAppear { withAnimation(.linear(duration: 1)) { on = true } }
    }
}
#Preview { Lamp().frame(width: 40, height: 40) }
"""

@Test func colorMultiplyAndRootBackgroundFromStateAnimate() throws {
    let i = try compile(source)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    #expect(i.json.contains(#""colorMultiply": "=(on) ? "#))
    let r = try SceneRenderer(spec: try Spec.load(json: i.json))
    // The square (x 10…30) multiplied, the background around it: red, #BC00BC halfway, blue.
    for (x, y) in [(20, 20), (3, 3)] {
        func px(_ t: Double) throws -> SIMD4<Float> {
            let p = try r.render(at: t, scale: 1)
            return p.pixels[y * p.width + x]
        }
        let start = try px(0), mid = try px(0.5), end = try px(1.5)
        #expect(start.x > 0.99 && start.z < 0.01, "(\(x), \(y)) at 0: \(start)")
        #expect(abs(mid.x - 0.737) < 0.01 && abs(mid.z - 0.737) < 0.01, "(\(x), \(y)) halfway: \(mid), expected #BC00BC")
        #expect(end.z > 0.99 && end.x < 0.01, "(\(x), \(y)) at rest: \(end)")
    }
}

@Test func aSymbolsColourChosenByStateAnimates() throws {
    // Image(systemName:).foregroundStyle(on ? a : b) keeps the expression, with no warning; the
    // filled disk's centre goes from red through #BC00BC to blue.
    let i = try compile("""
    import SwiftUI
    struct S: View {
        @State private var on = false
        var body: some View {
            Image(systemName: "circle.fill").foregroundStyle(on ? Color(red: 0, green: 0, blue: 1) : Color(red: 1, green: 0, blue: 0))
                .onAppear { withAnimation(.linear(duration: 1)) { on = true } }
        }
    }
    #Preview { S().frame(width: 40, height: 40) }
    """)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    #expect(i.json.contains(#""foregroundStyle": "=(on) ? "#), "\(i.json)")
    let r = try SceneRenderer(spec: try Spec.load(json: i.json))
    func px(_ t: Double) throws -> SIMD4<Float> {
        let p = try r.render(at: t, scale: 1)
        return p.pixels[20 * p.width + 20]
    }
    let start = try px(0), mid = try px(0.5), end = try px(1.5)
    #expect(start.x > 0.99 && start.z < 0.01, "at 0: \(start)")
    #expect(abs(mid.x - 0.737) < 0.01 && abs(mid.z - 0.737) < 0.01, "halfway: \(mid), expected #BC00BC")
    #expect(end.z > 0.99 && end.x < 0.01, "at rest: \(end)")
}
