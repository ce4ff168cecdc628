// The system font's size-dependent tracking, applied to the stand-ins (StandInFonts.swift).
//
// SF Pro: the HIG's table (docs/semantics.md §131), thousandths of an em by point size; sizes
// between entries are interpolated linearly (Apple: the system font adjusts its tracking
// continuously at every size), below 6 pt the 6 pt value holds, from 80 pt it is 0.
// SF Pro Rounded and New York: §132 publishes two points of each table (17 pt and 34 pt); between
// them the value is interpolated, outside them the nearer one holds — a choice, since the rest of
// those tables is not recorded here. SF Mono: none (a monospaced face keeps its cell width).
// The tracking is added after every character, so a line's width includes it (§126 measures
// widths "tracking included").

public enum SystemTracking {
    /// §131: (point size, tracking in 1/1000 em). Runs of equal values (28–30, 31–32, …) list
    /// both ends so interpolation stays flat across them.
    static let sfPro: [(Double, Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16),
        (16, -20), (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3),
        (25, 6), (26, 8), (27, 11), (28, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12), (35, 11),
        (36, 10), (40, 10), (41, 9), (43, 9), (44, 8), (48, 8), (49, 7), (51, 7), (52, 6), (56, 6),
        (58, 5), (60, 4), (64, 4), (66, 3), (68, 2), (72, 2), (76, 1), (80, 0),
    ]
    /// §132, SF Pro Rounded: 17 pt +22, 34 pt +12.
    static let sfRounded: [(Double, Double)] = [(17, 22), (34, 12)]
    /// §132, New York: 17 pt −4, 34 pt −14.
    static let newYork: [(Double, Double)] = [(17, -4), (34, -14)]

    /// Tracking in thousandths of an em for a design at a point size.
    public static func thousandths(design: FontDesign, size: Double) -> Double {
        switch design {
        case .default: return interpolate(sfPro, size)
        case .rounded: return interpolate(sfRounded, size)
        case .serif: return interpolate(newYork, size)
        case .monospaced: return 0
        }
    }

    /// Tracking in points.
    public static func points(design: FontDesign, size: Double) -> Double {
        thousandths(design: design, size: size) * size / 1000
    }

    static func interpolate(_ table: [(Double, Double)], _ x: Double) -> Double {
        guard x.isFinite, let first = table.first, let last = table.last else { return 0 }
        if x <= first.0 { return first.1 }
        if x >= last.0 { return last.1 }
        for i in 1..<table.count where x <= table[i].0 {
            let (x0, y0) = table[i - 1], (x1, y1) = table[i]
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
        }
        return last.1
    }
}
