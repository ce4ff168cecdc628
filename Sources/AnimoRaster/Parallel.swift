// Parallel: the one way the libraries spread independent work over threads (band replay, filters,
// shader rows, image metrics, encoders). Work is split into contiguous index ranges; every item
// must be computed the same way whatever range it falls in, so results are the same bytes for any
// thread count (docs/architecture.md, "Pixels": determinism).
import Dispatch
import Foundation

public enum Parallel {
    /// The thread count used when a caller does not choose one: the active processor count.
    public static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `body` on contiguous sub-ranges covering 0..<count, on up to `threads` threads (≤ 1:
    /// inline, as one range). With `chunksPerThread` > 1 the ranges are smaller than an even
    /// split, so a thread that finishes early takes another (load balance).
    public static func forEachChunk(count: Int, threads: Int, chunksPerThread: Int = 4, _ body: (Range<Int>) -> Void) {
        guard count > 0 else { return }
        let t = max(1, threads)
        if t == 1 || count == 1 { body(0..<count); return }
        let chunks = min(count, t * max(1, chunksPerThread))
        withoutActuallyEscaping(body) { escapable in
            let box = UncheckedBox(escapable)
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                let lo = count * c / chunks, hi = count * (c + 1) / chunks
                if lo < hi { box.value(lo..<hi) }
            }
        }
    }

    /// `(0..<count).map(body)` on up to `threads` threads, results in index order whatever the
    /// thread count. Each item writes only its own slot; the first error (lowest index) is rethrown.
    public static func map<T>(_ count: Int, threads: Int = defaultThreads, _ body: (Int) throws -> T) throws -> [T] {
        guard count > 0 else { return [] }
        let slots = UnsafeMutablePointer<Result<T, Error>?>.allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
        defer { slots.deinitialize(count: count); slots.deallocate() }
        let out = SharedPointer(p: slots)
        withoutActuallyEscaping(body) { body in
            let b = UncheckedBox(body)
            forEachChunk(count: count, threads: threads, chunksPerThread: 1_000_000) { range in
                for i in range { out.p[i] = Result { try b.value(i) } }
            }
        }
        return try (0..<count).map { try slots[$0]!.get() }
    }
}

/// A raw pointer that may cross into parallel workers. Safe where every worker writes a disjoint
/// set of elements and reads only memory nobody writes during the pass.
public struct SharedPointer<T>: @unchecked Sendable {
    public let p: UnsafeMutablePointer<T>
    public init(p: UnsafeMutablePointer<T>) { self.p = p }
}

/// Carries a non-Sendable value (a non-escaping body) into the workers; the bodies given to
/// `Parallel` touch disjoint output memory only.
@usableFromInline
struct UncheckedBox<T>: @unchecked Sendable {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
}
