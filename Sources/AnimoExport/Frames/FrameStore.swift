// FrameStore: a fixed set of rendered frames kept in memory as straight 8-bit RGBA (4 bytes per
// pixel instead of a Pixmap's 16), optionally downscaled on arrival by area averaging: the few
// frames of a contact sheet or filmstrip. 60 frames of 1170² are 1.3 GB as float pixmaps and 330
// MB here, so animations do not use it: their frames stream into the encoders as they are
// rendered (FrameSequencer, GIFEncoder.Stream, APNGEncoder.Stream). Slots are filled from worker
// threads (each index once; a lock guards the array); reading happens after rendering.
import Foundation
import AnimoRaster
import AnimoGeometry

/// A fixed number of same-size frames held as straight 8-bit RGBA.
public final class FrameStore: @unchecked Sendable {
    /// Size of every stored frame, pixels.
    public let width: Int
    public let height: Int
    public let count: Int
    private var slots: [[UInt8]?]
    private let lock = NSLock()

    /// A store of `count` frames, each resized to `width` × `height` when stored.
    public init(count: Int, width: Int, height: Int) throws {
        guard count > 0 else { throw ExportError.noFrames }
        guard width > 0, height > 0, width <= Pixmap.maxSide, height <= Pixmap.maxSide, width * height <= Pixmap.maxPixels else {
            throw ExportError.invalidParameter("frame size \(width)×\(height)")
        }
        self.count = count; self.width = width; self.height = height
        slots = Array(repeating: nil, count: count)
    }

    /// Stores frame `index` (resized by area averaging if its size differs).
    public func store(_ index: Int, _ frame: Pixmap) throws {
        guard (0..<count).contains(index) else { throw ExportError.invalidParameter("frame index \(index) of \(count)") }
        let sized = try AreaResample.resize(frame, width: width, height: height)
        let bytes = sized.rgba8Straight()
        lock.lock(); defer { lock.unlock() }
        slots[index] = bytes
    }

    /// All frames' bytes in order; throws if one was never stored.
    public func rgbaFrames() throws -> [[UInt8]] {
        lock.lock(); defer { lock.unlock() }
        return try slots.enumerated().map { i, s in
            guard let s else { throw ExportError.invalidParameter("frame \(i) was not rendered") }
            return s
        }
    }

    /// Frame `index` as a pixmap (premultiplied from the stored straight bytes).
    public func pixmap(_ index: Int) throws -> Pixmap {
        lock.lock()
        let s = (0..<count).contains(index) ? slots[index] : nil
        lock.unlock()
        guard let s else { throw ExportError.invalidParameter("frame \(index) was not rendered") }
        return try Pixmap(width: width, height: height, rgba8Straight: s)
    }

    /// Encodes the stored frames as a GIF shown at `fps` (fetching pixmaps on demand).
    public func gif(fps: Double, options: GIFEncoder.Options) throws -> GIFResult {
        try GIFEncoder.encode(frameCount: count, width: width, height: height, fps: fps, options: options) { [self] in
            try self.pixmap($0)
        }
    }

    /// Encodes the stored frames losslessly as an APNG, each shown for 1/fps s.
    public func apng(fps: Double, plays: Int) throws -> [UInt8] {
        guard let d = APNGEncoder.Delay(fps: fps) else { throw ExportError.invalidParameter("fps \(fps)") }
        return try APNGEncoder.encode(rgbaFrames: try rgbaFrames(), width: width, height: height,
                                      delays: Array(repeating: d, count: count), plays: plays)
    }
}
