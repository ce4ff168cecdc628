// The font designs and weights of SwiftUI's `Font.system(size:weight:design:)` (docs/semantics.md
// §134): `.default` is SF Pro, `.rounded` SF Pro Rounded, `.monospaced` SF Mono, `.serif` New York.
// The nine weights run from ultraLight to black as `Font.Weight` does.

/// `Font.Design`.
public enum FontDesign: String, CaseIterable, Sendable, Hashable {
    case `default`, rounded, monospaced, serif
}

/// `Font.Weight`, lightest first.
public enum FontWeight: String, CaseIterable, Sendable, Hashable, Comparable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The CSS / OpenType weight class of the face that stands in for it (100 … 900).
    public var weightClass: Int {
        switch self {
        case .ultraLight: return 100
        case .thin: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        case .black: return 900
        }
    }

    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.weightClass < b.weightClass }
}
