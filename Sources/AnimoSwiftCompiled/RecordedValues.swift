// The recorded values as the spec writes them: colours, paints, fonts, animations, transitions.
import AnimoViewRecord
import AnimoSpec

enum RecordedValues {
    static func color(_ c: RecordedColor, _ warn: (String) -> Void, assets: [String: SpecColor] = [:]) -> SpecValue {
        switch c {
        case .rgba(let r, let g, let b, let a):
            func byte(_ v: Double) -> String {
                let i = Int((min(max(v, 0), 1) * 255).rounded())
                return String(format: "%02X", i)
            }
            return .string("#" + byte(r) + byte(g) + byte(b) + (a >= 1 ? "" : byte(a)))
        case .named(let name, let opacity):
            var n = name
            if name.hasPrefix("asset:") {
                let asset = String(name.dropFirst(6))
                if let c = assets[asset] {
                    return color(.rgba(c.red, c.green, c.blue, c.opacity * opacity), warn)
                }
                warn("the asset catalogue colour \"\(asset)\" is not in the project's catalogues: it is drawn grey")
                n = "gray"
            }
            if opacity >= 1 { return .string(n) }
            return .string("=opacity(\(n), \(SpecValue.text(of: max(0, opacity))))")
        case .hsb(let h, let s, let b, let a):
            return .string("=hsb(\(SpecValue.text(of: h)), \(SpecValue.text(of: s)), \(SpecValue.text(of: b)), \(SpecValue.text(of: a)))")
        }
    }

    static func paint(_ p: RecordedPaint, _ warn: (String) -> Void, assets: [String: SpecColor] = [:]) -> SpecValue {
        func stops(_ s: [RecordedStop]) -> SpecValue {
            .array(s.map { .object([("color", color($0.color, warn, assets: assets)), ("location", .number(min(max($0.location, 0), 1)))]) })
        }
        func point(_ p: [Double]) -> SpecValue { .array(p.map(SpecValue.number)) }
        switch p {
        case .color(let c): return color(c, warn, assets: assets)
        case .style(let s): return .string(s)
        case .linearGradient(let s, let start, let end):
            return .object([("linearGradient", .object([("stops", stops(s)), ("startPoint", point(start)), ("endPoint", point(end))]))])
        case .radialGradient(let s, let center, let r0, let r1):
            return .object([("radialGradient", .object([("stops", stops(s)), ("center", point(center)), ("startRadius", .number(r0)), ("endRadius", .number(r1))]))])
        case .angularGradient(let s, let center, let a0, let a1):
            return .object([("angularGradient", .object([("stops", stops(s)), ("center", point(center)), ("startAngle", .number(a0)), ("endAngle", .number(a1))]))])
        }
    }

    static func font(_ f: RecordedFont) -> SpecValue {
        var m: [(String, SpecValue)]
        var weight: String?, design: String?
        switch f {
        case .style(let s, let w, let d):
            if w == nil && d == nil { return .string(s) }
            m = [("style", .string(s))]
            weight = w
            design = d
        case .system(let size, let w, let d):
            m = [("size", .number(size))]
            weight = w
            design = d
        }
        if let weight { m.append(("weight", .string(weight))) }
        if let design, design != "default" { m.append(("design", .string(design))) }
        return .object(m)
    }

    static func animation(_ a: RecordedAnimation?) -> SpecValue {
        guard let a else { return .null }
        var base: (String, SpecValue)
        switch a.base {
        case .named(let n): base = (n, .object([]))
        case .curve(let n, let d): base = (n, .object([("duration", .number(d))]))
        case .timingCurve(let x1, let y1, let x2, let y2, let d):
            return modified(a, [("timingCurve", .array([.number(x1), .number(y1), .number(x2), .number(y2)])), ("duration", .number(d))])
        case .preset(let n, let d, let b): base = (n, .object([("duration", .number(d)), ("extraBounce", .number(b))]))
        case .spring(let r, let z, let bl): base = ("spring", .object([("response", .number(r)), ("dampingFraction", .number(z)), ("blendDuration", .number(bl))]))
        case .springDuration(let d, let b): base = ("spring", .object([("duration", .number(d)), ("bounce", .number(b))]))
        case .interpolatingSpring(let k, let c, let m, let v):
            base = ("interpolatingSpring", .object([("stiffness", .number(k)), ("damping", .number(c)), ("mass", .number(m)), ("initialVelocity", .number(v))]))
        }
        let plain = a.delay == 0 && a.speed == 1 && a.repeatCount == nil && !a.repeatForever
        if plain, case .object(let m) = base.1, m.isEmpty { return .string(base.0) }
        return modified(a, [base])
    }

    private static func modified(_ a: RecordedAnimation, _ members: [(String, SpecValue)]) -> SpecValue {
        var m = members
        if a.delay > 0 { m.append(("delay", .number(a.delay))) }
        if a.speed != 1 { m.append(("speed", .number(a.speed))) }
        if a.repeatForever {
            m.append(("repeatForever", .bool(true)))
            m.append(("autoreverses", .bool(a.autoreverses)))
        } else if let n = a.repeatCount {
            m.append(("repeatCount", .number(Double(max(1, n)))))
            m.append(("autoreverses", .bool(a.autoreverses)))
        }
        return .object(m)
    }

    /// About when a change with this animation has settled, for the render's default duration.
    static func settleTime(_ a: RecordedAnimation?) -> Double {
        guard let a else { return 0 }
        var base: Double
        switch a.base {
        case .named(let n): base = ["linear", "easeIn", "easeOut", "easeInOut"].contains(n) ? 0.35 : 0.9
        case .curve(_, let d), .timingCurve(_, _, _, _, let d): base = d
        case .preset(_, let d, _), .springDuration(let d, _): base = d * 1.8
        case .spring(let r, let z, _): base = r * (z < 0.5 ? 3 : 1.8)
        case .interpolatingSpring(let k, let c, let m, _):
            let zeta = c / (2 * (k * m).squareRoot())
            base = zeta > 0 ? min(10, 4.6 / (zeta * (k / m).squareRoot())) : 10
        }
        // A repeating animation counts two cycles: enough to see it repeat.
        let cycles = a.repeatForever ? 2 : Double(a.repeatCount ?? 1)
        return a.delay + base * cycles / max(a.speed, 1e-6)
    }

    static func transition(_ t: RecordedTransition) -> SpecValue {
        switch t {
        case .identity: return .string("identity")
        case .opacity: return .string("opacity")
        case .slide: return .string("slide")
        case .scale(let s, let anchor): return .object([("scale", .object([("scale", .number(s)), ("anchor", .array(anchor.map(SpecValue.number)))]))])
        case .move(let e): return .object([("move", .string(e))])
        case .push(let e): return .object([("push", .string(e))])
        case .offset(let x, let y): return .object([("offset", .array([.number(x), .number(y)]))])
        case .asymmetric(let i, let r): return .object([("asymmetric", .object([("insertion", transition(i)), ("removal", transition(r))]))])
        case .combined(let list): return .object([("combined", .array(list.map(transition)))])
        }
    }
}
