// The catalogue: every kernel of this module, registered by its stitchable name.
// Adding a kernel = one Swift file (+ its twin in Metal/) and one line here.

import AnimoEffects

/// All kernels of the catalogue.
public enum ShaderCatalogue {
    /// The kernel types, in no particular order.
    public static let kernels: [any ShaderKernel.Type] = [
        IdentityColor.self,
        LiquidMetal.self,
        LiquidMetalTinted.self,
        HolographicFoil.self,
        Plasma.self,
        Ripple.self,
        Wave.self,
        Pixellate.self,
        ChromaticAberration.self,
        GlassRefraction.self,
    ]

    /// A registry of `kernels`. Catalogue declarations are checked by ShadersTests, so this
    /// only fails if a malformed kernel slipped past them; then it holds no kernels.
    public static let registry: ShaderRegistry =
        (try? ShaderRegistry(kernels: kernels)) ?? (try! ShaderRegistry(kernels: []))
}
