// The figures behind `animo-bench layout`: a 1,000-node tree of stacks and text (25 rows of 10 cells,
// each a ZStack of two shapes and a number that changes every frame, under animated frames) laid
// out and rendered per frame at scale 3, and
// the layout's share of the frame time. Benchmarks print figures; they never assert.
@_spi(Benchmarks) import AnimoScene
import AnimoSpec
import AnimoRender
import Foundation

enum LayoutBenchmarks {
    /// The spec: a padded VStack of `rows` HStacks of `columns` cells; each cell a ZStack of a
    /// rounded rectangle, a text and a capsule whose frames depend on t, so every frame is laid
    /// out anew; the text is a number that changes every frame, so its lines are measured and its
    /// glyphs laid out anew too. Node instances: 1 + rows × (1 + columns × 4).
    static func spec(rows: Int = 25, columns: Int = 10) -> String {
        """
        {"canvas": {"width": 400, "height": 800, "background": "white"}, "duration": 2, "fps": 30,
         "content": [{"vstack": {"spacing": 4, "content": [
           {"repeat": {"count": \(rows), "as": "r", "content": [
             {"hstack": {"spacing": 4, "content": [
               {"repeat": {"count": \(columns), "as": "c", "content": [
                 {"zstack": [
                   {"roundedRectangle": {"cornerRadius": 6}, "fill": "indigo", "modifiers": [{"opacity": "=0.4 + 0.06 * c"}]},
                   {"text": {"string": "=(r * 10 + c + floor(t * 30)) % 1000", "format": "%d"}, "modifiers": [{"font": "caption2"}, {"foregroundStyle": "white"}, {"offset": [0, -3]}]},
                   {"capsule": {}, "fill": "black", "modifiers": [{"frame": {"width": "=8 + 6 * (0.5 + 0.5 * sin(t * 3 + r * 0.4 + c * 0.7))", "height": 3}}, {"offset": [0, 9]}]}
                 ], "modifiers": [{"frame": {"height": "=20 + 8 * (0.5 + 0.5 * sin(t * 2 + r * 0.3 + c))"}}]}
               ]}}
             ]}}
           ]}}
         ]}, "modifiers": [{"padding": 12}]}]}
        """
    }

    static func run(scale: Double = 3, frames: Int = 30) -> [String] {
        let json = spec()
        let renderer: SceneRenderer
        do {
            renderer = try SceneRenderer(spec: Spec.load(json: json))
        } catch {
            return ["layout: the benchmark spec failed to load: \(error)"]
        }
        let scene = renderer.scene
        let times = (0..<frames).map { Double($0) / 30 }
        // ANIMO_LAYOUT_ONLY=1: only the layout pass, over and over (for a profiler).
        if ProcessInfo.processInfo.environment["ANIMO_LAYOUT_ONLY"] == "1" {
            var n = 0
            for k in 0..<(frames * 20) { n &+= scene.layoutPass(at: times[k % times.count]).views }
            return ["layout pass only: \(frames * 20) passes (\(n) views)"]
        }
        // Warm-up.
        _ = try? renderer.render(at: 0.5, scale: scale)
        var layoutMs: [Double] = [], listMs: [Double] = [], frameMs: [Double] = []
        var treeNodes = 0, views = 0
        // The thread's CPU time, not wall time: the machine is shared, and a frame that waits for
        // a core would count the wait (docs/performance.md, "How it is measured").
        func cpuMs() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
        }
        func ms(_ body: () -> Void) -> Double {
            let start = cpuMs()
            body()
            return cpuMs() - start
        }
        for t in times {
            layoutMs.append(ms { (treeNodes, views) = scene.layoutPass(at: t) })
            listMs.append(ms { _ = scene.displayList(at: t) })
            frameMs.append(ms { _ = try? renderer.render(at: t, scale: scale) })
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        let l = median(layoutMs), d = median(listMs), f = median(frameMs)
        let px = "\(Int((renderer.spec.canvas.width * scale).rounded(.up)))×\(Int((renderer.spec.canvas.height * scale).rounded(.up)))"
        return [
            "layout: \(views) views (\(treeNodes) layout-tree nodes) per frame, \(frames) frames at scale \(formatNumber(scale)) (\(px) px), 1 thread, medians of thread CPU time",
            String(format: "  layout pass (build the tree with the frame's values, size, place): %.3f ms", l),
            String(format: "  display list (layout + drawing commands): %.3f ms", d),
            String(format: "  whole frame (display list + painting): %.3f ms", f),
            String(format: "  layout share of the frame: %.1f %%", 100 * l / f),
        ]
    }
}
