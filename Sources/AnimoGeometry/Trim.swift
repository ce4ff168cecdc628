// SwiftUI's `Shape.trim(from:to:)` on paths.
//
// Semantics (docs/semantics.md §67; ADOC `shape/trim(from:to:)`): keep the part of the path between two
// fractions of its total length, measured along all subpaths in order. Choices made here:
// - both fractions are clamped to [0, 1]; `from >= to` (after clamping) gives an empty path, there is no
//   wrap-around across the start (SwiftUI draws nothing for `trim(from: 0.8, to: 0.2)`);
// - `trim(0, 1)` returns the path unchanged, so a closed contour stays closed and a fully trimmed circle
//   is stroked with a join, not caps, at its start (no seam);
// - any other range that happens to cover a whole closed contour (for example the first of two subpaths)
//   also keeps that contour closed (PathMeasure.segment);
// - a partial piece of a closed contour is open, starting at `from` and ending at `to`;
// - a path of total length 0 trims to empty (except `trim(0, 1)`, which returns it unchanged, so
//   zero-length dots still draw).
import Foundation

extension Path {
    /// The part of the path between fractions `from` and `to` of its total arc length (SwiftUI's
    /// `trim(from:to:)`; see Trim.swift for the exact rules). Curves stay curves.
    public func trimmed(from: Double, to: Double) -> Path {
        guard from.isFinite, to.isFinite else { return Path() }
        let a = min(max(from, 0), 1), b = min(max(to, 0), 1)
        guard a < b else { return Path() }
        if a == 0 && b == 1 { return self }
        let measure = PathMeasure(self)
        guard measure.length > 0 else { return Path() }
        return measure.segment(from: a * measure.length, to: b * measure.length)
    }
}
