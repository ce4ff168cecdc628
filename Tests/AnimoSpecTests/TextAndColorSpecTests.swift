// The text node, the canvas environment and the colour tables as the loader reads them: each
// error with its path, values typed from docs/semantics.md §200–§211 and the HIG.
import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoSpec

struct TextAndColorSpecTests {
    func firstError(_ content: String, canvas: String = "", sourceLocation: SourceLocation = #_sourceLocation) -> SpecError? {
        let json = """
            {"canvas": {"width": 100, "height": 100\(canvas)}, "duration": 1, "state": {"on": false, "count": 0},
             "events": [{"at": 0.5, "set": {"on": true}}], "content": \(content)}
            """
        let e = TestSupport.errors(json)
        #expect(!e.isEmpty, "expected an error", sourceLocation: sourceLocation)
        return e.first
    }

    func load(_ content: String, canvas: String = "") throws -> Spec {
        try Spec.load(json: """
            {"canvas": {"width": 100, "height": 100\(canvas)}, "duration": 1, "state": {"on": false, "count": 0, "dark": 5},
             "events": [{"at": 0.5, "set": {"on": true}}], "content": \(content)}
            """)
    }

    @Test func textErrorsNameTheirPath() {
        let style = firstError(#"[{"text": {"string": "a", "font": "titel"}}]"#)
        #expect(style?.path == "content[0].text.font")
        #expect(style?.message.contains("did you mean \"title\"?") == true)
        let format = firstError(#"[{"text": {"string": "=count", "format": "%d of %d"}}]"#)
        #expect(format?.path == "content[0].text.format")
        #expect(format?.message.contains("exactly one conversion") == true)
        #expect(firstError(#"[{"text": {"string": "=count", "format": "%s"}}]"#)?.path == "content[0].text.format")
        #expect(firstError(#"[{"text": {"string": "plain", "format": "%d"}}]"#)?.message.contains("expression") == true)
        #expect(firstError(#"[{"text": {"string": "a", "lineLimit": 0}}]"#)?.path == "content[0].text.lineLimit")
        #expect(firstError(#"[{"text": {"string": "a", "minimumScaleFactor": 0}}]"#)?.path == "content[0].text.minimumScaleFactor")
        #expect(firstError(#"[{"text": {"string": "a", "frame": [0, 0, 10, 10], "center": [5, 5]}}]"#)?.path == "content[0].text.center")
        #expect(firstError(#"[{"text": {"string": "a", "font": {"size": -3}}}]"#)?.path == "content[0].text.font.size")
        #expect(firstError(#"[{"text": {"string": "a", "contentTransition": "numeric"}}]"#)?.message.contains("numericText") == true)
        #expect(firstError(#"[{"text": {"string": "=cout"}}]"#)?.message.contains("did you mean \"count\"?") == true)
        #expect(firstError(#"[{"text": {"font": "body"}}]"#)?.path == "content[0].text.string")
    }

    @Test func aHugeStringIsAnErrorWithAShortMessage() {
        let huge = String(repeating: "x", count: 1_000_000)
        let e = firstError(#"[{"text": ""# + huge + #""}]"#)
        #expect(e?.path == "content[0].text")
        #expect(e?.message.contains("1000000 characters") == true)
        #expect((e?.message.count ?? .max) < 200)
    }

    @Test func textNodeDecodes() throws {
        let s = try load(#"[{"text": {"string": "=count", "format": "%02d", "font": {"style": "title", "design": "rounded"}, "bold": true, "lineLimit": 2, "center": [50, 50], "width": 80, "contentTransition": {"numericText": {"countsDown": true}}}}, {"text": "==x"}]"#)
        guard case .text(let t) = s.content[0].kind else { Issue.record("not a text"); return }
        #expect(t.font?.style == .title && t.font?.design == .rounded && t.font?.bold == true)
        #expect(t.lineLimit == 2 && t.contentTransition == .numericText(countsDown: true))
        guard case .value(_, let format) = t.content else { Issue.record("not a value"); return }
        #expect(format == "%02d")
        guard case .text(let lit) = s.content[1].kind, case .literal(let str) = lit.content else { Issue.record("not a literal"); return }
        #expect(str == "=x")
    }

    @Test func formatsNumbersLikePrintf() {
        #expect(TextFormat.format(3.7, "%d") == "3")
        #expect(TextFormat.format(-3.7, "%d") == "-3")
        #expect(TextFormat.format(5, "%02d") == "05")
        #expect(TextFormat.format(42.26, "%.1f%%") == "42.3%")
        #expect(TextFormat.format(3, "%g") == "3")
        #expect(TextFormat.format(2.5, "%g") == "2.5")
        #expect(TextFormat.format(7, "Score: %d pts") == "Score: 7 pts")
        #expect(TextFormat.format(.nan, "%d") == "0")
        #expect(TextFormat.format(1e300, "%d") == "9200000000000000000")
        #expect(TextFormat.problem("%05.1f") == nil)
        #expect(TextFormat.problem("100%%") != nil)
        #expect(TextFormat.problem("%123456d") != nil)
    }

    @Test func namedColorsFollowTheColorScheme() throws {
        func c(_ name: String, _ canvas: String = "") throws -> SpecColor {
            let s = try load(#"[{"rectangle": {}, "fill": ""# + name + #""}]"#, canvas: canvas)
            guard case .shape(let sh) = s.content[0].kind, case .color(let col)? = sh.fill else { throw SpecErrors([]) }
            return col
        }
        func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> SpecColor { SpecColor(red: r / 255, green: g / 255, blue: b / 255, opacity: a) }
        let dark = #", "colorScheme": "dark""#
        // v1's light values are unchanged (HIG iOS 15–18, §204).
        #expect(try c("red") == rgb(255, 59, 48))
        #expect(try c("primary") == .black)
        #expect(try c("secondary") == rgb(60, 60, 67, 0.6))
        #expect(try c("brown") == rgb(162, 132, 94))
        // Dark (§204, §203, §208, §209).
        #expect(try c("red", dark) == rgb(255, 69, 58))
        #expect(try c("blue", dark) == rgb(10, 132, 255))
        #expect(try c("primary", dark) == rgb(255, 255, 255))
        #expect(try c("secondary", dark) == rgb(235, 235, 245, 0.6))
        #expect(try c("quaternary", dark) == rgb(235, 235, 245, 0.16))
        #expect(try c("gray6", dark) == rgb(28, 28, 30))
        #expect(try c("systemBackground", dark) == rgb(0, 0, 0))
        #expect(try c("secondarySystemBackground") == rgb(242, 242, 247))
        #expect(try c("white", dark) == .white)
        // iOS 26 (§200–§202).
        #expect(try c("red", #", "systemColors": "iOS26""#) == rgb(255, 56, 60))
        #expect(try c("indigo", dark + #", "systemColors": "iOS26""#) == rgb(109, 124, 255))
        #expect(firstError(#"[{"rectangle": {}, "fill": "systemBackgroud"}]"#)?.message.contains("did you mean \"systemBackground\"?") == true)
    }

    @Test func expressionsReadTheEnvironment() throws {
        func value(_ expr: String, _ canvas: String) throws -> Double? {
            let s = try load(#"[{"rectangle": {}, "modifiers": [{"opacity": ""# + expr + #""}]}]"#, canvas: canvas)
            guard case .opacity(let n) = s.content[0].modifiers[0] else { return nil }
            return n.constantValue ?? n.value([0, 0, 0, 5])
        }
        #expect(try value("=colorScheme == 1 ? 1 : 0", #", "colorScheme": "dark""#) == 1)
        #expect(try value("=colorScheme", "") == 0)
        #expect(try value("=dynamicTypeSize / 10", #", "dynamicTypeSize": "accessibility2""#) == 0.8)
        #expect(try value("=reduceMotion", #", "reduceMotion": true"#) == 1)
        #expect(try value("=layoutDirection == rightToLeft", #", "layoutDirection": "rightToLeft""#) == 1)
        // A state variable named "dark" shadows the constant.
        #expect(try value("=dark / 10", "") == 0.5)
        #expect(firstError("[]", canvas: #", "colorScheme": "dim""#)?.path == "canvas.colorScheme")
    }
}
