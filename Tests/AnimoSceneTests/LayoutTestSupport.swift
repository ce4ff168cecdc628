// Small builders for layout trees in tests. Expected values in the tests are computed by hand from
// the rules they cite, never printed by the code under test.
import AnimoGeometry
import AnimoSpec
@testable import AnimoScene

/// A tree with a 300×600 screen and no safe-area insets unless given.
func makeTree(screen: Rect = Rect(x: 0, y: 0, width: 300, height: 600), safeArea: Rect? = nil, scale: Double = 2) -> LayoutTree {
    LayoutTree(screen: screen, safeArea: safeArea, scale: scale)
}

extension LayoutTree {
    /// `Color` (or a frameless shape): takes the proposal.
    func color() -> Int { addLeaf(.flexible) }
    /// A view of fixed size (a v1 absolute node).
    func fixed(_ w: Double, _ h: Double) -> Int { addLeaf(.fixed(Size(w, h))) }
    func hstack(_ children: [Int], spacing: Double? = nil, alignment: VerticalAlignment = .center) -> Int {
        add(.stack(StackLayout(axis: .horizontal, spacing: spacing, verticalAlignment: alignment)), children: children)
    }
    func vstack(_ children: [Int], spacing: Double? = nil, alignment: HorizontalAlignment = .center) -> Int {
        add(.stack(StackLayout(axis: .vertical, spacing: spacing, horizontalAlignment: alignment)), children: children)
    }
    func zstack(_ children: [Int], alignment: Alignment = .center) -> Int {
        add(.zstack(ZStackLayout(alignment: alignment)), children: children)
    }
    func frame(_ child: Int, width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> Int {
        add(.frame(FrameLayout(width: width, height: height, alignment: alignment)), children: [child])
    }
    func flexFrame(_ child: Int, minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                   minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center) -> Int {
        add(.flexFrame(FlexFrameLayout(width: .init(min: minWidth, ideal: idealWidth, max: maxWidth),
                                       height: .init(min: minHeight, ideal: idealHeight, max: maxHeight), alignment: alignment)), children: [child])
    }
    func padding(_ child: Int, _ insets: EdgeInsets) -> Int { add(.padding(PaddingLayout(insets: insets)), children: [child]) }
    func spacer(_ minLength: Double? = nil) -> Int { addLeaf(.spacer(minLength: minLength)) }
    func fixedSize(_ child: Int) -> Int { add(.fixedSize(FixedSizeLayout()), children: [child]) }
}

/// Rectangles equal within 1e-9 points.
func same(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

/// A leaf of fixed size with text baselines, standing in for Text.
struct BaselineLeaf: LayoutLeaf {
    var size: Size
    var first: Double
    var last: Double
    func sizeThatFits(_ proposal: ProposedSize) -> Size { size }
    func firstTextBaseline(in size: Size) -> Double? { first }
    func lastTextBaseline(in size: Size) -> Double? { last }
}
