/// A flexible space along its stack's axis.
public struct Spacer: View, PrimitiveView {
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode { RecordNode(context, .spacer(minLength: minLength.map(Double.init))) }
}
