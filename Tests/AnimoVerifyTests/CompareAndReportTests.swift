// Folder comparison, the HTML report and the timing analysis, on frames written to temp folders.
import Foundation
import Testing
import AnimoTestSupport
import AnimoRaster
import AnimoGeometry
import AnimoSpec
import AnimoRender
@testable import AnimoCheck
@testable import AnimoVerify

private func write(_ bytes: [UInt8], _ w: Int, _ h: Int, to url: URL) throws {
    try PNG.write(try image(w, h, bytes).pixmap(), to: url)
}

/// A 30-frame animation at 30 fps: a disk rests at x = 10 for 5 frames, moves 2 px per frame for
/// 20 frames, then rests at x = 50. `delay` frames late when delay > 0.
private func animation(delay: Int, into folder: URL) throws {
    let w = 64, h = 24
    for i in 0..<30 {
        let k = max(0, i - delay)
        let x = 10.0 + 2.0 * Double(min(max(k - 5, 0), 20))
        try write(diskFrame(w, h, cx: x, cy: 12, r: 6), w, h, to: folder.appendingPathComponent(String(format: "frame-%04d.png", i)))
    }
}

@Test func animationLateByTwoFramesIsReportedAsADelay() throws {
    let golden = temporaryFolder("golden"), actual = temporaryFolder("actual")
    try animation(delay: 0, into: golden)
    try animation(delay: 2, into: actual)
    let run = try ComparisonRun.compare(actual: actual, golden: golden)
    #expect(!run.passed)
    let drift = try #require(run.drift)
    // Frames 0–5 are identical (the disk has not moved in either), 6–26 are the golden's 4–24,
    // 27–29 rest at x = 50 in both.
    let late = drift.segments.filter { $0.frameShift != 0 }
    #expect(late.count == 1)
    #expect(late.first?.frameShift == 2)
    #expect(late.first?.frames == 6...26)
    #expect(late.first?.explained == true)
    #expect(abs((late.first?.lag ?? 0) - 2.0 / 30) < 1e-9)
    #expect(drift.segments.last?.frameShift == 0)
    // One sentence: a shift of two frames explains every frame.
    #expect(drift.description == "the whole animation runs 67 ms late", "\(drift.description)")
    #expect(drift.analysis.model?.kind == .shift)
}

@Test func missingAndExtraFramesAreReportedByName() throws {
    let golden = temporaryFolder("golden"), actual = temporaryFolder("actual")
    try write(solid(8, 8), 8, 8, to: golden.appendingPathComponent("a.png"))
    try write(solid(8, 8), 8, 8, to: golden.appendingPathComponent("b.png"))
    try write(solid(8, 8), 8, 8, to: actual.appendingPathComponent("a.png"))
    try write(solid(8, 8), 8, 8, to: actual.appendingPathComponent("c.png"))
    let run = try ComparisonRun.compare(actual: actual, golden: golden)
    #expect(!run.passed)
    #expect(run.frames.first { $0.name == "b.png" }?.status == .missing)
    #expect(run.frames.first { $0.name == "c.png" }?.status == .extra)
    #expect(run.frames.first { $0.name == "a.png" }?.status == .passed)
}

@Test func reportWritesImagesAndEveryHTMLReferenceResolves() throws {
    let golden = temporaryFolder("golden"), actual = temporaryFolder("actual"), out = temporaryFolder("report")
    try write(solid(10, 8, (10, 20, 30, 255)), 10, 8, to: golden.appendingPathComponent("x <1>.png"))
    var changed = solid(10, 8, (10, 20, 30, 255))
    setPixel(&changed, 10, 3, 3, (250, 20, 30, 255))
    try write(changed, 10, 8, to: actual.appendingPathComponent("x <1>.png"))
    try write(solid(10, 8), 10, 8, to: golden.appendingPathComponent("same.png"))
    try write(solid(10, 8), 10, 8, to: actual.appendingPathComponent("same.png"))
    let run = try ComparisonRun.compare(actual: actual, golden: golden)
    #expect(run.frames.first?.name == "x <1>.png", "failures first")
    let written = try Report.write(ReportRun(id: "compare-case", command: "compare", summary: run.summary,
                                             cases: [ReportCase(comparison: "case", run: run)]), to: out)
    // Both frames of both sides are copied (for the flip-book), and the failure's heat map made.
    #expect(written.images.count == 5, "\(written.images)")
    let html = try String(contentsOf: written.html, encoding: .utf8)
    // Every src="…" and href="…" that is not an anchor must name a file in the report folder.
    var refs: [String] = []
    for attribute in ["src=\"", "href=\""] {
        var rest = html[...]
        while let r = rest.range(of: attribute) {
            let after = rest[r.upperBound...]
            guard let end = after.firstIndex(of: "\"") else { break }
            let ref = String(after[..<end]).replacingOccurrences(of: "&amp;", with: "&")
            if !ref.hasPrefix("#") { refs.append(ref) }
            rest = after[end...]
        }
    }
    #expect(!refs.isEmpty)
    for ref in refs {
        #expect(!ref.contains("://") && !ref.hasPrefix("/"), "\(ref)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(ref).path), "\(ref)")
    }
    #expect(!html.contains("http://") && !html.contains("https://"))
    #expect(html.contains("x &lt;1&gt;.png"))
    // The failure: expected, actual, difference side by side, then the slider and blink views.
    for part in ["compare", "slider", "blink", "flipbook", "filter", "case"] {
        #expect(html.contains("data-part=\(part)"), "\(part)")
    }
    let diff = try #require(written.images.first { $0.hasSuffix(".diff.png") })
    let heat = try PNG.read(from: out.appendingPathComponent(diff))
    #expect(heat.width == 10 && heat.height == 8)
    // The run's data sits beside the page, for merging.
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("runs/compare-case.json").path))
}

@Test func frameTimesComeFromTheManifestWhenPresent() throws {
    let dir = temporaryFolder("seq")
    for name in ["b.png", "a.png", "c.png"] { try write(solid(4, 4), 4, 4, to: dir.appendingPathComponent(name)) }
    // Without a manifest: sorted by name, t = index / fps.
    let plain = try FrameSequence(folder: dir, fps: 10)
    #expect(plain.frames.map(\.file) == ["a.png", "b.png", "c.png"])
    #expect(plain.frames.map(\.time) == [0, 0.1, 0.2])
    #expect(!plain.timesFromManifest)
    // With one (animo-render's manifest.json shape): its times and their order.
    let manifest = #"{"fps": 30, "frames": [{"index": 0, "time": 0.5, "file": "a.png"}, {"index": 1, "time": 0.25, "file": "b.png"}, {"index": 2, "time": 1.0, "file": "c.png"}]}"#
    try Data(manifest.utf8).write(to: dir.appendingPathComponent("manifest.json"))
    let timed = try FrameSequence(folder: dir)
    #expect(timed.timesFromManifest)
    #expect(timed.frames.map(\.file) == ["b.png", "a.png", "c.png"])
    #expect(timed.frames.map(\.time) == [0.25, 0.5, 1.0])
}

@Test func lagBetweenFramesIsEstimatedFromTheNeighbours() throws {
    // A disk moving 2 px per frame for 20 frames; the actual runs 1.5 frames (50 ms) late, which
    // no whole-frame shift explains.
    func x(_ f: Double) -> Double { 10 + 2 * min(max(f - 5, 0), 20) }
    let w = 64, h = 24
    let golden = try (0..<30).map { try image(w, h, diskFrame(w, h, cx: x(Double($0)), cy: 12, r: 6)) }
    let actual = try (0..<30).map { try image(w, h, diskFrame(w, h, cx: x(Double($0) - 1.5), cy: 12, r: 6)) }
    let times = (0..<30).map { Double($0) / 30 }
    let drift = TimingDrift(actual: actual, actualTimes: times, golden: golden, goldenTimes: times)
    let moving = drift.segments.filter { !$0.unchanged }.max { $0.frames.count < $1.frames.count }
    let seg = try #require(moving)
    #expect(seg.frames.count >= 15, "\(drift.description)")
    #expect(abs(seg.lag - 0.05) < 0.01, "lag \(seg.lag): \(drift.description)")
    #expect(!seg.explained)
    #expect(drift.description.contains("ms late"), "\(drift.description)")
}

/// A 120×40 pt card that slides and fades in with a spring after an event at `at`, at 30 fps.
private func slideSpec(eventAt at: String) -> String {
    #"{"canvas": {"width": 120, "height": 40, "scale": 1, "background": "black"}, "duration": 1.2, "fps": 30, "state": {"on": false}, "events": [{"at": \#(at), "set": {"on": true}, "animation": {"spring": {"response": 0.5, "dampingFraction": 0.8}}}], "content": [{"roundedRectangle": {"frame": ["=on ? 70 : 10", 10, 40, 20], "cornerRadius": 6}, "fill": "white", "modifiers": [{"opacity": "=on ? 1 : 0.3"}]}]}"#
}

private func renderFrames(_ json: String, into folder: URL) throws {
    let renderer = try SceneRenderer(spec: Spec.load(json: json))
    for (i, t) in renderer.frameTimes(fps: 30).enumerated() {
        try PNG.write(try renderer.render(at: t), to: folder.appendingPathComponent(String(format: "frame-%04d.png", i)))
    }
}

@Test func aSpecWhoseEventMoved40msIsDescribedInOneSentence() throws {
    let golden = temporaryFolder("golden-40"), actual = temporaryFolder("actual-40")
    try renderFrames(slideSpec(eventAt: "0.1"), into: golden)
    try renderFrames(slideSpec(eventAt: "0.14"), into: actual)
    let run = try ComparisonRun.compare(actual: actual, golden: golden)
    #expect(!run.passed)
    let drift = try #require(run.drift)
    #expect(drift.description == "the whole animation runs 40 ms late", "\(drift.description)")
    let model = try #require(drift.analysis.model)
    #expect(model.kind == .shift)
    #expect(abs(model.shift - 0.04) < 0.002, "\(model.shift)")
    // The settling tail, where every lag looks alike, does not break the sentence into segments.
    #expect(drift.analysis.detail.isEmpty)
}

@Test func aSlowerSpringIsAScaleNotAShift() throws {
    let golden = temporaryFolder("golden-slow"), actual = temporaryFolder("actual-slow")
    try renderFrames(slideSpec(eventAt: "0.1"), into: golden)
    try renderFrames(slideSpec(eventAt: "0.1").replacingOccurrences(of: "\"response\": 0.5", with: "\"response\": 0.6"), into: actual)
    let drift = try #require(try ComparisonRun.compare(actual: actual, golden: golden).drift)
    let model = try #require(drift.analysis.model, "\(drift.description)")
    #expect(model.kind == .scale, "\(drift.description)")
    // Spring durations scale with the response: 0.6 / 0.5.
    #expect(abs(model.scale - 1.2) < 0.03, "\(model.scale)")
    #expect(drift.description.hasPrefix("the animation settles"), "\(drift.description)")
    #expect(drift.description.contains("later (20 % longer)"), "\(drift.description)")
}

@Test func aSecondEventMovedAloneIsDescribedBySegment() throws {
    // Two cards: the first moves at 0.1 s, the second at 0.7 s; only the second event is 40 ms
    // later, so no shift of the whole animation explains it, and the detail names that stretch.
    func spec(_ second: String) -> String {
        #"{"canvas": {"width": 120, "height": 60, "scale": 1, "background": "black"}, "duration": 1.4, "fps": 30, "state": {"a": false, "b": false}, "events": [{"at": 0.1, "set": {"a": true}, "animation": {"easeInOut": {"duration": 0.4}}}, {"at": \#(second), "set": {"b": true}, "animation": {"easeInOut": {"duration": 0.4}}}], "content": [{"rectangle": {"frame": ["=a ? 70 : 10", 5, 40, 20]}, "fill": "white"}, {"rectangle": {"frame": ["=b ? 70 : 10", 35, 40, 20]}, "fill": "white"}]}"#
    }
    let golden = temporaryFolder("golden-two"), actual = temporaryFolder("actual-two")
    try renderFrames(spec("0.7"), into: golden)
    try renderFrames(spec("0.74"), into: actual)
    let drift = try #require(try ComparisonRun.compare(actual: actual, golden: golden).drift)
    #expect(drift.analysis.model == nil, "\(drift.description)")
    #expect(drift.description.hasPrefix("no single shift or scale explains the frames: "), "\(drift.description)")
    #expect(drift.analysis.detail.count == 1, "\(drift.analysis.detail)")
    #expect(drift.analysis.detail.first?.hasSuffix("40 ms late") == true, "\(drift.analysis.detail)")
}
