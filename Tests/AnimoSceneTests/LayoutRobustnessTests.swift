// Random layout trees with extreme parameters and proposals (0, nil, ∞, 1e300, tiny): sizing and
// placing never crash or hang, and sizes are never NaN.
import Testing
import AnimoTestSupport
import AnimoGeometry
import AnimoSpec
@testable import AnimoScene

@Suite struct LayoutRobustnessTests {
    static let lengths: [Double] = [0, 1, 10, 37.5, 1e-9, 1e300, .infinity]
    static let optionalLengths: [Double?] = [nil, 0, 1, 10, 1e300, .infinity]

    func randomTree(_ t: LayoutTree, depth: Int, _ rng: inout TestRandom) -> Int {
        func pick<T>(_ a: [T]) -> T { a[Int.random(in: 0..<a.count, using: &rng)] }
        if depth == 0 || Int.random(in: 0..<4, using: &rng) == 0 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return t.addLeaf(.flexible)
            case 1: return t.addLeaf(.fixed(Size(pick(Self.lengths.filter(\.isFinite)), pick(Self.lengths.filter(\.isFinite)))))
            case 2: return t.addLeaf(.spacer(minLength: pick(Self.optionalLengths.compactMap { $0 }.filter(\.isFinite))))
            default: return t.addLeaf(.divider(thickness: 0.5))
            }
        }
        let n = Int.random(in: 0...4, using: &rng)
        var kids: [Int] = []
        for _ in 0..<n { kids.append(randomTree(t, depth: depth - 1, &rng)) }
        let one = kids.first ?? t.addLeaf(.flexible)
        let align = pick(Array(Alignment.named.values))
        switch Int.random(in: 0..<13, using: &rng) {
        case 0: return t.add(.stack(StackLayout(axis: .horizontal, spacing: pick(Self.optionalLengths).flatMap { $0.isFinite ? $0 : nil }, verticalAlignment: align.vertical)), children: kids)
        case 1: return t.add(.stack(StackLayout(axis: .vertical, horizontalAlignment: align.horizontal)), children: kids)
        case 2: return t.add(.zstack(ZStackLayout(alignment: align)), children: kids)
        case 3: return t.add(.frame(FrameLayout(width: pick(Self.optionalLengths).flatMap { $0.isFinite ? $0 : nil }, height: pick(Self.optionalLengths).flatMap { $0.isFinite ? $0 : nil }, alignment: align)), children: [one])
        case 4: return t.add(.flexFrame(FlexFrameLayout(width: .init(min: pick(Self.optionalLengths).flatMap { $0.isFinite ? $0 : nil }, max: pick(Self.optionalLengths)),
                                                       height: .init(ideal: pick(Self.optionalLengths).flatMap { $0.isFinite ? $0 : nil }, max: pick(Self.optionalLengths)), alignment: align)), children: [one])
        case 5: return t.add(.padding(PaddingLayout(insets: EdgeInsets(all: pick(Self.lengths.filter(\.isFinite))))), children: [one])
        case 6: return t.add(.aspectRatio(AspectRatioLayout(ratio: pick([nil, 0.5, 2, 1e-300, 1e300]), contentMode: pick([.fit, .fill]))), children: [one])
        case 7: return t.add(.position(PositionLayout(x: 10, y: -5)), children: [one])
        case 8: return t.add(.fixedSize(FixedSizeLayout(horizontal: Bool.random(using: &rng), vertical: Bool.random(using: &rng))), children: [one])
        case 9: return t.add(.overlay(OverlayLayout(alignment: align)), children: [one, t.addLeaf(.flexible)])
        case 10:
            let items: [LazyGridLayout.Item] = [.init(.adaptive(minimum: pick([1, 1e-9, 50]), maximum: .infinity)), .init(.flexible(minimum: 0, maximum: pick([10, .infinity]))), .init(.fixed(pick([0, 30])))]
            return t.add(.lazyGrid(LazyGridLayout(axis: pick([.vertical, .horizontal]), items: Array(items.prefix(Int.random(in: 1...3, using: &rng))))), children: kids)
        case 11: return t.add(.grid(GridLayout(rows: [.init(count: kids.count / 2), .init(count: kids.count - kids.count / 2, spansAllColumns: kids.count - kids.count / 2 == 1)])), children: kids)
        default: return t.add(.scroll(ScrollLayout(horizontal: Bool.random(using: &rng), vertical: true, offset: Point(0, 5))), children: [one])
        }
    }

    @Test func randomTreesNeverCrashOrProduceNaN() {
        var rng = TestRandom(state: 0x1A7047)
        let proposals: [ProposedSize] = [.unspecified, .zero, .infinity, ProposedSize(width: 300, height: nil), ProposedSize(width: 1e300, height: 1e-9), ProposedSize(width: .infinity, height: 20)]
        for _ in 0..<300 {
            let t = LayoutTree(screen: Rect(x: 0, y: 0, width: 300, height: 600), safeArea: Rect(x: 0, y: 20, width: 300, height: 560), scale: 3)
            let root = randomTree(t, depth: 4, &rng)
            for p in proposals {
                let s = t.sizeThatFits(root, p)
                #expect(!s.width.isNaN && !s.height.isNaN, "\(p) → \(s)")
            }
            t.placeRoot(root, in: Rect(x: 0, y: 20, width: 300, height: 560), alignment: Alignment.named["bottomTrailing"]!)
            for id in 0..<t.count where t.isPlaced(id) {
                let f = t.frame(of: id)
                #expect(!f.width.isNaN && !f.height.isNaN)
                _ = t.snapped(f)
            }
        }
    }
}
