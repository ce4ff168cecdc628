// AtomicFile: write a file through a temporary sibling and rename(2), so a reader never sees a
// partial file and a failure (unwritable folder, full disk) leaves nothing behind. rename within
// one directory is atomic on POSIX file systems (POSIX rename()). `write` takes the whole buffer;
// `Writer` takes it in pieces (the streaming GIF and APNG encoders), with the same guarantee.
//
// The temporary name is `.NAME.PID.tmp` beside the target. A process killed mid-write (SIGKILL
// runs no cleanup) leaves it behind; OutputFolder removes such files from an output folder once
// their process is gone.
//
// ScratchFile: a file with no name at all, for data that must go to disk but never into the
// output (a GIF's frames kept for its second pass): created and unlinked at once, so it vanishes
// when closed or when the process dies, whatever the reason.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Something encoded bytes are written to: memory, a file being written, a scratch file.
protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension ByteSink {
    func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }
}

/// Bytes collected in memory.
final class MemorySink: ByteSink {
    var bytes: [UInt8] = []
    func write(_ b: UnsafeRawBufferPointer) { bytes.append(contentsOf: b) }
}

/// The system's message for `errno` (or a given code).
func systemReason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

/// Writes all of `bytes` to `fd`, at `offset` if given (pwrite) or at the file position.
private func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, offset: Int? = nil) -> Int32? {
    var done = 0
    while done < bytes.count {
        let n = offset.map { pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t($0 + done)) }
            ?? Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        done += n
    }
    return nil
}

public enum AtomicFile {
    /// Writes `bytes` to `url` atomically. Throws `ExportError.io` with the system's reason.
    public static func write(_ bytes: [UInt8], to url: URL) throws {
        let w = try Writer(url: url)
        try w.write(bytes)
        try w.commit()
    }

    /// A file written in pieces under its temporary name and renamed into place by `commit()`.
    /// Until then the target is untouched; `discard()`, a thrown error or the writer's end without
    /// a commit removes the temporary file. Writes are buffered (`bufferSize`).
    public final class Writer: ByteSink {
        public let url: URL
        private let temporary: String
        private var fd: Int32
        private var buffer: [UInt8] = []
        /// Bytes written so far.
        public private(set) var count = 0
        /// Writes are gathered up to this many bytes (64 KiB) before a write(2).
        static let bufferSize = 1 << 16

        /// Creates the temporary file beside `url`. Throws `ExportError.io`.
        public init(url: URL) throws {
            self.url = url
            let dir = url.deletingLastPathComponent().path
            temporary = (dir.isEmpty ? "." : dir) + "/.\(url.lastPathComponent).\(getpid()).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw ExportError.io(path: url.path, reason: systemReason()) }
            buffer.reserveCapacity(Self.bufferSize)
        }

        deinit { discard() }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard fd >= 0 else { throw ExportError.io(path: url.path, reason: "already closed") }
            count += bytes.count
            if buffer.count + bytes.count <= Self.bufferSize {
                buffer.append(contentsOf: bytes)
                return
            }
            try flush()
            if bytes.count >= Self.bufferSize { try put(bytes) } else { buffer.append(contentsOf: bytes) }
        }

        /// Appends `bytes`.
        public func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }

        private func flush() throws {
            guard !buffer.isEmpty else { return }
            try buffer.withUnsafeBytes { try put($0) }
            buffer.removeAll(keepingCapacity: true)
        }

        private func put(_ bytes: UnsafeRawBufferPointer) throws {
            if let e = writeAll(fd, bytes) { throw ExportError.io(path: url.path, reason: systemReason(e)) }
        }

        /// Flushes, syncs and renames the file into place. Throws `ExportError.io` (and removes
        /// the temporary file) on failure.
        public func commit() throws {
            guard fd >= 0 else { throw ExportError.io(path: url.path, reason: "already closed") }
            var failure: Int32?
            if !buffer.isEmpty { failure = buffer.withUnsafeBytes { writeAll(fd, $0) } }
            buffer = []
            if failure == nil, fsync(fd) != 0 { failure = errno }
            if close(fd) != 0, failure == nil { failure = errno }
            fd = -1
            if failure == nil, rename(temporary, url.path) != 0 { failure = errno }
            if let failure {
                unlink(temporary)
                throw ExportError.io(path: url.path, reason: systemReason(failure))
            }
        }

        /// Closes and removes the temporary file (nothing happens after `commit`).
        public func discard() {
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
            unlink(temporary)
        }
    }
}

/// A file with no name (see the file header): appended to, read back at any offset from any thread.
final class ScratchFile: ByteSink, @unchecked Sendable {
    private let fd: Int32
    private let directory: String
    private let lock = NSLock()
    private var end = 0

    /// Creates the file in `directory` and unlinks it. Throws `ExportError.io`.
    init(in directory: URL) throws {
        self.directory = directory.path
        let path = directory.path + "/.animo-scratch.\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ExportError.io(path: directory.path, reason: "scratch file: " + systemReason()) }
        unlink(path)
    }

    deinit { close(fd) }

    /// Bytes in the file.
    var size: Int { lock.lock(); defer { lock.unlock() }; return end }

    /// Appends `bytes`; returns the offset they start at.
    @discardableResult
    func append(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        lock.lock(); defer { lock.unlock() }
        if let e = writeAll(fd, bytes, offset: end) {
            throw ExportError.io(path: directory, reason: "scratch file: " + systemReason(e))
        }
        defer { end += bytes.count }
        return end
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws { try append(bytes) }

    /// `count` bytes from `offset` (pread: safe from several threads at once).
    func read(at offset: Int, count: Int) throws -> [UInt8] {
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { b, n in
            n = 0
            while n < count {
                let r = pread(fd, b.baseAddress! + n, count - n, off_t(offset + n))
                if r < 0 { if errno == EINTR { continue }; failure = errno; return }
                if r == 0 { failure = EIO; return }
                n += r
            }
        }
        if let failure { throw ExportError.io(path: directory, reason: "scratch file: " + systemReason(failure)) }
        return bytes
    }
}
