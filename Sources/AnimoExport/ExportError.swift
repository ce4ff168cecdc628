// ExportError: every way an animation export (GIF, APNG, WebP, MP4) can fail, one case each, so the CLI can
// print a clear message. No export leaves a partial file behind (see AtomicFile).

/// Why an animation export failed.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No frames were given.
    case noFrames
    /// Frames do not all have the same size (index of the first offender and its size).
    case frameSizeMismatch(index: Int, width: Int, height: Int)
    /// A frame rate, delay, scale or color count is NaN, infinite, zero, negative or out of range.
    case invalidParameter(String)
    /// The number of delays does not match the number of frames.
    case delayCountMismatch(frames: Int, delays: Int)
    /// giflib reported an error (its numeric code and the operation that failed).
    case gif(code: Int, operation: String)
    /// zlib reported an error (its numeric code and the operation that failed).
    case zlib(code: Int, operation: String)
    /// libwebp reported an error (its WebPEncodingError code, 0 if none, and the operation).
    case webp(code: Int, operation: String)
    /// OpenH264 reported an error (its return code and the operation).
    case h264(code: Int, operation: String)
    /// Writing the output file failed (path and the reason from the system).
    case io(path: String, reason: String)
    /// Even the smallest encoding tried does not fit the byte budget.
    case budgetExceeded(maxBytes: Int, smallestBytes: Int, tried: String)
    /// An APNG, WebP or MP4 that does not fit the byte budget at the lowest frame rate and
    /// smallest scale tried (`format`, the budget, what was tried last and how far it got).
    case overBudget(format: String, maxBytes: Int, tried: String)

    public var description: String {
        switch self {
        case .noFrames: return "no frames to export"
        case let .frameSizeMismatch(i, w, h): return "frame \(i) is \(w)×\(h), unlike frame 0"
        case let .invalidParameter(s): return "invalid parameter: \(s)"
        case let .delayCountMismatch(f, d): return "\(f) frames but \(d) delays"
        case let .gif(code, op): return "giflib error \(code) in \(op)"
        case let .zlib(code, op): return "zlib error \(code) in \(op)"
        case let .webp(code, op): return "libwebp error \(code) in \(op)"
        case let .h264(code, op): return "OpenH264 error \(code) in \(op)"
        case let .overBudget(format, max, tried):
            return "\(format) does not fit in \(max) bytes: the smallest encoding tried (\(tried)) does not"
        case let .io(path, reason): return "cannot write \(path): \(reason)"
        case let .budgetExceeded(max, smallest, tried):
            return "GIF does not fit in \(max) bytes: the smallest encoding tried (\(tried)) is \(smallest) bytes"
        }
    }
}
