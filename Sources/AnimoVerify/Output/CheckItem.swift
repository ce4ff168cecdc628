// One checked thing as CI tools see it — a golden case, an expectation, a lint rule on a spec —
// with where it points in a file. JUnit XML (a test case each) and GitHub annotations (one per
// failure) are both written from a list of these.
import Foundation

public struct CheckItem: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case passed
        /// A one-line message and the detail lines.
        case failed(message: String, detail: [String])
        /// Not checked, or suppressed, with the reason.
        case skipped(String)
    }

    /// The group it belongs to (a JUnit test suite): the command and the spec or folder.
    public var suite: String
    /// Its name inside the suite (a JUnit test case).
    public var name: String
    /// The file it points at, relative to the current folder when inside it.
    public var file: String?
    /// 1-based; nil when unknown.
    public var line: Int?
    public var column: Int?
    public var outcome: Outcome
    /// Seconds spent, when measured.
    public var seconds: Double?

    public init(suite: String, name: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
                outcome: Outcome, seconds: Double? = nil) {
        self.suite = suite; self.name = name; self.file = file; self.line = line; self.column = column
        self.outcome = outcome; self.seconds = seconds
    }

    public var failed: Bool { if case .failed = outcome { return true }; return false }

    /// `path` relative to the current folder when it lies inside it (annotations need paths
    /// relative to the checkout), else as given.
    public static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = URL(fileURLWithPath: cwd).standardizedFileURL.path
        if standard.hasPrefix(base + "/") { return String(standard.dropFirst(base.count + 1)) }
        return path
    }
}
