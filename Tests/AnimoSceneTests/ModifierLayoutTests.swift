// Layout modifiers, ZStack and the root against hand-computed SwiftUI results
// (docs/semantics.md §101, §106–120).
import Testing
import AnimoGeometry
import AnimoSpec
@testable import AnimoScene

@Suite struct ModifierLayoutTests {
    /// §107: a fixed frame is its given size whatever the child says; the child is aligned in it.
    /// A 40×40 view in frame(width: 100, height: 60, alignment: .bottomTrailing) at (0, 0): the
    /// child sits at (60, 20).
    @Test func fixedFrameAlignsItsChild() {
        let t = makeTree()
        let c = t.fixed(40, 40)
        let f = t.frame(c, width: 100, height: 60, alignment: Alignment.named["bottomTrailing"]!)
        t.placeRoot(f, in: rect(0, 0, 100, 60))
        #expect(same(t.frame(of: f), rect(0, 0, 100, 60)))
        #expect(same(t.frame(of: c), rect(60, 20, 40, 40)))
        // A larger child overflows equally on both sides when centred.
        let u = makeTree()
        let big = u.fixed(80, 80)
        let g = u.frame(big, width: 40, height: 40)
        u.placeRoot(g, in: rect(0, 0, 40, 40))
        #expect(same(u.frame(of: big), rect(-20, -20, 80, 80)))
    }

    /// §107: a nil axis of a fixed frame passes the proposal through: Color.frame(width: 120)
    /// offered 300×200 is 120×200.
    @Test func fixedFrameNilAxisPassesProposal() {
        let t = makeTree()
        let f = t.frame(t.color(), width: 120)
        #expect(t.sizeThatFits(f, ProposedSize(width: 300, height: 200)) == Size(120, 200))
    }

    /// §108–109: frame(maxWidth: .infinity, alignment: .leading) around a 40-wide view fills the
    /// width offered (300) and puts the view at the leading edge; offered nil (fixedSize) it shrinks
    /// to the child's 40.
    @Test func flexibleFrameWithInfinityFillsTheProposal() {
        let t = makeTree()
        let c = t.fixed(40, 20)
        let f = t.flexFrame(c, maxWidth: .infinity, alignment: Alignment.named["leading"]!)
        t.placeRoot(f, in: rect(0, 0, 300, 20))
        #expect(same(t.frame(of: f), rect(0, 0, 300, 20)))
        #expect(same(t.frame(of: c), rect(0, 0, 40, 20)))
        #expect(t.sizeThatFits(f, .unspecified) == Size(40, 20))
        // minWidth 100 and maxWidth 200 clamp the proposal whatever the child says.
        let g = t.flexFrame(t.fixed(40, 20), minWidth: 100, maxWidth: 200)
        #expect(t.sizeThatFits(g, ProposedSize(width: 50, height: 20)) == Size(100, 20))
        #expect(t.sizeThatFits(g, ProposedSize(width: 500, height: 20)) == Size(200, 20))
        #expect(t.sizeThatFits(g, ProposedSize(width: 150, height: 20)) == Size(150, 20))
        // idealWidth answers a nil proposal.
        let i = t.flexFrame(t.color(), idealWidth: 70)
        #expect(t.sizeThatFits(i, ProposedSize(width: nil, height: 5)) == Size(70, 5))
    }

    /// §109: contradictory bounds are normalised: min = max(min, 0), ideal ≥ min, max ≥ ideal.
    @Test func flexibleFrameNormalisesItsBounds() {
        let b = FlexFrameLayout.Bounds(min: 50, ideal: 30, max: 20)
        #expect(b.min == 50)
        #expect(b.ideal == 50)
        #expect(b.max == 50)
        #expect(FlexFrameLayout.Bounds(min: -5).min == 0)
    }

    /// §111: padding subtracts the insets from the proposal and adds them to the child's size; the
    /// child sits at (leading, top). Color padded 10/20/30/40 (top, leading, bottom, trailing)
    /// offered 300×200: colour 240×160 at (20, 10).
    @Test func paddingInsetsTheProposal() {
        let t = makeTree()
        let c = t.color()
        let p = t.padding(c, EdgeInsets(top: 10, leading: 20, bottom: 30, trailing: 40))
        t.placeRoot(p, in: rect(0, 0, 300, 200))
        #expect(same(t.frame(of: p), rect(0, 0, 300, 200)))
        #expect(same(t.frame(of: c), rect(20, 10, 240, 160)))
        // Never a negative proposal: offered 30 wide, the colour gets 0.
        #expect(t.sizeThatFits(c, ProposedSize(width: 0, height: 0)) == Size(0, 0))
        #expect(t.sizeThatFits(p, ProposedSize(width: 30, height: 30)) == Size(60, 40))
        #expect(PaddingLayout.defaultLength == 16)
    }

    /// §116: an overlay is offered the primary's size and aligned to it; the view keeps the
    /// primary's layout. A 20×20 overlay at .topTrailing of a 100×50 view: (80, 0) inside it.
    @Test func overlayAlignsToThePrimary() {
        let t = makeTree()
        let primary = t.fixed(100, 50)
        let badge = t.frame(t.color(), width: 20, height: 20)
        let o = t.add(.overlay(OverlayLayout(alignment: Alignment.named["topTrailing"]!)), children: [primary, badge])
        t.placeRoot(o, in: rect(0, 0, 300, 100))
        // Root centring: (100, 25).
        #expect(same(t.frame(of: o), rect(100, 25, 100, 50)))
        #expect(same(t.frame(of: primary), rect(100, 25, 100, 50)))
        #expect(same(t.frame(of: badge), rect(180, 25, 20, 20)))
        // A background Colour fills the primary.
        let u = makeTree()
        let text = u.fixed(60, 20)
        let bg = u.color()
        let b = u.add(.overlay(OverlayLayout()), children: [text, bg])
        u.placeRoot(b, in: rect(0, 0, 60, 20))
        #expect(same(u.frame(of: bg), rect(0, 0, 60, 20)))
    }

    /// §101: a ZStack is sized by its highest-priority children; the others are offered that size.
    /// ZStack { Color.layoutPriority(-1); 50×30 } offered 300×300 is 50×30, the colour fills it.
    @Test func zstackSizesByItsHighestPriorityChildren() {
        let t = makeTree()
        let c = t.color()
        t.setPriority(c, -1)
        let f = t.fixed(50, 30)
        let z = t.zstack([c, f])
        t.placeRoot(z, in: rect(0, 0, 300, 300))
        #expect(same(t.frame(of: z), rect(125, 135, 50, 30)))
        #expect(same(t.frame(of: c), rect(125, 135, 50, 30)))
        // topLeading alignment: a 20×20 and a 60×40 child share the top-left corner.
        let u = makeTree()
        let a = u.fixed(20, 20), b = u.fixed(60, 40)
        let z2 = u.zstack([a, b], alignment: .topLeading)
        u.placeRoot(z2, in: rect(0, 0, 60, 40))
        #expect(same(u.frame(of: a), rect(0, 0, 20, 20)))
        #expect(same(u.frame(of: b), rect(0, 0, 60, 40)))
    }

    /// §115: aspectRatio(2, .fit) offered 300×100 offers its child 200×100, centred; .fill offers
    /// 300×150.
    @Test func aspectRatioFitAndFill() {
        let t = makeTree()
        let c = t.color()
        let a = t.add(.aspectRatio(AspectRatioLayout(ratio: 2, contentMode: .fit)), children: [c])
        t.placeRoot(a, in: rect(0, 0, 300, 100))
        #expect(same(t.frame(of: c), rect(50, 0, 200, 100)))
        let u = makeTree()
        let d = u.color()
        let b = u.add(.aspectRatio(AspectRatioLayout(ratio: 2, contentMode: .fill)), children: [d])
        #expect(u.sizeThatFits(b, ProposedSize(width: 300, height: 100)) == Size(300, 150))
        // With no ratio, the child's ideal size gives it: a 40×20 view keeps 2:1 (and its size).
        let w = makeTree()
        let e = w.add(.aspectRatio(AspectRatioLayout(ratio: nil, contentMode: .fit)), children: [w.fixed(40, 20)])
        #expect(w.sizeThatFits(e, ProposedSize(width: 300, height: 100)) == Size(40, 20))
    }

    /// §113: position takes the whole proposal and centres the child at the point.
    @Test func positionTakesTheProposalAndCentresTheChild() {
        let t = makeTree()
        let c = t.fixed(20, 20)
        let p = t.add(.position(PositionLayout(x: 50, y: 30)), children: [c])
        t.placeRoot(p, in: rect(10, 5, 300, 100))
        #expect(same(t.frame(of: p), rect(10, 5, 300, 100)))
        #expect(same(t.frame(of: c), rect(50, 25, 20, 20)))
    }

    /// §120, §138, §140: the root is offered the safe area and centred in it. iPhone 16: 393×852,
    /// insets 59 / 34 → safe area y 59…818 (759 high); a 100×100 root sits at
    /// (146.5, 59 + (759 − 100)/2) = (146.5, 388.5).
    @Test func rootIsCentredInTheSafeArea() {
        let screen = rect(0, 0, 393, 852)
        let safe = rect(0, 59, 393, 852 - 59 - 34)
        let t = makeTree(screen: screen, safeArea: safe, scale: 3)
        let v = t.fixed(100, 100)
        t.placeRoot(v, in: safe)
        #expect(same(t.frame(of: v), rect(146.5, 388.5, 100, 100)))
    }

    /// §118: ignoresSafeArea extends a view whose frame reaches the safe area's edges out to the
    /// screen's: ZStack { Color.ignoresSafeArea(); 50×50 } at the root of an iPhone 16 covers the
    /// screen while the stack stays in the safe area.
    @Test func ignoresSafeAreaExtendsToTheScreen() {
        let screen = rect(0, 0, 393, 852)
        let safe = rect(0, 59, 393, 759)
        let t = makeTree(screen: screen, safeArea: safe, scale: 3)
        let c = t.color()
        let ig = t.add(.ignoresSafeArea(SafeAreaIgnoringLayout(edges: .all)), children: [c])
        let z = t.zstack([ig, t.fixed(50, 50)])
        t.placeRoot(z, in: safe)
        #expect(same(t.frame(of: z), safe))
        #expect(same(t.frame(of: ig), safe))
        #expect(same(t.frame(of: c), screen))
        // Only the edges asked for: .top alone.
        let u = makeTree(screen: screen, safeArea: safe, scale: 3)
        let c2 = u.color()
        let ig2 = u.add(.ignoresSafeArea(SafeAreaIgnoringLayout(edges: .top)), children: [c2])
        u.placeRoot(ig2, in: safe)
        #expect(same(u.frame(of: c2), rect(0, 0, 393, 818)))
        // A view not at the safe area's edge is not extended.
        let w = makeTree(screen: screen, safeArea: safe, scale: 3)
        let c3 = w.color()
        let ig3 = w.add(.ignoresSafeArea(SafeAreaIgnoringLayout(edges: .all)), children: [c3])
        let framed = w.frame(ig3, width: 100, height: 100)
        w.placeRoot(framed, in: safe)
        #expect(same(w.frame(of: c3), w.frame(of: framed)))
    }

    /// §106 (and §86 for nil): a GeometryReader is a flexible leaf: the proposal, nil → 10.
    @Test func geometryReaderTakesTheProposal() {
        let t = makeTree()
        let g = t.addLeaf(.flexible)
        #expect(t.sizeThatFits(g, ProposedSize(width: 250, height: 80)) == Size(250, 80))
        #expect(t.sizeThatFits(g, ProposedSize(width: 250, height: nil)) == Size(250, 10))
    }

    /// §105: a vertical ScrollView passes its width, offers nil height (the content's ideal
    /// height), takes the height offered; the content moves up by the offset.
    @Test func scrollViewOffersNilAlongItsAxisAndOffsetsTheContent() {
        let t = makeTree()
        var rows: [Int] = []
        for _ in 0..<5 { rows.append(t.frame(t.color(), height: 100)) }
        let v = t.vstack(rows, spacing: 0)
        let s = t.add(.scroll(ScrollLayout(horizontal: false, vertical: true, offset: Point(0, 150))), children: [v])
        t.placeRoot(s, in: rect(0, 0, 300, 200))
        #expect(same(t.frame(of: s), rect(0, 0, 300, 200)))
        #expect(same(t.frame(of: v), rect(0, -150, 300, 500)))
        #expect(same(t.frame(of: rows[2]), rect(0, 50, 300, 100)))
    }

    /// §87: frames are drawn with origin and far corner rounded to the pixel grid, ties up.
    /// At scale 2: x 0.2 → 0, y 0.26 → 0.5 (0.52 px + 0.5 rounds down to 1 px), maxX 10.5 stays,
    /// maxY 5.26 → 5.5.
    @Test func snappingRoundsOriginAndFarCorner() {
        let t = makeTree(scale: 2)
        #expect(same(t.snapped(rect(0.2, 0.26, 10.3, 5)), rect(0, 0.5, 10.5, 5)))
        #expect(same(t.snapped(rect(0.25, 0, 1, 1)), rect(0.5, 0, 1, 1)))
    }
}
