// Comparing two images or two folders of frames (matched by file name): the figures of every
// frame, files present on one side only, and, for animations, the timing drift.
import Foundation
import AnimoCheck
import AnimoRaster
import AnimoGeometry

/// One matched (or unmatched) frame of a comparison.
public struct ComparedFrame: Sendable {
    public enum Status: Sendable, Equatable {
        case passed
        case failed
        /// In the golden folder only.
        case missing
        /// In the actual folder only.
        case extra
        /// A file that could not be decoded.
        case unreadable(String)
    }

    public var name: String
    public var time: Double?
    public var actual: URL?
    public var expected: URL?
    public var status: Status
    public var comparison: FrameComparison?

    public var failed: Bool { status != .passed }

    public init(name: String, time: Double? = nil, actual: URL?, expected: URL?, status: Status, comparison: FrameComparison? = nil) {
        self.name = name; self.time = time; self.actual = actual; self.expected = expected
        self.status = status; self.comparison = comparison
    }

    /// One line: name, verdict and figures.
    public var line: String {
        let t = time.map { String(format: " (%.3f s)", $0) } ?? ""
        switch status {
        case .passed: return "ok      \(name)\(t): \(comparison?.summary ?? "")"
        case .failed: return "DIFFERS \(name)\(t): \(comparison?.summary ?? "")"
        case .missing: return "MISSING \(name)\(t): in the golden folder, not in the actual one"
        case .extra: return "EXTRA   \(name)\(t): in the actual folder, not in the golden one"
        case .unreadable(let why): return "ERROR   \(name): \(why)"
        }
    }
}

/// The result of comparing an actual image or folder with its golden.
public struct ComparisonRun: Sendable {
    /// Failures first (in timeline order), then passing frames.
    public var frames: [ComparedFrame]
    /// Timing analysis when both sides are animations with differing frames (≥ 3 frames each).
    public var drift: TimingDrift?
    public var tolerance: Tolerance

    public init(frames: [ComparedFrame], drift: TimingDrift? = nil, tolerance: Tolerance = .exact) {
        self.frames = frames.filter(\.failed) + frames.filter { !$0.failed }
        self.drift = drift
        self.tolerance = tolerance
    }

    public var passed: Bool { frames.allSatisfy { !$0.failed } }
    public var failures: [ComparedFrame] { frames.filter(\.failed) }

    /// Compares two PNG files, or two folders of PNGs matched by file name.
    /// - Parameters:
    ///   - tolerance: nil: read `tolerance.json` from the golden folder (or the golden file's
    ///     folder), default exact.
    ///   - driftWindow: ±k frames searched by the timing analysis.
    /// - Throws: when a path does not exist, the two are not both files or both folders, or a
    ///   tolerance.json is invalid.
    public static func compare(actual: URL, golden: URL, tolerance: Tolerance? = nil, fps: Double = 30,
                               driftWindow: Int = TimingDrift.defaultWindow) throws -> ComparisonRun {
        var isDirA: ObjCBool = false, isDirG: ObjCBool = false
        guard FileManager.default.fileExists(atPath: actual.path, isDirectory: &isDirA) else {
            throw ComparisonError.notFound(actual.path)
        }
        guard FileManager.default.fileExists(atPath: golden.path, isDirectory: &isDirG) else {
            throw ComparisonError.notFound(golden.path)
        }
        guard isDirA.boolValue == isDirG.boolValue else {
            throw ComparisonError.kindMismatch(actual: actual.path, golden: golden.path)
        }
        if !isDirG.boolValue {
            let tol = try tolerance ?? Tolerance.load(folder: golden.deletingLastPathComponent())
            let f = compareFile(name: golden.lastPathComponent, time: nil, actual: actual, expected: golden, tolerance: tol)
            return ComparisonRun(frames: [f], drift: nil, tolerance: tol)
        }
        let tol = try tolerance ?? Tolerance.load(folder: golden)
        let a = try FrameSequence(folder: actual, fps: fps), g = try FrameSequence(folder: golden, fps: fps)
        let actualNames = Set(a.frames.map(\.file))
        var frames: [ComparedFrame] = []
        for f in g.frames {
            if actualNames.contains(f.file) {
                frames.append(compareFile(name: f.file, time: f.time, actual: actual.appendingPathComponent(f.file),
                                          expected: golden.appendingPathComponent(f.file), tolerance: tol))
            } else {
                frames.append(ComparedFrame(name: f.file, time: f.time, actual: nil,
                                            expected: golden.appendingPathComponent(f.file), status: .missing))
            }
        }
        let goldenNames = Set(g.frames.map(\.file))
        for f in a.frames where !goldenNames.contains(f.file) {
            frames.append(ComparedFrame(name: f.file, time: f.time, actual: actual.appendingPathComponent(f.file),
                                        expected: nil, status: .extra))
        }
        var drift: TimingDrift? = nil
        if frames.contains(where: { $0.status == .failed }), a.frames.count >= 3, g.frames.count >= 3 {
            drift = try? TimingDrift(actual: a, golden: g, window: driftWindow, maxDelta: tol.maxDelta)
        }
        let ordered = frames.filter(\.failed) + frames.filter { !$0.failed }
        return ComparisonRun(frames: ordered, drift: drift, tolerance: tol)
    }

    static func compareFile(name: String, time: Double?, actual: URL, expected: URL, tolerance: Tolerance) -> ComparedFrame {
        do {
            let a = try RGBAImage(contentsOf: actual)
            let e = try RGBAImage(contentsOf: expected)
            let c = FrameComparison(actual: a, expected: e, tolerance: tolerance)
            return ComparedFrame(name: name, time: time, actual: actual, expected: expected,
                                 status: c.passes ? .passed : .failed, comparison: c)
        } catch {
            return ComparedFrame(name: name, time: time, actual: actual, expected: expected, status: .unreadable("\(error)"))
        }
    }

    /// The summary line, e.g. `3 of 49 frames differ, 1 missing, 0 extra`.
    public var summary: String {
        let compared = frames.filter { $0.status == .passed || $0.status == .failed }.count
        let differ = frames.filter { $0.status == .failed }.count
        let missing = frames.filter { $0.status == .missing }.count
        let extra = frames.filter { $0.status == .extra }.count
        let bad = frames.filter { if case .unreadable = $0.status { return true }; return false }.count
        var s = "\(differ) of \(compared) frame\(compared == 1 ? "" : "s") differ"
        if missing > 0 { s += ", \(missing) missing" }
        if extra > 0 { s += ", \(extra) extra" }
        if bad > 0 { s += ", \(bad) unreadable" }
        s += " (tolerance: \(tolerance))"
        return s
    }
}

/// Bad arguments to a comparison (the CLI exits with status 2).
public enum ComparisonError: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case kindMismatch(actual: String, golden: String)

    public var description: String {
        switch self {
        case .notFound(let p): return "no such file or folder: \(p)"
        case .kindMismatch(let a, let g): return "compare two files or two folders, not a mix: \(a), \(g)"
        }
    }
}
