// Values an expression can yield besides a number: a colour, carried as four numeric syntax trees
// so that each channel compiles to its own allocation-free program and animates as a number does.
//
// A colour's channels are SwiftUI's `Color.Resolved` components: red, green and blue in linear
// sRGB, and a straight (not premultiplied) opacity. Apple documents that `Color.Resolved` stores
// "the Linear sRGB color space, using extended range" and is `Animatable`
// (https://developer.apple.com/documentation/swiftui/color/resolved); its `animatableData` is those
// four components, not premultiplied (docs/semantics.md §58, §215). Interpolating the channels
// one by one is therefore how SwiftUI animates a colour, and `mix(a, b, p)` on colours gives the
// frame that an animation from a to b shows at progress p.
import Foundation

/// The value of a parsed expression.
enum ParsedValue: Sendable {
    case number(ExpressionNode)
    case color(ColorChannels)
    /// A point [x, y] (an element of an array of points); `.x` and `.y` read its coordinates.
    case point(ExpressionNode, ExpressionNode)

    /// A value of a field kind from its numbers (1, 2 or 4 of them; a colour's are linear).
    static func field(_ kind: StateArrayField.Kind, _ component: (Int) -> ExpressionNode) -> ParsedValue {
        switch kind {
        case .number: return .number(component(0))
        case .point: return .point(component(0), component(1))
        case .color: return .color(ColorChannels(red: component(0), green: component(1), blue: component(2), opacity: component(3)))
        }
    }

    /// An element of a state array of numbers, points or colours from its numbers.
    static func element(_ kind: StateArrayElement, _ component: (Int) -> ExpressionNode) -> ParsedValue {
        switch kind {
        case .points: return field(.point, component)
        case .colors: return field(.color, component)
        default: return field(.number, component)
        }
    }

    var typeName: String {
        switch self {
        case .number: return "a number"
        case .color: return "a colour"
        case .point: return "a point"
        }
    }
}

/// A colour as four numeric trees: linear red, green, blue and straight opacity.
struct ColorChannels: Sendable {
    var red: ExpressionNode
    var green: ExpressionNode
    var blue: ExpressionNode
    var opacity: ExpressionNode

    var all: [ExpressionNode] { [red, green, blue, opacity] }

    init(red: ExpressionNode, green: ExpressionNode, blue: ExpressionNode, opacity: ExpressionNode) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }

    init(_ c: SpecColor) {
        self.init(red: .constant(ColorTransfer.linear(c.red)), green: .constant(ColorTransfer.linear(c.green)),
                  blue: .constant(ColorTransfer.linear(c.blue)), opacity: .constant(c.opacity))
    }

    /// Applies `f` to each channel.
    func map(_ f: (ExpressionNode) -> ExpressionNode) -> ColorChannels {
        ColorChannels(red: f(red), green: f(green), blue: f(blue), opacity: f(opacity))
    }

    static func zip(_ a: ColorChannels, _ b: ColorChannels, _ f: (ExpressionNode, ExpressionNode) -> ExpressionNode) -> ColorChannels {
        ColorChannels(red: f(a.red, b.red), green: f(a.green, b.green), blue: f(a.blue, b.blue), opacity: f(a.opacity, b.opacity))
    }

    /// SwiftUI's `Color(hue:saturation:brightness:opacity:)`, read as sRGB (docs/semantics.md §213),
    /// with the branch-free form of the HSV → RGB conversion: channel n ∈ {5, 3, 1} for R, G, B is
    /// V − V·S·max(0, min(k, 4 − k, 1)) with k = (n + 6·H) mod 6 and H the hue in 0…1
    /// (Wikipedia, "HSL and HSV", HSV to RGB alternative). The result is linearised.
    static func hsb(hue: ExpressionNode, saturation: ExpressionNode, brightness: ExpressionNode, opacity: ExpressionNode) -> ColorChannels {
        func channel(_ n: Double) -> ExpressionNode {
            let k = fold(.binary(.modulo, fold(.binary(.add, .constant(n), fold(.binary(.multiply, .constant(6), hue)))), .constant(6)))
            let m = fold(.call(.max, [.constant(0), fold(.call(.min, [fold(.call(.min, [k, fold(.binary(.subtract, .constant(4), k))])), .constant(1)]))]))
            let vs = fold(.binary(.multiply, brightness, saturation))
            let srgb = fold(.binary(.subtract, brightness, fold(.binary(.multiply, vs, m))))
            return fold(.srgbToLinear(srgb))
        }
        return ColorChannels(red: channel(5), green: channel(3), blue: channel(1), opacity: opacity)
    }
}

/// Folds a node whose operands are all constants.
func fold(_ node: ExpressionNode) -> ExpressionNode {
    switch node {
    case .binary(let op, let a, let b):
        if let x = a.constantValue, let y = b.constantValue { return .constant(op.apply(x, y)) }
    case .call(let f, let args):
        let c = args.compactMap(\.constantValue)
        guard c.count == args.count else { return node }
        switch c.count {
        case 1: return .constant(ExpressionFunction.apply1(f, c[0]))
        case 2: return .constant(ExpressionFunction.apply2(f, c[0], c[1]))
        default: return .constant(ExpressionFunction.apply3(f, c[0], c[1], c[2]))
        }
    case .srgbToLinear(let x):
        if let v = x.constantValue { return .constant(ColorTransfer.linear(v)) }
    case .conditional(let c, let yes, let no):
        if let v = c.constantValue { return v != 0 ? yes : no }
    default: break
    }
    return node
}

/// The sRGB transfer function (IEC 61966-2-1), extended to negative values by symmetry as
/// SwiftUI's extended-range colours are (docs/semantics.md §213).
public enum ColorTransfer {
    /// Gamma-encoded sRGB → linear.
    public static func linear(_ x: Double) -> Double {
        let a = Swift.abs(x)
        let l = a <= 0.04045 ? a / 12.92 : Foundation.pow((a + 0.055) / 1.055, 2.4)
        return x < 0 ? -l : l
    }

    /// Linear → gamma-encoded sRGB.
    public static func encoded(_ x: Double) -> Double {
        let a = Swift.abs(x)
        let e = a <= 0.0031308 ? a * 12.92 : 1.055 * Foundation.pow(a, 1 / 2.4) - 0.055
        return x < 0 ? -e : e
    }
}

/// Functions of the language that are not plain numeric functions of fixed arity.
enum ExpressionValueFunction: String, CaseIterable, Sendable {
    /// `hsb(h, s, b)` or `hsb(h, s, b, a)`: a colour.
    case hsb
    /// `opacity(c, a)`: the colour with its opacity multiplied by a.
    case opacity
    /// `count(array)`: the number of elements.
    case count
    /// `random(k…)`: a pseudo-random number in [0, 1) keyed by 1 to 3 numbers.
    case random

    var signature: String {
        switch self {
        case .hsb: return "hsb(hue, saturation, brightness) or hsb(hue, saturation, brightness, opacity)"
        case .opacity: return "opacity(colour, opacity)"
        case .count: return "count(array)"
        case .random: return "random(key) with 1 to 3 numbers as the key"
        }
    }
}

/// Deterministic pseudo-random numbers keyed by their arguments: the same key gives the same
/// number on every run, machine and thread count. Each key's IEEE 754 bit pattern (−0 read as +0)
/// is mixed in with SplitMix64's finaliser (Steele, Lea and Flood, "Fast splittable pseudorandom
/// number generators", OOPSLA 2014); the top 53 bits give a Double in [0, 1).
enum KeyedRandom {
    static func mix(_ z0: UInt64) -> UInt64 {
        var z = z0 &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static func value(_ keys: UnsafeBufferPointer<Double>) -> Double {
        var h: UInt64 = 0x5EED
        for k in keys {
            h = mix(h ^ (k == 0 ? 0 : k.bitPattern))
        }
        return Double(h >> 11) * 0x1p-53
    }

    static func value(_ keys: [Double]) -> Double {
        keys.withUnsafeBufferPointer { value($0) }
    }
}
