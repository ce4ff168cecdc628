import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Measurements for the component tests: 8-connected regions of visible pixels, and a small
/// runner for a spec's `expect` entries (until the Check target's expect checker lands).
extension Measure {
    /// Number of 8-connected regions of pixels that differ from the background (Measure.visible).
    static func components(_ p: Pixmap, _ spec: Spec, tolerance: Float = 0.02) -> Int {
        let bg = background(spec)
        let w = p.width, h = p.height
        var seen = [Bool](repeating: false, count: w * h)
        var count = 0
        var stack: [Int] = []
        for start in 0..<(w * h) where !seen[start] && visible(p, start % w, start / w, background: bg, tolerance: tolerance) {
            count += 1
            seen[start] = true
            stack.append(start)
            while let i = stack.popLast() {
                let x = i % w, y = i / w
                for dy in -1...1 { for dx in -1...1 where dx != 0 || dy != 0 {
                    let nx = x + dx, ny = y + dy
                    guard nx >= 0, ny >= 0, nx < w, ny < h else { continue }
                    let j = ny * w + nx
                    if !seen[j] && visible(p, nx, ny, background: bg, tolerance: tolerance) { seen[j] = true; stack.append(j) }
                } }
            }
        }
        return count
    }

    static func time(_ r: SceneRenderer, _ at: ExpectTime) throws -> Double {
        let role: String
        switch at {
        case .seconds(let s): return s
        case .start(let n): role = "start:\(n)"
        case .mid(let n): role = "mid:\(n)"
        case .rest(let n): role = "rest:\(n)"
        }
        return try #require(r.keyPoses().first { $0.role == role }, "no key pose \(role)").time
    }

    /// Checks every `expect` entry of the spec; returns one line per entry with what was measured.
    @discardableResult
    static func checkExpectations(_ spec: Spec, _ r: SceneRenderer, name: String, scale: Double = 1) throws -> [String] {
        var report: [String] = []
        for e in spec.expect {
            let t = try time(r, e.at)
            let p = try r.render(at: t, scale: scale)
            writePNG(p, "\(name)-\(e.at)")
            let region = e.region.map { ($0.x, $0.y, $0.width, $0.height) }
            let cov = coverage(p, spec, region: region, scale: scale)
            var line = "\(name) \(e.at) (t = \(t)): coverage \(cov)"
            if e.blank == true { #expect(cov == 0, "\(name) \(e.path): \(e.about ?? "")") }
            if e.notBlank == true { #expect(cov > 0, "\(name) \(e.path): \(e.about ?? "")") }
            if let c = e.coverage {
                var value = cov
                if let rel = e.relativeTo {
                    let ref = coverage(try r.render(at: try time(r, rel), scale: scale), spec, region: region, scale: scale)
                    value = ref > 0 ? cov / ref : 0
                    line += ", relative \(value)"
                }
                #expect(c.contains(value), "\(name) \(e.path): coverage \(value) not in \(c); \(e.about ?? "")")
            }
            if let c = e.components {
                let n = components(p, spec)
                line += ", components \(n)"
                #expect(c.contains(Double(n)), "\(name) \(e.path): \(n) components not in \(c); \(e.about ?? "")")
            }
            if let other = e.changesFrom {
                #expect(p != (try r.render(at: try time(r, other), scale: scale)), "\(name) \(e.path): frame does not change")
            }
            report.append(line)
        }
        return report
    }
}
