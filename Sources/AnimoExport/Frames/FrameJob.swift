// Which frames to render: the instants, their file names and, for key poses, their roles.
import Foundation

/// One image to render: an instant of the animation and the file it goes to.
public struct FrameJob: Sendable, Hashable {
    /// Position in the output order (0-based).
    public let index: Int
    /// Seconds from the start of the animation.
    public let time: Double
    /// File name inside the output folder, e.g. `frame-0012.png` or `mid-0.png`.
    public let fileName: String
    /// Key-pose role (`start:0`, `mid:0`, `rest:0`, `first`, `last`), nil for plain frames.
    public let role: String?

    public init(index: Int, time: Double, fileName: String, role: String? = nil) {
        self.index = index; self.time = time; self.fileName = fileName; self.role = role
    }

    /// Every frame from 0 to `duration` at `fps` (the instant `duration` included when it falls
    /// on a frame), named `frame-0000.png` … with at least four digits.
    public static func sequence(duration: Double, fps: Double) -> [FrameJob] {
        // Clamped before converting (callers limit frames to 100,000; a rate of 1e300 must not trap).
        let count = Int(min(max((duration * fps + 1e-9).rounded(.down), 0), 1e7)) + 1
        let digits = max(4, String(count - 1).count)
        return (0..<count).map { i in
            let name = "frame-" + String(repeating: "0", count: max(0, digits - String(i).count)) + "\(i).png"
            return FrameJob(index: i, time: Double(i) / fps, fileName: name)
        }
    }

    /// The file name for a key-pose role: `mid:0` → `mid-0.png`.
    public static func fileName(forRole role: String) -> String {
        role.replacingOccurrences(of: ":", with: "-") + ".png"
    }
}
