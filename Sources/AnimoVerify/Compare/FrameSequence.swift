// A folder of frames to compare: its PNG files in order, with the time of each. Times come from
// the folder's manifest.json when it has one (the file animo-render writes: `fps` and `frames`
// with `file` and `time`), else from the frame's position / fps.
import Foundation
import AnimoCheck
import AnimoRaster
import AnimoGeometry

/// The PNG frames of a folder, in timeline order.
public struct FrameSequence: Sendable {
    public struct Frame: Sendable, Equatable {
        public var file: String
        /// Seconds; from manifest.json, else index / fps.
        public var time: Double
    }

    public let folder: URL
    public let frames: [Frame]
    /// True when the times come from a manifest.
    public let timesFromManifest: Bool

    private struct ManifestFile: Decodable {
        struct Entry: Decodable { var file: String; var time: Double }
        var fps: Double?
        var frames: [Entry]?
    }

    /// Lists `folder`'s PNG files (not recursing; names starting with "." are skipped).
    /// - Parameter fps: used for times when there is no manifest (default 30, the spec's default).
    public init(folder: URL, fps: Double = 30) throws {
        self.folder = folder
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }
        var times: [String: Double] = [:]
        var manifestFPS: Double?
        if let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
           let m = try? JSONDecoder().decode(ManifestFile.self, from: data) {
            for e in m.frames ?? [] where e.time.isFinite { times[e.file] = e.time }
            manifestFPS = m.fps
        }
        let rate = (manifestFPS ?? fps).isFinite && (manifestFPS ?? fps) > 0 ? (manifestFPS ?? fps) : 30
        let sorted = names.sorted { a, b in
            switch (times[a], times[b]) {
            case let (x?, y?) where x != y: return x < y
            default: return a.localizedStandardCompare(b) == .orderedAscending
            }
        }
        let useManifest = !times.isEmpty && sorted.allSatisfy { times[$0] != nil }
        timesFromManifest = useManifest
        frames = sorted.enumerated().map { i, f in
            Frame(file: f, time: useManifest ? times[f]! : Double(i) / rate)
        }
    }
}
