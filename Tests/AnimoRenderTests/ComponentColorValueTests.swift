import Foundation
import Testing
import AnimoTestSupport
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Colour expressions in the components' colours: a `symbol`'s `color` (and a system image's
/// `foregroundStyle`), a `pathLoader`'s trail and outline colours. Read from the pixels of the
/// same 40×20 canvas as the other colour fields: red at 0, the linear-sRGB mix halfway through the
/// state's 1 s animation, blue at rest; a renderer that ignored the expression would draw one
/// colour (or the default) throughout.
extension ColorValueFieldTests {
    static let redToBlue = #""=on ? #0000FF : #FF0000""#

    @Test func symbolColourAnimatesWithTheState() throws {
        // A filled disk 20 pt wide, centred on the canvas: its centre pixel is the symbol's colour.
        let own = try spec(#"[{"symbol": {"name": "circle.fill", "pointSize": 20, "color": \#(Self.redToBlue)}}]"#)
        try expectRedToBlue(try SceneRenderer(spec: own), x: 20, y: 10, "symbol color")
        // Without a colour of its own it takes a computed foreground style.
        let inherited = try spec(#"[{"group": [{"symbol": {"name": "circle.fill", "pointSize": 20}}], "modifiers": [{"foregroundColor": \#(Self.redToBlue)}]}]"#)
        try expectRedToBlue(try SceneRenderer(spec: inherited), x: 20, y: 10, "symbol under foregroundColor")
        // A system image's own foregroundStyle (what Image(systemName:).foregroundStyle(on ? … : …) compiles to).
        let image = try spec(#"[{"image": {"systemName": "circle.fill", "foregroundStyle": \#(Self.redToBlue)}}]"#)
        try expectRedToBlue(try SceneRenderer(spec: image), x: 20, y: 10, "system image foregroundStyle")
    }

    @Test func pathLoaderColoursAnimateWithTheState() throws {
        // One dot of radius 40 anywhere on the outline covers the whole canvas; so does an outline
        // 60 pt wide (the dot made invisible by its opacity).
        let trail = try spec(#"[{"pathLoader": {"shape": {"circle": {}}, "frame": [0, 0, 40, 20], "period": 1, "trail": {"count": 1, "radius": [40, 40], "opacity": [1, 1], "color": \#(Self.redToBlue)}}}]"#)
        try expectRedToBlue(try SceneRenderer(spec: trail), "pathLoader trail color")
        let outline = try spec(#"[{"pathLoader": {"shape": {"circle": {}}, "frame": [0, 0, 40, 20], "period": 1, "outline": {"color": \#(Self.redToBlue), "lineWidth": 60}, "trail": {"count": 1, "opacity": [0, 0]}}}]"#)
        try expectRedToBlue(try SceneRenderer(spec: outline), "pathLoader outline color")
    }

    @Test func aNumberWhereAComponentColourIsExpectedIsAnErrorAtItsPath() {
        let loader = #"[{"pathLoader": {"shape": {"circle": {}}, "frame": [0, 0, 40, 20], "period": 1, "#
        let cases: [(String, String)] = [
            (#"[{"symbol": {"name": "checkmark", "color": "=on ? 1 : 0"}}]"#, "content[0].symbol.color"),
            (loader + #""trail": {"color": "=x"}}}]"#, "content[0].pathLoader.trail.color"),
            (loader + #""outline": {"color": "=x * 2"}, "trail": {}}}]"#, "content[0].pathLoader.outline.color"),
        ]
        for (content, path) in cases {
            let e = TestSupport.errors(TestSupport.spec(content: content))
            #expect(e.first?.path == path, "\(content): \(e)")
            #expect(e.first?.message.contains("expected a colour") == true, "\(e)")
        }
    }
}
