// The figures behind `animo-bench scene`: load + validate time for a 1,000-node spec,
// and frames per second rendering a spec (entrance-stagger.json) at scale 3 with 1 and 2 threads.
// Benchmarks print figures; they never assert. Wall time on a shared machine is contended, so the
// process CPU time of each render run is reported beside it.
import AnimoSpec
import Foundation
import AnimoGeometry
import AnimoRender
import AnimoRaster

/// Benchmarks of the Scene target.
public enum SceneBenchmarks {
    /// Runs every Scene benchmark and returns report lines.
    /// - Parameters:
    ///   - entranceStaggerPath: path of `entrance-stagger.json`; nil skips the render benchmark.
    ///   - scale: pixels per point for the render benchmark (3: a phone's scale).
    ///   - threadCounts: thread counts to compare (1 and 2 by default).
    public static func run(entranceStaggerPath: String?, scale: Double = 3, threadCounts: [Int] = [1, 2]) -> [String] {
        var lines = loadBenchmark()
        if let path = entranceStaggerPath {
            lines += renderBenchmark(path: path, scale: scale, threadCounts: threadCounts)
        } else {
            lines.append("render: skipped (no path to entrance-stagger.json)")
        }
        return lines
    }

    // MARK: - Load + validate

    /// A spec of `count` shape nodes, each with expressions (of `t`, a state variable and its
    /// index) and modifiers, including an `animation` modifier: the shape of the 1,000-node
    /// timing test in Tests/SceneTests/ModelTests.swift, with a few more modifiers per node.
    public static func largeSpec(nodes count: Int) -> String {
        var nodes: [String] = []
        nodes.reserveCapacity(count)
        for k in 0..<max(count, 1) {
            nodes.append("""
                {"circle": {"center": ["=\(k % 50) * 4 + sin(t)", \(k / 50 * 4)], "radius": 2}, "fill": "white", \
                "modifiers": [{"opacity": "=on ? 1 : 0"}, {"offset": [0, "=on ? 0 : 8"]}, \
                {"scaleEffect": {"x": "=on ? 1 : 0.9", "y": 1, "anchor": "top"}}, \
                {"animation": {"spring": {"duration": 0.4, "bounce": 0.2}, "delay": "=\(k % 10) * 0.01", "value": "on"}}]}
                """)
        }
        return """
            {"canvas": {"width": 200, "height": 200}, "duration": 1, "state": {"on": false},
             "events": [{"at": 0.5, "set": {"on": true}}],
             "content": [\(nodes.joined(separator: ",\n"))]}
            """
    }

    /// Load + validate time (median of several runs after a warm-up) for a 1,000-node spec.
    static func loadBenchmark(nodes: Int = 1_000, runs: Int = 9) -> [String] {
        let json = largeSpec(nodes: nodes)
        var samples: [Double] = []
        var failure: String?
        for run in 0...runs {  // run 0 warms up
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                let spec = try Spec.load(json: json)
                if spec.content.count != nodes { failure = "expected \(nodes) nodes, got \(spec.content.count)" }
            } catch {
                failure = error.description
            }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if run > 0 { samples.append(ms) }
        }
        if let failure { return ["load: the \(nodes)-node spec failed to load: \(failure)"] }
        let s = samples.sorted()
        return [String(format: "load + validate, %d nodes (%d bytes): median %.2f ms (min %.2f, max %.2f, n %d)",
                       nodes, json.utf8.count, s[s.count / 2], s.first!, s.last!, s.count)]
    }

    // MARK: - Rendering

    /// Renders every frame of the spec at `path` with each thread count, reporting frames per
    /// second, the speed-up over the first thread count, and whether the frames were identical.
    static func renderBenchmark(path: String, scale: Double, threadCounts: [Int]) -> [String] {
        let renderer: SceneRenderer
        do {
            renderer = try SceneRenderer(spec: Spec.load(path: path))
        } catch {
            return ["render: cannot load \(path): \(error)"]
        }
        let times = renderer.frameTimes(fps: renderer.spec.fps)
        let name = (path as NSString).lastPathComponent
        let px = "\(Int((renderer.spec.canvas.width * scale).rounded(.up)))×\(Int((renderer.spec.canvas.height * scale).rounded(.up)))"
        var lines = ["render \(name): \(times.count) frames at scale \(formatNumber(scale)) (\(px) px), \(ProcessInfo.processInfo.activeProcessorCount) cores"]
        // Warm-up: one frame (first-touch allocations, lazy tables).
        _ = try? renderer.render(at: times[times.count / 2], scale: scale)
        var baseline: (fps: Double, sums: [UInt64])?
        for threads in threadCounts where threads > 0 {
            let cpu0 = processCPUSeconds()
            let start = DispatchTime.now().uptimeNanoseconds
            let result = renderAll(renderer, times: times, scale: scale, threads: threads)
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let cpu = processCPUSeconds() - cpu0
            if let failure = result.failure {
                lines.append("  \(threads) thread\(threads == 1 ? "" : "s"): failed: \(failure)")
                continue
            }
            let fps = Double(times.count) / wall
            // Frames per CPU-second: the cost of a frame whatever the machine's contention.
            var line = String(format: "  %d thread%@: %.1f frames/s (wall %.3f s; process CPU %.3f s = %.1f frames per CPU-second)",
                              threads, threads == 1 ? "" : "s", fps, wall, cpu, Double(times.count) / cpu)
            if let b = baseline {
                line += String(format: ", scaling ×%.2f vs %d thread%@", fps / b.fps, threadCounts[0], threadCounts[0] == 1 ? "" : "s")
                line += b.sums == result.sums ? ", frames identical" : ", FRAMES DIFFER"
            } else {
                baseline = (fps, result.sums)
            }
            lines.append(line)
        }
        return lines
    }

    /// Renders `times` on `threads` workers (one frame per work item); returns a checksum per frame
    /// (so the work cannot be skipped and outputs can be compared).
    static func renderAll(_ renderer: SceneRenderer, times: [Double], scale: Double, threads: Int) -> (sums: [UInt64], failure: String?) {
        do {
            let sums = try Parallel.map(times.count, threads: max(1, min(threads, times.count))) { i in
                checksum(try renderer.render(at: times[i], scale: scale))
            }
            return (sums, nil)
        } catch {
            return ([], "\(error)")
        }
    }

    /// FNV-1a (Fowler–Noll–Vo, 64-bit offset basis and prime from the FNV reference) over the
    /// float bit patterns: equal pixels give equal sums.
    static func checksum(_ p: Pixmap) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for px in p.pixels {
            for c in 0..<4 {
                h ^= UInt64(px[c].bitPattern)
                h &*= 0x0000_0100_0000_01b3
            }
        }
        return h
    }

    /// CPU seconds used by the whole process so far (user + system), from getrusage(2).
    static func processCPUSeconds() -> Double {
        #if canImport(Glibc)
        let RUSAGE_SELF_WHO = RUSAGE_SELF.rawValue  // Glibc imports the `who` argument as an enum
        #else
        let RUSAGE_SELF_WHO = RUSAGE_SELF
        #endif
        var u = rusage()
        guard getrusage(RUSAGE_SELF_WHO, &u) == 0 else { return .nan }
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return s(u.ru_utime) + s(u.ru_stime)
    }
}

