import AnimoTestSupport
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// The `pathLoader` component: generators, arc-length samples, rendering, errors, and the
/// arc-length trap of docs/architecture.md, "The traps" measured from rendered frames.
struct PathLoaderTests {
    // MARK: Samples and generators

    @Test func samplesAreEvenAlongASquare() throws {
        // A 100×100 square: the perimeter is 400; progress p lies at arc length 400·p, which the
        // test places on the square by hand.
        var sq = Path()
        sq.move(to: Point(0, 0)); sq.line(to: Point(100, 0)); sq.line(to: Point(100, 100)); sq.line(to: Point(0, 100)); sq.close()
        let s = try #require(LoaderSamples(path: sq))
        #expect(abs(s.length - 400) < 1e-9)
        for p in stride(from: 0.0, to: 1.0, by: 0.0371) {
            let a = 400 * p
            let expected: Point = a < 100 ? Point(a, 0) : a < 200 ? Point(100, a - 100) : a < 300 ? Point(300 - a, 100) : Point(0, 400 - a)
            let got = s.point(atProgress: p)
            #expect(got.distance(to: expected) < 0.07, "p = \(p): \(got) vs \(expected)")
        }
        // Wrapping: 1.25 and -0.75 are a quarter of the way round.
        #expect(s.point(atProgress: 1.25).distance(to: Point(100, 0)) < 1e-6)
        #expect(s.point(atProgress: -0.75).distance(to: Point(100, 0)) < 1e-6)
        #expect(s.point(atProgress: .nan) == s.points[0])
    }

    @Test func degenerateOutlineHasNoSamples() {
        #expect(LoaderSamples(path: Path()) == nil)
        var dot = Path(); dot.move(to: Point(3, 3)); dot.line(to: Point(3, 3))
        #expect(LoaderSamples(path: dot) == nil)
    }

    @Test func roseHasTheRequestedPetals() {
        // Petal tips are the local maxima of the distance to the centre, at radius R.
        for n in [1, 2, 3, 4, 5, 6, 8] {
            let pts = LoaderOutline.rose(in: Rect(x: 0, y: 0, width: 200, height: 200), petals: n, count: 1440)
            let d = pts.map { $0.distance(to: Point(100, 100)) }
            var tips = 0
            for i in 0..<d.count where d[i] > 99.9 && d[i] >= d[(i + d.count - 1) % d.count] && d[i] > d[(i + 1) % d.count] { tips += 1 }
            #expect(tips == n, "rose \(n): \(tips) tips")
        }
    }

    @Test func generatorsFitTheirFrame() {
        let r = Rect(x: 10, y: 20, width: 160, height: 90)
        for (name, pts) in [("infinity", LoaderOutline.lemniscate(in: r)), ("heart", LoaderOutline.heart(in: r)), ("rose", LoaderOutline.rose(in: r, petals: 5))] {
            let xs = pts.map(\.x), ys = pts.map(\.y)
            #expect(xs.min()! >= r.minX - 1e-9 && xs.max()! <= r.maxX + 1e-9 && ys.min()! >= r.minY - 1e-9 && ys.max()! <= r.maxY + 1e-9, "\(name)")
        }
        // The lemniscate spans the frame's width (a = w/2 here since h·√2 > w/2).
        let l = LoaderOutline.lemniscate(in: r)
        #expect(abs(l.map(\.x).max()! - r.maxX) < 1e-9 && abs(l.map(\.x).min()! - r.minX) < 1e-9)
    }

    @Test func catmullRomNeedsMoreThanThreePoints() {
        let tri = [Point(0, 0), Point(10, 0), Point(5, 8)]
        let p = LoaderOutline.closedPath(through: tri, sampler: .catmullRom)
        #expect(!p.elements.contains { if case .cubic = $0 { return true } else { return false } })
        let quad = tri + [Point(-3, 4)]
        let q = LoaderOutline.closedPath(through: quad, sampler: .catmullRom)
        #expect(q.elements.contains { if case .cubic = $0 { return true } else { return false } })
    }

    // MARK: Rendering

    @Test func starLoaderRendersAsWritten() throws {
        let spec = try Measure.example("star-loader")
        let r = try SceneRenderer(spec: spec)
        #expect(!r.diagnostics.contains { $0.feature == "pathLoader" })
        let a = try r.render(at: 0), b = try r.render(at: 0.4)
        #expect(Measure.visibleCount(a, spec) > 0)
        #expect(a != b)
        // The head at t = 0 is the top tip (rotation -90): the trail's color at full opacity there,
        // (the head's color, 0.45/0.65/1.0, drawn last).
        let tip = a.pixels[80 * a.width + 200]
        #expect(abs(tip.x - 0.45) < 0.02 && abs(tip.z - 1) < 0.02, "tip pixel \(tip)")
    }

    // MARK: Trap: equal arc length per frame (docs/architecture.md, "The traps")

    /// The star of the trap spec: centre (120, 120), outer radius 100, inner 42, first tip up.
    static let starVertices: [Point] = (0..<10).map { k in
        let a = (-90 + 36 * Double(k)) * Double.pi / 180
        let r = k % 2 == 0 ? 100.0 : 42.0
        return Point(120 + r * cos(a), 120 + r * sin(a))
    }

    /// Arc length along the star of the point nearest to q (projection on each edge).
    static func arcPosition(_ q: Point) -> Double {
        let v = starVertices
        var best = (d: Double.infinity, s: 0.0)
        var run = 0.0
        for i in 0..<v.count {
            let a = v[i], b = v[(i + 1) % v.count]
            let e = b - a, len = e.length
            let u = min(max((q - a).dot(e) / (len * len), 0), 1)
            let d = q.distance(to: a.lerp(b, u))
            if d < best.d { best = (d, run + u * len) }
            run += len
        }
        return best.s
    }

    static var starLength: Double {
        (0..<10).reduce(0.0) { $0 + starVertices[$1].distance(to: starVertices[($1 + 1) % 10]) }
    }

    /// Relative spread (max − min) / mean of the per-frame steps along the outline.
    static func stepSpread(_ heads: [Point]) -> (spread: Double, mean: Double) {
        let l = starLength
        let s = heads.map(arcPosition)
        var steps: [Double] = []
        for i in 1..<s.count {
            var d = s[i] - s[i - 1]
            if d < 0 { d += l }
            steps.append(d)
        }
        let mean = steps.reduce(0, +) / Double(steps.count)
        return ((steps.max()! - steps.min()!) / mean, mean)
    }

    @Test func headAdvancesEqualArcLengthPerFrame() throws {
        // One dot (the head alone), no outline, transparent background: the alpha centroid of
        // each rendered frame is the head's centre.
        let json = """
        {"canvas": {"width": 240, "height": 240, "scale": 2}, "duration": 1, "fps": 30,
         "content": [{"pathLoader": {"shape": {"star": {"points": 5, "innerRadius": 0.42, "rotation": -90}},
           "frame": [20, 20, 200, 200], "period": 1,
           "trail": {"count": 1, "length": 0.3, "radius": [3, 3], "opacity": [1, 1], "color": "white"}}}]}
        """
        let r = try SceneRenderer(spec: try Spec.load(json: json))
        var heads: [Point] = []
        for i in 0...30 {
            let p = try r.render(at: Double(i) / 30)
            let c = try #require(Measure.centroid(p))
            heads.append(Point(c.x / 2, c.y / 2))
        }
        let (spread, mean) = Self.stepSpread(heads)
        #expect(spread < 0.02, "arc-length sampler: step spread \(spread)")
        #expect(abs(mean - Self.starLength / 30) < 0.01 * Self.starLength / 30)

        // The equal-parameter sampler (the trap generated code falls into): the head at polar angle θ = 2πp − π/2,
        // on the star's edge hit by that ray, drawn and measured the same way.
        func rayPoint(_ th: Double) -> Point {
            let c = Point(120, 120), dir = Point(cos(th), sin(th))
            let v = Self.starVertices
            for i in 0..<v.count {
                let a = v[i] - c, b = v[(i + 1) % v.count] - c
                // Solve c + λ·dir = a + μ(b − a) in the frame centred on c.
                let e = b - a, den = dir.cross(e)
                guard abs(den) > 1e-12 else { continue }
                let lam = a.cross(e) / den, mu = a.cross(dir) / den
                if lam > 0, mu >= -1e-9, mu <= 1 + 1e-9 { return c + dir * lam }
            }
            return c
        }
        var naive: [Point] = []
        for i in 0...30 {
            var ctx = try DrawingContext(width: 480, height: 480)
            ctx.transform = .scale(2, 2)
            let q = rayPoint(2 * Double.pi * Double(i) / 30 - Double.pi / 2)
            ctx.fill(.circle(in: Rect(x: q.x - 3, y: q.y - 3, width: 6, height: 6)), with: .solid(.white))
            let c = try #require(Measure.centroid(ctx.finish()))
            naive.append(Point(c.x / 2, c.y / 2))
        }
        let (naiveSpread, _) = Self.stepSpread(naive)
        print("arc-length trap: step spread \(spread) (arc-length sampler) vs \(naiveSpread) (equal parameter), mean step \(mean) pt")
        #expect(naiveSpread > 0.2, "equal-parameter sampler should visibly vary: spread \(naiveSpread)")
    }

    // MARK: Errors

    func errors(_ trail: String, shape: String = "{\"star\": {\"points\": 5, \"innerRadius\": 0.4}}") -> [SpecError] {
        TestSupport.errors("""
        {"canvas": {"width": 100, "height": 100}, "duration": 1,
         "content": [{"pathLoader": {"shape": \(shape), "frame": [0, 0, 100, 100], "period": 1, "trail": \(trail)}}]}
        """)
    }

    @Test func trailLongerThanThePathIsAnError() {
        let e = errors(#"{"count": 10, "length": 1.5}"#)
        #expect(e.count == 1 && e.first?.path == "content[0].pathLoader.trail.length", "\(e)")
    }

    @Test func trailCountBelowOneIsAnError() {
        let e = errors(#"{"count": 0}"#)
        #expect(e.count == 1 && e.first?.path == "content[0].pathLoader.trail.count", "\(e)")
    }

    @Test func badRadiiAreErrors() {
        let e = errors(#"{"count": 4, "radius": [-1, 2]}"#)
        #expect(e.count == 1 && e.first?.path.hasPrefix("content[0].pathLoader.trail.radius") == true, "\(e)")
        let e2 = errors(#"{"count": 4, "radius": [3]}"#)
        #expect(e2.count == 1 && e2.first?.path == "content[0].pathLoader.trail.radius", "\(e2)")
    }

    @Test func degenerateOutlineIsAResolveError() throws {
        let json = """
        {"canvas": {"width": 100, "height": 100}, "duration": 1,
         "content": [{"pathLoader": {"shape": {"points": [[0.5, 0.5], [0.5, 0.5]]}, "frame": [0, 0, 100, 100], "period": 1, "trail": {"count": 3}}}]}
        """
        let spec = try Spec.load(json: json)
        #expect(throws: SpecErrors.self) { try SceneRenderer(spec: spec) }
        do { _ = try SceneRenderer(spec: spec) } catch {
            #expect(error.errors.first?.path == "content[0].pathLoader.shape")
        }
    }
}
