// The timing verdict a person reads: one sentence when a simple model (TimingModel) explains how
// the times moved, per-segment detail only when none does. Built from a golden case's key poses
// (recorded times → times now) or from two frame folders (TimingDrift's progress matches).
import Foundation

public struct TimingAnalysis: Sendable, Equatable {
    public enum Source: String, Sendable, Codable {
        /// A golden case's poses.json against the key poses found now.
        case keyPoses
        /// Two folders of frames, matched by the animation's progress.
        case frames
    }

    public var source: Source
    /// The model that explains the change; nil when none does.
    public var model: TimingModel?
    /// One sentence: the model's, or a summary of the detail.
    public var sentence: String
    /// Per-segment (or per-event) lines, only when no model explains the change.
    public var detail: [String]
    /// The pairs the model was fitted to.
    public var points: [TimingPoint]
    /// The tolerance the residuals were held to (seconds for key poses, progress for frames).
    public var tolerance: Double

    /// True when something moved (a model other than `unchanged`, or none fits).
    public var moved: Bool { model?.kind != .unchanged }

    /// The timing of a golden case's key poses: recorded → now, each event's poses scaled about its
    /// recorded start. `first` and `last` (0 and the duration) are not part of the fit. `subjects`
    /// names event N's transition ("the spring"); nil when no event pose has both times.
    public static func keyPoses(_ checks: [PoseCheck], tolerance: Double, subjects: [Int: String] = [:]) -> TimingAnalysis? {
        var starts: [Int: Double] = [:]
        for c in checks where c.role.hasPrefix("start:") { if let e = c.event, let o = c.old { starts[e] = o } }
        var points: [TimingPoint] = []
        var spans: [Int: Double] = [:]
        for c in checks {
            guard let e = c.event, let o = c.old, let n = c.new else { continue }
            let origin = starts[e] ?? o
            points.append(TimingPoint(label: PoseManifest.goldenName(role: c.role), old: o, new: n, origin: origin))
            spans[e] = max(spans[e] ?? 0, o - origin)
        }
        guard !points.isEmpty else { return nil }
        let events = Set(spans.keys)
        let names = Set(events.compactMap { subjects[$0] })
        let subject: String
        if names.count == 1, let one = names.first, events.allSatisfy({ subjects[$0] != nil }) {
            subject = events.count == 1 ? one : one + "s"
        } else {
            subject = events.count == 1 ? "the transition" : "the transitions"
        }
        let span = spans.values.max() ?? 0
        if let m = TimingModel.fit(points, tolerance: tolerance) {
            return TimingAnalysis(source: .keyPoses, model: m, sentence: m.sentence(subject: subject, span: span),
                                  detail: [], points: points, tolerance: tolerance)
        }
        // No model for all: one per event, else that event's poses one by one.
        var detail: [String] = []
        for e in events.sorted() {
            let own = points.filter { p in checks.contains { $0.event == e && PoseManifest.goldenName(role: $0.role) == p.label } }
            if let m = TimingModel.fit(own, tolerance: tolerance) {
                if m.kind == .unchanged { continue }
                let text = m.kind == .shift
                    ? "runs \(TimingModel.ms(m.shift)) \(m.shift >= 0 ? "late" : "early")"
                    : m.sentence(subject: subjects[e] ?? "the transition", span: spans[e] ?? 0)
                detail.append("events[\(e)]: \(text)")
            } else {
                let moved = checks.filter { $0.event == e && $0.status == .moved }.map(\.message)
                detail.append("events[\(e)]: " + moved.joined(separator: "; "))
            }
        }
        let sentence = "no single shift or scale explains the key poses: " + detail.joined(separator: "; ")
        return TimingAnalysis(source: .keyPoses, model: nil, sentence: sentence, detail: detail, points: points, tolerance: tolerance)
    }
}
