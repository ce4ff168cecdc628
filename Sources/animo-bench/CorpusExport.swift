// `animo-bench corpus --out DIR`: writes every case of the raster corpus as DIR/<name>.json (the
// operations as data) and DIR/<name>.png (our rendering), for scripts/conformance.
import Foundation
import AnimoCheck
import AnimoRaster
import AnimoGeometry

enum CorpusExport {
    static func run(out: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        var count = 0
        for c in RasterCorpus.all where c.conformance {
            var obj = c.jsonObject
            obj["conformance"] = c.conformance
            let data = try JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys])
            try data.write(to: out.appendingPathComponent("\(c.name).json"), options: .atomic)
            try PNG.write(try c.render(), to: out.appendingPathComponent("\(c.name).png"))
            count += 1
        }
        return ["corpus: wrote \(count) cases to \(out.path)"]
    }
}
