// animo-bench: benchmarks that print figures (release build: `swift run -c release animo-bench …`).
// Figures go in docs/performance.md with the command that produced them.
import Foundation
import AnimoMotion
import AnimoEffects
import AnimoExport
import AnimoSpec
import AnimoScene
import AnimoShaders
import AnimoCheck
import AnimoRaster
import AnimoGeometry

let usage = """
usage: animo-bench COMMAND [options]
The peers' workloads are in bench/peers/workloads (DIR below): the fill and stroke scenes are in
the repository; `bench/peers/setup && bench/.venv/bin/python bench/peers/peers.py export` writes
the images and GIF frames too. bench/peers/README.md and docs/performance.md say how to compare.
  raster [--workloads DIR] [--out DIR] [--runs N] [--serve] [--target rgba8|float32] [--solid-dashes] [--simd sse2]
      the peers' fill and stroke workloads (DIR/fill_scene.json, DIR/stroke_scene.json), ms per
      frame into the 8-bit premultiplied target (the peers' format), and into the Float32 target
      in alternating frames with the ratio; writes the 8-bit frames (--out, default
      /tmp/animo-bench) for `peers.py score-frame`; also the fill frame's export quantizing
      against the scalar rule (same run, bytes compared).
      --serve: renders one frame per line read from stdin (`fill` or `stroke`) into --target
      (default rgba8) and prints its ms, so bench/peers/raster-peers.py can time us round-robin
      with the peers in one run; --solid-dashes draws the stroke workload's dashed paths solid, as
      the peers' Blend2D binding does. ANIMO_RASTER_ONLY=fill|stroke: that workload on --target only.
      The 8-bit target composites with AVX2 loops where the processor has them; the run also times
      the SSE2 loops in alternating frames; --simd sse2 (or ANIMO_SIMD=sse2) keeps to SSE2
  corpus [--out DIR]
      writes the raster conformance cases (operations as JSON, our PNG) for scripts/conformance
  effects [--input PNG] [--out DIR] [--runs N] [--threads N]
      Gaussian blur σ 5/16/48 on 1170×1170 RGBA and the peers' metaball frame, ms per case
      (--input: default DIR/blur_input_straight_rgba.png when exported, else synthetic disks;
      --out writes PNGs for peers.py score-blur)
  scene [--spec FILE]
      load + validate a 1,000-node spec; frames per second rendering FILE (default: Goldens/scenes/
      entrance-stagger/spec.json) at scale 3 with 1 and 2 threads, and the scaling
  layout [--scale S] [--frames N]
      a 1,000-node tree of stacks laid out and rendered per frame (default scale 3, 30 frames):
      the layout pass, the display list and the whole frame, medians, and the layout's share
  shaders [--twins DIR] [--rounds N] [--only NAME,NAME]
      Mpx/s per catalogue kernel over 1170×1170 at scale 2 with 1 and 2 threads, beside the same
      kernel's .metal twin (DIR, default Shaders/Metal) compiled by clang++ as a user shader, timed
      round-robin with it (N rounds, default 5; the ratio is the median of the rounds'); the
      runtime's overhead, and the peers' colour-effect shader's per-pixel function as a kernel
  compare [--pair DIR]
      time to compare two 1170×1170 frames with each metric (DIR: the peers' pair, default
      bench/diff-pair)
  gif [--raw FILE] [--out DIR] [--runs N]
      encodes the peers' 60-frame 585×585 animation (FILE: raw RGB24 frames, default
      DIR/gif_source_585x585_rgb24_60f.raw when exported, else synthetic frames); score the GIF
      with peers.py score-gif
  png [--frame PNG] [--runs N] [--quick]
      encode time and bytes of the peers' test frame (default DIR/png_frame.png when exported,
      else a synthetic stand-in) at our default level, strips in parallel vs one strip (wall and
      CPU ms); --quick: only those, not every level, the zlib/libpng comparisons and the two row
      filter paths (SSE2 and portable SWAR, timed and compared byte for byte)
  import FILE.swift [--preview NAME] [--runs N]
      time to parse a SwiftUI file (the toolchain's SwiftParser) and compile its default preview
      (or NAME) into a spec document, and to load that spec; medians over N runs (default 20)
  glass [--runs N]
      a full-screen Liquid Glass card over a 1170×2532 px background: ms per frame with and
      without it, and the share of its cost spent in its backdrop blur
  motion [--plot DIR]
      ns per spring sample and per Bézier sample (1,000,000 each); with --plot, value-over-time
      PNGs of SwiftUI's presets and of a table of spring parameters instead
"""

let args = Array(CommandLine.arguments.dropFirst())

@MainActor func option(_ name: String) -> String? {
    guard let i = args.firstIndex(of: "--\(name)"), i + 1 < args.count else { return nil }
    return args[i + 1]
}

/// The checkout this binary was built from (where Package.swift is), if it is still there.
let checkout: URL? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) ? root : nil
}()

/// Where the peers' workloads are: --workloads DIR, else bench/peers/workloads under the current
/// directory, else under the checkout this binary was built from (so it runs from anywhere).
@MainActor func workloadsFolder() -> URL {
    if let dir = option("workloads") { return URL(fileURLWithPath: dir) }
    let relative = "bench/peers/workloads"
    let here = URL(fileURLWithPath: relative)
    if FileManager.default.fileExists(atPath: here.path) { return here }
    return checkout?.appendingPathComponent(relative) ?? here
}

/// `name` in the workloads folder when it is there, else nil (the benchmark then uses its
/// synthetic stand-in and says so).
@MainActor func exported(_ name: String) -> String? {
    let path = workloadsFolder().appendingPathComponent(name).path
    return FileManager.default.fileExists(atPath: path) ? path : nil
}

/// The PNG at `path`; a missing, unreadable or undecodable file is a `BenchError` naming the path
/// and the reason.
func readPNG(_ path: String) throws -> Pixmap {
    if let why = FileProblem.unreadable(path) { throw BenchError("\(path): \(why)") }
    do {
        return try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    } catch PNGError.decodeFailed(let message) {
        throw BenchError("\(path): not a PNG it can decode (\(message))")
    } catch PNGError.unsupportedSize(let w, let h) {
        throw BenchError("\(path): its size \(w)×\(h) is not supported")
    } catch {
        throw BenchError(FileProblem.describe(error, path: path) ?? "\(path): \(error)")
    }
}

/// Exits with one line naming what is missing and the command that writes it.
@MainActor func requireWorkloads(_ names: [String], in folder: URL) {
    let missing = names.filter { !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    guard !missing.isEmpty else { return }
    let cwd = FileManager.default.currentDirectoryPath
    let shown = folder.path.hasPrefix(cwd + "/") ? String(folder.path.dropFirst(cwd.count + 1)) : folder.path
    let cd = checkout.map { $0.path == cwd ? "" : "cd \($0.path) && " } ?? "in the repository root: "
    FileHandle.standardError.write(Data(("animo-bench: no \(missing.joined(separator: ", ")) in \(shown); run "
        + "\(cd)bench/peers/setup && bench/.venv/bin/python bench/peers/peers.py export"
        + (option("workloads").map { " --workloads \($0)" } ?? "") + "\n").utf8))
    exit(1)
}

do {
    switch args.first {
    case "raster":
        let workloads = workloadsFolder()
        requireWorkloads(["fill_scene.json", "stroke_scene.json"], in: workloads)
        let out = URL(fileURLWithPath: option("out") ?? "/tmp/animo-bench")
        let runs = Int(option("runs") ?? "") ?? 40
        guard let target = RasterBench.Target(rawValue: option("target") ?? "rgba8") else {
            throw BenchError("--target takes rgba8 or float32")
        }
        // --simd sse2: Raster's 8-bit compositing keeps to its SSE2 loops (read once, at first use,
        // so set before anything is drawn).
        if args.contains("--simd") {
            guard option("simd") == "sse2" else {
                throw BenchError("--simd takes sse2 (the AVX2 loops are the default where the processor has them)")
            }
            setenv("ANIMO_SIMD", "sse2", 1)
        }
        if args.contains("--serve") {
            try RasterBench.serve(workloads: workloads, target: target, solidDashes: args.contains("--solid-dashes"))
        } else {
            for l in try RasterBench.run(workloads: workloads, out: out, runs: runs, target: target) { print(l) }
        }
    case "corpus":
        for l in try CorpusExport.run(out: URL(fileURLWithPath: option("out") ?? "/tmp/animo-corpus")) { print(l) }
    case "effects":
        let input = try (option("input") ?? exported("blur_input_straight_rgba.png")).map(readPNG)
        for l in EffectsBenchmarks.run(blurInput: input, outputDirectory: option("out").map { URL(fileURLWithPath: $0) },
                                       repeats: Int(option("runs") ?? "") ?? 9,
                                       threads: Int(option("threads") ?? "") ?? GaussianBlur.defaultThreads) { print(l) }
    case "scene":
        for l in SceneBenchmarks.run(entranceStaggerPath: option("spec") ?? "Goldens/scenes/entrance-stagger/spec.json") { print(l) }
    case "layout":
        let scale = option("scale").flatMap(Double.init) ?? 3
        let frames = option("frames").flatMap(Int.init) ?? 30
        for l in LayoutBenchmarks.run(scale: scale, frames: max(1, frames)) { print(l) }
    case "shaders":
        let only = option("only").map { Set($0.split(separator: ",").map(String.init)) }
        for l in ShaderBenchmarks.run(repeats: max(1, Int(option("rounds") ?? "") ?? 5), twins: option("twins") ?? "Shaders/Metal",
                                      only: only) { print(l) }
    case "compare":
        for l in CheckBenchmarks.run(pairFolder: option("pair").map { URL(fileURLWithPath: $0) }) { print(l) }
    case "gif":
        for l in ExportBenchmarks.gif(rawPath: option("raw") ?? exported("gif_source_585x585_rgb24_60f.raw"), output: option("out").map { URL(fileURLWithPath: $0) },
                                      runs: Int(option("runs") ?? "") ?? 3) { print(l) }
    case "png":
        for l in ExportBenchmarks.png(framePath: option("frame") ?? exported("png_frame.png"),
                                      runs: Int(option("runs") ?? "") ?? 15,
                                      all: !args.contains("--quick")) { print(l) }
    case "import":
        guard args.count > 1, !args[1].hasPrefix("-") else { throw BenchError("import needs a FILE.swift") }
        for l in try ImportBenchmarks.run(path: args[1], preview: option("preview"), runs: Int(option("runs") ?? "") ?? 20) { print(l) }
    case "glass":
        for l in GlassBenchmarks.run(runs: max(1, Int(option("runs") ?? "") ?? 5)) { print(l) }
    case "motion":
        if let dir = option("plot") {
            for l in try MotionPlot.run(out: URL(fileURLWithPath: dir)) { print(l) }
        } else {
            for l in MotionBenchmarks.run(samples: 1_000_000) { print(l) }
        }
    default:
        print(usage)
        exit(args.isEmpty || args.first == "--help" ? 0 : 2)
    }
} catch {
    // A file that could not be read or written: one line with its path and the reason.
    FileHandle.standardError.write(Data("animo-bench: \(FileProblem.describe(error) ?? "\(error)")\n".utf8))
    exit(1)
}
