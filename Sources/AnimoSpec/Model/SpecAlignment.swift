// SwiftUI's alignment guides by name (docs/spec.md, "Layout"): what stacks, frames, overlays and
// grids line their children up on. Shared by the spec model and the layout engine (AnimoScene).

/// SwiftUI's `HorizontalAlignment`: a vertical line through a view.
public enum HorizontalAlignment: String, Sendable, CaseIterable {
    case leading, center, trailing
}

/// SwiftUI's `VerticalAlignment`: a horizontal line through a view. The text baselines default to
/// the bottom edge for a view without text (docs/semantics.md §123).
public enum VerticalAlignment: String, Sendable, CaseIterable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline
}

/// SwiftUI's `Alignment`: a horizontal and a vertical guide.
public struct Alignment: Sendable, Equatable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)

    /// SwiftUI's named alignments: `center`, `leading`, `trailing`, `top`, `bottom`,
    /// `topLeading`, `topTrailing`, `bottomLeading`, `bottomTrailing`, and the baseline ones
    /// `leadingFirstTextBaseline`, `centerFirstTextBaseline`, `trailingFirstTextBaseline`,
    /// `leadingLastTextBaseline`, `centerLastTextBaseline`, `trailingLastTextBaseline`.
    public static let named: [String: Alignment] = {
        var d: [String: Alignment] = [
            "center": .center,
            "leading": Alignment(horizontal: .leading, vertical: .center),
            "trailing": Alignment(horizontal: .trailing, vertical: .center),
            "top": Alignment(horizontal: .center, vertical: .top),
            "bottom": Alignment(horizontal: .center, vertical: .bottom),
            "topLeading": .topLeading,
            "topTrailing": Alignment(horizontal: .trailing, vertical: .top),
            "bottomLeading": Alignment(horizontal: .leading, vertical: .bottom),
            "bottomTrailing": Alignment(horizontal: .trailing, vertical: .bottom),
        ]
        for h in HorizontalAlignment.allCases {
            d[h.rawValue + "FirstTextBaseline"] = Alignment(horizontal: h, vertical: .firstTextBaseline)
            d[h.rawValue + "LastTextBaseline"] = Alignment(horizontal: h, vertical: .lastTextBaseline)
        }
        return d
    }()

    /// Every name in `named`, sorted (for messages and the schema).
    public static let names: [String] = named.keys.sorted()
}
