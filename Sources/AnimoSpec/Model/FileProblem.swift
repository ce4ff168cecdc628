// Why a file could not be read or written, in a few words ("no such file", "is a folder",
// "permission denied"), instead of Foundation's error dump (`Error Domain=NSCocoaErrorDomain
// Code=260 "(null)" UserInfo={…}`). Used wherever a path given by the user is opened: spec files,
// shader images, report folders, benchmark inputs.
import Foundation

public enum FileProblem {
    /// The reason `error` (from FileManager, Data(contentsOf:), write(to:) …) happened, without
    /// the path: `no such file or folder`, `is a folder`, `permission denied`, …
    public static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return posixReason(Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error {
            let u = underlying as NSError
            if u.domain == NSPOSIXErrorDomain { return posixReason(Int32(u.code)) }
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or folder"
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
            case NSFileWriteOutOfSpaceError: return "no space left on the device"
            case NSFileWriteVolumeReadOnlyError: return "the file system is read-only"
            case NSFileWriteFileExistsError: return "a file is already there"
            case NSFileReadCorruptFileError, NSPropertyListReadCorruptError: return "not valid JSON"
            case NSFileReadInapplicableStringEncodingError: return "not UTF-8 text"
            case NSFileReadTooLargeError: return "too large to read"
            default: break
            }
        }
        if ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain {
            return ns.code == NSFileReadUnknownError ? "cannot be read" : ns.code == NSFileWriteUnknownError ? "cannot be written" : "failed (error \(ns.code))"
        }
        return "\(error)"
    }

    /// The path `error` names (Foundation puts it in the error's user info), if any.
    public static func path(of error: any Error) -> String? {
        let ns = error as NSError
        if let p = ns.userInfo[NSFilePathErrorKey] as? String { return p }
        if let u = ns.userInfo[NSURLErrorKey] as? URL, u.isFileURL { return u.path }
        return nil
    }

    /// `PATH: reason` for a Foundation file error (the path from the error, else `path`), or nil
    /// when `error` is not a file error.
    public static func describe(_ error: any Error, path fallback: String? = nil) -> String? {
        let ns = error as NSError
        guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return nil }
        let shown = path(of: error) ?? fallback
        return shown.map { "\($0): \(reason(error))" } ?? reason(error)
    }

    /// Why `path` cannot be read as a file before trying (nil when it looks readable): missing,
    /// a folder, or not readable.
    public static func unreadable(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return "no such file"
        }
        if isFolder.boolValue { return "is a folder" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return nil
    }

    static func posixReason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or folder"
        case EISDIR: return "is a folder"
        case ENOTDIR: return "a part of the path is not a folder"
        case EACCES, EPERM: return "permission denied"
        case ENOSPC: return "no space left on the device"
        case EROFS: return "the file system is read-only"
        case EEXIST: return "a file is already there"
        case ENAMETOOLONG: return "the name is too long"
        case ELOOP: return "too many symbolic links"
        case EIO: return "input/output error"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
