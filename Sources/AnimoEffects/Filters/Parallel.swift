// Parallel: the one place that splits filter work across threads. Work items (groups of lines) are
// independent and each is computed the same way whatever chunk it falls in, so the output is the
// same bytes for any thread count (docs/architecture.md, "Pixels", determinism).
import Dispatch
import Foundation

/// A raw pointer that may cross into `concurrentPerform` workers. Safe because every worker writes a
/// disjoint set of elements and reads only memory nobody writes during the pass.
struct SharedPointer<T>: @unchecked Sendable {
    let p: UnsafeMutablePointer<T>
}

/// Carries a worker body into `concurrentPerform`; the bodies here only touch disjoint output memory.
private struct UncheckedBox: @unchecked Sendable {
    let body: (Range<Int>) -> Void
}

enum Parallel {
    /// The thread count used when a caller does not choose one: the active processor count.
    static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `body` on contiguous sub-ranges covering 0..<count, on up to `threads` threads.
    /// Chunks are ~4 per thread for load balance; results must not depend on the chunking.
    static func forEachChunk(count: Int, threads: Int, _ body: (Range<Int>) -> Void) {
        guard count > 0 else { return }
        let t = max(1, threads)
        if t == 1 || count == 1 { body(0..<count); return }
        let chunks = min(count, t * 4)
        withoutActuallyEscaping(body) { escapable in
            let box = UncheckedBox(body: escapable)
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                let lo = count * c / chunks, hi = count * (c + 1) / chunks
                if lo < hi { box.body(lo..<hi) }
            }
        }
    }
}
