// Colours and gradients: `Color.red`, `.white`, `Color(red:green:blue:opacity:)`, `Color(white:)`,
// `Color(hue:saturation:brightness:)`, hex helpers of the code generator's style (`Color(hex:)`),
// `.opacity(_)`, UIKit system colours, and Linear/Radial/Angular gradients with colours or stops.
// Colours must be known at compile time (the spec's colour components are literals).
import Foundation
import AnimoSpec
internal import SwiftSyntax

enum NamedColor {
    static var rgba: [String: SpecColor] { SpecColor.named }
}

extension Compiler {
    var colorSchemeIsDark: Bool { darkScheme }

    func colorJSON(_ c: SpecColor) -> JSON {
        for name in ["clear", "black", "white", "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown", "gray"] {
            if SpecColor.named[name] == c { return .string(name) }
        }
        func r(_ d: Double) -> JSON { .number((min(max(d, 0), 1) * 10000).rounded() / 10000) }
        return .object([("red", r(c.red)), ("green", r(c.green)), ("blue", r(c.blue)), ("opacity", r(c.opacity))])
    }

    func specColor(_ j: JSON) -> SpecColor? {
        switch j.unlocated {
        case .string(let s): return SpecColor.named[s] ?? SpecColor.hex(s)
        case .object:
            func d(_ k: String) -> Double? { if case .number(let v)? = j[k]?.unlocated { return v }; return nil }
            if let w = d("white") { return SpecColor(white: w, opacity: d("opacity") ?? 1) }
            return SpecColor(red: d("red") ?? 0, green: d("green") ?? 0, blue: d("blue") ?? 0, opacity: d("opacity") ?? 1)
        default: return nil
        }
    }

    func colorWithOpacity(_ j: JSON, _ o: Double) throws -> JSON {
        if case .string(let s) = j.unlocated, s.hasPrefix("=") { return .string("=opacity(\(s.dropFirst()), \(formatSpecNumber(o)))") }
        guard var c = specColor(j) else { return j }
        c.opacity *= min(max(o, 0), 1)
        return colorJSON(c)
    }

    func namedColor(_ name: String, _ at: SwiftPosition) throws -> Value {
        switch name {
        case "accentColor": return .color(.string("blue"))
        default:
            // Semantic colours keep their names: the spec resolves them for the colour scheme.
            if Self.semanticNames.contains(name) { return .color(.string(name)) }
            if let spec = Self.systemColorNames[name] { return .color(.string(spec)) }
            if let c = SpecColor.named[name] { return .color(colorJSON(c)) }
            throw Unsupported(position: at, construct: "Color.\(name)", message: "unknown colour")
        }
    }

    /// `color.gradient` (iOS 16's AnyGradient derived from a colour): SwiftUI does not document the
    /// gradient it derives, so the colour itself is drawn, and that is reported.
    func colorGradient(_ c: Value, _ at: SwiftPosition) -> Value {
        warn(at, "Color.gradient", "the gradient SwiftUI derives from the colour is undocumented: drawn as the flat colour")
        return c
    }

    /// SwiftUI's semantic styles and UIKit's semantic colours the spec names (docs/spec.md, "Colors").
    static let semanticNames: Set<String> = ["primary", "secondary", "tertiary", "quaternary", "systemBackground", "secondarySystemBackground",
                                             "tertiarySystemBackground", "systemGroupedBackground", "secondarySystemGroupedBackground",
                                             "tertiarySystemGroupedBackground", "separator", "opaqueSeparator", "link", "systemFill",
                                             "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill"]
    static let systemColorNames: [String: String] = [
        "label": "primary", "secondaryLabel": "secondary", "tertiaryLabel": "tertiary", "quaternaryLabel": "quaternary",
        "systemGray": "gray", "systemGray2": "gray2", "systemGray3": "gray3", "systemGray4": "gray4", "systemGray5": "gray5", "systemGray6": "gray6",
    ]
    static let materials: Set<String> = ["ultraThinMaterial", "thinMaterial", "regularMaterial", "thickMaterial", "ultraThickMaterial", "bar"]

    /// A value used where a colour is expected.
    func colorValue(_ v: Value, _ at: SwiftPosition) throws -> JSON {
        switch v {
        case .color(let j): return j
        case .member(let name, let args):
            if name == "opacity" { throw Unsupported(position: at, construct: "colour", message: "unknown colour") }
            guard case .color(let j) = try namedColor(name, at) else { return .string("black") }
            _ = args
            return j
        default:
            throw Unsupported(position: at, construct: "colour", message: "expected a colour, got \(v.kindName)")
        }
    }

    /// A colour as a term of a spec colour expression: a name, `#RRGGBBAA`, or an expression in
    /// parentheses.
    func colorTerm(_ j: JSON) -> String? {
        switch j.unlocated {
        case .string(let s): return s.hasPrefix("=") ? "(\(s.dropFirst()))" : s
        case .object:
            guard let c = specColor(j) else { return nil }
            func h(_ d: Double) -> String { String(format: "%02X", Int((min(max(d, 0), 1) * 255).rounded())) }
            return "#" + h(c.red) + h(c.green) + h(c.blue) + h(c.opacity)
        default: return nil
        }
    }

    /// `c ? a : b` between two colours while c is known only while rendering: a colour expression
    /// (docs/spec.md, "Colors as values"); nil when either is not a colour.
    func colorChoice(_ c: Expr, _ a: Value, _ b: Value, _ at: SwiftPosition) -> Value? {
        guard let x = try? colorValue(a, at), let y = try? colorValue(b, at), let tx = colorTerm(x), let ty = colorTerm(y) else { return nil }
        return .color(.string("=(\(c.text)) ? \(tx) : \(ty)"))
    }

    /// A colour that must be known at load (gradient stops, a Canvas's colours): a colour
    /// expression is reported as depending on the state it reads.
    func literalColor(_ v: Value, _ at: SwiftPosition, _ what: String) throws -> JSON {
        let j = try colorValue(v, at)
        if case .string(let s) = j.unlocated, s.hasPrefix("=") {
            let words = Set(s.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }).map(String.init))
            throw NeedsConstant(names: Set(states.map(\.name)).union(activeLoopNames).union(["t"]).intersection(words), position: at, what: what)
        }
        return j
    }

    /// A gradient stop's colour: a literal, or an expression of the state and loop variables (the
    /// spec animates it when the state changes); one that reads the clock must be known at load.
    func stopColor(_ v: Value, _ at: SwiftPosition, _ what: String) throws -> JSON {
        let j = try colorValue(v, at)
        if case .string(let s) = j.unlocated, s.hasPrefix("=") {
            let words = Set(s.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }).map(String.init))
            if let clock = clockNames(words) { throw NeedsConstant(names: clock, position: at, what: what) }
        }
        return j
    }

    /// The clock's name among `names` when no state or loop variable shadows it (gradient stops
    /// follow the state, not the time).
    func clockNames(_ names: Set<String>) -> Set<String>? {
        let clock = Set(["t"]).subtracting(states.map(\.name)).subtracting(activeLoopNames).intersection(names)
        return clock.isEmpty ? nil : clock
    }

    /// A colour or a gradient (`fill`, `stroke`, `foregroundStyle`).
    func paint(_ v: Value, _ at: SwiftPosition) throws -> JSON {
        switch v {
        case .gradient(let j): return j
        case .member(let name, let args) where ["linearGradient", "radialGradient", "angularGradient", "conicGradient"].contains(name):
            _ = args
            throw Unsupported(position: at, construct: ".\(name)", message: "write the gradient with its type (LinearGradient(…))")
        case .member(let name, _) where Self.materials.contains(name):
            return .string(name)
        default: return try colorValue(v, at)
        }
    }

    func colorCall(_ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        func d(_ label: String, _ fallback: Double) throws -> Double {
            guard let e = a.labeled(label) else { return fallback }
            return try constant(e, s, "colour component")
        }
        if a.labeled("red") != nil || a.labeled("green") != nil {
            return .color(colorJSON(SpecColor(red: try d("red", 0), green: try d("green", 0), blue: try d("blue", 0), opacity: try d("opacity", 1))))
        }
        if a.labeled("white") != nil {
            let w = try d("white", 0)
            return .color(colorJSON(SpecColor(red: w, green: w, blue: w, opacity: try d("opacity", 1))))
        }
        if a.labeled("hue") != nil {
            return .color(colorJSON(Self.hsb(try d("hue", 0), try d("saturation", 0), try d("brightness", 0), try d("opacity", 1))))
        }
        if let h = a.labeled("hex") ?? a.labeled("hexString") {
            let v = try eval(h, s)
            var rgb: SpecColor?
            if case .string(let text) = v { rgb = Self.hexColor(text) }
            if case .number(let e, _) = v, let n = e.constant { rgb = Self.hexColor(String(Int(n), radix: 16).leftPad(6)) }
            guard let rgb else { throw Unsupported(position: at, construct: "Color(hex:)", message: "a hex colour must be a constant like \"#FF9500\"") }
            var c = rgb
            if let o = a.labeled("opacity") ?? a.labeled("alpha") { c.opacity = try constant(o, s, "opacity") }
            return .color(colorJSON(c))
        }
        if let first = a.unlabeled.first {
            let v = try eval(first, s)
            if case .string(let asset) = v {
                if let c = assetColors.colors[asset] { return .color(colorJSON(darkScheme ? c.dark : c.light)) }
                if let problem = assetColors.problems[asset] {
                    warn(at, "Color(\"\(asset)\")", "its colour set cannot be read (\(problem)): drawn gray")
                } else if assetColors.catalogues.isEmpty {
                    warn(at, "Color(\"\(asset)\")", "no asset catalogue (.xcassets) found in the file's project: drawn gray")
                } else {
                    warn(at, "Color(\"\(asset)\")", "no colour set named \"\(asset)\" in \(assetColors.catalogues.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")): drawn gray")
                }
                return .color(.string("gray"))
            }
            if case .member(let name, _) = v, Self.semanticNames.contains(name) || Self.systemColorNames[name] != nil { return try namedColor(name, at) }
            if case .member(let name, _) = v, name == "sRGB" || name == "displayP3" || name == "sRGBLinear" {
                return .color(colorJSON(SpecColor(red: try d("red", 0), green: try d("green", 0), blue: try d("blue", 0), opacity: try d("opacity", 1))))
            }
            if case .color = v { return v }
            if case .member(let name, _) = v { return try namedColor(name, at) }
        }
        throw Unsupported(position: at, construct: "Color(…)", message: "this colour initializer is not modelled")
    }

    static func hexColor(_ text: String) -> SpecColor? {
        var h = text.trimmingCharacters(in: .whitespaces)
        if h.hasPrefix("#") { h.removeFirst() }
        if h.hasPrefix("0x") { h.removeFirst(2) }
        if h.count == 3 { h = h.map { "\($0)\($0)" }.joined() }
        guard h.count == 6 || h.count == 8, let v = UInt64(h, radix: 16) else { return nil }
        let full = h.count == 6 ? (v << 8 | 0xFF) : v
        return SpecColor(red: Double(full >> 24) / 255, green: Double((full >> 16) & 0xFF) / 255, blue: Double((full >> 8) & 0xFF) / 255, opacity: Double(full & 0xFF) / 255)
    }

    static func hsb(_ h: Double, _ s: Double, _ v: Double, _ a: Double) -> SpecColor {
        let hh = (h - h.rounded(.down)) * 6
        let i = Int(hh) % 6
        let f = hh - Double(Int(hh))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        return SpecColor(red: r, green: g, blue: b, opacity: a)
    }

    /// A gradient's colour list: plain colours, or `{color, location}` stops.
    func gradientStops(_ v: Value, _ at: SwiftPosition) throws -> [JSON] {
        switch v {
        case .stops(let s): return s
        case .array(let items):
            return try items.map { item in
                if case .record(_, let fields) = item, let c = fields.first(where: { $0.0 == "color" })?.1 {
                    let loc = try number(fields.first { $0.0 == "location" }?.1 ?? .number(.num(0), isInt: false), at, "location")
                    if let clock = clockNames(loc.names) { throw NeedsConstant(names: clock, position: at, what: "a gradient stop's location") }
                    return .object([("color", try stopColor(c, at, "a gradient stop")), ("location", .num(loc))])
                }
                return try stopColor(item, at, "a gradient colour")
            }
        default: throw Unsupported(position: at, construct: "gradient", message: "expected colours, got \(v.kindName)")
        }
    }

    func stopsMember(_ stops: [JSON]) -> (String, JSON) {
        let plain = stops.allSatisfy { $0["color"] == nil }
        return (plain ? "colors" : "stops", .array(stops))
    }

    func unitPoint(_ v: Value, _ at: SwiftPosition) throws -> JSON {
        switch v {
        case .unitPoint(let x, let y):
            for (name, p) in UnitPointNames.named where p == (x, y) { return .string(name) }
            return .array([.number(x), .number(y)])
        case .member(let name, _) where UnitPointNames.named[name] != nil: return .string(name)
        default: throw Unsupported(position: at, construct: "UnitPoint", message: "expected a unit point, got \(v.kindName)")
        }
    }

    func gradientCall(_ name: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        var stops: [JSON] = []
        if let g = a.labeled("gradient") { stops = try gradientStops(try eval(g, s), at) }
        else if let c = a.labeled("colors") { stops = try gradientStops(try eval(c, s), at) }
        else if let st = a.labeled("stops") { stops = try gradientStops(try eval(st, s), at) }
        if name == "Gradient" { return .stops(stops) }
        var members: [(String, JSON)] = [stopsMember(stops)]
        func point(_ label: String) throws -> JSON? { try a.labeled(label).map { try unitPoint(try eval($0, s), position($0)) } }
        func angle(_ label: String) throws -> Expr? {
            guard let e = a.labeled(label) else { return nil }
            let v = try eval(e, s)
            if case .angle(let d) = v { return d }
            return try number(v, position(e), label)
        }
        switch name {
        case "LinearGradient":
            if let p = try point("startPoint") { members.append(("startPoint", p)) }
            if let p = try point("endPoint") { members.append(("endPoint", p)) }
            return .gradient(.object([("linearGradient", .object(members))]))
        case "RadialGradient", "EllipticalGradient":
            if let p = try point("center") { members.append(("center", p)) }
            if let r = a.labeled("startRadius") { members.append(("startRadius", .num(try number(r, s, "startRadius")))) }
            let end = try a.labeled("endRadius").map { try number($0, s, "endRadius") } ?? .num(100)
            if name == "EllipticalGradient" { warn(at, "EllipticalGradient", "drawn as a radial gradient of radius 100 points") }
            members.append(("endRadius", .num(end)))
            return .gradient(.object([("radialGradient", .object(members))]))
        case "AngularGradient":
            if let p = try point("center") { members.append(("center", p)) }
            if let d = try angle("startAngle") { members.append(("startAngle", .num(d))) }
            if let d = try angle("endAngle") { members.append(("endAngle", .num(d))) }
            if let d = try angle("angle") {
                // AngularGradient(…, angle:) is a full turn starting at `angle`.
                members.append(("startAngle", .num(d)))
                members.append(("endAngle", .num(.binaryOp("+", d, .num(360)))))
            }
            return .gradient(.object([("angularGradient", .object(members))]))
        default:
            throw Unsupported(position: at, construct: name, message: "not modelled")
        }
    }
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
