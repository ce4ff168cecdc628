// `animo-bench raster`: the fill and stroke workloads of bench/peers (written by
// `peers.py export` to out/workloads/fill_scene.json and stroke_scene.json), rendered with
// Raster on a 1170×1170 canvas, in ms per frame. It also writes the last frame of each as
// PNG so `peers.py score-frame fill|stroke PNG` can compare it with Skia's.
import Foundation
import AnimoRaster
import AnimoGeometry

enum RasterBench {
    struct Item { var path: Path; var color: Color; var dash: [Double]? }
    struct Workload { var width: Int; var height: Int; var items: [Item]; var strokeWidth: Double? }

    static func load(_ url: URL) throws -> Workload {
        let data = try Data(contentsOf: url)
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let w = root["width"] as? Int, let h = root["height"] as? Int,
              let items = root["items"] as? [[String: Any]] else {
            throw BenchError("\(url.path): not a peers workload (expected width, height, items)")
        }
        var out: [Item] = []
        for item in items {
            let c = (item["color"] as? [Double]) ?? [0, 0, 0, 255]
            func byte(_ i: Int) -> UInt8 { i < c.count && c[i] > 0 ? UInt8(min(c[i], 255)) : 0 }   // a workload file may hold anything
            let color = Color(rgba8: byte(0), byte(1), byte(2), byte(3))
            var path = Path()
            if item["kind"] as? String == "circle", let cx = item["cx"] as? Double, let cy = item["cy"] as? Double,
               let r = item["r"] as? Double {
                path = Path.circle(in: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
            } else if let cmds = item["cmds"] as? [[Any]] {
                for cmd in cmds {
                    let op = cmd[0] as? String ?? ""
                    let v = cmd.dropFirst().compactMap { $0 as? Double }
                    switch op {
                    case "M": path.move(to: Point(v[0], v[1]))
                    case "L": path.line(to: Point(v[0], v[1]))
                    case "C": path.cubic(to: Point(v[4], v[5]), control1: Point(v[0], v[1]), control2: Point(v[2], v[3]))
                    case "Z": path.close()
                    default: throw BenchError("unknown path command \(op)")
                    }
                }
            }
            out.append(Item(path: path, color: color, dash: item["dash"] as? [Double]))
        }
        return Workload(width: w, height: h, items: out, strokeWidth: root["stroke_width"] as? Double)
    }

    /// The surface a frame is drawn into: the 8-bit premultiplied target (`Pixmap8`, the format of
    /// the peers' surfaces and the headline), or the Float32 working format (`Pixmap`).
    enum Target: String {
        case rgba8, float32
    }

    /// Completes the frame inside the timed region (deferred compositing), in the target's format.
    static func finishFrame(_ ctx: inout DrawingContext) {
        if ctx.pixmap8 != nil { _ = ctx.finish8() } else { _ = ctx.finish() }
    }

    /// Renders `runs` frames of `w` into `a` and into `b` alternately (after one warm-up frame each),
    /// so a drift of the machine's speed hits both alike: their timings and the median of the
    /// per-pair ratios a / b.
    static func alternate(_ w: Workload, runs: Int, _ a: inout DrawingContext, _ b: inout DrawingContext,
                          _ render: (Workload, inout DrawingContext) -> Void) -> (a: Timing, b: Timing, ratio: Double) {
        render(w, &a); render(w, &b)
        var ta: [Double] = [], tb: [Double] = [], ratios: [Double] = []
        for _ in 0..<runs {
            let x = measure(runs: 1, warmup: 0) { render(w, &a) }.samples[0]
            let y = measure(runs: 1, warmup: 0) { render(w, &b) }.samples[0]
            ta.append(x); tb.append(y); ratios.append(x / y)
        }
        return (Timing(samples: ta), Timing(samples: tb), ratios.sorted()[ratios.count / 2])
    }

    static func makeContext(_ w: Workload, _ target: Target) throws -> DrawingContext {
        switch target {
        case .rgba8: return DrawingContext(pixmap8: try Pixmap8(width: w.width, height: w.height))
        case .float32: return try DrawingContext(width: w.width, height: w.height)
        }
    }

    /// Writes the frame drawn in `ctx` as PNG (straight alpha, as every export).
    static func writeFrame(_ ctx: inout DrawingContext, to url: URL) throws {
        if let p = ctx.pixmap8 { try PNG.write(p, to: url) } else { try PNG.write(ctx.pixmap, to: url) }
    }

    /// Draws the fill workload into `ctx`, cleared first (the peers also clear one reused image
    /// per frame rather than allocating a new one). Not inlined, so that callgrind can count one
    /// frame with `--toggle-collect='*renderFill*'` (same for renderStroke).
    @inline(never) static func renderFill(_ w: Workload, into ctx: inout DrawingContext) {
        ctx.clear()
        for item in w.items { ctx.fill(item.path, with: .solid(item.color)) }
        finishFrame(&ctx)
    }

    @inline(never) static func renderStroke(_ w: Workload, into ctx: inout DrawingContext) {
        renderStroke(w, into: &ctx, solidDashes: false)
    }

    /// The stroke workload; with `solidDashes` the 20 dashed paths are drawn solid, which is what
    /// the peers' Blend2D binding draws (it has no dash support, peers.py notes): the same work as
    /// Blend2D's frame, for an equal-work figure beside the workload's.
    static func renderStroke(_ w: Workload, into ctx: inout DrawingContext, solidDashes: Bool) {
        ctx.clear()
        let width = w.strokeWidth ?? 6
        for item in w.items {
            let style = StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round, dash: solidDashes ? [] : item.dash ?? [])
            ctx.stroke(item.path, with: .solid(item.color), style: style)
        }
        finishFrame(&ctx)
    }

    static func run(workloads: URL, out: URL, runs: Int, target profiled: Target = .rgba8) throws -> [String] {
        var lines = ["raster: peers' workloads, 1170×1170, one thread, ms per frame (median of \(runs)); "
                     + "headline: the 8-bit premultiplied target, as the peers draw, with "
                     + (DrawingContext.avx2LoopsAvailable ? "AVX2" : "SSE2") + " loops"]
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // ANIMO_RASTER_ONLY=fill|stroke runs one workload on one target (--target, default rgba8),
        // single-threaded only (for perf/callgrind).
        let only = ProcessInfo.processInfo.environment["ANIMO_RASTER_ONLY"]
        for (name, render) in [("fill", renderFill), ("stroke", renderStroke)] as [(String, (Workload, inout DrawingContext) -> Void)]
            where only == nil || only == name {
            let url = workloads.appendingPathComponent("\(name)_scene.json")
            let w = try load(url)
            if only != nil {
                var ctx = try makeContext(w, profiled)
                let t = measure(runs: runs) { render(w, &ctx) }
                lines.append("  \(name) (\(profiled.rawValue)): \(t.summary)")
                continue
            }
            // Both targets, frames alternating, so a drift of the machine's speed hits both alike;
            // the ratio is the median of the per-pair ratios.
            var c8 = try makeContext(w, .rgba8), c32 = try makeContext(w, .float32)
            let vs32 = alternate(w, runs: runs, &c8, &c32, render)
            let png = out.appendingPathComponent("\(name)_animo.png")
            try writeFrame(&c8, to: png)
            lines.append("  \(name): \(vs32.a.summary)   frame: \(png.path)")
            lines.append("  \(name), Float32 target: \(vs32.b.summary); 8-bit / Float32 (median of per-frame ratios) "
                         + format(vs32.ratio, 3))
            // The 8-bit frames with Compositor8's SSE2 loops only, alternating with the AVX2 ones
            // (where the processor has them; same pixels).
            if c8.usesAVX2 {
                var sse = try makeContext(w, .rgba8)
                sse.usesAVX2 = false
                let vsSSE = alternate(w, runs: runs, &c8, &sse, render)
                lines.append("  \(name), 8-bit, SSE2 loops only: \(vsSSE.b.summary); AVX2 / SSE2 (median of per-frame ratios) "
                             + format(vsSSE.ratio, 3))
            }
            // The same frames with the bands composited on two threads (same pixels; not the headline:
            // the peers are single-threaded and the CLI already renders frames in parallel).
            c8.compositingThreads = 2
            let t2 = measure(runs: runs) { render(w, &c8) }
            lines.append("  \(name), 2 compositing threads: \(t2.summary)")
            if name == "stroke" {
                c8.compositingThreads = 1
                let ts = measure(runs: runs) { renderStroke(w, into: &c8, solidDashes: true) }
                lines.append("  stroke, the 20 dashed paths drawn solid (the work of Blend2D's frame): \(ts.summary)")
            }
        }
        if only == nil {   // not in profiles
            lines.append(try strokeGeometryLine(workloads: workloads, runs: runs))
            lines.append(try exportLine(workloads: workloads, runs: runs))
        }
        return lines
    }
}

extension RasterBench {
    /// `animo-bench raster --serve`: loads both workloads once, then for each line `fill` or
    /// `stroke` on stdin renders one frame (same calls as `run`, frame finished) and prints its
    /// milliseconds; any other line ends it. scripts/raster-peers.py interleaves these frames with
    /// the peers' own renders, one of each per round, so drifting machine speed hits every
    /// renderer alike and the per-round ratios stay comparable.
    static func serve(workloads: URL, target: Target, solidDashes: Bool = false) throws {
        let fill = try load(workloads.appendingPathComponent("fill_scene.json"))
        let stroke = try load(workloads.appendingPathComponent("stroke_scene.json"))
        var ctx = try makeContext(fill, target)
        while let line = readLine() {
            let start = DispatchTime.now().uptimeNanoseconds
            switch line {
            case "fill": renderFill(fill, into: &ctx)
            case "stroke": renderStroke(stroke, into: &ctx, solidDashes: solidDashes)
            default: return
            }
            let ms = format(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, 4)
            FileHandle.standardOutput.write(Data((ms + "\n").utf8))   // unbuffered: the script waits for it
        }
    }

    /// The stroke workload's geometry alone: `path.stroked(style)` for every item, then the outline
    /// flattened to device polylines as the rasterizer would (no pixels). Also counts the outline's
    /// edges (line segments of the flattened outline, closing edges included) per frame.
    static func strokeGeometryLine(workloads: URL, runs: Int) throws -> String {
        let w = try load(workloads.appendingPathComponent("stroke_scene.json"))
        let width = w.strokeWidth ?? 6
        let styles = w.items.map { StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round, dash: $0.dash ?? []) }
        var edges = 0, sink = 0
        let tStroke = measure(runs: runs) {
            for (item, style) in zip(w.items, styles) { sink &+= item.path.stroked(style).elements.count }
        }
        let tBoth = measure(runs: runs) {
            edges = 0
            for (item, style) in zip(w.items, styles) {
                for pl in item.path.stroked(style).flattened() { edges += pl.points.count }
            }
        }
        return "  stroke-geometry: stroked \(tStroke.summary); stroked+flattened \(tBoth.summary); "
            + "outline edges/frame \(edges) (\(sink % 2 == 2 ? "" : "ok"))"
    }
}

extension RasterBench {
    /// The fill frame quantized to 8-bit straight RGBA as every PNG/GIF/APNG export does
    /// (`Pixmap.rgba8Straight()`, four pixels at a time), against the scalar rule it must equal
    /// (`Pixmap.straightRGBA8` per pixel) in the same run, and whether the bytes agree.
    static func exportLine(workloads: URL, runs: Int) throws -> String {
        let w = try load(workloads.appendingPathComponent("fill_scene.json"))
        var ctx = try DrawingContext(width: w.width, height: w.height)
        renderFill(w, into: &ctx)
        let frame = ctx.pixmap
        var fresh: [UInt8] = [], reused = [UInt8](repeating: 0, count: frame.pixels.count * 4), scalar = reused
        let tFresh = measure(runs: runs) { fresh = frame.rgba8Straight() }
        let tReused = measure(runs: runs) { reused.withUnsafeMutableBytes { frame.writeRGBA8Straight(to: $0) } }
        let tScalar = measure(runs: runs) {
            scalar.withUnsafeMutableBytes { o in
                for (i, p) in frame.pixels.enumerated() {
                    o.storeBytes(of: Pixmap.straightRGBA8(p).littleEndian, toByteOffset: 4 * i, as: UInt32.self)
                }
            }
        }
        let ns = { (t: Timing) in format(t.median * 1e6 / Double(frame.pixels.count), 2) + " ns/px" }
        return "  export quantize (fill frame to 8-bit straight RGBA), into a reused buffer: \(tReused.summary), \(ns(tReused)); "
            + "scalar rule, same buffer: \(tScalar.summary), \(ns(tScalar)); ratio \(format(tReused.median / tScalar.median, 3)); "
            + "rgba8Straight() (new array each time) \(tFresh.summary); "
            + (fresh == scalar && reused == scalar ? "same bytes" : "BYTES DIFFER")
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
