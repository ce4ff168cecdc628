// WebP, MP4, the byte budget of every animation and the review command, through the executable.
import Foundation
import Testing
import AnimoTestSupport
import AnimoCheck

private let repo = Repository.root

private func run(_ args: [String], in dir: URL? = nil) throws -> (Int32, String) {
    let r = try runTool(args, in: dir, merged: true)
    return (r.status, r.out)
}

private let popIn = repo.appendingPathComponent("docs/examples/pop-in.json")

/// pop-in with another colour and a later event: every frame from 0.2 s on differs.
private func changedPopIn(in dir: URL) throws -> URL {
    let s = try String(contentsOf: popIn, encoding: .utf8)
        .replacingOccurrences(of: "#FF375F", with: "#30D158")
        .replacingOccurrences(of: #""at": 0.2"#, with: #""at": 0.3"#)
    let u = dir.appendingPathComponent("after.json")
    try s.write(to: u, atomically: true, encoding: .utf8)
    return u
}

@Suite(.serialized) struct FormatCommandLineTests {
    @Test func webpAndMP4AreTheSameBytesForAnyThreadCountAndListedInTheManifest() throws {
        let dir = temporaryFolder("formats")
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [[Data]] = []
        for threads in ["1", "3"] {
            let out = dir.appendingPathComponent("t\(threads)")
            let (status, text) = try run([popIn.path, "--out", out.path, "--webp", "--mp4", "--apng", "--fps", "20",
                                          "--quiet", "--threads", threads])
            #expect(status == 0, "\(text)")
            #expect(text.isEmpty, "--quiet prints nothing, not even a codec library's warnings: \(text)")
            files.append(try ["animation.webp", "animation.mp4", "animation.png"].map { try Data(contentsOf: out.appendingPathComponent($0)) })
            let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
            #expect(manifest.contains("animation.webp") && manifest.contains("animation.mp4"), "\(manifest)")
        }
        #expect(files[0] == files[1])
        #expect(files[0][0].prefix(4) == Data("RIFF".utf8) && files[0][0].count < files[0][2].count / 2,
                "WebP \(files[0][0].count) bytes vs APNG \(files[0][2].count)")
        #expect(files[0][1].dropFirst(4).prefix(4) == Data("ftyp".utf8))
    }

    @Test func anAPNGOverTheBudgetAdaptsAndSaysSo() throws {
        let dir = temporaryFolder("budget-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (status, text) = try run([popIn.path, "--out", dir.path, "--apng", "--max-bytes", "20000", "--gif-scale", "2", "--quiet"])
        #expect(status == 0, "\(text)")
        // 37 frames of 480×240: ≈ 42 kB; at 15 fps still over, then scaled.
        #expect(text.contains("APNG: over 20000 bytes after") && text.contains("of 37 frames; lowered the frame rate to 15 fps"), "\(text)")
        #expect(text.contains("of 19 frames; scaled to 0.75×"), "\(text)")
        let size = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("animation.png").path)[.size] as? Int
        #expect((size ?? .max) <= 20000)
    }

    @Test func anAnimationThatCannotFitFailsWithStatus1AndWritesNothing() throws {
        let dir = temporaryFolder("budget-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        for option in ["--apng", "--webp", "--mp4"] {
            let (status, text) = try run([popIn.path, "--out", dir.path, option, "--max-bytes", "100", "--quiet"])
            #expect(status == 1, "\(option): \(text)")
            #expect(text.contains("does not fit in 100 bytes"), "\(text)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(!names.contains { $0.hasPrefix("animation.") }, "\(names)")
    }

    @Test func formatOptionsWithoutTheirFormatAreRefused() throws {
        let dir = temporaryFolder("usage")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try run([popIn.path, "--out", dir.path, "--webp-quality", "80"])
        #expect(a.0 == 2 && a.1.contains("--webp-quality applies to --webp"), "\(a.1)")
        let b = try run([popIn.path, "--out", dir.path, "--max-bytes", "80"])
        #expect(b.0 == 2 && b.1.contains("--max-bytes applies to"), "\(b.1)")
        let c = try run([popIn.path, "--out", dir.path, "--webp", "x.webp", "--mp4", "x.webp"])
        #expect(c.0 == 2 && c.1.contains("same file"), "\(c.1)")
    }

    @Test func reviewOfTwoSpecsWritesTheAnimationTheFilmstripAndMarkdown() throws {
        let dir = temporaryFolder("review")
        defer { try? FileManager.default.removeItem(at: dir) }
        let after = try changedPopIn(in: dir)
        let out = dir.appendingPathComponent("review")
        let (status, text) = try run(["review", popIn.path, after.path, "--out", out.path, "--fps", "10"])
        #expect(status == 0, "\(text)")
        let md = try String(contentsOf: out.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(md.contains("![before | after | difference](review.webp)"), "\(md)")
        #expect(md.contains("![filmstrip](filmstrip.png)"))
        // 13 frames at 10 fps (0…1.2 s); up to 0.2 s both sides are blank (at 0.2 s the spring has
        // not moved yet), from 0.3 s the rectangle differs in colour on every frame.
        #expect(md.contains("**10 of 13 frames differ** at 10 fps; the first at 0.30 s (frame 3); max Δ 239"), "\(md)")
        // The rectangle changed colour: no shift in time explains the frames.
        #expect(md.contains("differ in what they show, not only in timing"), "\(md)")
        let webp = try Data(contentsOf: out.appendingPathComponent("review.webp"))
        #expect(webp.prefix(4) == Data("RIFF".utf8))
        let strip = try RGBAImage(contentsOf: out.appendingPathComponent("filmstrip.png"))
        #expect(strip.width > 300 && strip.height > 6 * 100)
    }

    @Test func reviewOfAFolderAgainstItselfFindsNoDifference() throws {
        let dir = temporaryFolder("review")
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = dir.appendingPathComponent("frames")
        let r = try run([popIn.path, "--out", frames.path, "--fps", "10", "--scale", "1", "--quiet"])
        #expect(r.0 == 0, "\(r.1)")
        let out = dir.appendingPathComponent("review")
        let (status, text) = try run(["review", frames.path, popIn.path, "--out", out.path, "--format", "gif", "--fps", "10", "--quiet"])
        #expect(status == 0, "\(text)")
        let md = try String(contentsOf: out.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(md.contains("**No frame differs** over 13 frames at 10 fps"), "\(md)")
        #expect(md.contains("Timing: the timing is unchanged."), "\(md)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("review.gif").path))
    }

    @Test func reviewNamesWhatIsWrongWithItsArguments() throws {
        let a = try run(["review", popIn.path])
        #expect(a.0 == 2 && a.1.contains("review needs BEFORE and AFTER"), "\(a.1)")
        let b = try run(["review", popIn.path, "/nonexistent/x.json", "--out", "/tmp/x"])
        #expect(b.0 == 2 && b.1.contains("does not exist"), "\(b.1)")
        let c = try run(["review", popIn.path, popIn.path, "--out", "/tmp/x", "--format", "avi"])
        #expect(c.0 == 2 && c.1.contains("--format expects webp, gif, apng or mp4"), "\(c.1)")
    }
}
