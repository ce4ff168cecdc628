/// One branch of an `if`/`else` or `switch` in a view builder: the branches are different views
/// (different identities), so switching inserts one and removes the other.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
    init(storage: Storage) { self.storage = storage }
    public var body: Never { neverBody() }

    func record(_ context: RecordContext) -> RecordNode {
        switch storage {
        case .trueContent(let v): return context.graph.record(v, context.child("T"))
        case .falseContent(let v): return context.graph.record(v, context.child("F"))
        }
    }
}
