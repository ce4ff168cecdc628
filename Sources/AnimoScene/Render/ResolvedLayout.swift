// Layout views and layout modifiers resolved once per spec (numbers bound to how they are
// evaluated), laid out per frame by SceneEvaluator+Layout.swift.
import AnimoSpec
import AnimoGeometry

/// A resolved layout view.
indirect enum RLayout: Sendable {
    case stack(axis: LayoutAxis, spacing: RNumber?, vertical: VerticalAlignment, horizontal: HorizontalAlignment, content: [RNode])
    case zstack(Alignment, [RNode])
    case spacer(RNumber?)
    case divider
    case color(Color)
    /// A computed colour: linear sRGB channels and opacity (RPaint.channels).
    case channels(RNumber, RNumber, RNumber, RNumber)
    case grid(Alignment, horizontalSpacing: RNumber?, verticalSpacing: RNumber?, content: [RNode])
    case gridRow(VerticalAlignment?, [RNode])
    case lazyGrid(axis: LayoutAxis, items: [RGridItem], alignment: Alignment, spacing: RNumber?, content: [RNode])
    case scroll(horizontal: Bool, vertical: Bool, x: RNumber, y: RNumber, content: [RNode])
    case geometryReader(slots: [Int], content: [RNode])
}

struct RGridItem: Sendable {
    enum Size: Sendable {
        case fixed(RNumber)
        case flexible(RNumber, RNumber)
        case adaptive(RNumber, RNumber)
    }
    var size: Size
    var spacing: RNumber?
    var alignment: Alignment?
}

/// A resolved layout modifier.
enum RLayoutModifier: Sendable {
    case frame(width: RNumber?, height: RNumber?, Alignment)
    /// min, ideal, max width, then height.
    case flexFrame([RNumber?], Alignment)
    case padding(top: RNumber, leading: RNumber, bottom: RNumber, trailing: RNumber)
    case aspectRatio(RNumber?, AspectRatioLayout.ContentMode)
    case background([RNode], Alignment, fillsSafeArea: Bool)
    case overlay([RNode], Alignment)
    case ignoresSafeArea(EdgeSet)
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// Traits a container reads.
    case zIndex(RNumber)
    case layoutPriority(RNumber)
    case gridCellColumns(Int)
    case clipped
}
