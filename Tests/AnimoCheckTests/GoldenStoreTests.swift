import Foundation
import Testing
import AnimoTestSupport
import AnimoRaster
import AnimoGeometry
@testable import AnimoCheck

private func tempFolder() -> URL {
    temporaryFolder("golden")
}

@Test func neverModeReportsMissingAndDoesNotWrite() throws {
    let dir = tempFolder()
    let store = GoldenStore(folder: dir, mode: .never)
    let outcome = try store.check(try Pixmap(width: 4, height: 4), name: "x")
    #expect(!outcome.passed)
    #expect(!FileManager.default.fileExists(atPath: store.url(for: "x").path))
}

@Test func recordThenCompareThenFailWithReport() throws {
    let dir = tempFolder()
    let img = try Pixmap(width: 6, height: 6, fill: PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 1))
    #expect(try GoldenStore(folder: dir, mode: .missing).check(img, name: "c").passed)
    let never = GoldenStore(folder: dir, mode: .never)
    #expect(try never.check(img, name: "c").passed)
    var changed = img
    changed.setPixel(x: 1, y: 1, PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1))
    let outcome = try never.check(changed, name: "c")
    guard case .failed(let diff, let report?) = outcome else {
        Issue.record("expected a failure with a report, got \(outcome)"); return
    }
    #expect(diff.differingPixels == 1)
    #expect(FileManager.default.fileExists(atPath: report.path))
    // `failed` re-records only the failing golden, after which it matches.
    #expect(try GoldenStore(folder: dir, mode: .failed).check(changed, name: "c").passed)
    #expect(try never.check(changed, name: "c").passed)
}
