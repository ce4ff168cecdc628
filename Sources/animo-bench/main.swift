// animo-bench: benchmarks that print figures (release build: `swift run -c release animo-bench …`).
// Figures go in the README's performance section with the command that produced them.
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
  raster [--workloads DIR] [--out DIR] [--runs N] [--serve] [--target rgba8|float32] [--solid-dashes] [--simd sse2]
      fill and stroke workloads of bench/peers (run `peers.py export` first; default
      DIR: /tmp/bench/peers/out/workloads), ms per frame into the 8-bit premultiplied target (the
      peers' format), and into the Float32 target in alternating frames with the ratio; writes the
      8-bit frames for `peers.py score-frame`; also the fill frame's export quantizing against the
      scalar rule (same run, bytes compared).
      --serve: renders one frame per line read from stdin (`fill` or `stroke`) into --target
      (default rgba8) and prints its ms, so scripts/raster-peers.py can time us round-robin with
      the peers in one run; --solid-dashes draws the stroke workload's dashed paths solid, as
      the peers' Blend2D binding does. ANIMO_RASTER_ONLY=fill|stroke: that workload on --target only.
      The 8-bit target composites with AVX2 loops where the processor has them; the run also times
      the SSE2 loops in alternating frames; --simd sse2 (or ANIMO_SIMD=sse2) keeps to SSE2
  corpus [--out DIR]
      writes the raster corpus (operations as JSON, our PNG) for scripts/conformance
  effects [--input PNG] [--out DIR] [--runs N] [--threads N]
      Gaussian blur σ 5/16/48 on 1170×1170 RGBA and the peers' metaball frame, ms per case
      (--input: the peers' blur_input_straight_rgba.png; --out writes PNGs for peers.py score-blur)
  scene [--spec FILE]
      load + validate a 1,000-node spec; frames per second rendering FILE (default: Goldens/scenes/
      entrance-stagger/spec.json) at scale 3 with 1 and 2 threads, and the scaling
  shaders
      Mpx/s per catalogue kernel over 1170×1170 at scale 2 with 1 and 2 threads, the runtime's
      overhead, and the peers' §i per-pixel function as a kernel
  compare [--pair DIR]
      time to compare two 1170×1170 frames with each metric (DIR: the peers' pair, default
      bench/diff-pair)
  gif [--raw FILE] [--out DIR] [--runs N]
      encodes the peers' 60-frame 585×585 animation (FILE: raw RGB24 frames dumped from
      peers.py gif_source_frames; synthetic frames without it); score the GIF with peers.py score-gif
  png [--frame PNG] [--runs N] [--quick]
      encode time and bytes of the peers' test frame (default /tmp/bench/peers/out/png_frame.png,
      written by peers.py png) at our default level, strips in parallel vs one strip (wall and CPU
      ms); --quick: only those, not every level, the zlib/libpng comparisons and the two row
      filter paths (SSE2 and portable SWAR, timed and compared byte for byte)
  motion [--plot DIR]
      ns per spring sample and per Bézier sample (1,000,000 each); with --plot, value-over-time
      PNGs of SwiftUI's presets and the skill's spring table instead
"""

let args = Array(CommandLine.arguments.dropFirst())

@MainActor func option(_ name: String) -> String? {
    guard let i = args.firstIndex(of: "--\(name)"), i + 1 < args.count else { return nil }
    return args[i + 1]
}

do {
    switch args.first {
    case "raster":
        let workloads = URL(fileURLWithPath: option("workloads") ?? "/tmp/bench/peers/out/workloads")
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
        let input = try option("input").map { try PNG.read(from: URL(fileURLWithPath: $0)) }
        for l in EffectsBenchmarks.run(blurInput: input, outputDirectory: option("out").map { URL(fileURLWithPath: $0) },
                                       repeats: Int(option("runs") ?? "") ?? 9,
                                       threads: Int(option("threads") ?? "") ?? GaussianBlur.defaultThreads) { print(l) }
    case "scene":
        for l in SceneBenchmarks.run(entranceStaggerPath: option("spec") ?? "Goldens/scenes/entrance-stagger/spec.json") { print(l) }
    case "shaders":
        for l in ShaderBenchmarks.run() { print(l) }
    case "compare":
        for l in CheckBenchmarks.run(pairFolder: option("pair").map { URL(fileURLWithPath: $0) }) { print(l) }
    case "gif":
        for l in ExportBenchmarks.gif(rawPath: option("raw"), output: option("out").map { URL(fileURLWithPath: $0) },
                                      runs: Int(option("runs") ?? "") ?? 3) { print(l) }
    case "png":
        for l in ExportBenchmarks.png(framePath: option("frame") ?? "/tmp/bench/peers/out/png_frame.png",
                                      runs: Int(option("runs") ?? "") ?? 15,
                                      all: !args.contains("--quick")) { print(l) }
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
    FileHandle.standardError.write(Data("animo-bench: \(error)\n".utf8))
    exit(1)
}
