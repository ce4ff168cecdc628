// A kernel bound to one frame's decoded arguments: the type-erased handle the spec layer keeps.
// Erasure costs one indirect call per frame; inside, the runtime loop is specialized for the
// concrete kernel (see ShaderKernel's `prepare` and ShaderRuntime).

/// A kernel with its arguments decoded, ready to run over buffers.
public struct PreparedShader: Sendable {
    /// The kernel's signature (name, kind, arguments).
    public let signature: ShaderSignature
    @usableFromInline
    let run: @Sendable (inout ShaderBuffer, ShaderGeometry, Int) -> Void

    /// Wraps a run function; `run` must be deterministic whatever the thread count.
    public init(signature: ShaderSignature, run: @escaping @Sendable (inout ShaderBuffer, ShaderGeometry, Int) -> Void) {
        self.signature = signature
        self.run = run
    }

    /// Applies the shader to `buffer` (the rasterized view, premultiplied) in place.
    /// - Parameters:
    ///   - geometry: how buffer pixels map to the view's local points.
    ///   - threads: worker count (≤ 1 runs on the calling thread); the result is identical for any value.
    public func apply(to buffer: inout ShaderBuffer, geometry: ShaderGeometry, threads: Int = 1) {
        run(&buffer, geometry, threads)
    }

    /// Returns the shaded copy of `buffer`.
    public func applied(to buffer: ShaderBuffer, geometry: ShaderGeometry, threads: Int = 1) -> ShaderBuffer {
        var copy = buffer
        run(&copy, geometry, threads)
        return copy
    }
}
