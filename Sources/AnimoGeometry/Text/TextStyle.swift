// SwiftUI's text styles and Dynamic Type sizes on iOS (docs/semantics.md §128–130): the point size
// of every style at every size category (the HIG's "Dynamic Type sizes" tables, accessibility
// sizes included), its weight (Headline is semibold, the rest regular), and the HIG's leading
// column, kept for reference: text is laid out with the font's own line height (§124, §127).

/// `DynamicTypeSize`, smallest first; `.large` is the default.
public enum DynamicTypeSize: String, CaseIterable, Sendable, Hashable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// 0 for xSmall … 11 for accessibility5 (the value expressions read).
    public var index: Int { Self.allCases.firstIndex(of: self)! }
    public var isAccessibilitySize: Bool { index >= 7 }
}

/// `Font.TextStyle`.
public enum TextStyle: String, CaseIterable, Sendable, Hashable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    /// §128–129: point size / leading per size category, columns in `allCases` order.
    static let table: [DynamicTypeSize: [(size: Double, leading: Double)]] = [
        .xSmall: [(31, 38), (25, 31), (19, 24), (17, 22), (14, 19), (14, 19), (13, 18), (12, 16), (12, 16), (11, 13), (11, 13)],
        .small: [(32, 39), (26, 32), (20, 25), (18, 23), (15, 20), (15, 20), (14, 19), (13, 18), (12, 16), (11, 13), (11, 13)],
        .medium: [(33, 40), (27, 33), (21, 26), (19, 24), (16, 21), (16, 21), (15, 20), (14, 19), (12, 16), (11, 13), (11, 13)],
        .large: [(34, 41), (28, 34), (22, 28), (20, 25), (17, 22), (17, 22), (16, 21), (15, 20), (13, 18), (12, 16), (11, 13)],
        .xLarge: [(36, 43), (30, 37), (24, 30), (22, 28), (19, 24), (19, 24), (18, 23), (17, 22), (15, 20), (14, 19), (13, 18)],
        .xxLarge: [(38, 46), (32, 39), (26, 32), (24, 30), (21, 26), (21, 26), (20, 25), (19, 24), (17, 22), (16, 21), (15, 20)],
        .xxxLarge: [(40, 48), (34, 41), (28, 34), (26, 32), (23, 29), (23, 29), (22, 28), (21, 28), (19, 24), (18, 23), (17, 22)],
        .accessibility1: [(44, 52), (38, 46), (34, 41), (31, 38), (28, 34), (28, 34), (26, 32), (25, 31), (23, 29), (22, 28), (20, 25)],
        .accessibility2: [(48, 57), (43, 51), (39, 47), (37, 44), (33, 40), (33, 40), (32, 39), (30, 37), (27, 33), (26, 32), (24, 30)],
        .accessibility3: [(52, 61), (48, 57), (44, 52), (43, 51), (40, 48), (40, 48), (38, 46), (36, 43), (33, 40), (32, 39), (29, 35)],
        .accessibility4: [(56, 66), (53, 62), (50, 59), (49, 58), (47, 56), (47, 56), (44, 52), (42, 50), (38, 46), (37, 44), (34, 41)],
        .accessibility5: [(60, 70), (58, 68), (56, 66), (55, 65), (53, 62), (53, 62), (51, 60), (49, 58), (44, 52), (43, 51), (40, 48)],
    ]

    var column: Int { Self.allCases.firstIndex(of: self)! }

    /// The style's point size at a size category.
    public func pointSize(_ category: DynamicTypeSize = .large) -> Double { Self.table[category]![column].size }

    /// The HIG's leading (baseline to baseline) for the style at a size category.
    public func higLeading(_ category: DynamicTypeSize = .large) -> Double { Self.table[category]![column].leading }

    /// §130: every style is regular except headline (semibold).
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// §130: the emphasised weight (`Text.bold()` on the style): bold for the three largest
    /// styles, semibold for the others.
    public var emphasizedWeight: FontWeight {
        switch self {
        case .largeTitle, .title, .title2: return .bold
        default: return .semibold
        }
    }
}
