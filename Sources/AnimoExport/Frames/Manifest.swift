// manifest.json: what was rendered, for people and for CI scripts: the spec's name, canvas and
// scale, for each frame its index, time, file name and key-pose role, and the exports written
// (GIF, APNG, contact sheet, filmstrip). It is written last, after every frame and export
// (OutputFolder), so its presence means the run finished and it lists everything the run wrote.
import Foundation

public struct Manifest: Codable, Sendable, Equatable {
    public struct Canvas: Codable, Sendable, Equatable {
        public var width: Double
        public var height: Double
        public var pixelWidth: Int
        public var pixelHeight: Int
    }
    public struct Frame: Codable, Sendable, Equatable {
        public var index: Int
        public var time: Double
        public var file: String
        public var role: String?
    }

    public var name: String
    public var canvas: Canvas
    public var scale: Double
    public var fps: Double
    public var frames: [Frame]
    /// The exports written by the run: kind (`gif`, `apng`, `sheet`, `filmstrip`) → file, relative
    /// to the manifest's folder when inside it. Absent when there are none.
    public var exports: [String: String]?

    public init(name: String, width: Double, height: Double, scale: Double, fps: Double, jobs: [FrameJob],
                exports: [String: String] = [:]) {
        self.name = name
        canvas = Canvas(width: width, height: height,
                        pixelWidth: Int(min((width * scale).rounded(), 1e15)), pixelHeight: Int(min((height * scale).rounded(), 1e15)))
        self.scale = scale
        self.fps = fps
        frames = jobs.map { Frame(index: $0.index, time: $0.time, file: $0.fileName, role: $0.role) }
        self.exports = exports.isEmpty ? nil : exports
    }

    /// Writes the manifest as pretty-printed JSON under a temporary name, then renames it (AtomicFile).
    public func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write([UInt8](try encoder.encode(self)), to: url)
    }
}
