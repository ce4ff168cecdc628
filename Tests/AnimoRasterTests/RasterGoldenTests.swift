// Goldens of the raster corpus: each case of `RasterCorpus` renders and is compared on decoded
// pixels with Goldens/raster/<name>.png. Record with `scripts/record-goldens` (never on CI).
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
import AnimoCheck

/// The repository's root, found from this file's path (Tests/RasterTests/ is two levels down).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Test(arguments: RasterCorpus.all.map(\.name))
func rasterGolden(_ name: String) throws {
    let c = try #require(RasterCorpus.all.first { $0.name == name })
    let store = GoldenStore(folder: repositoryRoot.appendingPathComponent("Goldens/raster"))
    let outcome = try store.check(try c.render(), name: name)
    #expect(outcome.passed, "\(name): \(outcome)")
}

@Test func rasterCorpusNamesAreUnique() {
    let names = RasterCorpus.all.map(\.name)
    #expect(Set(names).count == names.count)
}
