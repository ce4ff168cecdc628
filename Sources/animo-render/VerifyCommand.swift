// `animo-render verify SPEC…`: renders only the frames each spec's `expect` entries need (their
// `at`, `relativeTo`, `changesFrom`, `sameAs` and `until` instants and the frames of an interval;
// start:N / mid:N / rest:N resolved through the renderer's key poses) and checks each expectation
// from the pixels with Check's measures (VisibleMask: visible pixels, 8-connected components,
// coverage, bounds, centroid, changed pixels; CIE76 colour differences), printing each with its
// measured figure. Exit 0: all hold; 1: one fails; 2: bad arguments or an invalid spec.
// --json, --junit and --annotations (MachineOptions) report the same.
import Foundation
import AnimoRaster
import AnimoGeometry
import AnimoSpec
import AnimoScene
import AnimoRender
import AnimoVerify

enum VerifyCommand {
    static let options = OptionSpec(valued: Set(["scale", "tap", "drag"]).union(MachineOptions.valued), switches: Set(["help", "quiet"]).union(MachineOptions.switches),
                                    repeated: ["tap", "drag"])

    static let help = """
    USAGE
      animo-render verify SPEC.json… [--scale S] [--json] [--junit FILE] [--annotations github]
                                                      (a SPEC may be - for standard input)

    Renders the instants each spec's `expect` entries name and checks each from the pixels. A pixel
    is visible when its premultiplied RGBA differs from the canvas background by more than 0.04 in
    some channel (docs/spec.md). Regions are in points, mapped to every pixel they touch. A spec
    without `expect` entries passes with a note.

    OPTIONS
      --scale S          pixels per point to render at (default: each spec's canvas.scale)
      --quiet            print only failing entries and the summary
      --tap, --drag      interactions played on every spec, as for render (docs/spec.md, Interactions)
    \(MachineOptions.help)

    EXIT STATUS
      0 every expectation holds, 1 one fails, 2 bad arguments or an invalid spec
    """

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try options.parse(args)
        if o.flag("help") { print(help); return 0 }
        let machine = try MachineOptions(o)
        guard !o.positionals.isEmpty else { throw UsageError(description: "verify needs at least one SPEC.json") }
        guard o.positionals.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError(description: "verify reads standard input (-) once; give - at most once")
        }
        let scaleOption = try o.double("scale", range: 0.01...16)
        // Load every spec first: an invalid one stops the run before any frame is rendered.
        let interactions = try RenderOptions.interactions(o)
        let renderers = try o.positionals.map { ($0, try SpecInput.renderer($0, interactions: interactions)) }
        var total = 0, failed = 0, rendered = 0
        var specs: [OutputJSON] = [], items: [CheckItem] = []
        for (path, renderer) in renderers {
            let shown = path == "-" ? SpecInput.standardInputName : path
            let spec = renderer.spec
            var checker = ExpectationChecker(renderer: renderer, scale: scaleOption ?? spec.canvas.scale)
            let verdicts = checker.checkAll()
            total += verdicts.count
            failed += verdicts.filter { !$0.passed }.count
            rendered += checker.framesRendered
            if machine.text {
                if verdicts.isEmpty { print("\(shown): no expect entries") }
                for v in verdicts where !v.passed || !o.flag("quiet") {
                    print((renderers.count > 1 ? "\(shown): " : "") + (v.passed ? "ok    " : "FAIL  ") + v.text)
                }
            }
            specs.append(MachineOutput.verification(file: shown, spec: spec, verdicts: verdicts, framesRendered: checker.framesRendered))
            items += MachineOutput.verifyItems(file: shown, spec: spec, verdicts: verdicts)
        }
        let summary = "\(total - failed) of \(total) expectations hold (\(rendered) frame\(rendered == 1 ? "" : "s") rendered"
            + (renderers.count > 1 ? ", \(renderers.count) specs)" : ")")
        if machine.text { print(summary) }
        let status: Int32 = failed == 0 ? 0 : 1
        try machine.emit(command: "verify", document: MachineOutput.envelope(command: "verify", exitCode: status, summary: summary,
                                                                               [("specs", .array(specs))]), items: items)
        return status
    }
}
