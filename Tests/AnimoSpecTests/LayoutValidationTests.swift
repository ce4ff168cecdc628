// Layout keys: each bad input is an error at its JSON path, and the loader and the schema agree
// on accepting and rejecting them (docs/spec.md, "Layout").
import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoSpec
@testable import AnimoScene

@Suite struct LayoutValidationTests {
    func first(_ content: String, extra: String = "") -> SpecError? {
        TestSupport.errors(TestSupport.spec(content: content, extra: extra)).first
    }

    @Test(arguments: [
        ("[{\"color\": \"red\", \"modifiers\": [{\"padding\": -4}]}]", "content[0].modifiers[0].padding", "expected a number ≥ 0, got -4"),
        ("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": -10}}]}]", "content[0].modifiers[0].frame.width", "expected a number ≥ 0, got -10"),
        ("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"minWidth\": 200, \"maxWidth\": 100}}]}]", "content[0].modifiers[0].frame.minWidth", "minWidth 200 is greater than maxWidth 100"),
        ("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": \"infinity\"}}]}]", "content[0].modifiers[0].frame.width", "a fixed frame cannot be infinite"),
        ("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 10, \"maxWidth\": 20}}]}]", "content[0].modifiers[0].frame.maxWidth", "not both"),
        ("[{\"zstack\": {\"alignment\": \"centre\", \"content\": []}}]", "content[0].zstack.alignment", "did you mean \"center\"?"),
        ("[{\"hstack\": {\"alignment\": \"leading\", \"content\": []}}]", "content[0].hstack.alignment", "unknown value \"leading\""),
        ("[{\"color\": \"red\", \"modifiers\": [{\"padding\": {\"edges\": [\"top\", \"sideways\"]}}]}]", "content[0].modifiers[0].padding.edges[1]", "unknown edge \"sideways\""),
        ("[{\"color\": \"red\", \"modifiers\": [{\"padding\": {\"horizontal\": 4, \"leading\": 2}}]}]", "content[0].modifiers[0].padding.horizontal", "the leading padding is given twice"),
        ("[{\"lazyVGrid\": {\"columns\": [{\"adaptive\": {\"minimum\": 0}}], \"content\": []}}]", "content[0].lazyVGrid.columns[0].adaptive.minimum", "must be > 0"),
        ("[{\"lazyVGrid\": {\"content\": []}}]", "content[0].lazyVGrid.columns", "missing required key \"columns\""),
        ("[{\"spacer\": {\"minLength\": -1}}]", "content[0].spacer.minLength", "expected a number ≥ 0, got -1"),
        ("[{\"color\": \"red\", \"modifiers\": [{\"gridCellColumns\": 0}]}]", "content[0].modifiers[0].gridCellColumns", "expected a whole number in [1, 1000], got 0"),
        ("[{\"color\": \"red\", \"modifiers\": [{\"aspectRatio\": 0}]}]", "content[0].modifiers[0].aspectRatio", "expected a number > 0, got 0"),
        ("[{\"color\": \"red\", \"modifiers\": [{\"overlay\": {\"alignment\": \"top\"}}]}]", "content[0].modifiers[0].overlay.content", "missing required key \"content\""),
        ("[{\"geometryReader\": {\"as\": \"g\", \"content\": [{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": \"=g.widht\"}}]}]}}]", "content[0].geometryReader.content[0].modifiers[0].frame.width", "unknown name \"g.widht\" (did you mean \"g.width\"?)"),
    ])
    func badInputIsAnErrorAtItsPath(content: String, path: String, message: String) {
        let e = first(content)
        #expect(e?.path == path, "\(e.map(\.description) ?? "no error")")
        #expect(e?.message.contains(message) == true, "\(e?.message ?? "no error")")
    }

    @Test func unknownDeviceHasASuggestion() {
        let e = TestSupport.errors("{\"canvas\": {\"device\": \"iPhone 16 pro\"}, \"duration\": 1, \"content\": [{\"color\": \"red\"}]}").first
        #expect(e?.path == "canvas.device")
        #expect(e?.message.contains("did you mean \"iPhone 16 Pro\"?") == true)
    }

    /// §138, §140: a device sets the size and scale when not given, and the safe-area insets.
    @Test func deviceSetsSizeScaleAndInsets() throws {
        let s = try Spec.load(json: "{\"canvas\": {\"device\": \"iPhone 16\"}, \"duration\": 1, \"content\": [{\"color\": \"red\"}]}")
        #expect(s.canvas.width == 393 && s.canvas.height == 852 && s.canvas.scale == 3)
        #expect(s.canvas.safeAreaInsets == DeviceInsets(top: 59, bottom: 34))
        let t = try Spec.load(json: "{\"canvas\": {\"device\": \"iPhone SE\", \"scale\": 1, \"safeAreaInsets\": {\"top\": 0}}, \"duration\": 1, \"content\": [{\"color\": \"red\"}]}")
        #expect(t.canvas.width == 375 && t.canvas.scale == 1 && t.canvas.safeAreaInsets == .zero)
    }

    /// A layout modifier on a group outside a container has no single view to apply to.
    @Test func layoutModifierOnATopLevelGroupIsAnError() throws {
        let spec = try Spec.load(json: TestSupport.spec(content: "[{\"group\": [{\"color\": \"red\"}], \"modifiers\": [{\"padding\": 4}]}]"))
        #expect(throws: SpecErrors.self) { try ResolvedScene(spec: spec) }
        do { _ = try ResolvedScene(spec: spec) } catch {
            #expect(error.errors.first?.path == "content[0].modifiers[0].padding")
        }
        // In a stack the same group hands the padding to each child.
        let ok = try Spec.load(json: TestSupport.spec(content: "[{\"vstack\": [{\"group\": [{\"color\": \"red\"}], \"modifiers\": [{\"padding\": 4}]}]}]"))
        _ = try ResolvedScene(spec: ok)
    }

    static let agreement: [(String, String, Bool)] = {
        func s(_ content: String) -> String { TestSupport.spec(content: content) }
        return [
            ("stacks", s("[{\"vstack\": {\"spacing\": 4, \"alignment\": \"leading\", \"content\": [{\"hstack\": [{\"color\": \"red\"}, {\"spacer\": {}}]}, {\"divider\": {}}]}}]"), true),
            ("zstack with baseline alignment", s("[{\"zstack\": {\"alignment\": \"leadingFirstTextBaseline\", \"content\": []}}]"), true),
            ("frames", s("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 10}}, {\"frame\": {\"maxWidth\": \"infinity\", \"alignment\": \"leading\"}}]}]"), true),
            ("paddings", s("[{\"color\": \"red\", \"modifiers\": [{\"padding\": true}, {\"padding\": {}}, {\"padding\": 3}, {\"padding\": {\"edges\": \"horizontal\"}}, {\"padding\": {\"top\": 2, \"horizontal\": 1}}]}]"), true),
            ("overlays", s("[{\"color\": \"red\", \"modifiers\": [{\"background\": \"blue\"}, {\"overlay\": {\"circle\": {}}}, {\"overlay\": [{\"color\": \"red\"}]}, {\"overlay\": {\"content\": {\"color\": \"red\"}, \"alignment\": \"top\"}}]}]"), true),
            ("traits", s("[{\"hstack\": [{\"color\": \"red\", \"modifiers\": [{\"zIndex\": 1}, {\"layoutPriority\": \"=x\"}, {\"clipped\": true}, {\"fixedSize\": {\"horizontal\": true}}, {\"ignoresSafeArea\": [\"top\", \"bottom\"]}, {\"aspectRatio\": \"fill\"}]}]}]"), true),
            ("grids", s("[{\"grid\": [{\"gridRow\": [{\"color\": \"red\", \"modifiers\": [{\"gridCellColumns\": 2}]}]}, {\"color\": \"blue\"}]}, {\"lazyVGrid\": {\"columns\": [\"flexible\", {\"fixed\": 20, \"spacing\": 2}, {\"adaptive\": {\"minimum\": 30}}], \"content\": []}}]"), true),
            ("scroll and reader", s("[{\"scrollView\": {\"axes\": \"horizontal\", \"offset\": \"=t * 10\", \"content\": [{\"color\": \"red\"}]}}, {\"geometryReader\": {\"as\": \"g\", \"content\": [{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": \"=g.width / 2\"}}]}]}}]"), true),
            ("device", "{\"canvas\": {\"device\": \"iPhone 16 Pro\"}, \"duration\": 1, \"content\": [{\"color\": \"red\", \"modifiers\": [{\"ignoresSafeArea\": true}]}]}", true),
            ("negative padding", s("[{\"color\": \"red\", \"modifiers\": [{\"padding\": -1}]}]"), false),
            ("negative stack spacing", s("[{\"hstack\": {\"spacing\": -8, \"content\": [{\"color\": \"red\"}]}}]"), true),
            ("negative grid spacing", s("[{\"lazyVGrid\": {\"columns\": [\"flexible\"], \"spacing\": -8, \"content\": []}}]"), false),
            ("pixel-aligned shape", s("[{\"circle\": {\"frame\": [0.5, 0.5, 10, 10], \"pixelAligned\": true}}]"), true),
            ("pixel-aligned not a boolean", s("[{\"circle\": {\"frame\": [0.5, 0.5, 10, 10], \"pixelAligned\": 1}}]"), false),
            ("infinite fixed width", s("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": \"infinity\"}}]}]"), false),
            ("fixed and flexible frame", s("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 1, \"minHeight\": 2}}]}]"), false),
            ("empty frame", s("[{\"color\": \"red\", \"modifiers\": [{\"frame\": {}}]}]"), false),
            ("unknown alignment", s("[{\"zstack\": {\"alignment\": \"middle\", \"content\": []}}]"), false),
            ("unknown edge", s("[{\"color\": \"red\", \"modifiers\": [{\"ignoresSafeArea\": \"left\"}]}]"), false),
            ("grid item with two sizes", s("[{\"lazyVGrid\": {\"columns\": [{\"fixed\": 1, \"flexible\": {}}], \"content\": []}}]"), false),
            ("divider with a parameter", s("[{\"divider\": {\"thickness\": 2}}]"), false),
            ("unknown device", "{\"canvas\": {\"device\": \"iPhone 99\"}, \"duration\": 1, \"content\": [{\"color\": \"red\"}]}", false),
            ("empty scroll view", s("[{\"scrollView\": []}]"), false),
        ]
    }()

    @Test(arguments: agreement)
    func loaderAndSchemaAgree(name: String, json: String, accepted: Bool) throws {
        let schemaErrors = try SchemaSupport.validator().validate(json: json)
        let loaderErrors = TestSupport.errors(json)
        #expect(schemaErrors.isEmpty == accepted, "\(name): schema says \(schemaErrors.isEmpty ? "valid" : "invalid: \(schemaErrors.prefix(3))")")
        #expect(loaderErrors.isEmpty == accepted, "\(name): loader says \(loaderErrors.isEmpty ? "valid" : "invalid: \(loaderErrors.prefix(3))")")
    }
}
