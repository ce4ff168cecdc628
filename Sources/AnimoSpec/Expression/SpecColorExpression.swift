// A colour computed by an expression ("=on ? green : gray", "=palette[i % 5]",
// "=mix(red, blue, p)"): four compiled channels, red, green and blue in linear sRGB and a straight
// opacity (ExpressionValue.swift says why), each evaluated like a number.

/// A checked colour expression (`"=…"` where a colour is expected).
public struct SpecColorExpression: Sendable, CustomStringConvertible {
    /// The expression text, without the leading "=".
    public let source: String
    /// Linear sRGB red, green, blue, and opacity (not premultiplied).
    public let red: SpecNumber
    public let green: SpecNumber
    public let blue: SpecNumber
    public let opacity: SpecNumber

    public var description: String { "=" + source }

    /// Parses and compiles `source` (without the leading "="), resolving names in `scope`. An
    /// expression that yields a number is an error.
    public init(_ source: String, scope: ExpressionScope) throws(ExpressionError) {
        let (value, _) = try ExpressionParser.parseValue(source, scope: scope)
        guard case .color(let c) = value else {
            throw ExpressionError(offset: 0, message: "expected a colour, but the expression yields \(value.typeName)")
        }
        func channel(_ n: ExpressionNode) -> SpecNumber {
            if let v = n.constantValue { return .constant(v) }
            return .expression(SpecExpression(tree: n, source: source))
        }
        self.source = source
        red = channel(c.red)
        green = channel(c.green)
        blue = channel(c.blue)
        opacity = channel(c.opacity)
    }

    /// The channels in the order red, green, blue, opacity.
    public var channels: [SpecNumber] { [red, green, blue, opacity] }

    /// The colour when it reads no variable.
    public var constantValue: SpecColor? {
        guard let r = red.constantValue, let g = green.constantValue, let b = blue.constantValue, let a = opacity.constantValue else { return nil }
        return SpecColor(red: ColorTransfer.encoded(r), green: ColorTransfer.encoded(g), blue: ColorTransfer.encoded(b), opacity: a)
    }
}
