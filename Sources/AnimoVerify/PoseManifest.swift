// poses.json: the times of a golden case's key poses, recorded beside their PNGs. A key pose is
// found by progress (`mid:N` is when event N's transition is halfway), so its picture does not
// change when the whole transition moves in time; its time does. Recording stores the times;
// checking compares the key poses found now with them, so that a transition that starts, or
// settles, later than reviewed fails even when every picture matches.
//
//   {
//     "fps": 30,
//     "poses": [
//       {"role": "first", "file": "first.png", "time": 0},
//       {"role": "start:0", "file": "start-0.png", "time": 0.1},
//       {"role": "mid:0", "file": "mid-0.png", "time": 0.283333},
//       …
//     ],
//     "progress": {"events[0]": [0, 0, 0, 0.0132, …]}
//   }
//
// `fps` is the spec's frame rate when recorded (the default tolerance is half a frame at it).
// `progress` (optional) samples each animated event's transition progress at i / fps, for the
// report's plot; it is not compared.
import Foundation
import AnimoScene

public struct PoseManifest: Sendable, Equatable {
    public struct Pose: Sendable, Equatable {
        /// `first`, `start:N`, `mid:N`, `rest:N` or `last`.
        public var role: String
        /// The golden PNG of the pose, e.g. `mid-0.png`.
        public var file: String
        /// Seconds.
        public var time: Double

        public init(role: String, file: String, time: Double) {
            self.role = role; self.file = file; self.time = time
        }
    }

    public static let fileName = "poses.json"

    public var fps: Double
    public var poses: [Pose]
    /// `events[N]` → progress at i / fps, i = 0 … ⌊duration·fps⌋.
    public var progress: [String: [Double]]

    public init(fps: Double, poses: [Pose], progress: [String: [Double]] = [:]) {
        self.fps = fps; self.poses = poses; self.progress = progress
    }

    /// The golden file name of a key pose role (`mid:0` → `mid-0`).
    public static func goldenName(role: String) -> String { role.replacingOccurrences(of: ":", with: "-") }

    /// The manifest of a scene's key poses now, with the progress of each animated event.
    public init(scene: ResolvedScene) {
        let fps = scene.spec.fps
        poses = scene.keyPoses().map { Pose(role: $0.role, file: Self.goldenName(role: $0.role) + ".png", time: $0.time) }
        self.fps = fps
        var progress: [String: [Double]] = [:]
        let times = scene.frameTimes(fps: fps)
        for n in scene.spec.events.indices {
            guard let values = scene.transitionProgress(event: n, at: times) else { continue }
            progress["events[\(n)]"] = values.map { ($0 * 10_000).rounded() / 10_000 }
        }
        self.progress = progress
    }

    /// Errors reading poses.json.
    public struct FileError: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The manifest in `folder`, or nil when it has none.
    /// - Throws: `FileError` when the file is not a valid manifest (unknown keys included).
    public static func load(folder: URL) throws -> PoseManifest? {
        let url = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        func bad(_ reason: String) -> FileError { FileError(path: url.path, reason: reason) }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) } catch {
            throw bad("not valid JSON (\(error.localizedDescription))")
        }
        guard let top = object as? [String: Any] else { throw bad("expected a JSON object with \"fps\" and \"poses\"") }
        if let k = top.keys.sorted().first(where: { !["fps", "poses", "progress"].contains($0) }) {
            throw bad("unknown key \"\(k)\" (known: fps, poses, progress)")
        }
        guard let fps = (top["fps"] as? NSNumber)?.doubleValue, fps.isFinite, fps > 0 else { throw bad("\"fps\" must be a number > 0") }
        guard let list = top["poses"] as? [[String: Any]] else { throw bad("\"poses\" must be an array of {\"role\", \"file\", \"time\"}") }
        var poses: [Pose] = []
        for (i, p) in list.enumerated() {
            guard let role = p["role"] as? String, let file = p["file"] as? String,
                  let time = (p["time"] as? NSNumber)?.doubleValue, time.isFinite, time >= 0, p.count == 3 else {
                throw bad("poses[\(i)] must be {\"role\": string, \"file\": string, \"time\": seconds ≥ 0} and nothing else")
            }
            poses.append(Pose(role: role, file: file, time: time))
        }
        var progress: [String: [Double]] = [:]
        if let pr = top["progress"] {
            guard let d = pr as? [String: Any] else { throw bad("\"progress\" must be an object of number arrays") }
            for (k, v) in d {
                guard let a = v as? [NSNumber] else { throw bad("progress.\(k) must be an array of numbers") }
                progress[k] = a.map(\.doubleValue)
            }
        }
        return PoseManifest(fps: fps, poses: poses, progress: progress)
    }

    /// The file's text: one pose per line and one line per progress curve, so that a review shows
    /// a moved pose as one changed line.
    public var text: String {
        var s = "{\n  \"fps\": \(Self.number(fps)),\n  \"poses\": [\n"
        s += poses.map { "    {\"role\": \"\($0.role)\", \"file\": \"\($0.file)\", \"time\": \(Self.number($0.time))}" }.joined(separator: ",\n")
        s += "\n  ]"
        if !progress.isEmpty {
            s += ",\n  \"progress\": {\n"
            s += progress.keys.sorted { a, b in a.count != b.count ? a.count < b.count : a < b }.map { k in
                "    \"\(k)\": [" + progress[k]!.map(Self.number).joined(separator: ", ") + "]"
            }.joined(separator: ",\n")
            s += "\n  }"
        }
        return s + "\n}\n"
    }

    /// Writes `poses.json` into `folder`.
    public func write(to folder: URL) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// A number with at most 6 decimals (microseconds), without trailing zeros.
    static func number(_ v: Double) -> String {
        var s = String(format: "%.6f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}

/// One key pose's time, recorded against now.
public struct PoseCheck: Sendable, Equatable {
    public enum Status: String, Sendable, Codable {
        /// Within the tolerance.
        case kept
        /// Moved by more than the tolerance.
        case moved
        /// Recorded, but the spec no longer has this key pose.
        case missing
        /// The spec has a key pose the manifest does not.
        case new
    }

    public var role: String
    public var file: String
    /// The recorded time (nil for a new pose).
    public var old: Double?
    /// The time now (nil for a missing pose).
    public var new: Double?
    public var status: Status

    public var failed: Bool { status != .kept }

    /// The event a pose belongs to (`mid:2` → 2), nil for `first` and `last`.
    public var event: Int? { role.split(separator: ":").last.flatMap { Int($0) } }

    /// e.g. `mid-0 is 40 ms late (0.180 s → 0.220 s)`.
    public var message: String {
        let name = PoseManifest.goldenName(role: role)
        switch status {
        case .kept:
            return "\(name) at \(Self.seconds(new ?? 0))"
        case .moved:
            let d = (new ?? 0) - (old ?? 0)
            return "\(name) is \(Self.duration(d)) \(d > 0 ? "late" : "early") (\(Self.seconds(old ?? 0)) → \(Self.seconds(new ?? 0)))"
        case .missing:
            return "\(name) no longer exists (recorded at \(Self.seconds(old ?? 0))): its event is gone, its transition never settles, or it now falls after the end of the spec"
        case .new:
            return "\(name) is new at \(Self.seconds(new ?? 0)) (not in \(PoseManifest.fileName)): record it"
        }
    }

    static func seconds(_ t: Double) -> String { String(format: "%.3f s", t) }

    /// "40 ms"; "0.4 ms" under 10 ms.
    static func duration(_ d: Double) -> String {
        let ms = abs(d) * 1000
        return ms < 10 ? String(format: "%.1f ms", ms) : "\(TimingDrift.wholeFrames(ms)) ms"
    }

    /// Compares the recorded poses with those found now: matched by role, in the order found now,
    /// then the recorded ones that are gone. A pose is kept while it moved by at most `tolerance` s.
    public static func compare(recorded: [PoseManifest.Pose], now: [PoseManifest.Pose], tolerance: Double) -> [PoseCheck] {
        var out: [PoseCheck] = []
        let old = Dictionary(recorded.map { ($0.role, $0) }, uniquingKeysWith: { a, _ in a })
        for p in now {
            if let o = old[p.role] {
                out.append(PoseCheck(role: p.role, file: p.file, old: o.time, new: p.time,
                                     status: abs(p.time - o.time) <= tolerance + 1e-9 ? .kept : .moved))
            } else {
                out.append(PoseCheck(role: p.role, file: p.file, old: nil, new: p.time, status: .new))
            }
        }
        let nowRoles = Set(now.map(\.role))
        for o in recorded where !nowRoles.contains(o.role) {
            out.append(PoseCheck(role: o.role, file: o.file, old: o.time, new: nil, status: .missing))
        }
        return out
    }
}
