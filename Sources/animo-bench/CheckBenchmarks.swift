// Timings of every metric on two 1170×1170 frames, for `animo-bench compare`. The pair is the
// peers' image-diff pair (bench/diff-pair, from bench/peers/peers.py `diff_pair()`: a Skia
// metaball frame and the same with one disk moved 2 px plus a ±1 noise patch), whose reference
// figures are recorded in RESULTS.md §h: pixelmatch 765 px (pixelmatch-fast 25 ms), scikit-image
// SSIM 0.99772 (500 ms), numpy exact count 10398 px (28 ms). Without the files a similar pair is
// synthesized (figures then differ from the references).
import Foundation
import AnimoGeometry
import AnimoRaster
import AnimoCheck
import AnimoVerify

public enum CheckBenchmarks {
    /// Reference figures of the peers' pair (RESULTS.md §h).
    public static let referencePerceptual = 765, referenceExact = 10398, referenceSSIM = 0.99772
    /// Targets: pixelmatch-fast's 25 ms; a tenth of scikit-image's 500 ms.
    public static let targetPerceptualMs = 25.0, targetSSIMMs = 50.0

    /// Runs each metric `repetitions` times and returns one line per metric (median, min–max ms,
    /// result). `pairFolder` holds a.png and b.png; nil: `bench/diff-pair` under the current
    /// directory, else a synthesized pair.
    public static func run(pairFolder: URL? = nil, repetitions: Int = 9) -> [String] {
        let reps = max(1, repetitions)
        let folder = pairFolder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("bench/diff-pair")
        var lines: [String] = []
        let a: RGBAImage, b: RGBAImage, peers: Bool
        if let x = try? RGBAImage(contentsOf: folder.appendingPathComponent("a.png")),
           let y = try? RGBAImage(contentsOf: folder.appendingPathComponent("b.png")) {
            a = x; b = y; peers = true
            lines.append("pair: \(folder.path)/{a,b}.png, \(a.width)×\(a.height) (the peers' diff pair)")
        } else {
            (a, b) = synthesizedPair()
            peers = false
            lines.append("pair: synthesized \(a.width)×\(a.height) (bench/diff-pair not found; figures differ from RESULTS.md §h)")
        }
        func time<T>(_ label: String, _ body: () -> T, describe: (T) -> String) {
            var ms: [Double] = []
            var result: T? = nil
            for _ in 0..<reps {
                let t0 = DispatchTime.now().uptimeNanoseconds
                result = body()
                ms.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            ms.sort()
            lines.append(String(format: "%@: %.2f ms median (%.2f–%.2f, n=%d) → ", label, ms[ms.count / 2], ms[0], ms[ms.count - 1], reps)
                         + describe(result!))
        }
        let ra = PixelRect(x: 0, y: 0, width: a.width, height: a.height), rb = PixelRect(x: 0, y: 0, width: b.width, height: b.height)
        time("exact + max delta (ImageDifference)", { ImageDifference(actual: b.bytes, expected: a.bytes, actualSize: rb, expectedSize: ra) }) {
            "\($0.differingPixels) px differ, max Δ \($0.maxChannelDelta)" + (peers ? " (numpy: \(referenceExact); numpy took 28 ms)" : "")
        }
        time("perceptual count (pixelmatch-style, threshold 0.1)", { PerceptualDifference(actual: b, expected: a) }) {
            guard let p = $0 else { return "size mismatch" }
            return "\(p.differingPixels) px (+\(p.antialiasedPixels) anti-aliased)"
                + (peers ? " (pixelmatch: \(referencePerceptual); target ≤ \(Int(targetPerceptualMs)) ms)" : "")
        }
        time("SSIM (7×7 uniform, sample covariance), all threads", { StructuralSimilarity.mean(actual: b, expected: a) }) {
            String(format: "%.6f", $0 ?? .nan) + (peers ? String(format: " (scikit-image: %.5f, 500 ms; target ≤ %.0f ms)", referenceSSIM, targetSSIMMs) : "")
        }
        time("SSIM, 1 thread", { StructuralSimilarity.mean(actual: b, expected: a, threads: 1) }) { String(format: "%.6f", $0 ?? .nan) }
        time("every figure (FrameComparison)", { FrameComparison(actual: b, expected: a) }) { $0.summary }
        return lines
    }

    /// Five anti-aliased disks on a dark canvas, and the same with one moved 2 px and a seeded ±1
    /// noise patch (the recipe of the peers' pair, drawn here by 4×4 supersampling).
    static func synthesizedPair(size: Int = 1170) -> (RGBAImage, RGBAImage) {
        let centers: [(Double, Double)] = [(420, 470), (610, 430), (760, 600), (520, 690), (650, 760)]
        func draw(_ cs: [(Double, Double)]) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: size * size * 4)
            let r = 84.0
            for y in 0..<size {
                for x in 0..<size {
                    var cov = 0.0
                    if cs.contains(where: { abs(Double(x) - $0.0) < r + 2 && abs(Double(y) - $0.1) < r + 2 }) {
                        var n = 0
                        for sy in 0..<4 { for sx in 0..<4 {
                            let px = Double(x) + (Double(sx) + 0.5) / 4, py = Double(y) + (Double(sy) + 0.5) / 4
                            if cs.contains(where: { ($0.0 - px) * ($0.0 - px) + ($0.1 - py) * ($0.1 - py) <= r * r }) { n += 1 }
                        } }
                        cov = Double(n) / 16
                    }
                    let o = 4 * (y * size + x)
                    let bg: [Double] = [10, 10, 14], fg: [Double] = [236, 84, 148]
                    for c in 0..<3 { out[o + c] = UInt8((bg[c] + (fg[c] - bg[c]) * cov).rounded()) }
                    out[o + 3] = 255
                }
            }
            return out
        }
        let a = draw(centers)
        var moved = centers
        moved[2].0 += 2
        var b = draw(moved)
        var state: UInt64 = 3
        for y in 100..<200 {
            for x in 100..<200 {
                for c in 0..<3 {
                    // SplitMix64 (Steele, Lea, Flood 2014) for the seeded ±1 noise.
                    state &+= 0x9E37_79B9_7F4A_7C15
                    var z = state
                    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                    z ^= z >> 31
                    let o = 4 * (y * size + x) + c
                    b[o] = UInt8(clamping: Int(b[o]) + Int(z % 3) - 1)
                }
            }
        }
        let ia = (try? RGBAImage(width: size, height: size, bytes: a))!
        let ib = (try? RGBAImage(width: size, height: size, bytes: b))!
        return (ia, ib)
    }
}
