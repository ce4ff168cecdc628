// The top level: canvas, timing, state, events, content, expect, and the limits against
// hostile input.

extension SpecDecoder {
    static let topKeys = ["name", "about", "canvas", "duration", "fps", "state", "functions", "shapes", "events", "interactions", "content", "expect", "lint", "shaders"]
    /// Limits: a canvas side ≤ 16384 px, ≤ 256 Mpx in total, ≤ 100,000 frames.
    static let maxPixelSide = 16_384.0
    static let maxPixels = 256_000_000.0
    static let maxFrames = 100_000.0

    static let environmentKeys = ["colorScheme", "dynamicTypeSize", "reduceMotion", "layoutDirection", "systemColors"]

    func environment(_ cf: Fields) -> SpecEnvironment {
        var e = SpecEnvironment()
        e.colorScheme = choice(cf, "colorScheme", default: SpecColorScheme.light)
        e.dynamicTypeSize = choice(cf, "dynamicTypeSize", default: SpecDynamicTypeSize.large)
        e.reduceMotion = bool(cf, "reduceMotion", default: false)
        e.rightToLeft = choice(cf, "layoutDirection", default: SpecLayoutDirection.leftToRight) == .rightToLeft
        e.systemColors = choice(cf, "systemColors", default: SpecSystemColors.iOS18)
        return e
    }

    func decodeSpec(_ root: JSONValue) -> Spec? {
        guard let f = object(root, "", allowed: SpecDecoder.topKeys, what: "a spec object") else { return nil }
        declaredStateNames = Set(f["state"]?.objectMembers?.map(\.key) ?? [])
        let name = string(f, "name")
        let about = about(f)

        // Canvas.
        var canvas = SpecCanvas(width: 100, height: 100, scale: 2, background: .clear)
        if let cv = f["canvas"], let cf = object(cv, "canvas", allowed: ["width", "height", "scale", "background", "device", "safeAreaInsets", "let", "clockStart"] + SpecDecoder.environmentKeys) {
            environment = self.environment(cf)
            canvas.environment = environment
            let device = cf["device"].flatMap { self.device($0, cf.path("device")) }
            let w = literal(cf, "width", .positive)
            let h = literal(cf, "height", .positive)
            if w == nil && !cf.has("device") { missing(cf, "width", "the width in points, or a \"device\"") }
            if h == nil && !cf.has("device") { missing(cf, "height", "the height in points, or a \"device\"") }
            canvas.width = w ?? device?.width ?? 100
            canvas.height = h ?? device?.height ?? 100
            canvas.scale = literal(cf, "scale", .positive) ?? device?.scale ?? 2
            canvas.device = device
            canvas.safeAreaInsets = device?.safeAreaInsets ?? .zero
            if let sv = cf["safeAreaInsets"] { canvas.safeAreaInsets = safeAreaInsets(sv, cf.path("safeAreaInsets"), canvas) }
            // The background may read the state, so it is decoded with the content's scope below.
            clockStart = literal(cf, "clockStart", .nonNegative) ?? 0
            canvas.clockStart = clockStart
            let pw = canvas.width * canvas.scale, ph = canvas.height * canvas.scale
            if pw > SpecDecoder.maxPixelSide || ph > SpecDecoder.maxPixelSide {
                error("canvas", cv.position, "canvas is \(formatNumber(pw.rounded(.up)))×\(formatNumber(ph.rounded(.up))) px (width·scale × height·scale); the limit is 16384 px a side")
            } else if pw * ph > SpecDecoder.maxPixels {
                error("canvas", cv.position, "canvas is \(formatNumber((pw * ph / 1_000_000).rounded())) Mpx; the limit is 256 Mpx")
            }
        } else if f["canvas"] == nil {
            missing(f, "canvas", "{\"width\": points, \"height\": points}")
        }

        // Timing.
        let duration = literal(f, "duration", .positive) ?? { missing(f, "duration", "seconds"); return 1 }()
        // An invalid duration is reported once; events are not checked against it.
        let durationIsValid = NumberRange.positive.contains(duration)
        let fps = literal(f, "fps", NumberRange(min: 0, minOpen: true, max: 240)) ?? 30
        if duration * fps > SpecDecoder.maxFrames {
            error("duration", f["duration"]?.position ?? f.position, "duration × fps = \(formatNumber((duration * fps).rounded())) frames; the limit is 100000")
        }

        // State: slots 1…n (state arrays' elements get theirs as the events create them).
        var state: [StateVariable] = []
        updatedArrays = SpecDecoder.updatedArrayNames(f["events"])
        movedArrays = SpecDecoder.movedArrayNames([f["events"], f["content"]])
        if let sv = f["state"] { state = decodeState(sv) }

        // Functions, then the canvas's `let` names: both visible to the whole content; functions
        // also to the values events set.
        var contentScope = rootScope
        if let fv = f["functions"] { contentScope = functions(fv, "functions", contentScope) }

        // Events, played at load (SpecDecoder+Events.swift).
        var events: [SpecEvent] = []
        if let ev = f["events"] {
            events = decodeEvents(ev, duration: duration, durationIsValid: durationIsValid, scope: contentScope, state: &state)
        }
        eventCount = events.count

        // The content reads state arrays (`count(stars)`, `stars[i].opacity`) as the events left them.
        contentScope = contentScope.adding(stateArrays: arrayOrder.compactMap { arrayStates[$0]?.model })

        if let lv = f["canvas"]?.objectMembers?.first(where: { $0.key == "let" })?.value {
            contentScope = letBindings(lv, "canvas.let", contentScope)
        }

        // The canvas background: a colour, or an expression of the clock, the state and `let` names.
        if let bv = f["canvas"]?.objectMembers?.first(where: { $0.key == "background" })?.value {
            switch colorField(bv, "canvas.background", contentScope) {
            case .literal(let c): canvas.background = c
            case .expression(let e): canvas.computedBackground = e
            }
        }

        // Shape templates, used by the content.
        if let sv = f["shapes"] { shapeTemplates = shapeTemplates(sv, "shapes", functions: contentScope.functions) }

        // Content.
        var content: [SpecNode] = []
        if let cv = f["content"] {
            content = nodes(cv, "content", contentScope, depth: 1)
        } else {
            missing(f, "content", "an array of nodes")
        }
        checkInstanceCount(content, at: f["content"]?.position ?? f.position)

        // Expectations.
        var expect: [Expectation] = []
        if let xv = f["expect"], let xa = array(xv, "expect", what: "an array of expectations") {
            for (i, item) in xa.enumerated() {
                if let e = expectation(item, SpecDecoder.index("expect", i), canvas: canvas) { expect.append(e) }
            }
        }

        var spec = Spec(name: name, about: about, canvas: canvas, duration: duration, fps: fps, state: state, events: events, content: content, expect: expect, slots: slots)
        spec.stateArrays = arrayOrder.compactMap { n in
            arrayStates[n]?.model
        }
        spec.shapes = shapeTemplates
        if let e = spec.canvas.computedBackground { spec.canvas.background = SpecColorValue.expression(e).value(spec.initialFrame()) }
        if let lv = f["lint"] { spec.lint = lintSettings(lv, "lint") }
        if let sv = f["shaders"] { spec.shaderSources = shaderSources(sv, "shaders") }
        if let iv = f["interactions"] { spec.interactions = interactions(iv, "interactions", duration: durationIsValid ? duration : nil) }
        return spec
    }

    /// `shaders`: the `.metal` files whose stitchable functions the spec's shaders may name, as
    /// paths relative to the spec's folder (confined to it when the renderer reads them).
    func shaderSources(_ v: JSONValue, _ path: String) -> [String] {
        guard let items = array(v, path, what: "an array of .metal file paths") else { return [] }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            let p = SpecDecoder.index(path, i)
            guard let file = item.stringValue else {
                error(p, item.position, "expected the path of a .metal file, got \(item.brief)")
                continue
            }
            if !file.hasSuffix(".metal") {
                error(p, item.position, "expected the path of a .metal file (ending in .metal), got \(UserText.quoted(file))")
            } else if out.contains(file) {
                error(p, item.position, "\(UserText.quoted(file)) is listed twice")
            } else {
                out.append(file)
            }
        }
        if items.count > 64 { error(path, v.position, "\(items.count) shader files; the limit is 64") }
        return out
    }

    /// Rejects trees whose repeats multiply to more than `maxInstances` node instances.
    func checkInstanceCount(_ content: [SpecNode], at position: SourcePosition) {
        func count(_ nodes: [SpecNode]) -> Double {
            nodes.reduce(0.0) { total, n in
                var c = 1.0
                switch n.kind {
                case .group(let g): c += count(g)
                case .repeat(let r): c += Double(r.count) * count(r.content)
                case .conditional(let i): c += count(i.content)
                case .canvas(let cn): c += count(cn.content)
                case .phaseAnimator(let p): c += count(p.content)
                case .keyframeAnimator(let k): c += count(k.content)
                case .layout(let l): c += count(l.content)
                default: break
                }
                for m in n.modifiers {
                    switch m {
                    case .mask(let mn): c += count([mn])
                    case .background(let b), .overlay(let b): c += count(b.content)
                    default: break
                    }
                }
                return min(total + c, 1e300)
            }
        }
        let total = count(content)
        if total > Double(SpecDecoder.maxInstances) {
            error("content", position, "the content expands to \(formatNumber(total.rounded())) node instances (repeat counts multiply); the limit is \(SpecDecoder.maxInstances)")
        }
    }

    /// `canvas.device`: a preset's name (docs/semantics.md §138–142).
    func device(_ v: JSONValue, _ path: String) -> DevicePreset? {
        guard let s = v.stringValue else {
            error(path, v.position, "expected a device name (\(DevicePreset.names.joined(separator: ", "))), got \(v.brief)")
            return nil
        }
        guard let d = DevicePreset.named(s) else {
            error(path, v.position, "unknown device \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: DevicePreset.names)); devices: \(DevicePreset.names.joined(separator: ", "))")
            return nil
        }
        return d
    }

    /// `canvas.safeAreaInsets`: `{top, leading, bottom, trailing}` in points, each ≥ 0 (absent = 0),
    /// leaving a safe area of positive size.
    func safeAreaInsets(_ v: JSONValue, _ path: String, _ canvas: SpecCanvas) -> DeviceInsets {
        guard let f = object(v, path, allowed: ["top", "leading", "bottom", "trailing"], what: "{\"top\", \"leading\", \"bottom\", \"trailing\"} in points") else { return .zero }
        let i = DeviceInsets(top: literal(f, "top", .nonNegative) ?? 0, leading: literal(f, "leading", .nonNegative) ?? 0,
                             bottom: literal(f, "bottom", .nonNegative) ?? 0, trailing: literal(f, "trailing", .nonNegative) ?? 0)
        if i.top + i.bottom >= canvas.height || i.leading + i.trailing >= canvas.width {
            error(path, v.position, "the insets leave no safe area on a \(formatNumber(canvas.width))×\(formatNumber(canvas.height)) canvas")
        }
        return i
    }
}
