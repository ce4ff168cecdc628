// A kernel bound to one frame's decoded arguments: the type-erased handle the spec layer keeps.
// Erasure costs one indirect call per frame; inside, the runtime loop is specialized for the
// concrete kernel (see ShaderKernel's `prepare` and ShaderRuntime).

/// What one application of a shader reported besides its pixels. The catalogue's Swift kernels
/// always report nothing; kernels compiled from `.metal` sources can stop (an exhausted budget,
/// an integer division by zero) or write non-finite values, which are cleaned and counted.
public struct ShaderRunReport: Sendable, Equatable {
    /// Why the shader stopped before shading every pixel; nil when it finished.
    public var failure: String?
    /// Output components that were NaN or infinite (replaced by 0 or ±65504).
    public var nonFiniteOutputs: Int

    public init(failure: String? = nil, nonFiniteOutputs: Int = 0) {
        self.failure = failure
        self.nonFiniteOutputs = nonFiniteOutputs
    }

    public static let clean = ShaderRunReport()
}

/// A kernel with its arguments decoded, ready to run over buffers.
public struct PreparedShader: Sendable {
    /// The kernel's signature (name, kind, arguments).
    public let signature: ShaderSignature
    @usableFromInline
    let run: @Sendable (inout ShaderBuffer, ShaderGeometry, Int) -> ShaderRunReport

    /// Wraps a run function; `run` must be deterministic whatever the thread count.
    public init(signature: ShaderSignature, run: @escaping @Sendable (inout ShaderBuffer, ShaderGeometry, Int) -> Void) {
        self.signature = signature
        self.run = { buffer, geometry, threads in
            run(&buffer, geometry, threads)
            return .clean
        }
    }

    /// Wraps a run function that reports failures; it must be deterministic whatever the thread count.
    public init(signature: ShaderSignature, run: @escaping @Sendable (inout ShaderBuffer, ShaderGeometry, Int) -> ShaderRunReport) {
        self.signature = signature
        self.run = run
    }

    /// Applies the shader to `buffer` (the rasterized view, premultiplied) in place.
    /// - Parameters:
    ///   - geometry: how buffer pixels map to the view's local points.
    ///   - threads: worker count (≤ 1 runs on the calling thread); the result is identical for any value.
    /// - Returns: what the run reported (always `.clean` for the catalogue's kernels).
    @discardableResult
    public func apply(to buffer: inout ShaderBuffer, geometry: ShaderGeometry, threads: Int = 1) -> ShaderRunReport {
        run(&buffer, geometry, threads)
    }

    /// Returns the shaded copy of `buffer`.
    public func applied(to buffer: ShaderBuffer, geometry: ShaderGeometry, threads: Int = 1) -> ShaderBuffer {
        var copy = buffer
        _ = run(&copy, geometry, threads)
        return copy
    }
}
