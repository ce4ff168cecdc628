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

}
