// Drawing modifiers: opacity, colours, filters, backgrounds and overlays, masks and clips.
internal import AnimoViewRecord

extension View {
    public func opacity(_ opacity: Double, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .opacity(opacity) }
    }
    public func blur(radius: CGFloat, opaque: Bool = false, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .blur(radius: Double(radius), opaque: opaque) }
    }
    public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .shadow(color: color.recorded, radius: Double(radius), x: Double(x), y: Double(y)) }
    }
    public func brightness(_ amount: Double, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .brightness(amount) }
    }
    public func contrast(_ amount: Double, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .contrast(amount) }
    }
    public func saturation(_ amount: Double, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .saturation(amount) }
    }
    public func grayscale(_ amount: Double, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .grayscale(amount) }
    }
    public func hueRotation(_ angle: Angle, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .hueRotation(degrees: angle.degrees) }
    }
    public func blendMode(_ blendMode: BlendMode, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .blendMode("\(blendMode)") }
    }

    public func foregroundStyle<S: ShapeStyle>(_ style: S, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        modifier(ContextModifier { c in if let p = style.recordedPaint { c.environment.foreground = p } })
            .recording(file, line, column) { _ in style.recordedPaint.map { .foreground($0) } }
    }
    public func foregroundColor(_ color: Color?, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        modifier(ContextModifier { c in if let color { c.environment.foreground = color.paint } })
            .recording(file, line, column) { _ in color.map { .foreground($0.paint) } }
    }
    public func tint(_ tint: Color?, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        modifier(ContextModifier { c in if let tint { c.environment.progressTint = tint.recorded } })
            .recording(file, line, column) { _ in tint.map { .tint($0.recorded) } }
    }
    public func font(_ font: Font?, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        modifier(ContextModifier { c in if let font { c.environment.textFont = font.recorded } })
            .recording(file, line, column) { _ in font.map { .font($0.recorded) } }
    }
    public func fontWeight(_ weight: Font.Weight?, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        modifier(ContextModifier { c in c.environment.textWeight = weight?.name })
    }
    public func bold(_ isActive: Bool = true, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        modifier(ContextModifier { c in c.environment.textBold = isActive })
    }
    public func italic(_ isActive: Bool = true) -> some View {
        modifier(ContextModifier { c in c.environment.textItalic = isActive })
    }
    public func tracking(_ tracking: CGFloat) -> some View {
        modifier(ContextModifier { c in c.environment.textKerning = Double(tracking) })
    }
    public func kerning(_ kerning: CGFloat) -> some View {
        modifier(ContextModifier { c in c.environment.textKerning = Double(kerning) })
    }
    public func textCase(_ textCase: Text.Case?) -> some View {
        modifier(ContextModifier { c in c.environment.textCase = textCase })
    }
    public func fontDesign(_ design: Font.Design?) -> some View {
        modifier(ContextModifier { c in c.environment.textDesign = design?.rawValue })
    }

    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { c in
            let fill = style.recordedPaint ?? .style("primary")
            let node: RecordedView
            if case .color(let color) = fill {
                node = RecordedView(id: c.path + "/background", kind: .color(color), site: c.site)
            } else {
                node = RecordedView(id: c.path + "/background", kind: .shape(RecordedShape(kind: .rectangle, fill: fill)), site: c.site)
            }
            return .background(node, alignment: "center")
        }
    }
    @_disfavoredOverload
    public func background<V: View>(_ content: V, alignment: Alignment = .center, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { c in .background(c.graph.record(content, c.child("background")), alignment: alignment.name) }
    }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        let v = content()
        return recording(file, line, column) { c in .background(c.graph.record(v, c.child("background")), alignment: alignment.name) }
    }
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle(), file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        background(shape.fill(style), file: file, line: line, column: column)
    }
    public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle(), file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        background(shape.fill(Color.named("systemBackground")), file: file, line: line, column: column)
    }

    @_disfavoredOverload
    public func overlay<V: View>(_ content: V, alignment: Alignment = .center, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { c in .overlay(c.graph.record(content, c.child("overlay")), alignment: alignment.name) }
    }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        let v = content()
        return recording(file, line, column) { c in .overlay(c.graph.record(v, c.child("overlay")), alignment: alignment.name) }
    }
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle(), file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        overlay(shape.fill(style), file: file, line: line, column: column)
    }

    public func mask<V: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> V, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        let v = mask()
        return recording(file, line, column) { c in .mask(c.graph.record(v, c.child("mask")), alignment: alignment.name) }
    }
    public func mask<V: View>(_ mask: V, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { c in .mask(c.graph.record(mask, c.child("mask")), alignment: "center") }
    }

    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle(), file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { c in
            var reason = ""
            guard let s = shape.recordedShape(sizeHint: c.sizeHint, reason: &reason) else {
                c.graph.warn("clipShape(_:)", "a custom shape (\(S.self)) does not clip: \(reason)", c.site)
                return nil
            }
            return .clipShape(RecordedShape(kind: s.kind))
        }
    }
    public func clipped(antialiased: Bool = false, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .clipped }
    }
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .clipShape(RecordedShape(kind: .roundedRectangle(cornerRadius: Double(radius), continuous: false))) }
    }

    public func compositingGroup() -> some View { self }
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear) -> some View { self }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
}

public enum ColorRenderingMode: Sendable { case nonLinear, linear, extendedLinear }

public enum BlendMode: Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter
}
