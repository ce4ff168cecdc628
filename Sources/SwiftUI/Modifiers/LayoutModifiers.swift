// Layout modifiers: frames, padding and the rest of SwiftUI's layout, laid out by the renderer.

extension View {
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        modifier(ContextModifier { c in
            if let width, let height { c.sizeHint = CGSize(width: width, height: height) }
            else if let width, let h = c.sizeHint { c.sizeHint = CGSize(width: width, height: h.height) }
            else if let height, let h = c.sizeHint { c.sizeHint = CGSize(width: h.width, height: height) }
        })
        .recording(file, line, column) { _ in
            width == nil && height == nil ? nil : .frame(width: width.map(Double.init), height: height.map(Double.init), alignment: alignment.name)
        }
    }

    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in
            .flexibleFrame(minWidth: minWidth.map(Double.init), idealWidth: idealWidth.map(Double.init), maxWidth: maxWidth.map(Double.init),
                           minHeight: minHeight.map(Double.init), idealHeight: idealHeight.map(Double.init), maxHeight: maxHeight.map(Double.init), alignment: alignment.name)
        }
    }

    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        modifier(ContextModifier { c in
            // The content is offered the size less the padding (16 pt where none is given).
            guard let h = c.sizeHint else { return }
            let l = length ?? 16
            let dx = (edges.contains(.leading) ? l : 0) + (edges.contains(.trailing) ? l : 0)
            let dy = (edges.contains(.top) ? l : 0) + (edges.contains(.bottom) ? l : 0)
            c.sizeHint = CGSize(width: max(0, h.width - dx), height: max(0, h.height - dy))
        })
        .recording(file, line, column) { _ in .padding(edges: edges.names, length: length.map(Double.init)) }
    }

    public func padding(_ length: CGFloat, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        padding(.all, length, file: file, line: line, column: column)
    }

    public func padding(_ insets: EdgeInsets, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        self.padding(.top, insets.top, file: file, line: line, column: column)
            .padding(.leading, insets.leading, file: file, line: line, column: column)
            .padding(.bottom, insets.bottom, file: file, line: line, column: column)
            .padding(.trailing, insets.trailing, file: file, line: line, column: column)
    }

    public func fixedSize(file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .fixedSize(horizontal: true, vertical: true) }
    }

    public func fixedSize(horizontal: Bool, vertical: Bool, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .fixedSize(horizontal: horizontal, vertical: vertical) }
    }

    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .aspectRatio(ratio: aspectRatio.map(Double.init), fill: contentMode == .fill) }
    }

    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .aspectRatio(ratio: Double(aspectRatio.width / aspectRatio.height), fill: contentMode == .fill) }
    }

    public func scaledToFit(file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .aspectRatio(ratio: nil, fill: false) }
    }

    public func scaledToFill(file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .aspectRatio(ratio: nil, fill: true) }
    }

    public func zIndex(_ value: Double, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .zIndex(value) }
    }

    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        modifier(ContextModifier { c in
            // At the root, the whole screen rather than the safe area.
            if c.sizeHint == PathFit.deviceSize { c.sizeHint = PathFit.screenSize }
        })
        .recording(file, line, column) { _ in .ignoresSafeArea }
    }

    public func edgesIgnoringSafeArea(_ edges: Edge.Set, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        modifier(ContextModifier { c in
            // At the root, the whole screen rather than the safe area.
            if c.sizeHint == PathFit.deviceSize { c.sizeHint = PathFit.screenSize }
        })
        .recording(file, line, column) { _ in .ignoresSafeArea }
    }

    public func layoutPriority(_ value: Double, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        unmodelledModifier("layoutPriority(_:)", "the priority is not read", file, line, column)
    }
}

public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}
