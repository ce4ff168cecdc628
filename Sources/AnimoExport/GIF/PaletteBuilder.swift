// PaletteBuilder: chooses up to K palette colors for a weighted set of Oklab points.
//
// 1. Variance-based median cut (Wan, Wong & Prusinkiewicz, "Variance-based color image
//    quantization for frame buffer display", Color Research & Application 15(1), 1990): repeatedly
//    split the box with the largest weighted sum of squared errors (SSE), along its axis of largest
//    variance, at the position that minimizes the two halves' total SSE (found by one sweep of
//    prefix sums over the box's points sorted on that axis).
// 2. A few Lloyd (k-means) iterations from those centers (Lloyd 1982; as refinement of a median-cut
//    start, cf. Heckbert 1982 and Celebi, "Improving the performance of k-means for color
//    quantization", Image and Vision Computing 29(4), 2011, which finds 2–4 iterations of a
//    well-seeded k-means recover most of the gain).
//
// Points are (L, a, b, weight): the lane w holds the weight (pixel count), not a color component.

enum PaletteBuilder {
    /// Up to `maxColors` Oklab colors (w = 0) for the weighted `points` (w = weight > 0).
    static func build(points: [SIMD4<Float>], maxColors: Int, kmeansIterations: Int = 3) -> [SIMD4<Float>] {
        guard !points.isEmpty, maxColors > 0 else { return [] }
        if points.count <= maxColors { return points.map { SIMD4($0.x, $0.y, $0.z, 0) } }
        var pts = points
        var centers = medianCut(&pts, maxColors: maxColors)
        for _ in 0..<kmeansIterations { centers = lloydStep(points: pts, centers: centers) }
        return centers
    }

    /// Weighted sums of a range: (Σw, Σw·x, Σw·x⊙x) in Double for stability over ~10⁶ pixels.
    private struct Moments {
        var w: Double = 0
        var s = SIMD3<Double>.zero
        var q = SIMD3<Double>.zero
        mutating func add(_ p: SIMD4<Float>) {
            let w = Double(p.w), x = SIMD3<Double>(Double(p.x), Double(p.y), Double(p.z))
            self.w += w; s += w * x; q += w * x * x
        }
        /// Per-axis weighted variance × weight (Σw·x² − (Σw·x)²/Σw).
        var axisSSE: SIMD3<Double> { w > 0 ? q - s * s / w : .zero }
        var sse: Double { let a = axisSSE; return a.x + a.y + a.z }
        var mean: SIMD4<Float> { w > 0 ? SIMD4(Float(s.x / w), Float(s.y / w), Float(s.z / w), 0) : .zero }
    }

    private struct Box { var start: Int; var end: Int; var m: Moments }

    private static func moments(_ pts: ArraySlice<SIMD4<Float>>) -> Moments {
        var m = Moments()
        for p in pts { m.add(p) }
        return m
    }

    private static func medianCut(_ pts: inout [SIMD4<Float>], maxColors: Int) -> [SIMD4<Float>] {
        var boxes = [Box(start: 0, end: pts.count, m: moments(pts[...]))]
        var prefix = [Moments](repeating: Moments(), count: pts.count + 1)
        while boxes.count < maxColors {
            // The splittable box with the largest SSE.
            var bi = -1, bestSSE = 0.0
            for (i, b) in boxes.enumerated() where b.end - b.start > 1 {
                let e = b.m.sse
                if e > bestSSE { bestSSE = e; bi = i }
            }
            if bi < 0 { break }
            let b = boxes[bi]
            let a = b.m.axisSSE
            let axis = a.x >= a.y && a.x >= a.z ? 0 : (a.y >= a.z ? 1 : 2)
            pts[b.start..<b.end].sort { $0[axis] < $1[axis] }
            // Sweep: prefix moments, choose the cut minimizing SSE(left) + SSE(right).
            prefix[0] = Moments()
            for k in 0..<(b.end - b.start) {
                var m = prefix[k]; m.add(pts[b.start + k]); prefix[k + 1] = m
            }
            let total = prefix[b.end - b.start]
            var cut = 1, best = Double.infinity
            for k in 1..<(b.end - b.start) {
                let l = prefix[k]
                var r = Moments()
                r.w = total.w - l.w; r.s = total.s - l.s; r.q = total.q - l.q
                let e = l.sse + r.sse
                if e < best { best = e; cut = k }
            }
            let l = prefix[cut]
            var r = Moments(); r.w = total.w - l.w; r.s = total.s - l.s; r.q = total.q - l.q
            boxes[bi] = Box(start: b.start, end: b.start + cut, m: l)
            boxes.append(Box(start: b.start + cut, end: b.end, m: r))
        }
        return boxes.map { $0.m.mean }
    }

    /// One Lloyd iteration: assign each point to its nearest center, move centers to the weighted
    /// means; a center that gets no point stays where it was.
    static func lloydStep(points: [SIMD4<Float>], centers: [SIMD4<Float>]) -> [SIMD4<Float>] {
        let search = PaletteSearch(palette: centers)
        var sums = [SIMD4<Double>](repeating: .zero, count: centers.count)
        for p in points {
            let i = search.nearest(SIMD4(p.x, p.y, p.z, 0)).index
            let w = Double(p.w)
            sums[i] += SIMD4(Double(p.x) * w, Double(p.y) * w, Double(p.z) * w, w)
        }
        return centers.indices.map { i in
            let s = sums[i]
            return s.w > 0 ? SIMD4(Float(s.x / s.w), Float(s.y / s.w), Float(s.z / s.w), 0) : centers[i]
        }
    }
}
