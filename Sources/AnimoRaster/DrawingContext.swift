// DrawingContext: an immediate-mode drawing surface over a Pixmap, shaped like SwiftUI's
// GraphicsContext / Core Graphics' CGContext: a current transform and clip in a save/restore state
// stack, fills and strokes with paints, fill rules, opacity and blend modes, transparency layers, masks and
// image drawing. Everything composites in premultiplied gamma-encoded sRGB (docs/architecture.md, "Pixels").
//
// Pixel contract: the target and every layer are premultiplied Float32 pixmaps of the same size;
// a layer starts transparent and is composited onto the surface below at `endLayer`, with the
// opacity and blend mode given to `beginLayer` and the clip in effect when it began (as in CG's
// transparency layers). Allocation: one pixmap per open layer; fills allocate three row buffers.
//
// 8-bit target: a context over a Pixmap8 (`init(pixmap8:)`) records and replays band by band as
// below, with Compositor8's loops (always deferred: `defersCompositing` applies to Float32 surfaces);
// its layers are Float32 pixmaps as above, composited down into the 8-bit target when they end.
//
// Deferred compositing: fills and clears of a Float32 surface are recorded (SpanRecord.swift) and composited band by band
// (BandReplay.swift) when the pixels are needed — `pixmap`, `finish()`, layers, `drawMasked`,
// `composite` — or when the recording outgrows its budget. The pixels are bit-identical to
// compositing each fill immediately (`defersCompositing = false`); only the memory order changes.

import AnimoGeometry

/// An immediate-mode 2D drawing context over a pixmap.
public struct DrawingContext: Sendable {
    struct State: Sendable {
        var transform: Transform = .identity
        var clip: Mask? = nil
    }
    struct Layer: Sendable {
        var opacity: Float
        var blendMode: BlendMode
        var clip: Mask?
    }

    /// The Float32 surfaces: the target first (unless the target is `target8`), then one per open layer.
    private var surfaces: [Pixmap]
    /// The target when it is 8-bit (then `surfaces` holds only the open layers).
    private var target8: Pixmap8?
    /// True when drawing goes into `target8` (an 8-bit target and no open layer).
    private var drawsInto8: Bool { target8 != nil && surfaces.isEmpty }
    /// True when fills and clears are recorded rather than composited at once.
    private var records: Bool { defersCompositing || drawsInto8 }
    private var layers: [Layer] = []
    private var state = State()
    private var stack: [State] = []
    private var rasterizer = Rasterizer()
    /// Fills and clears of the top surface not yet composited into it.
    private var recorder = SpanRecorder()
    /// Whether fills are recorded and composited band by band (the default) or composited at once.
    /// Both give bit-identical pixels; the switch exists for the differential tests and for callers
    /// that interleave many pixel reads with drawing. Changing it flushes. It applies to Float32
    /// surfaces; an 8-bit target is always drawn deferred (it has no immediate path).
    var defersCompositing: Bool = true {
        didSet { flush() }
    }
    /// Threads that composite the pending fills when they are flushed (1 by default: callers such as
    /// the frame renderer already run one context per core). Any value gives the same pixels; the
    /// bands of rows are split between the threads.
    public var compositingThreads: Int = 1
    /// Whether 8-bit targets can composite with the AVX2 loops (RasterAVX2) here: the processor has
    /// them and `ANIMO_SIMD` is not `sse2`. The default of `usesAVX2`.
    public static var avx2LoopsAvailable: Bool { Compositor8.usesAVX2 }
    /// Whether an 8-bit target composites with the AVX2 loops: `avx2LoopsAvailable` unless set false;
    /// setting it true where they are not available has no effect. The same pixels either way
    /// (Pixmap8Tests); the benchmark times both.
    public var usesAVX2: Bool {
        get { avx2Loops }
        set { avx2Loops = newValue && DrawingContext.avx2LoopsAvailable }
    }
    private var avx2Loops = DrawingContext.avx2LoopsAvailable
    /// Bytes of recorded spans after which pending fills are composited (see `SpanRecorder`).
    var recordingBudget: Int {
        get { recorder.byteBudget }
        set { recorder.byteBudget = max(newValue, 0) }
    }

    /// Flattening tolerance in device pixels for fills and clips.
    public var tolerance: Double = Path.defaultTolerance
    /// Subpaths dropped so far because of NaN or infinite coordinates (a dropped draw is reported).
    public private(set) var droppedNonFiniteSubpaths = 0

    /// A context drawing into `pixmap`.
    public init(pixmap: Pixmap) {
        surfaces = [pixmap]
        width = pixmap.width; height = pixmap.height
    }

    /// A context drawing into the 8-bit premultiplied `pixmap` (layers stay Float32; see Pixmap8.swift).
    public init(pixmap8: Pixmap8) {
        surfaces = []
        target8 = pixmap8
        width = pixmap8.width; height = pixmap8.height
    }

    /// A context over a new transparent pixmap; throws `PixmapError` for invalid sizes.
    public init(width: Int, height: Int) throws { self.init(pixmap: try Pixmap(width: width, height: height)) }

    public let width: Int
    public let height: Int

    /// The drawing so far (an 8-bit target widened to Float32). Open layers are not included until
    /// they end (see `finish()`). Mutating because pending (deferred) fills are composited first.
    public var pixmap: Pixmap {
        mutating get {
            if layers.isEmpty { flush() }
            return target8?.floatPixmap ?? surfaces[0]
        }
    }

    /// The 8-bit target's drawing so far; nil for a Float32 target. Like `pixmap`, open layers are
    /// not included and pending fills are composited first.
    public var pixmap8: Pixmap8? {
        mutating get {
            if layers.isEmpty { flush() }
            return target8
        }
    }

    /// Ends every open layer and returns the target pixmap (an 8-bit target widened to Float32).
    public mutating func finish() -> Pixmap {
        while !layers.isEmpty { endLayer() }
        flush()
        return target8?.floatPixmap ?? surfaces[0]
    }

    /// Ends every open layer and returns the target as 8-bit pixels (a Float32 target quantized).
    public mutating func finish8() -> Pixmap8 {
        while !layers.isEmpty { endLayer() }
        flush()
        return target8 ?? Pixmap8(surfaces[0])
    }

    /// Composites the pending fills into the top surface.
    private mutating func flush() {
        guard !recorder.isEmpty else { return }
        replayIntoTop()
        recorder.reset()
    }

    /// Composites the recording into the top surface (Float32, or the 8-bit target).
    private mutating func replayIntoTop() {
        if drawsInto8 {
            recorder.replay(into: &target8!, threads: compositingThreads, avx2: usesAVX2)
        } else {
            recorder.replay(into: &surfaces[surfaces.count - 1], threads: compositingThreads)
        }
    }

    // MARK: State

    /// The current user → device transform.
    public var transform: Transform {
        get { state.transform }
        set { state.transform = newValue }
    }

    /// Prepends `t` to the current transform: user points go through `t`, then the old transform
    /// (CGContextConcatCTM; SwiftUI's `concatenate(_:)`).
    public mutating func concatenate(_ t: Transform) { state.transform = t.concatenating(state.transform) }
    public mutating func translateBy(x: Double, y: Double) { concatenate(.translation(x, y)) }
    public mutating func scaleBy(x: Double, y: Double) { concatenate(.scale(x, y)) }
    /// Rotates user space by `radians` (clockwise on screen for positive angles).
    public mutating func rotate(by radians: Double) { concatenate(.rotation(radians)) }

    /// Pushes the transform and clip; `restoreState` pops them.
    public mutating func saveState() { stack.append(state) }
    /// Pops the state saved last; a no-op when nothing was saved.
    public mutating func restoreState() { if let s = stack.popLast() { state = s } }

    /// Runs `body` with a copy of the state, restoring transform and clip afterwards.
    public mutating func withState(_ body: (inout DrawingContext) throws -> Void) rethrows {
        saveState()
        defer { restoreState() }
        try body(&self)
    }

    /// The current clip mask, nil when nothing is clipped.
    public var clipMask: Mask? { state.clip }

    /// Intersects the clip with `path` (under the current transform), anti-aliased.
    @discardableResult
    public mutating func clip(to path: Path, rule: FillRule = .nonZero) -> RasterReport {
        let (m, rep) = Mask.fromPath(path, transform: state.transform, rule: rule, width: width, height: height,
                                     tolerance: tolerance, rasterizer: &rasterizer)
        droppedNonFiniteSubpaths += rep.droppedNonFiniteSubpaths
        state.clip = state.clip.map { $0.intersected(with: m) } ?? m
        return rep
    }

    // MARK: Drawing

    /// Replaces every pixel of the current surface with `color` (transparent by default), ignoring
    /// the clip: the fast way to start a frame.
    public mutating func clear(_ color: PremultipliedColor = .clear) {
        if records {
            recorder.recordClear(color.simd)
        } else {
            surfaces[surfaces.count - 1].clear(color)
        }
    }

    /// Paints every pixel of the current surface (within the clip) with `paint` (in user space),
    /// composited with `blendMode`; `.copy` replaces instead of blending.
    public mutating func fillAll(with paint: Paint, opacity: Double = 1, blendMode: BlendMode = .normal) {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(Double(width), 0))
        p.line(to: Point(Double(width), Double(height))); p.line(to: Point(0, Double(height))); p.close()
        let saved = state.transform
        state.transform = .identity
        // The paint keeps the user transform: build the shader against it explicitly.
        _ = fill(.path(p), shader: Shader(paint, ctm: saved, opacity: opacity), rule: .nonZero, blendMode: blendMode)
        state.transform = saved
    }

    /// Fills `path` (in user space) with `paint`. Returns the rasterizer's report: non-finite
    /// subpaths are skipped and counted (also in `droppedNonFiniteSubpaths`), never fatal.
    @discardableResult
    public mutating func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero,
                              opacity: Double = 1, blendMode: BlendMode = .normal) -> RasterReport {
        fill(.path(path), shader: Shader(paint, ctm: state.transform, opacity: opacity), rule: rule, blendMode: blendMode)
    }

    /// Strokes `path` (in user space) with `paint`: the outline of `style` under the current
    /// transform (which shapes the pen too, as in Core Graphics), filled with the non-zero rule.
    /// Same pixels as filling `path.stroked(style, transform: transform, tolerance: tolerance)`,
    /// without building that outline as a `Path` and flattening it again (`Path.strokeOutline`).
    @discardableResult
    public mutating func stroke(_ path: Path, with paint: Paint, style: StrokeStyle,
                                opacity: Double = 1, blendMode: BlendMode = .normal) -> RasterReport {
        // A dash pattern too fine to resolve comes back undashed with its mean coverage (Dasher.swift).
        let (outline, coverage) = path.strokeOutlineWithCoverage(style, transform: state.transform, tolerance: tolerance)
        var report = fill(.device(outline), shader: Shader(paint, ctm: state.transform, opacity: opacity * coverage),
                          rule: .nonZero, blendMode: blendMode)
        let dropped = Rasterizer.nonFiniteSubpathCount(path, state.transform)
        report.droppedNonFiniteSubpaths += dropped
        droppedNonFiniteSubpaths += dropped
        return report
    }

    /// What a fill rasterizes: a user-space path under the current transform and tolerance, or
    /// polygons already in device space.
    fileprivate enum Coverage {
        case path(Path)
        case device([Polyline])
    }

    /// Draws `image` with its pixel (i, j) covering [i, i+1] × [j, j+1] of image space, mapped to user
    /// space by `transform`; edges are anti-aliased by exact coverage of the mapped rectangle.
    @discardableResult
    public mutating func draw(_ image: Pixmap, transform: Transform = .identity, sampling: ImageSampling = .bilinear,
                              opacity: Double = 1, blendMode: BlendMode = .normal) -> RasterReport {
        var rect = Path()
        let w = Double(image.width), h = Double(image.height)
        rect.move(to: Point(0, 0)); rect.line(to: Point(w, 0)); rect.line(to: Point(w, h)); rect.line(to: Point(0, h)); rect.close()
        return fill(rect.transformed(by: transform), with: .image(image, transform: transform, sampling: sampling),
                    opacity: opacity, blendMode: blendMode)
    }

    private mutating func fill(_ path: Coverage, shader: Shader, rule: FillRule, blendMode: BlendMode) -> RasterReport {
        guard !shader.paintsNothing else { return RasterReport() }
        let w = width
        var area = PixelRect(x: 0, y: 0, width: width, height: height)
        let clip = state.clip
        if let clip { area = area.intersection(clip.bounds) }
        var rast = Rasterizer()
        swap(&rast, &rasterizer)
        defer { swap(&rast, &rasterizer) }
        if records { return record(path, shader: shader, rule: rule, blendMode: blendMode, clip: clip, area: area, rast: &rast) }
        let top = surfaces.count - 1
        var colors = [SIMD4<Float>](repeating: .zero, count: shader.solidColor == nil ? w : 0)
        let solid = shader.solidColor
        let ctm = state.transform
        let tol = tolerance
        // A constant span of coverage k expands into `konst` only for the paths that need per-pixel
        // coverage (clip, shaders, other blend modes); zero spans are skipped (k = 0 leaves d as is
        // in every compositing rule, see Compositor.swift).
        var konst = [Float](repeating: 0, count: w)
        let report = surfaces[top].pixels.withUnsafeMutableBufferPointer { dst in
            colors.withUnsafeMutableBufferPointer { col in
                konst.withUnsafeMutableBufferPointer { kbuf in
                    rast.rasterizeSpans(path, transform: ctm, rule: rule, clip: area, tolerance: tol) { y, x, n, cov, k in
                        let d = dst.baseAddress! + y * w + x
                        if cov == nil {
                            guard k != 0 else { return }
                            if let solid, clip == nil {
                                Compositor.solidSpan(d, k, n, solid, blendMode)
                                return
                            }
                        }
                        let covPtr: UnsafeMutablePointer<Float>
                        if let cov {
                            covPtr = UnsafeMutablePointer(mutating: cov)
                        } else {
                            covPtr = kbuf.baseAddress!
                            covPtr.update(repeating: k, count: n)
                        }
                        if let clip { clip.multiplyRow(y: y, x: x, covPtr, count: n) }
                        if let solid {
                            Compositor.solidRow(d, covPtr, n, solid, blendMode)
                        } else {
                            shader.shadeRow(y: y, x: x, count: n, into: col.baseAddress!)
                            Compositor.colorRow(d, covPtr, n, col.baseAddress!, blendMode)
                        }
                    }
                }
            }
        }
        droppedNonFiniteSubpaths += report.droppedNonFiniteSubpaths
        return report
    }

    /// The deferred twin of `fill`: records exactly the coverage the immediate path would hand to
    /// the compositor (constant interior spans; per-pixel rows, multiplied by the clip when there is
    /// one; zero constant spans dropped, as the immediate path skips them).
    private mutating func record(_ path: Coverage, shader: Shader, rule: FillRule, blendMode: BlendMode,
                                 clip: Mask?, area: PixelRect, rast: inout Rasterizer) -> RasterReport {
        var spans = SpanWriter(recorder.uniqueStorage())
        recorder.beginFill(shader: shader, blendMode: blendMode)
        let budget = recorder.byteBudget
        let report: RasterReport
        if let clip {
            report = rast.rasterizeSpans(path, transform: state.transform, rule: rule, clip: area, tolerance: tolerance) { y, x, n, cov, k in
                if cov == nil && k == 0 { return }
                let dst = spans.appendVarying(y: y, x: x, count: n)
                if let cov { dst.update(from: cov, count: n) } else { dst.update(repeating: k, count: n) }
                clip.multiplyRow(y: y, x: x, dst, count: n)
                spans.flush(over: budget) { flushMidFill(shader: shader, blendMode: blendMode) }
            }
        } else {
            // Per-pixel coverage is written by the rasterizer straight into the store's free tail
            // (RecordingSink); the budget is checked once per row, before the row is written.
            var sink = RecordingSink(spans: spans, budget: budget)
            report = rast.rasterizeSpans(path, transform: state.transform, rule: rule, clip: area, tolerance: tolerance,
                                         into: &sink, flush: { flushMidFill(shader: shader, blendMode: blendMode) })
            spans = sink.spans
        }
        spans.commit()
        recorder.endFill()
        droppedNonFiniteSubpaths += report.droppedNonFiniteSubpaths
        return report
    }

    /// Bounds the recording inside one huge fill: composites what is recorded and goes on with a
    /// continuation of the same fill (same per-pixel order, so the same pixels), in the same storage.
    private mutating func flushMidFill(shader: Shader, blendMode: BlendMode) {
        recorder.endFill()
        replayIntoTop()
        recorder.resetKeepingStorage()
        recorder.beginFill(shader: shader, blendMode: blendMode)
    }

    // MARK: Layers and masks

    /// Starts a transparency layer: later drawing goes to a new transparent surface that `endLayer`
    /// composites onto the one below with `opacity` and `blendMode`, inside the current clip.
    public mutating func beginLayer(opacity: Double = 1, blendMode: BlendMode = .normal) {
        flush()
        let op = Float(opacity.isFinite ? min(max(opacity, 0), 1) : 0)
        layers.append(Layer(opacity: op, blendMode: blendMode, clip: state.clip))
        // Same size as the target, which was validated: this cannot throw.
        let blank = (try? Pixmap(width: width, height: height))!
        surfaces.append(blank)
    }

    /// Ends the innermost layer (a no-op when none is open). With `mask`, the layer is additionally
    /// multiplied by the mask pixmap's alpha (SwiftUI's `mask(_:)`: the mask's alpha, not its color).
    public mutating func endLayer(mask: Pixmap? = nil) {
        flush()
        guard let layer = layers.popLast(), let content = surfaces.popLast() else { return }
        compositeOntoTop(content, opacity: layer.opacity, mode: layer.blendMode, clip: layer.clip, mask: mask)
    }

    /// Runs `body` inside `beginLayer` … `endLayer`.
    public mutating func withLayer(opacity: Double = 1, blendMode: BlendMode = .normal, mask: Pixmap? = nil,
                                   _ body: (inout DrawingContext) throws -> Void) rethrows {
        beginLayer(opacity: opacity, blendMode: blendMode)
        defer { endLayer(mask: mask) }
        try body(&self)
    }

    /// Composites `content` (a canvas-sized pixmap, device-aligned) masked by `mask`'s alpha onto the
    /// current surface, with opacity, blend mode and the current clip. Pixmaps of another size than
    /// the context are ignored (nothing drawn).
    public mutating func drawMasked(content: Pixmap, mask: Pixmap, opacity: Double = 1, blendMode: BlendMode = .normal) {
        guard content.width == width, content.height == height else { return }
        flush()
        let op = Float(opacity.isFinite ? min(max(opacity, 0), 1) : 0)
        compositeOntoTop(content, opacity: op, mode: blendMode, clip: state.clip, mask: mask)
    }

    /// Composites a canvas-sized, device-aligned pixmap (e.g. a layer processed by an effect) onto the
    /// current surface with opacity, blend mode and the current clip; no resampling.
    public mutating func composite(_ content: Pixmap, opacity: Double = 1, blendMode: BlendMode = .normal) {
        guard content.width == width, content.height == height else { return }
        flush()
        let op = Float(opacity.isFinite ? min(max(opacity, 0), 1) : 0)
        compositeOntoTop(content, opacity: op, mode: blendMode, clip: state.clip, mask: nil)
    }

    /// Composites a canvas-sized Float32 pixmap onto the top surface (Float32 or the 8-bit target).
    private mutating func compositeOntoTop(_ content: Pixmap, opacity: Float, mode: BlendMode, clip: Mask?, mask: Pixmap?) {
        if drawsInto8 {
            Compositor.compositeLayer(&target8!, content, opacity: opacity, mode: mode, clip: clip, mask: mask)
        } else {
            Compositor.compositeLayer(&surfaces[surfaces.count - 1], content, opacity: opacity, mode: mode, clip: clip, mask: mask)
        }
    }
}

private extension Rasterizer {
    /// Rasterizes a fill's coverage source as spans (see `rasterizeSpans(_:transform:…)`).
    mutating func rasterizeSpans(_ c: DrawingContext.Coverage, transform: Transform, rule: FillRule, clip: PixelRect,
                                 tolerance: Double,
                                 _ body: (_ y: Int, _ x: Int, _ count: Int, _ coverage: UnsafePointer<Float>?,
                                          _ constant: Float) -> Void) -> RasterReport {
        switch c {
        case .path(let path):
            return rasterizeSpans(path, transform: transform, rule: rule, clip: clip, tolerance: tolerance, body)
        case .device(let polylines):
            return rasterizeSpans(polylines, rule: rule, clip: clip, body)
        }
    }

    /// `rasterizeSpans(_:transform:…into:flush:)` for a fill's coverage source.
    mutating func rasterizeSpans<Sink: SpanSink>(_ c: DrawingContext.Coverage, transform: Transform, rule: FillRule,
                                                 clip: PixelRect, tolerance: Double, into sink: inout Sink,
                                                 flush: () -> Void) -> RasterReport {
        switch c {
        case .path(let path):
            return rasterizeSpans(path, transform: transform, rule: rule, clip: clip, tolerance: tolerance, into: &sink, flush: flush)
        case .device(let polylines):
            return rasterizeSpans(polylines, rule: rule, clip: clip, into: &sink, flush: flush)
        }
    }
}
