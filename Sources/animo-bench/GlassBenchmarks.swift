// The figures behind `animo-bench glass`: a full-screen Liquid Glass card (regular, rounded
// rectangle, 16 pt from the edges) over a 390×844 pt background at scale 3 (1170×2532 px), ms
// per frame with and without the card (measured in turn, pair by pair), and the share of the glass's cost spent in its backdrop
// blur (a Gaussian of the same σ over a crop of the same size, timed alone). Benchmarks print
// figures; they never assert.
import AnimoEffects
import AnimoRaster
import AnimoRender
import AnimoSpec
import Foundation

enum GlassBenchmarks {
    /// A photo-like background (a gradient, discs, stripes) with or without the card.
    static func spec(glass: Bool) -> String {
        let card = glass ? #", {"color": "clear", "modifiers": [{"padding": 16}, {"glassEffect": {"shape": {"roundedRectangle": {"cornerRadius": 40}}}}]}"# : ""
        var discs: [String] = []
        for k in 0..<12 {
            let x = 40 + (k * 97) % 320, y = 60 + (k * 173) % 720
            discs.append(#"{"circle": {"center": [\#(x), \#(y)], "radius": \#(20 + (k * 13) % 50)}, "fill": "\#(["orange", "pink", "teal", "yellow"][k % 4])"}"#)
        }
        return """
        {"canvas": {"width": 390, "height": 844, "scale": 3, "background": "white"}, "duration": 1,
         "content": [{"rectangle": {"frame": [0, 0, 390, 844]}, "fill": {"linearGradient": {"colors": ["indigo", "purple", "orange"], "startPoint": "top", "endPoint": "bottom"}}},
                     \(discs.joined(separator: ", ")),
                     {"zstack": [{"color": "clear"}\(card)]}]}
        """
    }

    static func run(runs: Int) -> [String] {
        let with: SceneRenderer, without: SceneRenderer
        do {
            with = try SceneRenderer(spec: Spec.load(json: spec(glass: true)))
            without = try SceneRenderer(spec: Spec.load(json: spec(glass: false)))
        } catch {
            return ["glass: the benchmark spec failed to load: \(error)"]
        }
        var failed: String?
        func once(_ r: SceneRenderer) -> Double {
            measure(runs: 1, warmup: 0) {
                do { _ = try r.render(at: 0, scale: 3) } catch { failed = "\(error)" }
            }.samples[0]
        }
        // Round robin: a frame with the card, then one without, so a drift of the shared
        // machine's speed hits both alike; the card's cost is the median of the pairs' differences.
        _ = once(with); _ = once(without)
        var withSamples: [Double] = [], withoutSamples: [Double] = [], costs: [Double] = []
        for _ in 0..<max(runs, 1) {
            let a = once(with), b = once(without)
            withSamples.append(a); withoutSamples.append(b); costs.append(a - b)
        }
        let glassFrame = Timing(samples: withSamples), plainFrame = Timing(samples: withoutSamples)
        if let failed { return ["glass: a frame failed: \(failed)"] }
        // The blur the card pays: σ = 5 pt × 3 over the card grown by its reach, clipped to the canvas.
        let sigma = 5.0 * 3
        let blurTiming: Timing
        if var crop = try? Pixmap(width: 1170, height: 2532, fill: PremultipliedColor(SIMD4<Float>(0.5, 0.4, 0.6, 1))),
           let blur = try? GaussianBlur(sigma: sigma) {
            blurTiming = measure(runs: runs) { blur.apply(to: &crop) }
        } else {
            return ["glass: could not allocate the blur's crop"]
        }
        let sortedCosts = costs.sorted()
        let glassCost = sortedCosts[sortedCosts.count / 2]
        return [
            "glass: full-screen regular card over 1170×2532 px, \(runs) runs, \(GaussianBlur.defaultThreads) threads",
            "  frame with the card     \(glassFrame.summary)",
            "  frame without the card  \(plainFrame.summary)",
            "  the card's cost         \(format(glassCost)) ms (median of the \(costs.count) pairs' differences, \(format(sortedCosts.first!))–\(format(sortedCosts.last!)))",
            "  its backdrop blur (σ \(format(sigma, 0)) px, 1170×2532)  \(blurTiming.summary): \(format(100 * blurTiming.median / max(glassCost, 1e-9), 0)) % of the card's cost",
        ]
    }
}
