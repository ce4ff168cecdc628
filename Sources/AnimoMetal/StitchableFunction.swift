// The `[[ stitchable ]]` function headers of a `.metal` file, read from its text (comments
// blanked), and the SwiftUI shader signature each declares (docs/semantics.md §70–74):
// `half4 f(float2 position, half4 color, args…)` is a colour effect, `float2 f(float2 position,
// args…)` a distortion, `half4 f(float2 position, SwiftUI::Layer layer, args…)` a layer effect.
// User arguments are `float…float4`, `half…half4` (a `color` fills a `half4`), and
// `device const float *p, int n` (a float array). A header the renderer cannot call is an error at
// its position, not a function silently skipped.
import AnimoEffects

/// One stitchable function found in a source file.
public struct StitchableFunction: Sendable, Hashable {
    public var signature: ShaderSignature
    /// Where its name is.
    public var position: MetalPosition
    /// The declared parameter types in order, as the wrapper passes them (`float2`, `half4`, `floatArray`, …).
    var parameterTypes: [ShaderArgumentType] { signature.parameters.map(\.type) }
}

struct StitchableHeaderError: Error {
    var position: MetalPosition
    var message: String
}

enum StitchableHeaders {
    /// Every `[[ stitchable ]]` function of `text`, in source order, or the first header that is
    /// not a SwiftUI shader.
    static func parse(_ text: MetalSourceText) throws(StitchableHeaderError) -> [StitchableFunction] {
        let code = text.code
        var out: [StitchableFunction] = []
        var i = 0
        let open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        while i + 1 < code.count {
            guard code[i] == open, code[i + 1] == open else { i += 1; continue }
            let attributeStart = i
            var k = i + 2
            while k + 1 < code.count, !(code[k] == close && code[k + 1] == close) { k += 1 }
            guard k + 1 < code.count else {
                throw StitchableHeaderError(position: text.position(of: attributeStart), message: "unterminated [[ attribute")
            }
            let attribute = String(decoding: code[(i + 2)..<k], as: UTF8.self).trimmed
            i = k + 2
            guard attribute == "stitchable" else { continue }
            out.append(try header(text, from: i, attributeAt: attributeStart))
        }
        return out
    }

    /// The function header after a `[[ stitchable ]]` attribute ending at `start`.
    static func header(_ text: MetalSourceText, from start: Int, attributeAt: Int) throws(StitchableHeaderError) -> StitchableFunction {
        let code = text.code
        func fail(_ at: Int, _ m: String) -> StitchableHeaderError { StitchableHeaderError(position: text.position(of: at), message: m) }
        guard let paren = code[start...].firstIndex(of: UInt8(ascii: "(")) else {
            throw fail(attributeAt, "no parameter list after [[ stitchable ]]")
        }
        let head = tokens(code, start..<paren)
        guard head.count >= 2, let nameToken = head.last, isIdentifier(nameToken.text) else {
            throw fail(attributeAt, "expected `half4 name(` or `float2 name(` after [[ stitchable ]]")
        }
        let name = nameToken.text
        let returnType = head.dropLast().map(\.text).filter { !["inline", "static"].contains($0) }.joined(separator: " ")
        // Parameters split at top-level commas.
        var depth = 0, k = paren + 1, pieceStart = k
        var pieces: [Range<Int>] = []
        while k < code.count {
            let c = code[k]
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "<") { depth += 1 }
            if c == UInt8(ascii: ">") { depth -= 1 }
            if c == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
            }
            if c == UInt8(ascii: ","), depth == 0 { pieces.append(pieceStart..<k); pieceStart = k + 1 }
            k += 1
        }
        guard k < code.count else { throw fail(nameToken.offset, "unterminated parameter list of \(name)") }
        if !tokens(code, pieceStart..<k).isEmpty { pieces.append(pieceStart..<k) }
        var params: [(type: String, name: String, offset: Int)] = []
        for piece in pieces {
            let t = tokens(code, piece)
            guard t.count >= 2, let last = t.last, isIdentifier(last.text) else {
                throw fail(piece.lowerBound, "cannot read a parameter of \(name)")
            }
            params.append((t.dropLast().map(\.text).joined(separator: " "), last.text, t[0].offset))
        }
        let position = text.position(of: nameToken.offset)
        func shaderFail(_ at: Int, _ m: String) -> StitchableHeaderError { fail(at, "\(name): \(m)") }
        guard let first = params.first, first.type == "float2" else {
            throw shaderFail(nameToken.offset, "the first parameter must be `float2 position`")
        }
        var rest = Array(params.dropFirst())
        let kind: ShaderKind
        switch returnType {
        case "float2":
            kind = .distortionEffect
        case "half4":
            guard let second = rest.first else {
                throw shaderFail(nameToken.offset, "a half4 shader takes `half4 color` or `SwiftUI::Layer layer` after the position")
            }
            if second.type == "half4" { kind = .colorEffect }
            else if second.type == "SwiftUI :: Layer" || second.type == "SwiftUI::Layer" { kind = .layerEffect }
            else { throw shaderFail(second.offset, "the second parameter '\(second.type)' is neither `half4 color` nor `SwiftUI::Layer layer`") }
            rest.removeFirst()
        default:
            throw shaderFail(nameToken.offset, "the return type '\(returnType)' is not half4 (a colour or layer effect) or float2 (a distortion)")
        }
        var out: [ShaderParameter] = []
        var j = 0
        while j < rest.count {
            let p = rest[j]
            switch p.type {
            case "float", "float2", "float3", "float4", "half", "half2", "half3", "half4":
                out.append(ShaderParameter(p.name, ShaderArgumentType(rawValue: p.type)!))
            case "device const float *", "const device float *", "constant float *", "device float *":
                guard j + 1 < rest.count, rest[j + 1].type == "int" else {
                    throw shaderFail(p.offset, "the float pointer '\(p.name)' must be followed by `int count` (a float array)")
                }
                out.append(ShaderParameter(p.name, .floatArray))
                j += 1
            default:
                if p.type.hasPrefix("texture2d") {
                    throw shaderFail(p.offset, "image arguments (texture2d) are not supported by the CPU renderer's compiled shaders")
                }
                throw shaderFail(p.offset, "the parameter '\(p.type) \(p.name)' has no Shader.Argument type (float…float4, half…half4, device const float * with int count)")
            }
            j += 1
        }
        let signature = ShaderSignature(name: name, kind: kind, parameters: out)
        let problems = signature.declarationProblems
        if !problems.isEmpty { throw shaderFail(nameToken.offset, problems.joined(separator: "; ")) }
        return StitchableFunction(signature: signature, position: position)
    }

    /// Identifier and punctuation tokens of `code[range]` (`*`, `::`, `<`, `>` kept as tokens).
    static func tokens(_ code: [UInt8], _ range: Range<Int>) -> [(text: String, offset: Int)] {
        var out: [(String, Int)] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let b = code[i]
            if MetalSourceText.isIdentifierByte(b) {
                let s = i
                while i < range.upperBound, MetalSourceText.isIdentifierByte(code[i]) { i += 1 }
                out.append((String(decoding: code[s..<i], as: UTF8.self), s))
            } else if b == UInt8(ascii: ":"), i + 1 < range.upperBound, code[i + 1] == UInt8(ascii: ":") {
                // Glue `A::B` into one token.
                if let last = out.popLast() {
                    var j = i + 2
                    while j < range.upperBound, code[j] == 32 || code[j] == 9 || code[j] == 10 || code[j] == 13 { j += 1 }
                    let s = j
                    while j < range.upperBound, MetalSourceText.isIdentifierByte(code[j]) { j += 1 }
                    out.append((last.0 + "::" + String(decoding: code[s..<j], as: UTF8.self), last.1))
                    i = j
                } else { i += 2 }
            } else if b == UInt8(ascii: "*") || b == UInt8(ascii: "&") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") {
                out.append((String(UnicodeScalar(b)), i))
                i += 1
            } else {
                i += 1
            }
        }
        return out
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let f = s.utf8.first, !(f >= 48 && f <= 57) else { return false }
        return s.utf8.allSatisfy(MetalSourceText.isIdentifierByte)
    }
}

extension String {
    var trimmed: String {
        String(drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
    }
}
