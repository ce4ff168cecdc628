// Golden images on disk: compare a rendered image with its reviewed PNG, or record it.
// Record modes follow swift-snapshot-testing's: `all` rewrites every golden, `failed` only
// those that fail, `missing` only those that do not exist yet, `never` (what CI uses) only
// compares. A failure writes expected | actual | diff into `<folder>/_failures/` (ignored by
// git) and reports the paths and figures.
import Foundation
import AnimoRaster
import AnimoGeometry

public enum RecordMode: String, Sendable, CaseIterable {
    case all, failed, missing, never

    /// The mode named by the environment variable `ANIMO_RECORD`; `never` when it is unset.
    public static var fromEnvironment: RecordMode {
        ProcessInfo.processInfo.environment["ANIMO_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .never
    }
}

public struct GoldenStore: Sendable {
    /// The folder holding `<name>.png` goldens.
    public let folder: URL
    public let mode: RecordMode

    public init(folder: URL, mode: RecordMode = .fromEnvironment) {
        self.folder = folder
        self.mode = mode
    }

    public enum Outcome: Sendable, CustomStringConvertible {
        case matched(ImageDifference)
        case recorded(URL)
        case missing(URL)
        case failed(ImageDifference, report: URL?)

        public var passed: Bool {
            switch self {
            case .matched, .recorded: return true
            case .missing, .failed: return false
            }
        }

        public var description: String {
            switch self {
            case .matched(let d): return "matches (\(d))"
            case .recorded(let u): return "recorded \(u.path)"
            case .missing(let u): return "no golden at \(u.path); record it with scripts/record-goldens"
            case .failed(let d, let r): return "differs: \(d)" + (r.map { "; expected | actual | diff: \($0.path)" } ?? "")
            }
        }
    }

    public func url(for name: String) -> URL { folder.appendingPathComponent("\(name).png") }

    /// Compares `image` with the golden `name`, recording according to the mode.
    public func check(_ image: Pixmap, name: String, tolerance: Int = 0) throws -> Outcome {
        try check(image, name: name, tolerance: Tolerance(maxDelta: tolerance)).outcome
    }

    /// Compares `image` with the golden `name` under `tolerance` (all metrics), recording according
    /// to the mode; also returns the comparison when one was made.
    public func check(_ image: Pixmap, name: String, tolerance: Tolerance) throws -> (outcome: Outcome, comparison: FrameComparison?) {
        let golden = url(for: name)
        let exists = FileManager.default.fileExists(atPath: golden.path)
        if mode == .all || (!exists && mode != .never) {
            try record(image, to: golden)
            return (.recorded(golden), nil)
        }
        guard exists else { return (.missing(golden), nil) }
        let expectedImage = try RGBAImage(contentsOf: golden)
        let comparison = FrameComparison(actual: RGBAImage(image), expected: expectedImage, tolerance: tolerance, alwaysSSIM: false)
        if comparison.passes { return (.matched(comparison.exact), comparison) }
        if mode == .failed {
            try record(image, to: golden)
            return (.recorded(golden), comparison)
        }
        let report = try? writeFailure(expected: expectedImage.pixmap(), actual: image, name: name)
        return (.failed(comparison.exact, report: report), comparison)
    }

    /// Where a failing check writes the actual image.
    public func failureActualURL(for name: String) -> URL {
        folder.appendingPathComponent("_failures/\(name).actual.png")
    }

    private func record(_ image: Pixmap, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNG.write(image, to: url, fast: false)
    }

    private func writeFailure(expected: Pixmap, actual: Pixmap, name: String) throws -> URL {
        let dir = folder.appendingPathComponent("_failures")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let sheet = dir.appendingPathComponent("\(name).diff.png")
        try PNG.write(try DiffImage.sideBySide(expected: expected, actual: actual), to: sheet)
        try PNG.write(actual, to: dir.appendingPathComponent("\(name).actual.png"))
        return sheet
    }
}
