// AtomicFile: write a whole byte buffer to a path through a temporary sibling file and rename(2),
// so a reader never sees a partial file and a failure (unwritable folder, full disk) leaves
// nothing behind. rename within one directory is atomic on POSIX file systems (POSIX rename()).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

public enum AtomicFile {
    /// Writes `bytes` to `url` atomically. Throws `ExportError.io` with the system's reason.
    public static func write(_ bytes: [UInt8], to url: URL) throws {
        let path = url.path
        let dir = url.deletingLastPathComponent().path
        let tmp = (dir.isEmpty ? "." : dir) + "/.\(url.lastPathComponent).\(getpid()).tmp"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw ExportError.io(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var off = 0
            while off < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + off, raw.count - off)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno)); return
                }
                off += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(tmp, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(tmp)
            throw ExportError.io(path: path, reason: failure)
        }
    }
}
