// pixellate — square mosaic as a layer effect: every pixel takes the layer's colour at the
// centre of its cell. Twin: Shaders/Metal/Pixellate.metal.
//
// Contract (docs/semantics.md §72): cells of `cellSize` points (floored at 1) aligned to the view's
// local origin; colour = layer.sample((floor(p / c) + 0.5) · c), premultiplied, unchanged.

import AnimoEffects

/// The decoded arguments of `pixellate`.
public struct PixellateUniforms: Sendable {
    public var cellSize: Float
}

/// `pixellate(float cellSize)`.
public enum Pixellate: LayerEffectKernel {
    public static let name = "pixellate"
    public static let parameters: [ShaderParameter] = [.init("cellSize", .float)]

    public static func decode(_ a: ShaderArguments) -> PixellateUniforms {
        PixellateUniforms(cellSize: max(a.float(0), 1))
    }

    @inline(__always)
    public static func color<L: LayerSampler>(at position: SIMD2<Float>, layer: L, uniforms u: PixellateUniforms) -> SIMD4<Float> {
        let c = u.cellSize
        let cell = SIMD2((position.x / c).rounded(.down) + 0.5, (position.y / c).rounded(.down) + 0.5)
        return layer.sample(cell * c)
    }
}
