// Laying out a Text for a proposed size (docs/semantics.md §121–124): the size it needs, its
// lines and baselines, and its glyphs as outlines.
//
// - Width: a nil (or infinite) proposal is the ideal size — lines break only at explicit line
//   breaks; otherwise lines wrap to the proposed width (LineBreaking.swift). The text is as wide
//   as its widest line (trailing spaces excluded), never wider than the proposal unless one
//   character alone is.
// - Lines: `lineLimit` (values below 1 count as 1, §122) and a finite proposed height limit the
//   number of lines (at least one shows); the last line shown is truncated with "…"
//   (Truncation.swift). `minimumScaleFactor` f < 1 first shrinks the font, down to f × size, to
//   the largest size at which nothing is truncated (found by bisection to 1/1000 of the size).
// - Height: n lines × line height + (n − 1) × `lineSpacing` (§124). Baseline k lies at
//   ascent + k × (line height + lineSpacing) from the top; the first and last baselines are
//   those of the first and last lines (§123).
// - `multilineTextAlignment` places each line within the text's width (leading, centre,
//   trailing; leading is the right edge when the layout direction is right-to-left).
// - An empty string is 0 × 0 with both baselines at 0.

import Foundation

/// `TextAlignment`.
public enum TextAlignment: String, CaseIterable, Sendable, Hashable {
    case leading, center, trailing
}

/// The paragraph options of a Text (its environment: lineLimit, lineSpacing, …).
public struct TextLayoutOptions: Sendable, Hashable {
    /// nil = no limit.
    public var lineLimit: Int?
    /// Points added between lines (≥ 0).
    public var lineSpacing: Double
    public var alignment: TextAlignment
    public var truncation: TruncationMode
    /// In (0, 1].
    public var minimumScaleFactor: Double
    /// `Text.kerning(_:)`: points added after every character (used when `tracking` is nil).
    public var kerning: Double
    /// `Text.tracking(_:)`: points added after every character; takes precedence over kerning.
    public var tracking: Double?
    public var rightToLeft: Bool

    public init(lineLimit: Int? = nil, lineSpacing: Double = 0, alignment: TextAlignment = .leading, truncation: TruncationMode = .tail,
                minimumScaleFactor: Double = 1, kerning: Double = 0, tracking: Double? = nil, rightToLeft: Bool = false) {
        self.lineLimit = lineLimit
        self.lineSpacing = lineSpacing
        self.alignment = alignment
        self.truncation = truncation
        self.minimumScaleFactor = minimumScaleFactor
        self.kerning = kerning
        self.tracking = tracking
        self.rightToLeft = rightToLeft
    }
}

/// One laid-out glyph: its face and index, and its baseline origin in the text's frame (points,
/// y down). `cluster` indexes the string's Characters; the ellipsis has cluster -1.
public struct LaidGlyph: @unchecked Sendable {
    public let font: Font
    public let index: UInt32
    public let origin: Point
    public let scale: Double
    public let cluster: Int
}

/// One line: the clusters it shows, its width, where it starts and its baseline.
public struct TextLine: Sendable {
    public var glyphs: [LaidGlyph]
    /// Width without trailing spaces.
    public var width: Double
    public var x: Double
    public var baseline: Double
    /// The first and last (exclusive) cluster indices of the text the line shows.
    public var clusters: Range<Int>
}

/// A laid-out Text.
public struct TextLayout: Sendable {
    public let lines: [TextLine]
    public let size: Size
    public let firstBaseline: Double
    public let lastBaseline: Double
    /// The font after `minimumScaleFactor` (its size may be smaller than asked).
    public let font: ResolvedFont
    public let isTruncated: Bool
    /// Slant of a synthetic oblique.
    public let oblique: Double
    /// The string's Characters, as clusters index them.
    public let characters: [Character]

    /// Lays out `string` for a proposal (`nil` or infinite = unspecified on that axis).
    public static func make(_ string: String, font: ResolvedFont, options: TextLayoutOptions = TextLayoutOptions(), width: Double?, height: Double?) -> TextLayout {
        make(Shaped(string, font: font, options: options), width: width, height: height)
    }

    /// A string shaped once for its font and options (glyphs, advances, kerning), which does not
    /// depend on the proposal: a layout container asks a text for several proposals, and only the
    /// line breaking changes between them.
    public struct Shaped: Sendable {
        let chars: [Character]
        let font: ResolvedFont
        let options: TextLayoutOptions
        let metrics: ClusterMetrics?

        public init(_ string: String, font: ResolvedFont, options: TextLayoutOptions = TextLayoutOptions()) {
            chars = Array(string)
            self.font = font
            self.options = options
            metrics = chars.isEmpty ? nil : ClusterMetrics(TextShaper.shape(chars, font: font, spacing: font.tracking + (options.tracking ?? options.kerning)))
        }
    }

    /// Lays out a shaped string for a proposal (`nil` or infinite = unspecified on that axis).
    public static func make(_ shaped: Shaped, width: Double?, height: Double?) -> TextLayout {
        let (chars, font, options) = (shaped.chars, shaped.font, shaped.options)
        let w = width.flatMap { $0.isFinite ? max(0, $0) : nil }
        let h = height.flatMap { $0.isFinite ? max(0, $0) : nil }
        var layout = Self.layout(chars, font: font, options: options, width: w, height: h, metrics: shaped.metrics)
        let f = min(max(options.minimumScaleFactor, 0), 1)
        if layout.isTruncated && f < 1 && f > 0 {
            let small = Self.layout(chars, font: font.sized(font.font.size * f), options: options, width: w, height: h)
            if small.isTruncated {
                layout = small
            } else {
                var lo = f, hi = 1.0
                var best = small
                while hi - lo > 0.001 {
                    let m = (lo + hi) / 2
                    let l = Self.layout(chars, font: font.sized(font.font.size * m), options: options, width: w, height: h)
                    if l.isTruncated { hi = m } else { lo = m; best = l }
                }
                layout = best
            }
        }
        return layout
    }

    static func layout(_ chars: [Character], font: ResolvedFont, options: TextLayoutOptions, width: Double?, height: Double?,
                       metrics shaped: ClusterMetrics? = nil) -> TextLayout {
        let spacing = font.tracking + (options.tracking ?? options.kerning)
        let oblique = font.oblique
        guard !chars.isEmpty else {
            return TextLayout(lines: [], size: Size(width: 0, height: 0), firstBaseline: 0, lastBaseline: 0, font: font, isTruncated: false, oblique: oblique, characters: chars)
        }
        let metrics = shaped ?? ClusterMetrics(TextShaper.shape(chars, font: font, spacing: spacing))
        var broken = metrics.lines(width: width)
        let lineHeight = font.lineHeight
        let step = lineHeight + max(0, options.lineSpacing)
        var maxLines = max(1, options.lineLimit ?? Int.max)
        if let h = height {
            // Converted only once clamped: Int(_:) traps on values beyond its range.
            let fit = ((h + max(0, options.lineSpacing)) / step + 1e-9).rounded(.down)
            maxLines = min(maxLines, max(1, fit.isFinite ? Int(min(fit, 1e9)) : 1))
        }
        var truncatedLast: TruncatedLine?
        var truncated = false
        if broken.count > maxLines {
            truncated = true
            let last = broken[maxLines - 1]
            let rest = last.range.lowerBound..<last.paragraph.upperBound
            let ellipsis = TextShaper.shape(["\u{2026}"], font: font, spacing: spacing)
            truncatedLast = metrics.truncate(rest, width: width, ellipsis: ellipsis[0].advance, mode: options.truncation)
            broken = Array(broken.prefix(maxLines))
        }
        var lines: [TextLine] = []
        for (k, b) in broken.enumerated() {
            let baseline = font.ascent + Double(k) * step
            var glyphs: [LaidGlyph] = []
            func place(_ r: Range<Int>, at x0: Double) {
                for i in r {
                    let x = x0 + metrics.offset(i, from: r.lowerBound)
                    for g in metrics.clusters[i].glyphs {
                        glyphs.append(LaidGlyph(font: g.font, index: g.index, origin: Point(x + g.x, baseline), scale: g.scale, cluster: i))
                    }
                }
            }
            if k == broken.count - 1, let t = truncatedLast {
                place(t.before, at: 0)
                let ex = metrics.width(t.before)
                let ellipsis = TextShaper.shape(["\u{2026}"], font: font, spacing: spacing)[0]
                for g in ellipsis.glyphs {
                    glyphs.append(LaidGlyph(font: g.font, index: g.index, origin: Point(ex + g.x, baseline), scale: g.scale, cluster: -1))
                }
                place(t.after, at: ex + ellipsis.advance)
                lines.append(TextLine(glyphs: glyphs, width: t.width, x: 0, baseline: baseline, clusters: b.range.lowerBound..<t.after.upperBound))
            } else {
                place(b.range.lowerBound..<metrics.visibleEnd(b.range), at: 0)
                lines.append(TextLine(glyphs: glyphs, width: metrics.width(b.range), x: 0, baseline: baseline, clusters: b.range))
            }
        }
        let textWidth = lines.map(\.width).max() ?? 0
        for k in lines.indices {
            let free = textWidth - lines[k].width
            var x: Double
            switch options.alignment {
            case .leading: x = 0
            case .center: x = free / 2
            case .trailing: x = free
            }
            if options.rightToLeft && options.alignment != .center { x = free - x }
            lines[k].x = x
            if x != 0 {
                lines[k].glyphs = lines[k].glyphs.map { LaidGlyph(font: $0.font, index: $0.index, origin: Point($0.origin.x + x, $0.origin.y), scale: $0.scale, cluster: $0.cluster) }
            }
        }
        let n = Double(lines.count)
        let height = n * lineHeight + (n - 1) * max(0, options.lineSpacing)
        return TextLayout(lines: lines, size: Size(width: textWidth, height: height), firstBaseline: lines.first?.baseline ?? 0,
                          lastBaseline: lines.last?.baseline ?? 0, font: font, isTruncated: truncated, oblique: oblique, characters: chars)
    }

    /// Every glyph, line by line.
    public var glyphs: [LaidGlyph] { lines.flatMap(\.glyphs) }

    /// The transform from a glyph's font units (y up) to the text's frame.
    public func transform(_ g: LaidGlyph, offset: Point = .zero) -> Transform {
        Transform(a: g.scale, b: 0, c: g.scale * oblique, d: -g.scale, tx: g.origin.x + offset.x, ty: g.origin.y + offset.y)
    }

    /// The outline of the whole text, its frame's top-left at `origin`.
    public func path(at origin: Point = .zero) -> Path {
        var out = Path()
        for g in glyphs {
            out.addPath(g.font.glyphOutline(g.index).path, transform: transform(g, offset: origin))
        }
        return out
    }

    /// The outline of one glyph, the frame's top-left at `origin`.
    public func path(of g: LaidGlyph, at origin: Point = .zero) -> Path {
        g.font.glyphOutline(g.index).path.transformed(by: transform(g, offset: origin))
    }
}
