// Moving elements of a state array in event handlers: `remove(at:)` + `insert(_:at:)` of the same
// element, `move(fromOffsets:toOffset:)` and `swapAt` keep the element's id (the spec's `move`),
// and `.animation(_:value: array)` watches the array.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

@Test func removingAnElementAndInsertingItBackMovesIt() throws {
    let i = try compile("""
    import SwiftUI
    struct Tile: Identifiable, Equatable {
        let id = UUID()
        var color: Color
    }
    struct Tiles: View {
        @State private var tiles: [Tile] = [Tile(color: .red), Tile(color: .green), Tile(color: .blue)]
        var body: some View {
            HStack(spacing: 0) {
                ForEach(tiles) { tile in
                    tile.color
                        .frame(width: 10, height: 10)
                        .animation(.linear(duration: 1), value: tiles)
                }
            }
            .onAppear {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    let first = tiles.remove(at: 0)
                    tiles.insert(first, at: 2)
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
                    tiles.swapAt(0, 2)
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + 2.5) {
                    tiles.move(fromOffsets: IndexSet(integer: 0), toOffset: 3)
                }
            }
        }
    }
    #Preview { Tiles().frame(width: 30, height: 10) }
    """, duration: 3)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "events", """
    [ { "at": 0.5, "set": { "tiles": { "move": { "from": 0, "to": 2 } } } },
      { "at": 2, "set": { "tiles": { "move": { "from": 0, "to": 2 } } } },
      { "at": 2, "set": { "tiles": { "move": { "from": 1, "to": 0 } } } },
      { "at": 2.5, "set": { "tiles": { "move": { "from": 0, "to": 2 } } } } ]
    """)
    // The tiles are red, green, blue; after the first move green, blue, red. The
    // `.animation(value: tiles)` modifier animates the move over 1 s: half way (1 s) red's centre
    // is at 15 (from 5 to 25), drawn over green (5…15) and blue (15…25).
    let renderer = try SceneRenderer(spec: try Spec.load(json: i.json))
    func hue(_ t: Double, _ x: Int) throws -> String {
        let p = try renderer.render(at: t)
        let px = p.pixels[(5 * p.height / 10) * p.width + x * p.width / 30]
        return px.w < 0.5 ? "none" : px.x > 0.5 ? "red" : px.y > 0.5 ? "green" : px.z > 0.5 ? "blue" : "other"
    }
    #expect(try [2, 12, 22].map { try hue(0.4, $0) } == ["red", "green", "blue"])
    #expect(try [7, 12, 17, 22].map { try hue(1, $0) } == ["green", "red", "red", "blue"])
    #expect(try [2, 12, 22].map { try hue(1.9, $0) } == ["green", "blue", "red"])
}

@Test func aRemovedElementNotInsertedBackIsRemoved() throws {
    let i = try compile("""
    import SwiftUI
    struct Dots: View {
        @State private var xs: [Double] = [10, 20, 30]
        var body: some View {
            HStack {
                ForEach(xs, id: \\.self) { x in Color.red.frame(width: x, height: 10) }
            }
            .onAppear {
                withAnimation { xs.remove(at: 1) }
            }
        }
    }
    #Preview { Dots().frame(width: 80, height: 10) }
    """, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    try expectMember(i, "events", """
    [ { "at": 0, "set": { "xs": { "removeAll": { "where": "=item.id == 1" } } }, "animation": { "default": {} } } ]
    """)
}

@Test func structsWithStringFieldsKeepTheirTextWhenTheyMove() throws {
    let i = try compile("""
    import SwiftUI
    struct Tag: Identifiable {
        let id = UUID()
        let label: String
        var color: Color
    }
    struct Tags: View {
        @State private var tags: [Tag] = [Tag(label: "A", color: .red), Tag(label: "B", color: .green), Tag(label: "C", color: .blue)]
        @State private var picked: UUID?
        var body: some View {
            HStack(spacing: 0) {
                ForEach(tags) { tag in
                    Text(tag.label)
                        .font(.system(size: 4))
                        .frame(width: 10, height: 10)
                        .background(tag.color)
                        .opacity(picked == tag.id ? 0.5 : 1)
                }
            }
            .onAppear {
                picked = tags[1].id
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    tags.swapAt(0, 2)
                }
            }
        }
    }
    #Preview { Tags().frame(width: 30, height: 10) }
    """, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    let doc = try document(i)
    // One branch per element, each with its own text, chosen by the element's id.
    let each = try #require(((doc["content"] as? [[String: Any]])?.first.flatMap { findForEach($0) }))
    let branches = try #require(each["content"] as? [[String: Any]])
    let conditions = branches.compactMap { ($0["if"] as? [String: Any])?["condition"] as? String }
    #expect(conditions.count == 3 && conditions[0].hasSuffix(".id == 0") && conditions[2].hasSuffix(".id == 2"))
    #expect(i.json.contains("\"A\"") && i.json.contains("\"B\"") && i.json.contains("\"C\""))
    let renderer = try SceneRenderer(spec: try Spec.load(json: i.json))
    func colours(_ t: Double) throws -> [String] {
        let p = try renderer.render(at: t)
        return [1, 11, 21].map { x in
            let px = p.pixels[(1 * p.height / 10) * p.width + x * p.width / 30]
            // The dominant channel (the faded element is mixed with the white canvas).
            return px.x > max(px.y, px.z) ? "red" : px.y > max(px.x, px.z) ? "green" : "blue"
        }
    }
    #expect(try colours(0.2) == ["red", "green", "blue"])
    #expect(try colours(0.9) == ["blue", "green", "red"])
    // The picked element (B, by its identity) is the one drawn at half opacity, wherever it is.
    let p = try renderer.render(at: 0.9)
    #expect(p.pixels[(1 * p.height / 10) * p.width + 11 * p.width / 30].x > 0.45)
    #expect(p.pixels[(1 * p.height / 10) * p.width + 1 * p.width / 30].x < 0.1)
}

/// The first `forEach` object in a node tree.
func findForEach(_ node: [String: Any]) -> [String: Any]? {
    if let f = node["forEach"] as? [String: Any] { return f }
    for (_, v) in node {
        if let o = v as? [String: Any], let f = findForEach(o) { return f }
        if let a = v as? [[String: Any]] { for o in a { if let f = findForEach(o) { return f } } }
    }
    return nil
}

/// Two tags side by side in a 20×10 preview: the content reads `index` (given by `read`), and
/// `change` runs on appear.
func indexSource(_ change: String, read: String = "tags.firstIndex(where: { $0.id == tag.id })") -> String {
    """
    import SwiftUI
    struct Tag: Identifiable {
        let id = UUID()
        let label: String
        var width: CGFloat
    }
    struct Tags: View {
        @State private var tags: [Tag] = [Tag(label: "A", width: 10), Tag(label: "B", width: 10)]
        @State private var shown = false
        var body: some View {
            HStack(spacing: 0) {
                ForEach(tags) { tag in
                    let index = Double(\(read) ?? 0)
                    Rectangle().fill(tag.label == "A" ? Color.red : Color.green)
                        .frame(width: tag.width, height: 5 + 5 * index)
                        .opacity(shown ? 1 : 0)
                        .animation(.linear(duration: 0.2).delay(1 * index), value: shown)
                }
            }
            .onAppear { \(change) }
        }
    }
    #Preview { Tags().frame(width: 20, height: 10) }
    """
}

@Test func anElementsOwnIndexReadByTheContentFollowsTheArray() throws {
    /// The colours at the top row and in the middle row, left and right, at t (the preview's
    /// background is white).
    func look(_ change: String, at t: Double) throws -> [String] {
        let i = try compile(indexSource(change), duration: 3)
        #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
        #expect(i.json.contains("tag.index"))
        let p = try SceneRenderer(spec: try i.load()).render(at: t)
        return [(5, 0), (15, 0), (5, 5), (15, 5)].map { x, y in
            let px = p.pixels[(y * p.height / 10) * p.width + x * p.width / 20]
            return min(px.x, px.y) > 0.9 ? "none" : px.x > px.y ? "red" : "green"
        }
    }
    let later = "DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { shown = true }"
    // A field update: A is first (height 5, no delay), B second (height 10, 1 s delay).
    let update = "tags[0].width = 10; " + later
    #expect(try look(update, at: 1) == ["none", "none", "red", "none"])
    #expect(try look(update, at: 2) == ["none", "green", "red", "green"])
    // A swap before `shown` changes: B is first now and A second, in height and in delay.
    let swap = "tags.swapAt(0, 1); " + later
    #expect(try look(swap, at: 1) == ["none", "none", "green", "none"])
    #expect(try look(swap, at: 2) == ["none", "red", "green", "red"])
}

@Test func anotherElementsIndexReadByTheContentIsTheStartingOneAndReportedWhenEventsMoveIt() throws {
    let read = "tags.firstIndex(where: { $0.label == \"B\" })"
    let still = try compile(indexSource("tags[0].width = 8", read: read), duration: 1)
    #expect(still.warnings.isEmpty, "\(warningPlaces(still))")
    // A move: B's content reads its own index, A's reads B's index as the array starts, which
    // the move changes; that is said where it is read.
    let moved = try compile(indexSource("tags.swapAt(0, 1)", read: read), duration: 1)
    #expect(moved.warnings.count == 1 && moved.warnings.first?.description.contains("firstIndex") == true, "\(warningPlaces(moved))")
}

@Test func aDragsLocationIsInTheViewsOwnCoordinatesUnlessGlobal() throws {
    func lastX(_ space: String) throws -> Double? {
        let i = try compile("""
        import SwiftUI
        struct Pad: View {
            @State private var x: CGFloat = 0
            var body: some View {
                Color.red.frame(width: 40, height: 40)
                    .gesture(DragGesture(minimumDistance: 0\(space)).onChanged { v in x = v.location.x + v.startLocation.y })
            }
        }
        #Preview { Pad().frame(width: 100, height: 100) }
        """, duration: 1)
        #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
        var spec = try i.load()
        // The square is centred: it spans 30…70 on both axes. The finger goes (40, 45) → (60, 45).
        spec.interactions = [SpecInteraction(at: 0.2, kind: .drag(from: (x: 40, y: 45), to: (x: 60, y: 45), duration: 0.3), path: "--drag")]
        let r = try SceneRenderer(spec: spec)
        return r.spec.events.last { e in e.set.contains { $0.name == "x" } }?.set.first { $0.name == "x" }?.value
    }
    // DragGesture's default coordinate space is the view's own: x 60 − 30, y 45 − 30.
    #expect(try lastX("") == 30 + 15)
    #expect(try lastX(", coordinateSpace: .global") == 60 + 45)
}

/// A drag-and-reorder row: each tile hit-tests the frames its GeometryReader publishes.
func reorderSource(_ space: String, nearest: String = "min") -> String {
    """
    import SwiftUI
    struct Tile: Identifiable, Equatable {
        let id = UUID()
        let label: String
        var color: Color
    }
    private struct FramesKey: PreferenceKey {
        static var defaultValue: [UUID: CGRect] = [:]
        static func reduce(value: inout [UUID: CGRect], nextValue: () -> [UUID: CGRect]) {
            value.merge(nextValue(), uniquingKeysWith: { $1 })
        }
    }
    struct Row: View {
        @State private var tiles: [Tile] = [Tile(label: "A", color: .red), Tile(label: "B", color: .green), Tile(label: "C", color: .blue)]
        @State private var frames: [UUID: CGRect] = [:]
        @State private var dragged: UUID?
        var body: some View {
            HStack(spacing: 0) {
                ForEach(tiles) { tile in
                    Text(tile.label)
                        .font(.system(size: 4))
                        .frame(width: 20, height: 20)
                        .background(tile.color)
                        .animation(.linear(duration: 0.5), value: tiles)
                        .background(GeometryReader { proxy in
                            Color.clear.preference(key: FramesKey.self, value: [tile.id: proxy.frame(in: .global)])
                        })
                        .gesture(
                            DragGesture(minimumDistance: 1\(space))
                                .onChanged { value in
                                    if dragged == nil { dragged = tile.id }
                                    let finger = CGPoint(x: value.startLocation.x + value.translation.width, y: value.startLocation.y + value.translation.height)
                                    if let id = dragged, let from = tiles.firstIndex(where: { $0.id == id }) {
                                        if let to = nearestIndex(at: finger, excluding: id), to != from {
                                            withAnimation(.linear(duration: 0.5)) {
                                                let e = tiles.remove(at: from)
                                                tiles.insert(e, at: to)
                                            }
                                        }
                                    }
                                }
                                .onEnded { _ in dragged = nil }
                        )
                }
            }
            .onPreferenceChange(FramesKey.self) { frames = $0 }
        }
        private func nearestIndex(at point: CGPoint, excluding id: UUID) -> Int? {
            let others = frames.filter { $0.key != id }
            if let hit = others.first(where: { $0.value.contains(point) }), let i = tiles.firstIndex(where: { $0.id == hit.key }) {
                return i
            }
            let best = others.\(nearest) { a, b in a.value.centre.distance(to: point) < b.value.centre.distance(to: point) }
            if let best, let i = tiles.firstIndex(where: { $0.id == best.key }) { return i }
            return nil
        }
    }
    private extension CGRect {
        var centre: CGPoint { CGPoint(x: midX, y: midY) }
    }
    private extension CGPoint {
        func distance(to other: CGPoint) -> CGFloat {
            let dx = x - other.x
            let dy = y - other.y
            return sqrt(dx*dx + dy*dy)
        }
    }
    #Preview { Row().frame(width: 60, height: 20) }
    """
}

@Test func aDragThatHitTestsThePublishedFramesMovesTheTile() throws {
    let i = try compile(reorderSource(", coordinateSpace: .global"), duration: 2)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    #expect(i.json.contains("\"nearest\""))
    var spec = try i.load()
    // A (0…20) dragged onto C (40…60): the finger passes over B, then C.
    spec.interactions = [SpecInteraction(at: 0.2, kind: .drag(from: (x: 10, y: 10), to: (x: 50, y: 10), duration: 0.3), path: "--drag")]
    let r = try SceneRenderer(spec: spec)
    func colours(_ t: Double) throws -> [String] {
        let p = try r.render(at: t)
        return [2, 22, 42].map { x in
            let px = p.pixels[(1 * p.height / 20) * p.width + x * p.width / 60]
            return px.x > max(px.y, px.z) ? "red" : px.y > max(px.x, px.z) ? "green" : "blue"
        }
    }
    #expect(try colours(0.1) == ["red", "green", "blue"])
    #expect(try colours(1.9) == ["green", "blue", "red"])
}

@Test func anotherHitTestingHelperIsReported() throws {
    // `max` instead of `min`: not the nearest centre; the helper runs as it is and its read of the
    // stored frames is reported.
    let i = try compile(reorderSource(", coordinateSpace: .global", nearest: "max"), duration: 1)
    #expect(!i.warnings.isEmpty)
    #expect(!i.json.contains("\"nearest\""))
}

@Test func anIndexReadByTheContentOfAnArrayAGestureReordersFollowsItOrIsReported() throws {
    func compiled(_ predicate: String) throws -> SwiftImport {
        let source = reorderSource(", coordinateSpace: .global")
            .replacingOccurrences(of: ".font(.system(size: 4))", with: ".font(.system(size: 4 + Double(tiles.firstIndex(where: { \(predicate) }) ?? 0)))")
        return try compile(source, duration: 1)
    }
    // The tile's own index is its index now.
    let own = try compiled("$0.id == tile.id")
    #expect(own.warnings.isEmpty, "\(warningPlaces(own))")
    #expect(own.json.contains("tile.index"))
    // Another tile's is the starting one, reported in the tiles whose content reads it.
    let other = try compiled("$0.label == \"C\"")
    #expect(!other.warnings.isEmpty && other.warnings.allSatisfy { $0.description.contains("gestures reorder") }, "\(warningPlaces(other))")
}
