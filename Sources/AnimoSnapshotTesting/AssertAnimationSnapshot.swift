// AnimoSnapshotTesting: one assertion for an app's tests, in Swift Testing and in XCTest:
//
//     import AnimoSnapshotTesting
//
//     @Test func loader() {
//         assertAnimationSnapshot(of: "Loader.json", poses: .keyPoses, tolerance: .init(maxDelta: 2, maxDifferingPixels: 10))
//     }
//
// It renders the spec (a path relative to the test file's folder, or absolute) at the poses asked
// for and compares each frame with its golden PNG, stored beside the test as
// swift-snapshot-testing stores its references. A SwiftUI source file (`of: "LoaderView.swift"`,
// with `preview:` naming a `#Preview` or View, default the first) is compiled by the Swift front end
// first, exactly as `animo-render LoaderView.swift` does; the constructs it does not model are
// printed on standard error (`animo-render import` shows the spec it compiles to):
//
//     <folder of the test file>/__Snapshots__/<TestFile>/<testName>/<pose>.png
//
// (`first.png`, `start-0.png`, `mid-0.png`, `rest-0.png`, `last.png` for key poses; `t-0.400.png`
// for times). A frame passes within the tolerance (AnimoCheck's `Tolerance`: largest channel
// difference, differing pixels, optionally perceptual pixels and SSIM; default exact).
//
// Recording: the environment variable ANIMO_RECORD (`never`, `missing`, `failed`, `all`) or the
// `record:` argument. Unset, it is `never` on CI (the variable CI is set, as on GitHub Actions)
// and `missing` elsewhere. A recorded frame fails the test anyway, with "recorded …; review it
// and rerun", so nothing is accepted without a person looking at it.
//
// Failure: one issue per frame with its figures, where the golden is and where the actual and the
// difference (expected | actual | heat map) were written (a temporary folder); in Swift Testing
// the expected, actual and difference PNGs are also attached to the test (`Attachment`). XCTest
// on Linux has no attachments (swift-corelibs-xctest has no XCTAttachment), hence the files.
import Foundation
import AnimoSpec
import AnimoScene
import AnimoRender
import AnimoRaster
import AnimoGeometry
@_exported import struct AnimoCheck.Tolerance
import AnimoCheck
#if ANIMO_SWIFT_FRONT_END
@_implementationOnly import AnimoSwiftSource
#endif
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Which frames of an animation to snapshot.
public enum AnimationPoses: Sendable, Equatable {
    /// The first and last frames and the start, middle and rest of every event (the key poses).
    case keyPoses
    /// These instants, in seconds.
    case times([Double])
    /// The key poses and these instants.
    case keyPosesAnd([Double])
}

/// When goldens are written (see the file header).
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Never: a missing golden fails.
    case never
    /// Goldens that do not exist yet.
    case missing
    /// Missing goldens and those that differ.
    case failed
    /// Every golden.
    case all

    /// ANIMO_RECORD if set; otherwise `never` on CI (CI set and not "false"/"0") and `missing` elsewhere.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) throws -> SnapshotRecordMode {
        if let v = env["ANIMO_RECORD"], !v.isEmpty {
            guard let m = SnapshotRecordMode(rawValue: v.lowercased()) else {
                throw SnapshotError("ANIMO_RECORD=\(v): expected never, missing, failed or all")
            }
            return m
        }
        if let ci = env["CI"], !ci.isEmpty, ci.lowercased() != "false", ci != "0" { return .never }
        return .missing
    }
}

/// A problem with the assertion's inputs (not a difference in pixels).
public struct SnapshotError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Renders the spec at `poses` and compares every frame with its golden (see the file header).
/// Records an issue per failing frame in the running framework (Swift Testing or XCTest).
/// - Parameters:
///   - spec: path of the spec, relative to the test file's folder (or absolute).
///   - poses: the frames to compare (default: the key poses).
///   - scale: pixels per point (default: the spec's canvas.scale).
///   - tolerance: what a frame may differ by (default exact).
///   - record: overrides ANIMO_RECORD.
///   - snapshotDirectory: overrides `<folder of the test file>/__Snapshots__/<TestFile>`.
public func assertAnimationSnapshot(
    of spec: String,
    preview: String? = nil,
    poses: AnimationPoses = .keyPoses,
    scale: Double? = nil,
    tolerance: Tolerance = .exact,
    record: SnapshotRecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = SnapshotLocation(fileID: "\(fileID)", filePath: "\(filePath)", function: "\(function)", line: line, column: column)
    do {
        let failures = try AnimationSnapshot.verify(spec: spec, preview: preview, poses: poses, scale: scale, tolerance: tolerance, record: record,
                                                    snapshotDirectory: snapshotDirectory, location: location)
        for f in failures { SnapshotReporter.fail(f.message, attachments: f.attachments, at: location, file: filePath) }
    } catch {
        SnapshotReporter.fail("assertAnimationSnapshot(of: \"\(spec)\"): \(error)", attachments: [], at: location, file: filePath)
    }
}

/// Where the assertion was called.
public struct SnapshotLocation: Sendable {
    public var fileID: String
    public var filePath: String
    public var function: String
    public var line: UInt
    public var column: UInt
    public init(fileID: String, filePath: String, function: String, line: UInt, column: UInt) {
        self.fileID = fileID; self.filePath = filePath; self.function = function; self.line = line; self.column = column
    }

    /// `testLoader()` → `testLoader`; `loader(size:)` → `loader`.
    public var testName: String {
        let base = function.split(separator: "(").first.map(String.init) ?? function
        let cleaned = base.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" }
        return cleaned.isEmpty ? "test" : String(cleaned)
    }

    /// The test file's name without `.swift`.
    public var testFileName: String { URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent }

    /// The test file's folder.
    public var folder: URL { URL(fileURLWithPath: filePath).deletingLastPathComponent() }
}

/// The work of the assertion, without the framework: what failed, with messages and attachments.
public enum AnimationSnapshot {
    public struct Failure: Sendable {
        public var pose: String
        public var message: String
        /// Named PNG files (expected, actual, difference) for frameworks that attach them.
        public var attachments: [(name: String, bytes: [UInt8])]
    }

    /// A spec file, or a SwiftUI source compiled by the Swift front end.
    static func load(_ url: URL, preview: String?) throws -> Spec {
        guard url.pathExtension.lowercased() == "swift" else {
            if preview != nil { throw SnapshotError("preview: applies to a SwiftUI source (.swift), not to \(url.lastPathComponent)") }
            do { return try Spec.load(path: url.path) } catch { throw SnapshotError("\(error)") }
        }
        #if ANIMO_SWIFT_FRONT_END
        do {
            let assets = AssetColors.load(catalogues: AssetColors.catalogues(near: url))
            let compiled = try SwiftSourceFile(path: url.path).compile(SwiftImportOptions(preview: preview, assetColors: assets))
            for w in compiled.warnings { FileHandle.standardError.write(Data("animo-snapshot: warning: \(w)\n".utf8)) }
            return try compiled.load()
        } catch {
            throw SnapshotError("\(error)")
        }
        #else
        throw SnapshotError("\(url.lastPathComponent): SwiftUI source needs the toolchain's SwiftSyntax host libraries, which this build was made without; snapshot the spec `animo-render import` prints instead")
        #endif
    }

    /// The golden folder of a test: `<snapshotDirectory or folder/__Snapshots__/TestFile>/<testName>`.
    public static func goldenFolder(location: SnapshotLocation, snapshotDirectory: String? = nil) -> URL {
        let base = snapshotDirectory.map { URL(fileURLWithPath: $0) }
            ?? location.folder.appendingPathComponent("__Snapshots__").appendingPathComponent(location.testFileName)
        return base.appendingPathComponent(location.testName)
    }

    /// Renders, compares and records; returns the failures (empty: every frame matches).
    public static func verify(spec: String, preview: String? = nil, poses: AnimationPoses, scale: Double?, tolerance: Tolerance,
                              record: SnapshotRecordMode?, snapshotDirectory: String?, location: SnapshotLocation) throws -> [Failure] {
        let mode = try record ?? SnapshotRecordMode.fromEnvironment()
        let specURL = spec.hasPrefix("/") ? URL(fileURLWithPath: spec) : location.folder.appendingPathComponent(spec)
        guard FileManager.default.fileExists(atPath: specURL.path) else {
            throw SnapshotError("no spec at \(specURL.path) (a path relative to \(location.testFileName).swift's folder, or absolute)")
        }
        let loaded = try load(specURL, preview: preview)
        let renderer: SceneRenderer
        do { renderer = try SceneRenderer(spec: loaded) } catch { throw SnapshotError("\(error)") }

        var frames: [(name: String, time: Double)] = []
        func addKeyPoses() { for p in renderer.keyPoses() { frames.append((p.role.replacingOccurrences(of: ":", with: "-"), p.time)) } }
        func addTimes(_ ts: [Double]) throws {
            for t in ts {
                guard t.isFinite, t >= 0, t <= loaded.duration else {
                    throw SnapshotError("time \(t) s is outside the spec's duration 0…\(loaded.duration) s")
                }
                frames.append(("t-" + String(format: "%.3f", t), t))
            }
        }
        switch poses {
        case .keyPoses: addKeyPoses()
        case .times(let ts): try addTimes(ts)
        case .keyPosesAnd(let ts): addKeyPoses(); try addTimes(ts)
        }
        var seen = Set<String>()
        frames = frames.filter { seen.insert($0.name).inserted }

        let folder = goldenFolder(location: location, snapshotDirectory: snapshotDirectory)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("animo-snapshots")
            .appendingPathComponent(location.testFileName).appendingPathComponent(location.testName)
        var failures: [Failure] = []
        for f in frames {
            let image = try renderer.render(at: f.time, scale: scale)
            let actual = RGBAImage(image)
            let golden = folder.appendingPathComponent(f.name + ".png")
            let exists = FileManager.default.fileExists(atPath: golden.path)
            func recordGolden(_ why: String) throws {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try PNG.write(image, to: golden, fast: false)
                failures.append(Failure(pose: f.name, message: "\(f.name) (\(String(format: "%.3f", f.time)) s): \(why); recorded \(golden.path); review it and rerun",
                                        attachments: [("\(f.name).png", try PNG.encode(image))]))
            }
            if mode == .all { try recordGolden(exists ? "re-recorded (record mode all)" : "no golden yet"); continue }
            guard exists else {
                if mode == .missing || mode == .failed { try recordGolden("no golden yet") }
                else {
                    failures.append(Failure(pose: f.name, message: "\(f.name) (\(String(format: "%.3f", f.time)) s): no golden at \(golden.path); run the test with ANIMO_RECORD=missing to record it, then review it",
                                            attachments: [("\(f.name).actual.png", try PNG.encode(image))]))
                }
                continue
            }
            let expected: RGBAImage
            do { expected = try RGBAImage(contentsOf: golden) } catch { throw SnapshotError("golden \(golden.path): \(error)") }
            let comparison = FrameComparison(actual: actual, expected: expected, tolerance: tolerance, alwaysSSIM: false)
            if comparison.passes { continue }
            if mode == .failed { try recordGolden("differed (\(comparison.summary))"); continue }
            // The evidence: actual and expected | actual | heat map, in a temporary folder.
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let actualURL = scratch.appendingPathComponent(f.name + ".actual.png")
            let diffURL = scratch.appendingPathComponent(f.name + ".diff.png")
            let diff = try DiffImage.sideBySide(expected: expected.pixmap(), actual: image)
            try PNG.write(image, to: actualURL)
            try PNG.write(diff, to: diffURL)
            let message = "\(f.name) (\(String(format: "%.3f", f.time)) s) differs from its golden: \(comparison.summary)"
                + " [tolerance \(tolerance)]\n  golden: \(golden.path)\n  actual: \(actualURL.path)\n  expected | actual | difference: \(diffURL.path)\n"
                + "  If the change is intended, rerun with ANIMO_RECORD=failed and review the new golden."
            failures.append(Failure(pose: f.name, message: message,
                                    attachments: [("\(f.name).expected.png", try PNG.encode(expected.pixmap())),
                                                  ("\(f.name).actual.png", try PNG.encode(image)),
                                                  ("\(f.name).diff.png", try PNG.encode(diff))]))
        }
        return failures
    }
}

/// Reports an issue to whichever framework runs the test.
enum SnapshotReporter {
    static func fail(_ message: String, attachments: [(name: String, bytes: [UInt8])], at l: SnapshotLocation, file: StaticString) {
        #if canImport(Testing)
        if Test.current != nil {
            let source = SourceLocation(fileID: l.fileID, filePath: l.filePath, line: Int(l.line), column: Int(l.column))
            for a in attachments { Attachment.record(a.bytes, named: a.name, sourceLocation: source) }
            Issue.record(Comment(rawValue: message), sourceLocation: source)
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: file, line: l.line)
        #else
        FileHandle.standardError.write(Data("\(l.filePath):\(l.line): error: \(message)\n".utf8))
        #endif
    }
}
