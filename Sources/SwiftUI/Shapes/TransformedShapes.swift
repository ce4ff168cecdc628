// Shapes made from other shapes by a transform, and `Path` as a shape: each is its path(in:), so
// the renderer draws it as it draws any custom shape (PathFit).
import Foundation

public struct ScaledShape<Content: Shape>: Shape, _WrappingShape {
    var wrapped: any Shape { shape }
    var strokeScale: Double { abs(Double(scale.width * scale.height)).squareRoot() }
    public var shape: Content
    public var scale: CGSize
    public var anchor: UnitPoint
    public var animatableData: AnimatablePair<Content.AnimatableData, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(shape.animatableData, AnimatablePair(scale.width, scale.height)) }
        set { shape.animatableData = newValue.first; scale = CGSize(width: newValue.second.first, height: newValue.second.second) }
    }
    public init(shape: Content, scale: CGSize, anchor: UnitPoint = .center) {
        self.shape = shape
        self.scale = scale
        self.anchor = anchor
    }
    public func path(in rect: CGRect) -> Path {
        let ax = rect.minX + anchor.x * rect.width, ay = rect.minY + anchor.y * rect.height
        let t = CGAffineTransform(translationX: -ax, y: -ay)
            .concatenating(CGAffineTransform(scaleX: scale.width, y: scale.height))
            .concatenating(CGAffineTransform(translationX: ax, y: ay))
        return shape.path(in: rect).applying(t)
    }
}

public struct RotatedShape<Content: Shape>: Shape, _WrappingShape {
    var wrapped: any Shape { shape }
    public var shape: Content
    public var angle: Angle
    public var anchor: UnitPoint
    public var animatableData: AnimatablePair<Content.AnimatableData, Double> {
        get { AnimatablePair(shape.animatableData, angle.radians) }
        set { shape.animatableData = newValue.first; angle = .radians(newValue.second) }
    }
    public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) {
        self.shape = shape
        self.angle = angle
        self.anchor = anchor
    }
    public func path(in rect: CGRect) -> Path {
        let ax = rect.minX + anchor.x * rect.width, ay = rect.minY + anchor.y * rect.height
        let t = CGAffineTransform(translationX: -ax, y: -ay)
            .concatenating(CGAffineTransform(rotationAngle: angle.radians))
            .concatenating(CGAffineTransform(translationX: ax, y: ay))
        return shape.path(in: rect).applying(t)
    }
}

public struct OffsetShape<Content: Shape>: Shape, _WrappingShape {
    var wrapped: any Shape { shape }
    public var shape: Content
    public var offset: CGSize
    public var animatableData: AnimatablePair<Content.AnimatableData, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(shape.animatableData, AnimatablePair(offset.width, offset.height)) }
        set { shape.animatableData = newValue.first; offset = CGSize(width: newValue.second.first, height: newValue.second.second) }
    }
    public init(shape: Content, offset: CGSize) {
        self.shape = shape
        self.offset = offset
    }
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height)
    }
}

public struct TransformedShape<Content: Shape>: Shape, _WrappingShape {
    var wrapped: any Shape { shape }
    var strokeScale: Double { abs(Double(transform.a * transform.d - transform.b * transform.c)).squareRoot() }
    public var shape: Content
    public var transform: CGAffineTransform
    public init(shape: Content, transform: CGAffineTransform) {
        self.shape = shape
        self.transform = transform
    }
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).applying(transform) }
}

extension Shape {
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: scale, height: scale), anchor: anchor)
    }
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }
    public func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }
    public func offset(_ offset: CGPoint) -> OffsetShape<Self> { OffsetShape(shape: self, offset: CGSize(width: offset.x, height: offset.y)) }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> { OffsetShape(shape: self, offset: CGSize(width: x, height: y)) }
    public func transform(_ transform: CGAffineTransform) -> TransformedShape<Self> { TransformedShape(shape: self, transform: transform) }
}

/// A `Path` is a shape drawn in its own coordinates, whatever rectangle it is given.
extension Path: Shape {}
