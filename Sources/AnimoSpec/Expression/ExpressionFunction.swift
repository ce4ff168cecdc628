// The function library of the expression language (docs/spec.md) with fixed arities.
// Definitions follow the GLSL ES 3.0 specification §8.3 (Common Functions) where a function has
// a GLSL namesake (mix, clamp, fract, step, smoothstep, sign); `smootherstep` is Perlin's
// quintic 6t⁵ − 15t⁴ + 10t³ ("Improving Noise", SIGGRAPH 2002); the rest are C's <math.h>.
import Foundation

/// A library function with its arity.
enum ExpressionFunction: String, CaseIterable, Sendable {
    case sin, cos, tan, asin, acos, atan, atan2, sqrt, pow, exp, log, abs, min, max, clamp, mix
    case fract, floor, ceil, round, sign, smoothstep, smootherstep, step

    var arity: Int {
        switch self {
        case .atan2, .pow, .min, .max, .step: return 2
        case .clamp, .mix, .smoothstep, .smootherstep: return 3
        default: return 1
        }
    }

    /// How the function is called, for arity errors.
    var signature: String {
        switch self {
        case .atan2: return "atan2(y, x)"
        case .pow: return "pow(x, y)"
        case .min: return "min(a, b)"
        case .max: return "max(a, b)"
        case .step: return "step(edge, x)"
        case .clamp: return "clamp(x, lo, hi)"
        case .mix: return "mix(a, b, t)"
        case .smoothstep: return "smoothstep(edge0, edge1, x)"
        case .smootherstep: return "smootherstep(edge0, edge1, x)"
        default: return "\(rawValue)(x)"
        }
    }

    static func apply1(_ f: ExpressionFunction, _ x: Double) -> Double {
        switch f {
        case .sin: return Foundation.sin(x)
        case .cos: return Foundation.cos(x)
        case .tan: return Foundation.tan(x)
        case .asin: return Foundation.asin(x)
        case .acos: return Foundation.acos(x)
        case .atan: return Foundation.atan(x)
        case .sqrt: return x.squareRoot()
        case .exp: return Foundation.exp(x)
        case .log: return Foundation.log(x)
        case .abs: return Swift.abs(x)
        case .fract: return x - x.rounded(.down)  // GLSL: x − floor(x)
        case .floor: return x.rounded(.down)
        case .ceil: return x.rounded(.up)
        case .round: return x.rounded(.toNearestOrAwayFromZero)
        case .sign: return x > 0 ? 1 : (x < 0 ? -1 : 0)
        default: return .nan
        }
    }

    static func apply2(_ f: ExpressionFunction, _ a: Double, _ b: Double) -> Double {
        switch f {
        case .atan2: return Foundation.atan2(a, b)
        case .pow: return Foundation.pow(a, b)
        case .min: return Swift.min(a, b)
        case .max: return Swift.max(a, b)
        case .step: return b < a ? 0 : 1  // GLSL step(edge, x): 0 if x < edge, else 1
        default: return .nan
        }
    }

    static func apply3(_ f: ExpressionFunction, _ a: Double, _ b: Double, _ c: Double) -> Double {
        switch f {
        case .clamp: return Swift.min(Swift.max(a, b), c)  // GLSL: min(max(x, lo), hi)
        case .mix: return a + (b - a) * c  // GLSL: x·(1 − a) + y·a
        case .smoothstep:
            let t = Swift.min(Swift.max((c - a) / (b - a), 0), 1)
            return t * t * (3 - 2 * t)  // GLSL ES 3.0 §8.3
        case .smootherstep:
            let t = Swift.min(Swift.max((c - a) / (b - a), 0), 1)
            return t * t * t * (t * (t * 6 - 15) + 10)  // Perlin 2002
        default: return .nan
        }
    }
}
