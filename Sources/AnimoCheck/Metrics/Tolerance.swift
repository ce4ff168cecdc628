// How much a golden may differ and still pass, read from `tolerance.json` beside the goldens
// (e.g. `Goldens/scenes/<case>/tolerance.json`). Default: exact. Every key is optional:
//   {"maxDelta": 2, "maxDifferingPixels": 10, "maxPerceptualPixels": 0,
//    "perceptualThreshold": 0.1, "minSSIM": 0.999, "maxPoseShift": 0.010}
// A frame passes when the sizes match and
//   - at most `maxDifferingPixels` pixels have a channel differing by more than `maxDelta`, and
//   - (if set) at most `maxPerceptualPixels` pixels differ perceptibly (pixelmatch-style count,
//     anti-aliased pixels not counted, at `perceptualThreshold`), and
//   - (if set) the mean SSIM is at least `minSSIM`.
// A key pose (a golden case's poses.json) keeps its time while it moved by at most `maxPoseShift`
// seconds (default: half a frame at the spec's fps).
import Foundation

public struct Tolerance: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Per-channel difference (0…255) up to which a pixel counts as equal.
    public var maxDelta: Int
    /// Pixels allowed to exceed `maxDelta`.
    public var maxDifferingPixels: Int
    /// Pixels allowed to differ perceptibly (pixelmatch-style); nil: not checked.
    public var maxPerceptualPixels: Int?
    /// pixelmatch threshold in 0…1 for the perceptual count.
    public var perceptualThreshold: Double
    /// Lowest mean SSIM accepted; nil: not checked.
    public var minSSIM: Double?
    /// Seconds a key pose may move from its recorded time; nil: half a frame at the spec's fps.
    public var maxPoseShift: Double?

    /// Exact: no pixel may differ at all.
    public static let exact = Tolerance()

    /// Validates ranges: deltas 0…255, counts ≥ 0, threshold 0…1, SSIM −1…1, pose shift ≥ 0.
    public init(maxDelta: Int = 0, maxDifferingPixels: Int = 0, maxPerceptualPixels: Int? = nil,
                perceptualThreshold: Double = PerceptualDifference.defaultThreshold, minSSIM: Double? = nil,
                maxPoseShift: Double? = nil) {
        self.maxDelta = min(max(maxDelta, 0), 255)
        self.maxDifferingPixels = max(maxDifferingPixels, 0)
        self.maxPerceptualPixels = maxPerceptualPixels.map { max($0, 0) }
        self.perceptualThreshold = perceptualThreshold.isFinite ? min(max(perceptualThreshold, 0), 1) : PerceptualDifference.defaultThreshold
        self.minSSIM = minSSIM.flatMap { $0.isFinite ? min(max($0, -1), 1) : nil }
        self.maxPoseShift = maxPoseShift.flatMap { $0.isFinite ? max($0, 0) : nil }
    }

    /// The key-pose time tolerance for a spec at `fps`: `maxPoseShift`, else half a frame.
    public func poseShift(fps: Double) -> Double {
        maxPoseShift ?? (fps.isFinite && fps > 0 ? 0.5 / fps : 0.5 / 30)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case maxDelta, maxDifferingPixels, maxPerceptualPixels, perceptualThreshold, minSSIM, maxPoseShift
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(maxDelta: try c.decodeIfPresent(Int.self, forKey: .maxDelta) ?? 0,
                  maxDifferingPixels: try c.decodeIfPresent(Int.self, forKey: .maxDifferingPixels) ?? 0,
                  maxPerceptualPixels: try c.decodeIfPresent(Int.self, forKey: .maxPerceptualPixels),
                  perceptualThreshold: try c.decodeIfPresent(Double.self, forKey: .perceptualThreshold) ?? PerceptualDifference.defaultThreshold,
                  minSSIM: try c.decodeIfPresent(Double.self, forKey: .minSSIM),
                  maxPoseShift: try c.decodeIfPresent(Double.self, forKey: .maxPoseShift))
    }

    /// Errors reading a tolerance file.
    public struct FileError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The tolerance in `folder/tolerance.json`, or `.exact` when there is none.
    /// - Throws: `FileError` when the file exists but is not valid (unknown keys included, so a typo
    ///   never silently means "exact").
    public static func load(folder: URL) throws -> Tolerance {
        let url = folder.appendingPathComponent("tolerance.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return .exact }
        do {
            let data = try Data(contentsOf: url)
            if let obj = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
                let known = Set(CodingKeys.allCases.map(\.rawValue))
                if let bad = obj.keys.sorted().first(where: { !known.contains($0) }) {
                    throw FileError(path: url.path, reason: "unknown key '\(bad)' (known: \(known.sorted().joined(separator: ", ")))")
                }
            } else {
                throw FileError(path: url.path, reason: "expected a JSON object")
            }
            return try JSONDecoder().decode(Tolerance.self, from: data)
        } catch let e as FileError {
            throw e
        } catch {
            throw FileError(path: url.path, reason: "\(error)")
        }
    }

    public var isExact: Bool { maxDelta == 0 && maxDifferingPixels == 0 }

    public var description: String {
        var parts = isExact ? ["exact"] : ["≤ \(maxDifferingPixels) px over Δ\(maxDelta)"]
        if let p = maxPerceptualPixels { parts.append("≤ \(p) perceptual px") }
        if let s = minSSIM { parts.append("SSIM ≥ \(s)") }
        if let p = maxPoseShift { parts.append("key poses ± \(Int(min(p * 1000, 1e12).rounded())) ms") }
        return parts.joined(separator: ", ")
    }
}
