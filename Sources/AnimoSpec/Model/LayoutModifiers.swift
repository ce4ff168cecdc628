// Layout modifiers of the spec (docs/spec.md, "Layout"): frames, padding, aspect ratio,
// backgrounds and overlays, fixed size, safe-area edges, and the traits a container reads.

/// `frame(width:height:alignment:)` or
/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`. A max may be
/// ∞ (written `"infinity"`).
public enum SpecFrameModifier: Sendable {
    case fixed(width: SpecNumber?, height: SpecNumber?, alignment: Alignment)
    case flexible(minWidth: SpecNumber?, idealWidth: SpecNumber?, maxWidth: SpecNumber?,
                  minHeight: SpecNumber?, idealHeight: SpecNumber?, maxHeight: SpecNumber?, alignment: Alignment)
}

/// `padding(_:_:)` as four insets (0 on edges not padded).
public struct SpecPadding: Sendable {
    public var top: SpecNumber
    public var leading: SpecNumber
    public var bottom: SpecNumber
    public var trailing: SpecNumber

    public init(top: SpecNumber, leading: SpecNumber, bottom: SpecNumber, trailing: SpecNumber) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// The edges a modifier applies to (SwiftUI's `Edge.Set`).
public struct SpecEdges: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let top = SpecEdges(rawValue: 1)
    public static let leading = SpecEdges(rawValue: 2)
    public static let bottom = SpecEdges(rawValue: 4)
    public static let trailing = SpecEdges(rawValue: 8)
    public static let horizontal: SpecEdges = [.leading, .trailing]
    public static let vertical: SpecEdges = [.top, .bottom]
    public static let all: SpecEdges = [.top, .leading, .bottom, .trailing]

    /// `top`, `leading`, `bottom`, `trailing`, `horizontal`, `vertical`, `all`.
    public static let named: [String: SpecEdges] = [
        "top": .top, "leading": .leading, "bottom": .bottom, "trailing": .trailing,
        "horizontal": .horizontal, "vertical": .vertical, "all": .all,
    ]
}

/// `background(alignment:content:)` / `overlay(alignment:content:)`: several views form an
/// implicit ZStack. `fillsSafeArea`: a colour background (`background(.red)`) ignores the safe
/// area on every edge, as SwiftUI's ShapeStyle background does (docs/semantics.md §116).
public struct SpecSecondary: Sendable {
    public var content: [SpecNode]
    public var alignment: Alignment
    public var fillsSafeArea: Bool

    public init(content: [SpecNode], alignment: Alignment = .center, fillsSafeArea: Bool = false) {
        self.content = content
        self.alignment = alignment
        self.fillsSafeArea = fillsSafeArea
    }
}

/// `aspectRatio(_:contentMode:)`.
public enum SpecContentMode: String, Sendable, CaseIterable {
    case fit, fill
}
