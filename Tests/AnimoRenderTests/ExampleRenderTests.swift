import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// The three acceptance examples render and their `expect` entries hold, measured here.
struct ExampleRenderTests {
    func time(_ r: SceneRenderer, _ at: ExpectTime) throws -> Double {
        switch at {
        case .seconds(let s): return s
        case .start(let n): return try #require(r.keyPoses().first { $0.role == "start:\(n)" }).time
        case .mid(let n): return try #require(r.keyPoses().first { $0.role == "mid:\(n)" }).time
        case .rest(let n): return try #require(r.keyPoses().first { $0.role == "rest:\(n)" }).time
        }
    }

    @Test(arguments: ["entrance-stagger", "phase-bounce", "activity-rings"])
    func expectationsHold(name: String) throws {
        let spec = try Measure.example(name)
        let r = try SceneRenderer(spec: spec)
        #expect(r.diagnostics.isEmpty)
        let scale = 1.0
        for e in spec.expect {
            let t = try time(r, e.at)
            let p = try r.render(at: t, scale: scale)
            Measure.writePNG(p, "\(name)-\(e.at)")
            let region = e.region.map { ($0.x, $0.y, $0.width, $0.height) }
            let cov = Measure.coverage(p, spec, region: region, scale: scale)
            if e.blank == true { #expect(cov == 0, "\(name) \(e.path): \(e.about ?? "")") }
            if e.notBlank == true { #expect(cov > 0, "\(name) \(e.path): \(e.about ?? "")") }
            if let c = e.coverage {
                var value = cov
                if let rel = e.relativeTo {
                    let ref = Measure.coverage(try r.render(at: try time(r, rel), scale: scale), spec, region: region, scale: scale)
                    value = ref > 0 ? cov / ref : 0
                }
                #expect(c.contains(value), "\(name) \(e.path): coverage \(value) not in \(c); \(e.about ?? "")")
            }
            if let other = e.changesFrom {
                let q = try r.render(at: try time(r, other), scale: scale)
                #expect(p != q, "\(name) \(e.path): frame does not change")
            }
        }
    }
}
