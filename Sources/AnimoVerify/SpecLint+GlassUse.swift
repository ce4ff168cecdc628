// The Liquid Glass usage rules (docs/lint.md): glass on content that moves fast, a clip shape on a
// glass view, and untinted glass as a large card on a dark canvas. Each reads the spec model only.
//
// - glass-fast-motion: glass resamples what lies behind it every frame (docs/semantics.md §230,
//   §255), so glass riding on something that moves fast pulses and swims instead of reading as a
//   stable surface. Speed is the distance an animated `offset`/`position` (on the glass view or
//   an ancestor) moves over the animation's travel time (a curve's duration, a spring's
//   response), or, for a value driven by the clock `t`, its largest change over one frame of the
//   spec. The threshold, 600 pt/s, is 10 pt per frame at 60 fps: half the 20 pt refraction band
//   (§235, §257), past which the lensed rim shows entirely different content from one frame to
//   the next.
// - glass-clip-shape: the glass takes its shape from `glassEffect`'s `shape` (SwiftUI's `in:`,
//   §223). A clip after it cuts the glass's rim and shadow off; a clip before it clips the content
//   while the glass keeps its own (default capsule) shape.
// - glass-untinted-dark: untinted glass is light (its face lifts the backdrop toward white,
//   §235), so as a card on a dark canvas it reads as a bright panel; dark surfaces take a dark
//   tint. A card is a glass view whose frame is at least 100 pt on both sides (controls and bars
//   are under 100 pt tall, §138–142's 44–49 pt bars).
import AnimoSpec
import AnimoMotion

extension SpecLint {
    /// Glass moving faster than this (points per second) is flagged.
    static let fastestGlass = 600.0
    /// A glass view at least this wide and tall (points) is a card.
    static let glassCardSide = 100.0
    /// A canvas background darker than this (relative luminance of its sRGB values) is dark.
    static let darkBackground = 0.2

    /// A motion modifier on the path from the top to a glass view.
    struct GlassMotion {
        var path: String
        var x: SpecNumber
        var y: SpecNumber
    }

    /// Walks the content for the three rules, carrying the motion modifiers and animation
    /// modifiers of ancestors.
    mutating func checkGlassUse(_ nodes: [SpecNode], motions: [GlassMotion], animations: [SpecAnimation], loops: [Loop]) {
        for n in nodes {
            var motions = motions, animations = animations
            for (i, m) in n.modifiers.enumerated() {
                switch m {
                case .offset(let x, let y), .position(let x, let y):
                    motions.append(GlassMotion(path: "\(n.path).modifiers[\(i)].\(m.name)", x: x, y: y))
                case .animation(let a):
                    if let anim = a.animation { animations.append(anim) }
                default: break
                }
            }
            if let glassIndex = n.modifiers.firstIndex(where: { if case .glassEffect(let g) = $0 { return g.variant != .identity }; return false }),
               case .glassEffect(let glass) = n.modifiers[glassIndex] {
                checkGlassMotion(n, motions: motions, animations: animations, loops: loops)
                checkGlassClip(n, glassIndex: glassIndex)
                checkUntintedGlass(n, glass, glassIndex: glassIndex, loops: loops)
            }
            for m in n.modifiers {
                if case .background(let b) = m { checkGlassUse(b.content, motions: motions, animations: animations, loops: loops) }
                if case .overlay(let o) = m { checkGlassUse(o.content, motions: motions, animations: animations, loops: loops) }
            }
            switch n.kind {
            case .group(let c): checkGlassUse(c, motions: motions, animations: animations, loops: loops)
            case .repeat(let r): checkGlassUse(r.content, motions: motions, animations: animations, loops: loops + [(r.slot, r.count)])
            case .conditional(let c): checkGlassUse(c.content, motions: motions, animations: animations, loops: loops)
            case .phaseAnimator(let p): checkGlassUse(p.content, motions: motions, animations: animations, loops: loops)
            case .keyframeAnimator(let k): checkGlassUse(k.content, motions: motions, animations: animations, loops: loops)
            case .layout(let l): checkGlassUse(l.content, motions: motions, animations: animations, loops: loops)
            default: break
            }
        }
    }

    mutating func checkGlassMotion(_ node: SpecNode, motions: [GlassMotion], animations: [SpecAnimation], loops: [Loop]) {
        guard !motions.isEmpty else { return }
        func at(_ f: [Double]) -> (Double, Double) {
            motions.reduce((0.0, 0.0)) { ($0.0 + $1.x.value(f), $0.1 + $1.y.value(f)) }
        }
        // Driven by the clock: the largest move over one frame.
        let clocked = motions.filter { $0.x.slots.contains(0) || $0.y.slots.contains(0) }
        if let first = clocked.first, spec.fps > 0 {
            let dt = 1 / spec.fps
            for b in Self.bindings(loops) {
                var f = spec.initialFrame()
                for (slot, v) in b where slot < f.count { f[slot] = v }
                var fastest = 0.0, when = 0.0
                var previous: (Double, Double)?
                for k in 0...Int(min(spec.duration * spec.fps, 6000).rounded(.down)) {
                    f[0] = Double(k) * dt
                    let p = at(f)
                    if let q = previous {
                        let v = ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1)).squareRoot() / dt
                        if v.isFinite, v > fastest { fastest = v; when = f[0] }
                    }
                    previous = p
                }
                if fastest > Self.fastestGlass {
                    add("glass-fast-motion", node.path, "the glass moves at up to \(fmt(fastest)) pt/s (at \(fmt(when)) s, by \(first.path)), faster than \(fmt(Self.fastestGlass)) pt/s (10 pt a frame at 60 fps, half the glass's 20 pt lens band): glass resamples what is behind it every frame, so on fast-moving content it pulses; use a plain translucent fill on moving content, and glass on still or slow elements")
                    return
                }
            }
        }
        // Moved by events: distance over the animation's travel time.
        for (k, e) in spec.events.enumerated() {
            guard let anim = e.animation ?? animations.first,
                  let travel = try? anim.motionAnimation(frame: snapshots[k].frame, path: "").travelTime, travel > 0 else { continue }
            for b in Self.bindings(loops) {
                var before = snapshots[k].frame, after = snapshots[k + 1].frame
                for (slot, v) in b where slot < before.count { before[slot] = v; after[slot] = v }
                let p = at(before), q = at(after)
                let distance = ((q.0 - p.0) * (q.0 - p.0) + (q.1 - p.1) * (q.1 - p.1)).squareRoot()
                let speed = distance / travel
                guard speed.isFinite, speed > Self.fastestGlass else { continue }
                add("glass-fast-motion", node.path, "events[\(k)] moves the glass \(fmt(distance)) pt in \(fmt(travel)) s (its animation's travel time), \(fmt(speed)) pt/s, faster than \(fmt(Self.fastestGlass)) pt/s (10 pt a frame at 60 fps, half the glass's 20 pt lens band): glass resamples what is behind it every frame, so on fast-moving content it pulses; use a plain translucent fill on moving content, and glass on still or slow elements")
                return
            }
        }
    }

    mutating func checkGlassClip(_ node: SpecNode, glassIndex: Int) {
        for (i, m) in node.modifiers.enumerated() {
            guard case .clipShape = m else { continue }
            let message = i > glassIndex
                ? "a clipShape after glassEffect cuts off the glass's rim and shadow: the glass already has its shape; give the shape to glassEffect (\"shape\") and drop the clip"
                : "a clipShape before glassEffect clips the content, not the glass, which keeps its own shape (\(shapeName(node.modifiers[glassIndex]))): give the shape to glassEffect (\"shape\") instead of clipping"
            add("glass-clip-shape", "\(node.path).modifiers[\(i)].clipShape", message)
        }
    }

    func shapeName(_ m: SpecModifier) -> String {
        guard case .glassEffect(let g) = m else { return "capsule" }
        switch g.shape {
        case .capsule: return "a capsule"
        case .circle: return "a circle"
        case .ellipse: return "an ellipse"
        case .rectangle: return "a rectangle"
        case .roundedRectangle(let r): return "a rounded rectangle of radius \(fmt(r))"
        }
    }

    mutating func checkUntintedGlass(_ node: SpecNode, _ glass: SpecGlassEffect, glassIndex: Int, loops: [Loop]) {
        guard glass.tint == nil else { return }
        let bg = spec.canvas.background
        let luminance = 0.2126 * bg.red + 0.7152 * bg.green + 0.0722 * bg.blue
        let darkScheme = spec.canvas.environment.colorScheme == .dark
        let darkBackground = bg.opacity >= 0.5 && luminance < Self.darkBackground
        guard darkScheme || darkBackground else { return }
        // The view's size: the last fixed frame before the glass with both sides.
        var size: (SpecNumber, SpecNumber)?
        for m in node.modifiers[..<glassIndex] {
            if case .frame(.fixed(let w?, let h?, _)) = m { size = (w, h) }
        }
        guard let (w, h) = size else { return }
        for (label, f) in frames(loops) {
            let width = w.value(f), height = h.value(f)
            guard width >= Self.glassCardSide, height >= Self.glassCardSide else { continue }
            let why = darkScheme ? "the canvas's colorScheme is dark" : "the canvas background is dark (luminance \(fmt(luminance)))"
            add("glass-untinted-dark", "\(node.path).modifiers[\(glassIndex)].glassEffect", "\(label): an untinted glass card of \(fmt(width))×\(fmt(height)) pt, and \(why): untinted glass lifts what is behind it toward white, so it reads as a bright panel on a dark screen; tint it dark (\"tint\": a black at about 0.3 opacity) to keep a dark surface with its lensing")
            return
        }
    }
}
