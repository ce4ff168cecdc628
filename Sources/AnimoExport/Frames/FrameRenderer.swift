// Renders frames in parallel and writes them as PNG files. Each frame is a pure function of its
// time, so the bytes written do not depend on the thread count or on the order frames finish in.
// Files are written by PNGEncoder (libdeflate, `pngLevel`) under a temporary name and renamed, so an
// interrupted run never leaves a truncated PNG behind. Encoding happens on the worker that rendered
// the frame, in parallel with the other workers' rendering.
//
// Jobs are started in index order. With a `lookahead`, job i starts only once every job before
// i − lookahead has finished (consume included), so at most `lookahead` frames are between the
// first unfinished one and the newest: what bounds the frames a consumer that needs them in order
// (FrameSequencer) holds while it waits for a slow one.
import Foundation
import AnimoRaster
import AnimoGeometry

public enum FrameRenderer {
    /// Progress reported after each frame: (frames done, total).
    public typealias Progress = @Sendable (Int, Int) -> Void

    /// Renders every job with `render` on `threads` worker threads (≥ 1) and writes
    /// `folder/job.fileName` as a PNG at `pngLevel` (0…9) unless `folder` is nil. `consume`, if
    /// given, receives each rendered frame on its worker thread (e.g. to keep it for a GIF).
    /// Stops at the first error and rethrows it. `lookahead` (≥ 1, nil = none): see the file header.
    public static func run(_ jobs: [FrameJob], into folder: URL?, threads: Int,
                           pngLevel: Int = PNGEncoder.defaultLevel,
                           lookahead: Int? = nil,
                           render: @escaping @Sendable (Double) throws -> Pixmap,
                           consume: (@Sendable (FrameJob, Pixmap) throws -> Void)? = nil,
                           progress: Progress? = nil) throws {
        guard (0...9).contains(pngLevel) else { throw ExportError.invalidParameter("PNG level \(pngLevel) (0…9)") }
        if let lookahead, lookahead < 1 { throw ExportError.invalidParameter("lookahead \(lookahead) (≥ 1)") }
        if let folder { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let state = SharedState(total: jobs.count, lookahead: lookahead)
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
                        let done = state.finishOne(i)
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
        private let condition = NSCondition()
        private var nextIndex = 0
        private var done = 0
        /// Jobs 0..<finishedPrefix have all finished.
        private var finishedPrefix = 0
        private var finished: [Bool]
        private let lookahead: Int?
        private(set) var error: Error?
        let total: Int
        init(total: Int, lookahead: Int?) {
            self.total = total; self.lookahead = lookahead
            finished = [Bool](repeating: false, count: lookahead == nil ? 0 : total)
        }

        /// The next job to start, waiting while it is `lookahead` or more past the first
        /// unfinished one; nil when there is none left or a job failed.
        func next() -> Int? {
            condition.lock(); defer { condition.unlock() }
            while error == nil, nextIndex < total, let l = lookahead, nextIndex >= finishedPrefix + l { condition.wait() }
            guard error == nil, nextIndex < total else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
        func finishOne(_ i: Int) -> Int {
            condition.lock(); defer { condition.unlock() }
            done += 1
            if lookahead != nil {
                finished[i] = true
                while finishedPrefix < total && finished[finishedPrefix] { finishedPrefix += 1 }
                condition.broadcast()
            }
            return done
        }
        func fail(_ e: Error) {
            condition.lock(); defer { condition.unlock() }
            if error == nil { error = e }
            condition.broadcast()
        }
    }
}
