// parallelMap: the one way Export spreads independent work (frames, palettes, PNG strips) over the
// cores, with results in index order whatever the thread count.
import Foundation

/// `(0..<count).map(body)` run by `DispatchQueue.concurrentPerform`. Each iteration writes only its
/// own slot of a preallocated buffer, so results are identical whatever the thread count; the first
/// error (lowest index) is rethrown.
func parallelMap<T>(_ count: Int, _ body: (Int) throws -> T) throws -> [T] {
    let slots = UnsafeMutablePointer<Result<T, Error>?>.allocate(capacity: count)
    slots.initialize(repeating: nil, count: count)
    defer { slots.deinitialize(count: count); slots.deallocate() }
    nonisolated(unsafe) let s = slots
    withoutActuallyEscaping(body) { body in
        nonisolated(unsafe) let b = body
        DispatchQueue.concurrentPerform(iterations: count) { i in
            s[i] = Result { try b(i) }
        }
    }
    return try (0..<count).map { try slots[$0]!.get() }
}

/// Frames the streaming encoders (GIF, APNG, the GIF's spill) work on at once, in parallel: one
/// per core, at least 4 and at most 16. Outputs do not depend on it (each frame's work depends only
/// on that frame and the one before it, never on the batch it falls in); memory does, a few frames
/// per batch slot (a straight 8-bit 800² frame is 2.56 MB).
let streamBatchSize = min(16, max(4, ProcessInfo.processInfo.activeProcessorCount))
