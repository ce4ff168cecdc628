// A handler's statements keep their order when they become events: a state array's operations
// and assignments to other state variables made in one run, at one instant, are the spec's events
// in the order the statements ran, inside and outside `withAnimation`, in events and in gesture
// handlers.
import Foundation
import Testing
import AnimoSpec
import AnimoRender
import AnimoSwiftSource

/// The events as `at key` strings in order: a state array's operation is `name.operation`.
func eventOrder(_ i: SwiftImport) throws -> [String] {
    let events = try document(i)["events"] as? [[String: Any]] ?? []
    return events.map { e in
        let at = (e["at"] as? Double).map { String(format: "%g", $0) } ?? "?"
        let set = e["set"] as? [String: Any] ?? [:]
        let keys = set.keys.sorted().map { k in
            if let op = set[k] as? [String: Any], let name = op.keys.first { return k + "." + name }
            return k
        }
        return at + " " + keys.joined(separator: ",")
    }
}

@Test func aMoveAndAWatchedValueChangedInOneHandlerAnimateWithTheNewOrder() throws {
    // `shown` changes after the swap, in the same run: the body that sees it has B first and A
    // second, so B fades in at once and A after its 1 s delay, as when `shown` changes later.
    let i = try compile(indexSource("tags.swapAt(0, 1); shown = true"), duration: 3)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    #expect(try eventOrder(i) == ["0 tags.move", "0 tags.move", "0 shown"])
    let renderer = try SceneRenderer(spec: try i.load())
    func look(at t: Double) throws -> [String] {
        let p = try renderer.render(at: t)
        return [(5, 0), (15, 0), (5, 5), (15, 5)].map { x, y in
            let px = p.pixels[(y * p.height / 10) * p.width + x * p.width / 20]
            return min(px.x, px.y) > 0.9 ? "none" : px.x > px.y ? "red" : "green"
        }
    }
    #expect(try look(at: 0.5) == ["none", "none", "green", "none"])
    #expect(try look(at: 2) == ["none", "red", "green", "red"])
}

@Test func arrayOperationsAndAssignmentsInOneRunKeepTheirOrder() throws {
    let i = try compile("""
    import SwiftUI
    struct Tag: Identifiable {
        let id = UUID()
        var width: CGFloat
    }
    struct Tags: View {
        @State private var tags: [Tag] = [Tag(width: 10), Tag(width: 10)]
        @State private var count = 0
        @State private var shown = false
        var body: some View {
            HStack(spacing: 0) {
                ForEach(tags) { tag in
                    Color.red.frame(width: tag.width, height: 10).opacity(shown ? 1 : 0.5)
                }
                Color.blue.frame(width: 2 * CGFloat(count), height: 10)
            }
            .onAppear {
                tags.append(Tag(width: 4)); count = 1
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    withAnimation { tags.insert(Tag(width: 5), at: 0); count = 2 }
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                    tags.remove(at: 0)
                    withAnimation(.easeIn) { count = 3; tags[0].width = 6; shown = true }
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) {
                    count = 4; tags.removeAll(where: { $0.width == 4 }); shown = false
                }
            }
        }
    }
    #Preview { Tags().frame(width: 60, height: 10) }
    """, duration: 2)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    let order = try eventOrder(i)
    #expect(order.map { $0.replacingOccurrences(of: "removeAll", with: "remove") } == [
        "0 tags.append", "0 count",
        "0.5 tags.insert", "0.5 count",
        "1 tags.remove", "1 count", "1 tags.update", "1 shown",
        "1.5 count", "1.5 tags.remove", "1.5 shown",
    ], "\(order)")
}

@Test func aMoveAndAnAssignmentInOneGestureHandlerKeepTheirOrder() throws {
    let i = try compile("""
    import SwiftUI
    struct Tag: Identifiable {
        let id = UUID()
        var width: CGFloat
    }
    struct Tags: View {
        @State private var tags: [Tag] = [Tag(width: 10), Tag(width: 10)]
        @State private var shown = false
        var body: some View {
            HStack(spacing: 0) {
                ForEach(tags) { tag in
                    Color.red.frame(width: 10, height: 10).opacity(shown ? 1 : 0.5)
                        .onTapGesture {
                            withAnimation {
                                if let from = tags.firstIndex(where: { $0.id == tag.id }) {
                                    let e = tags.remove(at: from)
                                    tags.insert(e, at: 0)
                                }
                                shown = true
                            }
                        }
                }
            }
        }
    }
    #Preview { Tags().frame(width: 20, height: 10) }
    """, duration: 1)
    #expect(i.warnings.isEmpty, "\(warningPlaces(i))")
    // The handler's changes in order: the move, then the assignment.
    func onTap(_ node: Any) -> [[String: Any]]? {
        if let o = node as? [String: Any] {
            if let t = o["onTap"] as? [[String: Any]] { return t }
            for (_, v) in o { if let t = onTap(v) { return t } }
        }
        if let a = node as? [Any] { for v in a { if let t = onTap(v) { return t } } }
        return nil
    }
    let changes = onTap(try document(i)) ?? []
    let keys = changes.map { ($0["set"] as? [String: Any] ?? [:]).keys.sorted() }
    #expect(keys == [["tags"], ["shown"]], "\(changes)")
}
