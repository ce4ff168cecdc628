// Renders frames in parallel and writes them as PNG files. Each frame is a pure function of its
// time, so the bytes written do not depend on the thread count or on the order frames finish in.
// Files are written under a temporary name and renamed (PNG.write), so an interrupted run never
// leaves a truncated PNG behind.
import Foundation
import Raster

public enum FrameRenderer {
    /// Progress reported after each frame: (frames done, total).
    public typealias Progress = @Sendable (Int, Int) -> Void

    /// Renders every job with `render` on `threads` worker threads (≥ 1) and writes
    /// `folder/job.fileName`. Stops at the first error and rethrows it.
    public static func run(_ jobs: [FrameJob], into folder: URL, threads: Int,
                           render: @escaping @Sendable (Double) throws -> Pixmap,
                           progress: Progress? = nil) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
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
                        try PNG.write(image, to: folder.appendingPathComponent(job.fileName))
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
