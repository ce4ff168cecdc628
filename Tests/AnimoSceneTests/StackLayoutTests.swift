// Stacks against hand-computed SwiftUI results (docs/semantics.md §88–99).
import Testing
import AnimoGeometry
import AnimoSpec
@testable import AnimoScene

@Suite struct StackLayoutTests {
    /// §88–89: children sized least flexible first, each offered what remains ÷ children left.
    /// HStack { fixed 50×20; Color; Color.frame(maxWidth: 100) } offered 300×100, default spacing 8:
    /// available 300 − 16 = 284. Flexibilities: fixed 0, framed colour 100 (0 … 100), colour ∞.
    /// fixed: offered 284/3, takes 50 → 234 left; framed: offered 117, its frame clamps to 100 → 134
    /// left; colour: offered 134. In declaration order: 0…50, 58…192, 200…300; the fixed view is
    /// centred in the 100-high stack (y 40).
    @Test func mixedFlexibleChildrenLeastFlexibleFirst() {
        let t = makeTree()
        let a = t.fixed(50, 20), c = t.color(), f0 = t.color()
        let f = t.flexFrame(f0, maxWidth: 100)
        let h = t.hstack([a, c, f])
        t.placeRoot(h, in: rect(0, 0, 300, 100))
        #expect(same(t.frame(of: h), rect(0, 0, 300, 100)))
        #expect(same(t.frame(of: a), rect(0, 40, 50, 20)))
        #expect(same(t.frame(of: c), rect(58, 0, 134, 100)))
        #expect(same(t.frame(of: f), rect(200, 0, 100, 100)))
        #expect(same(t.frame(of: f0), rect(200, 0, 100, 100)))
    }

    /// §89, objc.io's example: HStack(spacing: 0) { red.frame(maxWidth: 100); green.frame(minWidth: 100) }
    /// .frame(width: 150): red (flexibility 100) first, offered 75, takes 75; green offered 75
    /// takes its minimum 100. The stack is 175 wide, centred in the 150 frame: x = −12.5.
    @Test func siblingsDoNotReserveMinimumsSoTheStackOverflows() {
        let t = makeTree()
        let red = t.flexFrame(t.color(), maxWidth: 100)
        let green = t.flexFrame(t.color(), minWidth: 100)
        let h = t.hstack([red, green], spacing: 0)
        let outer = t.frame(h, width: 150)
        t.placeRoot(outer, in: rect(0, 0, 150, 50))
        #expect(same(t.frame(of: h), rect(-12.5, 0, 175, 50)))
        #expect(same(t.frame(of: red), rect(-12.5, 0, 75, 50)))
        #expect(same(t.frame(of: green), rect(62.5, 0, 100, 50)))
    }

    /// §90: the higher priority is sized first, with the lower group's minimums set aside.
    /// HStack(spacing: 0) { A = Color.frame(minWidth: 50); B = Color.layoutPriority(1) } in 200:
    /// B offered 200 − 50 = 150; then A offered 50. Without the priority both are infinitely
    /// flexible and A (larger minimum) goes first: 100 each.
    @Test func layoutPriorityGroupsFirst() {
        let t = makeTree()
        let a = t.flexFrame(t.color(), minWidth: 50)
        let b = t.color()
        t.setPriority(b, 1)
        let h = t.hstack([a, b], spacing: 0)
        t.placeRoot(h, in: rect(0, 0, 200, 20))
        #expect(same(t.frame(of: a), rect(0, 0, 50, 20)))
        #expect(same(t.frame(of: b), rect(50, 0, 150, 20)))

        let u = makeTree()
        let a2 = u.flexFrame(u.color(), minWidth: 50)
        let b2 = u.color()
        let h2 = u.hstack([a2, b2], spacing: 0)
        u.placeRoot(h2, in: rect(0, 0, 200, 20))
        #expect(same(u.frame(of: a2), rect(0, 0, 100, 20)))
        #expect(same(u.frame(of: b2), rect(100, 0, 100, 20)))
    }

    /// §91, §114: under fixedSize the stack offers nil and sums ideal lengths: two Colours (ideal 10,
    /// §86) 8 apart = 28×10, centred in the 300×100 area.
    @Test func fixedSizeStackTakesIdealLengths() {
        let t = makeTree()
        let h = t.hstack([t.color(), t.color()])
        let fs = t.fixedSize(h)
        t.placeRoot(fs, in: rect(0, 0, 300, 100))
        #expect(same(t.frame(of: fs), rect(136, 45, 28, 10)))
        #expect(same(t.frame(of: h), rect(136, 45, 28, 10)))
    }

    /// §93–94: VStack(alignment: .leading) with the default 8 pt between ordinary views.
    @Test func vstackLeadingAlignmentAndDefaultSpacing() {
        let t = makeTree()
        let a = t.fixed(40, 10), b = t.fixed(80, 20)
        let v = t.vstack([a, b], alignment: .leading)
        t.placeRoot(v, in: rect(0, 0, 300, 100))
        // Stack 80 × 38, centred: x 110, y 31.
        #expect(same(t.frame(of: v), rect(110, 31, 80, 38)))
        #expect(same(t.frame(of: a), rect(110, 31, 40, 10)))
        #expect(same(t.frame(of: b), rect(110, 49, 80, 20)))
    }

    /// §98: a Spacer sits flush (0 spacing) and takes what is left; with minLength it never goes
    /// below it. HStack { 50; Spacer(minLength: 20); 50 } in 300: spacer 200. Fixed: 50 + 20 + 50.
    @Test func spacerTakesTheRestAndKeepsItsMinimum() {
        let t = makeTree()
        let a = t.fixed(50, 10), s = t.spacer(20), b = t.fixed(50, 10)
        let h = t.hstack([a, s, b])
        t.placeRoot(h, in: rect(0, 0, 300, 10))
        #expect(same(t.frame(of: a), rect(0, 0, 50, 10)))
        #expect(same(t.frame(of: s), rect(50, 5, 200, 0)))
        #expect(same(t.frame(of: b), rect(250, 0, 50, 10)))
        #expect(t.sizeThatFits(h, .unspecified) == Size(120, 10))
        // Default minLength: 8, so 108.
        let u = makeTree()
        let h2 = u.hstack([u.fixed(50, 10), u.spacer(), u.fixed(50, 10)])
        #expect(u.sizeThatFits(h2, .unspecified) == Size(108, 10))
    }

    /// §99: a Spacer has priority −∞: in HStack { Spacer(); Color } offered 300 the colour gets
    /// 300 − 8 (the spacer's reserved minimum) and the spacer 8.
    @Test func spacerGivesWayToFlexibleViews() {
        let t = makeTree()
        let s = t.spacer(), c = t.color()
        let h = t.hstack([s, c])
        t.placeRoot(h, in: rect(0, 0, 300, 40))
        #expect(same(t.frame(of: s), rect(0, 20, 8, 0)))
        #expect(same(t.frame(of: c), rect(8, 0, 292, 40)))
    }

    /// §123: in HStack(alignment: .firstTextBaseline) a text's baseline lines up with the bottom
    /// of a view without text. Text 40 high, baseline 30; Colour 20×20 (baseline = bottom 20):
    /// guides at 0 → text spans −30…10, colour −20…0 → stack 40 high, text y 0, colour y 10.
    @Test func firstTextBaselineAlignment() {
        let t = makeTree()
        let text = t.addLeaf(.custom(BaselineLeaf(size: Size(60, 40), first: 30, last: 35)))
        let c = t.fixed(20, 20)
        let h = t.hstack([text, c], spacing: 0, alignment: .firstTextBaseline)
        t.placeRoot(h, in: rect(0, 0, 80, 40))
        #expect(same(t.frame(of: text), rect(0, 0, 60, 40)))
        #expect(same(t.frame(of: c), rect(60, 10, 20, 20)))
        // A padded text keeps its baseline, moved by the padding (explicit guides pass through).
        let u = makeTree()
        let text2 = u.addLeaf(.custom(BaselineLeaf(size: Size(60, 40), first: 30, last: 35)))
        let padded = u.padding(text2, EdgeInsets(top: 5, leading: 0, bottom: 0, trailing: 0))
        let dims = u.subviewDimensions(padded, .unspecified)
        #expect(dims[.firstTextBaseline] == 35)
        #expect(dims[.lastTextBaseline] == 40)
        // A VStack of two texts: first baseline from the top one, last from the bottom one.
        let w = makeTree()
        let t1 = w.addLeaf(.custom(BaselineLeaf(size: Size(60, 20), first: 15, last: 15)))
        let t2 = w.addLeaf(.custom(BaselineLeaf(size: Size(60, 20), first: 15, last: 15)))
        let v = w.vstack([t1, t2], spacing: 0)
        let vd = w.subviewDimensions(v, .unspecified)
        #expect(vd[.firstTextBaseline] == 15)
        #expect(vd[.lastTextBaseline] == 35)
    }

    /// §98: outside a stack a Spacer expands on both axes (max(proposal, minLength)); §180: a
    /// Divider is `thickness` across its stack (vertical in an HStack, horizontal elsewhere).
    @Test func spacerAndDividerOrientThemselves() {
        let t = makeTree()
        let s = t.spacer(5)
        #expect(t.sizeThatFits(s, ProposedSize(width: 30, height: 2)) == Size(30, 5))
        let d1 = t.addLeaf(.divider(thickness: 0.5))
        let d2 = t.addLeaf(.divider(thickness: 0.5))
        _ = t.hstack([d1])
        _ = t.vstack([d2])
        #expect(t.sizeThatFits(d1, ProposedSize(width: 100, height: 40)) == Size(0.5, 40))
        #expect(t.sizeThatFits(d2, ProposedSize(width: 100, height: 40)) == Size(100, 0.5))
        // Through a modifier the spacer still knows its stack: padded, it is 0 across + padding.
        let u = makeTree()
        let sp = u.spacer(10)
        let padded = u.padding(sp, EdgeInsets(all: 1))
        _ = u.hstack([padded])
        #expect(u.sizeThatFits(padded, ProposedSize(width: 50, height: 50)) == Size(50, 2))
    }

    /// §88: offered ∞ along the axis, every child is offered ∞ and no NaN appears.
    @Test func infiniteProposalDoesNotProduceNaN() {
        let t = makeTree()
        let h = t.hstack([t.fixed(10, 10), t.color()])
        let s = t.sizeThatFits(h, ProposedSize(width: .infinity, height: 10))
        #expect(s.width == .infinity)
        #expect(!s.height.isNaN)
    }
}
