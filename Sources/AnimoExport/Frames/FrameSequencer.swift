// FrameSequencer: frames finished in any order on worker threads, handed on one at a time in index
// order, for the streaming encoders (GIF, APNG), which need their frames in sequence. Each frame
// is resized (area averaging) and converted to straight 8-bit RGBA on the worker that rendered it,
// in parallel; then the worker that completes the run of frames waiting at the front delivers
// them, in order, while the others go on rendering. The bytes delivered are those FrameStore would
// hold for the same frames.
//
// Memory: a frame waits here from the moment it is stored until every frame before it has been;
// FrameRenderer's `lookahead` bounds how far past the first unfinished frame the workers may go,
// and so the number of waiting frames.
import Foundation
import AnimoRaster
import AnimoGeometry

public final class FrameSequencer: @unchecked Sendable {
    public let count: Int
    /// Size of every delivered frame, pixels.
    public let width: Int
    public let height: Int
    private let deliver: ([UInt8]) throws -> Void
    private let lock = NSLock()
    private var waiting: [Int: [UInt8]] = [:]
    private var next = 0
    private var delivering = false
    private var failure: Error?

    /// A sequence of `count` frames of `width` × `height`, each passed to `deliver` (never two at
    /// once, in index order).
    public init(count: Int, width: Int, height: Int, deliver: @escaping ([UInt8]) throws -> Void) throws {
        guard count > 0 else { throw ExportError.noFrames }
        guard width > 0, height > 0, width <= Pixmap.maxSide, height <= Pixmap.maxSide, width * height <= Pixmap.maxPixels else {
            throw ExportError.invalidParameter("frame size \(width)×\(height)")
        }
        self.count = count; self.width = width; self.height = height; self.deliver = deliver
    }

    /// Frames delivered so far.
    public var delivered: Int { lock.lock(); defer { lock.unlock() }; return next }

    /// Stores frame `index` (each once) and delivers it and the frames waiting behind it if every
    /// frame before it has been delivered. Rethrows the first error of `deliver`, here and in every
    /// later call.
    public func store(_ index: Int, _ frame: Pixmap) throws {
        guard (0..<count).contains(index) else { throw ExportError.invalidParameter("frame index \(index) of \(count)") }
        let bytes = try AreaResample.resize(frame, width: width, height: height).rgba8Straight()
        lock.lock()
        if let failure { lock.unlock(); throw failure }
        guard index >= next, waiting[index] == nil else {
            lock.unlock()
            throw ExportError.invalidParameter("frame \(index) stored twice")
        }
        waiting[index] = bytes
        // Another worker is delivering: it will take this frame too when its turn comes.
        if delivering { lock.unlock(); return }
        delivering = true
        while let frame = waiting.removeValue(forKey: next) {
            next += 1
            lock.unlock()
            do {
                try deliver(frame)
            } catch {
                lock.lock()
                failure = error
                delivering = false
                waiting.removeAll()
                lock.unlock()
                throw error
            }
            lock.lock()
        }
        delivering = false
        lock.unlock()
    }

    /// Throws unless every frame was delivered.
    public func finish() throws {
        lock.lock(); defer { lock.unlock() }
        if let failure { throw failure }
        guard next == count else { throw ExportError.invalidParameter("frame \(next) was not rendered") }
    }
}

extension FrameSequencer {
    /// The FrameRenderer lookahead to use with a sequencer on `threads` workers: twice the larger
    /// of the thread count and the encoders' batch (`streamBatchSize`), so the workers keep
    /// rendering while a batch is encoded; at most that many frames wait here.
    public static func lookahead(threads: Int) -> Int { 2 * max(threads, streamBatchSize) }
}
