// Renders frames in parallel and writes them as PNG files. Each frame is a pure function of its
// time, so the bytes written do not depend on the thread count or on the order frames finish in.
// Files are written by PNGEncoder (libdeflate, `pngLevel`) under a temporary name and renamed, so an
// interrupted run never leaves a truncated PNG behind. Encoding happens on the worker that rendered
// the frame, in parallel with the other workers' rendering.
import Foundation
import AnimoRaster
import AnimoGeometry

public enum FrameRenderer {
    /// Progress reported after each frame: (frames done, total).
    public typealias Progress = @Sendable (Int, Int) -> Void

    /// Renders every job with `render` on `threads` worker threads (≥ 1) and writes
    /// `folder/job.fileName` as a PNG at `pngLevel` (0…9) unless `folder` is nil. `consume`, if
    /// given, receives each rendered frame on its worker thread (e.g. to keep it for a GIF).
    /// Stops at the first error and rethrows it.
    public static func run(_ jobs: [FrameJob], into folder: URL?, threads: Int,
                           pngLevel: Int = PNGEncoder.defaultLevel,
                           render: @escaping @Sendable (Double) throws -> Pixmap,
                           consume: (@Sendable (FrameJob, Pixmap) throws -> Void)? = nil,
                           progress: Progress? = nil) throws {
        guard (0...9).contains(pngLevel) else { throw ExportError.invalidParameter("PNG level \(pngLevel) (0…9)") }
        if let folder { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let state = SharedState(total: jobs.count)
        let workers = max(1, min(threads, jobs.count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                while let i = state.next() {
                    do {
                        let job = jobs[i]
                        let image = try render(job.time)
                        if let folder { try PNGEncoder.write(image, to: folder.appendingPathComponent(job.fileName), level: pngLevel) }
                        try consume?(job, image)
                        let done = state.finishOne()
                        progress?(done, jobs.count)
                    } catch {
                        state.fail(error)
                    }
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        if let error = state.error { throw error }
    }

    /// A lock-protected work counter shared by the workers.
    private final class SharedState: @unchecked Sendable {
        private let lock = NSLock()
        private var nextIndex = 0
        private var done = 0
        private(set) var error: Error?
        let total: Int
        init(total: Int) { self.total = total }

        func next() -> Int? {
            lock.lock(); defer { lock.unlock() }
            guard error == nil, nextIndex < total else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
        func finishOne() -> Int {
            lock.lock(); defer { lock.unlock() }
            done += 1
            return done
        }
        func fail(_ e: Error) {
            lock.lock(); defer { lock.unlock() }
            if error == nil { error = e }
        }
    }
}
