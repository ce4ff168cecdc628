// How many frames the streaming encoders (GIF, APNG, the GIF's spill) work on at once, in
// parallel: one per core, at least 4 and at most 16. Outputs do not depend on it (each frame's work
// depends only on that frame and the one before it, never on the batch it falls in); memory does,
// a few frames per batch slot (a straight 8-bit 800² frame is 2.56 MB).
import Foundation

let streamBatchSize = min(16, max(4, ProcessInfo.processInfo.activeProcessorCount))
