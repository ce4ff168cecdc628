// The peers' diff pair (bench/diff-pair): the pixelmatch-style count must equal pixelmatch's 765
// and SSIM scikit-image's 0.99772 (bench/peers/RESULTS.md, image diff).
import Foundation
import Testing
import AnimoTestSupport
@testable import AnimoCheck

private let pair = Repository.url("bench/diff-pair")

@Test func benchPairFiguresEqualThePeersReferences() throws {
    let a = try RGBAImage(contentsOf: pair.appendingPathComponent("a.png"))
    let b = try RGBAImage(contentsOf: pair.appendingPathComponent("b.png"))
    #expect(PerceptualDifference(actual: b, expected: a)?.differingPixels == 765)
    #expect(abs((StructuralSimilarity.mean(actual: b, expected: a) ?? 0) - 0.99772) < 1e-5)
    #expect(ImageDifference(actual: b.bytes, expected: a.bytes, actualSize: .init(x: 0, y: 0, width: b.width, height: b.height),
                            expectedSize: .init(x: 0, y: 0, width: a.width, height: a.height)).differingPixels == 10398)
}
