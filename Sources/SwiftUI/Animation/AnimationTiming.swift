// When an animation is logically complete, for `withAnimation`'s completion: its duration, or a
// spring's perceptual duration (its response), after its delay and at its speed.
internal import AnimoViewRecord

enum AnimationTiming {
    static func duration(_ a: RecordedAnimation) -> Double {
        if a.repeatForever { return .infinity }
        let base: Double
        switch a.base {
        case .named(let n): base = ["linear", "easeIn", "easeOut", "easeInOut"].contains(n) ? 0.35 : (n == "interactiveSpring" ? 0.15 : 0.5)
        case .curve(_, let d), .timingCurve(_, _, _, _, let d), .preset(_, let d, _), .springDuration(let d, _): base = d
        case .spring(let response, _, _): base = response
        case .interpolatingSpring(let k, _, let m, _): base = 2 * Double.pi * (m / max(k, 1e-9)).squareRoot()
        }
        let repeats = Double(a.repeatCount ?? 1)
        return a.delay + base * repeats / max(a.speed, 1e-9)
    }
}
