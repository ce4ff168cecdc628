// OutputFolder: the folder a render writes into (`--out`), kept truthful.
//
// - Before the first frame, `prepare` makes sure the folder exists and can be written (creating it
//   and its parents), and removes the previous run's manifest.json: manifest.json is written last,
//   after every frame and export, so a folder without one holds an unfinished run.
// - After the last export, `removeStale` removes the files a previous run left that this run did
//   not write, but only regular files whose names this renderer writes (`isOwnedName`): frames
//   `frame-NNNN.png`, instants `t-S_MMM.png`, key poses, the default export names, manifest.json,
//   and the temporary files of interrupted writes (`.NAME.PID.tmp` and `.animo-scratch.PID.N.tmp`,
//   see AtomicFile) once their process is gone. Anything else stays (a user's notes.txt), and
//   files written to paths outside the folder are never looked at. A directory or symbolic link
//   that carries one of these names is neither removed nor followed; writing a file of that name
//   replaces a symbolic link (rename(2) replaces the link, never its target) and fails on a
//   directory.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

public enum OutputFolder {
    /// Why the output folder cannot be used: printed as `--out PATH: reason`.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "--out \(path): \(reason)" }
    }

    /// Creates `url` (and missing parents) if needed, checks that files can be created in it, and
    /// removes a previous run's manifest.json (a symbolic link of that name is removed, not followed).
    /// `shownAs` is the path as the user gave it, for the message. Throws `Problem`.
    public static func prepare(_ url: URL, shownAs: String? = nil) throws {
        let path = url.path
        let shown = shownAs ?? path
        func problem(_ reason: String) -> Problem { Problem(path: shown, reason: reason) }
        var st = stat()
        if stat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw problem("exists and is not a folder") }
        } else if errno == ENOENT || errno == ENOTDIR {
            try create(path, problem: problem)
        } else {
            throw problem(String(cString: strerror(errno)))
        }
        // A probe file proves that entries can be created (permissions, read-only file systems and
        // root's exemptions all included), and is removed at once.
        let probe = path + "/.animo-render.\(getpid()).probe"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw problem("the folder is not writable: \(String(cString: strerror(errno)))") }
        close(fd)
        unlink(probe)
        let manifest = path + "/manifest.json"
        if lstat(manifest, &st) == 0 {
            guard st.st_mode & S_IFMT != S_IFDIR else { throw problem("manifest.json in it is a folder") }
            guard unlink(manifest) == 0 else {
                throw problem("cannot remove the previous manifest.json: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// mkdir -p, naming the ancestor that is a file or the reason a folder cannot be made.
    private static func create(_ path: String, problem: (String) -> Problem) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + part
            var st = stat()
            if stat(prefix, &st) == 0 {
                guard st.st_mode & S_IFMT == S_IFDIR else { throw problem("\(prefix) is a file, not a folder") }
                continue
            }
            guard errno == ENOENT else { throw problem("cannot reach \(prefix): \(String(cString: strerror(errno)))") }
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw problem("cannot create the folder \(prefix): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Whether `name` is one this renderer writes into an output folder (see the file header).
    public static func isOwnedName(_ name: String) -> Bool {
        if fixedNames.contains(name) { return true }
        guard name.hasSuffix(".png") else { return isTemporaryName(name) }
        let stem = name.dropLast(4)
        func digits(_ s: Substring, atLeast n: Int) -> Bool { s.count >= n && s.allSatisfy { $0.isASCII && $0.isNumber } }
        if stem.hasPrefix("frame-") { return digits(stem.dropFirst(6), atLeast: 4) }
        for role in ["start-", "mid-", "rest-"] where stem.hasPrefix(role) { return digits(stem.dropFirst(role.count), atLeast: 1) }
        if stem.hasPrefix("t-") {
            let parts = stem.dropFirst(2).split(separator: "_", omittingEmptySubsequences: false)
            return parts.count == 2 && digits(parts[0], atLeast: 1) && parts[1].count == 3 && digits(parts[1], atLeast: 3)
        }
        return false
    }

    /// The names written whatever the spec: the manifest, the default export names, the first and
    /// last key poses.
    static let fixedNames: Set<String> = ["manifest.json", "animation.gif", "animation.png", "sheet.png", "filmstrip.png",
                                          "first.png", "last.png"]

    /// `.NAME.PID.tmp` for an owned NAME (AtomicFile's temporary name), or `.animo-scratch.PID.N.tmp`
    /// (a ScratchFile, unlinked as soon as it is made), whose process PID is gone: a write that was
    /// interrupted.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        var inner = name.dropFirst().dropLast(4)
        if inner.hasPrefix("animo-scratch."), let dot = inner.lastIndex(of: "."), inner[inner.index(after: dot)...].allSatisfy(\.isNumber) {
            inner = inner[..<dot]
            guard let pidDot = inner.lastIndex(of: "."), let pid = Int32(inner[inner.index(after: pidDot)...]), pid > 0,
                  inner[..<pidDot] == "animo-scratch" else { return false }
            return isGone(pid)
        }
        guard let dot = inner.lastIndex(of: "."), let pid = Int32(inner[inner.index(after: dot)...]), pid > 0 else { return false }
        let base = String(inner[..<dot])
        guard !base.hasPrefix("."), isOwnedName(base) else { return false }
        return isGone(pid)
    }

    /// No process `pid` runs (and it is not this one).
    private static func isGone(_ pid: Int32) -> Bool { pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH }

    /// Removes from `url` the regular files with owned names that are not in `keeping` (names
    /// inside the folder). Returns a warning for each file that could not be removed.
    @discardableResult
    public static func removeStale(in url: URL, keeping: Set<String>) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        var warnings: [String] = []
        for name in names.sorted() where !keeping.contains(name) && isOwnedName(name) {
            let path = url.appendingPathComponent(name).path
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) != 0 && errno != ENOENT {
                warnings.append("cannot remove \(path), left from an earlier run: \(String(cString: strerror(errno)))")
            }
        }
        return warnings
    }
}
