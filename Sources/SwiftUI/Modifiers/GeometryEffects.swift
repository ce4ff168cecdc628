// Geometry effects: they move, scale and turn the drawing, not the layout.

extension View {
    public func offset(_ offset: CGSize, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .offset(x: Double(offset.width), y: Double(offset.height)) }
    }
    public func offset(x: CGFloat = 0, y: CGFloat = 0, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .offset(x: Double(x), y: Double(y)) }
    }
    public func position(_ position: CGPoint, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .position(x: Double(position.x), y: Double(position.y)) }
    }
    public func position(x: CGFloat = 0, y: CGFloat = 0, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .position(x: Double(x), y: Double(y)) }
    }
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .scale(x: Double(scale), y: Double(scale), anchor: anchor.pair) }
    }
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .scale(x: Double(scale.width), y: Double(scale.height), anchor: anchor.pair) }
    }
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .scale(x: Double(x), y: Double(y), anchor: anchor.pair) }
    }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .rotation(degrees: angle.degrees, anchor: anchor.pair) }
    }
    public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center, anchorZ: CGFloat = 0, perspective: CGFloat = 1, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in
            .rotation3D(degrees: angle.degrees, axis: [Double(axis.x), Double(axis.y), Double(axis.z)], anchor: anchor.pair, anchorZ: Double(anchorZ), perspective: Double(perspective))
        }
    }
}
