// --tap and --drag end to end: a tap changes the frames written, and malformed values or a target
// that names nothing fail with status 2 and say what was expected or which views there are.
import Foundation
import Testing
import AnimoTestSupport

private let likeSpec = #"""
    {"canvas": {"width": 40, "height": 20, "scale": 1}, "duration": 1, "fps": 4, "state": {"on": false},
     "content": [{"rectangle": {"frame": [0, 0, 20, 20]}, "fill": "=on ? #FF0000 : #0000FF", "id": "box",
                  "button": [{"set": {"on": true}}]},
                 {"rectangle": {"frame": [20, 0, 20, 20]}, "fill": "gray", "onTap": [{"set": {"on": false}}]}]}
    """#

@Suite struct InteractionCommandLineTests {
    func specFile() throws -> URL {
        let u = temporaryFolder("interactions").appendingPathComponent("spec.json")
        try Data(likeSpec.utf8).write(to: u)
        return u
    }

    @Test func aTapChangesTheFramesWritten() throws {
        let spec = try specFile()
        let plain = spec.deletingLastPathComponent().appendingPathComponent("plain")
        let tapped = spec.deletingLastPathComponent().appendingPathComponent("tapped")
        let a = try runTool([spec.path, "--out", plain.path, "--times", "1", "--quiet"])
        let b = try runTool([spec.path, "--out", tapped.path, "--times", "1", "--quiet", "--tap", "0.25@box"])
        #expect(a.status == 0 && b.status == 0, "\(a.err)\(b.err)")
        let pa = try Data(contentsOf: plain.appendingPathComponent("t-1_000.png"))
        let pb = try Data(contentsOf: tapped.appendingPathComponent("t-1_000.png"))
        #expect(pa != pb, "the tap left the last frame unchanged")
        // Two taps: the second, on the grey view, turns it back (the frames match the untapped one).
        let back = spec.deletingLastPathComponent().appendingPathComponent("back")
        let c = try runTool([spec.path, "--out", back.path, "--times", "1", "--quiet", "--tap", "0.25@box", "--tap", "0.5@30,10"])
        #expect(c.status == 0, "\(c.err)")
        #expect(try Data(contentsOf: back.appendingPathComponent("t-1_000.png")) == pa)
    }

    /// A Swift view with no --duration is rendered long enough for a tap given on the command
    /// line (its compiled duration here is about a second) and a second of its response.
    @Test func aLateTapOnASwiftViewLengthensItsRender() throws {
        let folder = temporaryFolder("swift-late-tap")
        let file = folder.appendingPathComponent("Like.swift")
        try Data("""
            import SwiftUI
            struct Like: View {
                @State private var on = false
                var body: some View {
                    Button { withAnimation(.easeInOut(duration: 0.3)) { on.toggle() } } label: {
                        Rectangle().fill(on ? Color.red : Color.blue).frame(width: 20, height: 20)
                    }
                    .frame(width: 40, height: 40)
                }
            }
            """.utf8).write(to: file)
        let before = folder.appendingPathComponent("before"), after = folder.appendingPathComponent("after")
        let a = try runTool([file.path, "--out", before.path, "--times", "0", "--scale", "1", "--quiet", "--tap", "2.5"])
        #expect(a.status == 0, "\(a.err)")
        let b = try runTool([file.path, "--out", after.path, "--times", "3.4", "--scale", "1", "--quiet", "--tap", "2.5"])
        #expect(b.status == 0, "the render was not lengthened to 2.5 s + 0.1 s hold + 1 s: \(b.err)")
        let first = try Data(contentsOf: before.appendingPathComponent("t-0_000.png"))
        let last = try Data(contentsOf: after.appendingPathComponent("t-3_400.png"))
        #expect(first != last, "the tap at 2.5 s did not change the picture")
    }

    @Test func malformedValuesAndUnknownTargetsAreUsageErrors() throws {
        let spec = try specFile()
        let out = spec.deletingLastPathComponent().appendingPathComponent("out").path
        let cases: [([String], String)] = [
            (["--tap", "soon"], "expected TIME[@TARGET]"),
            (["--drag", "0.2:1,2=>3,4"], "expected TIME:x1,y1->x2,y2[:SECONDS]"),
            (["--tap", "5@box"], "after the end of the spec"),
            (["--tap", "0.2@Buy"], #"no view named "Buy""#),
        ]
        for (args, message) in cases {
            let r = try runTool([spec.path, "--out", out] + args)
            #expect(r.status == 2 && r.err.contains(message), "\(args): \(r.status) \(r.err)")
        }
        let r = try runTool([spec.path, "--out", out, "--tap", "0.2@Buy"])
        #expect(r.err.contains(#"#0 (button, id "box")"#) && r.err.contains("#1 (onTap)"), "\(r.err)")
    }
}
