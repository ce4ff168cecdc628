// `animo-render verify SPEC`: renders only the frames the spec's `expect` entries need (their
// `at`, `relativeTo` and `changesFrom` instants; start:N / mid:N / rest:N resolved through the
// renderer's key poses) and checks each expectation from the pixels with Check's measures
// (VisibleMask: visible pixels, 8-connected components, coverage, changed pixels), printing each
// with its measured figure. Exit 0: all hold; 1: one fails; 2: bad arguments or an invalid spec.
import Foundation
import AnimoRaster
import AnimoGeometry
import AnimoSpec
import AnimoScene
import AnimoRender
import AnimoVerify

enum VerifyCommand {
    static let options = OptionSpec(valued: ["scale"], switches: ["help", "quiet"])

    static let help = """
    USAGE
      animo-render verify SPEC.json [--scale S]      (SPEC may be - for standard input)

    Renders the instants the spec's `expect` entries name and checks each from the pixels. A pixel
    is visible when its premultiplied RGBA differs from the canvas background by more than 0.04 in
    some channel (docs/spec.md). Regions are in points, mapped to every pixel they touch.

    EXIT STATUS
      0 every expectation holds, 1 one fails, 2 bad arguments or an invalid spec
    """

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try options.parse(args)
        if o.flag("help") { print(help); return 0 }
        guard o.positionals.count == 1 else { throw UsageError(description: "verify needs one SPEC.json") }
        let path = o.positionals[0]
        // Resolving and binding shaders first: an unknown shader or bad path data fails verify
        // even when the spec has no expectations.
        let renderer = try SpecInput.renderer(path)
        let spec = renderer.spec
        guard !spec.expect.isEmpty else {
            print("\(path == "-" ? SpecInput.standardInputName : path): no expect entries")
            return 0
        }
        let scale = try o.double("scale", range: 0.01...16) ?? spec.canvas.scale
        var checker = ExpectationChecker(renderer: renderer, scale: scale)
        let verdicts = checker.checkAll()
        for v in verdicts where !v.passed || !o.flag("quiet") {
            print((v.passed ? "ok    " : "FAIL  ") + v.text)
        }
        let failed = verdicts.filter { !$0.passed }.count
        print("\(verdicts.count - failed) of \(verdicts.count) expectations hold (\(checker.framesRendered) frame\(checker.framesRendered == 1 ? "" : "s") rendered)")
        return failed == 0 ? 0 : 1
    }
}
