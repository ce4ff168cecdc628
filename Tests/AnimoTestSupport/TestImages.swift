// Small constructed images and temporary folders for tests.
import Foundation
import AnimoCheck
import AnimoRaster

/// An opaque image filled with one gray or color, built byte by byte.
public func solid(_ w: Int, _ h: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)) -> [UInt8] {
    var b = [UInt8](repeating: 0, count: w * h * 4)
    for i in 0..<(w * h) { b[4 * i] = rgba.0; b[4 * i + 1] = rgba.1; b[4 * i + 2] = rgba.2; b[4 * i + 3] = rgba.3 }
    return b
}

public func setPixel(_ b: inout [UInt8], _ w: Int, _ x: Int, _ y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
    let o = 4 * (y * w + x)
    b[o] = rgba.0; b[o + 1] = rgba.1; b[o + 2] = rgba.2; b[o + 3] = rgba.3
}

public func image(_ w: Int, _ h: Int, _ bytes: [UInt8]) throws -> RGBAImage {
    try RGBAImage(width: w, height: h, bytes: bytes)
}

/// A fresh temporary folder.
public func temporaryFolder(_ label: String = "check") -> URL {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent("animo-\(label)-\(TemporaryNames.next())")
    try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
}

/// An opaque frame: black, with a white disk of radius r at (cx, cy), anti-aliased by 4×4
/// supersampling (independent of the renderer).
public func diskFrame(_ w: Int, _ h: Int, cx: Double, cy: Double, r: Double) -> [UInt8] {
    var b = solid(w, h)
    for y in 0..<h {
        for x in 0..<w {
            var inside = 0
            for sy in 0..<4 {
                for sx in 0..<4 {
                    let px = Double(x) + (Double(sx) + 0.5) / 4, py = Double(y) + (Double(sy) + 0.5) / 4
                    if (px - cx) * (px - cx) + (py - cy) * (py - cy) <= r * r { inside += 1 }
                }
            }
            let v = UInt8((Double(inside) / 16 * 255).rounded())
            setPixel(&b, w, x, y, (v, v, v, 255))
        }
    }
    return b
}

public enum PNGFile {
    public static func write(_ bytes: [UInt8], _ w: Int, _ h: Int, to url: URL) throws {
        try PNG.write(try image(w, h, bytes).pixmap(), to: url)
    }
}

/// Unique names for temporary folders: the process id and a counter (no randomness).
enum TemporaryNames {
    nonisolated(unsafe) private static var counter = 0
    private static let lock = NSLock()

    static func next() -> String {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        return "\(ProcessInfo.processInfo.processIdentifier)-\(counter)"
    }
}
