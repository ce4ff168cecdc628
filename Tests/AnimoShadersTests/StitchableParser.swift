// A small parser for `[[ stitchable ]]` function headers in Metal source, and the checker that
// compares them with a Swift kernel's declared signature. It exists to catch, in CI, the traps
// that render silently black on a device (swiftui-microinteractions skill, "Metal Shaders"): a name that differs from the
// ShaderLibrary call, a wrong argument order, a wrong kind.
//
// MSL type mapping (docs/semantics.md §70–74): float…float4 and half…half4 as themselves;
// `SwiftUI::Layer` as the layer-effect parameter; `device const float *p, int n` as one
// floatArray; `texture2d<half>` as an image; a declared `color` is `half4` in MSL.

@testable import AnimoEffects

/// One parameter as written: type tokens (e.g. `device const float *`) and name.
struct MSLParameter: Equatable {
    var type: String
    var name: String
}

/// One `[[ stitchable ]]` function header.
struct StitchableFunction: Equatable {
    var returnType: String
    var name: String
    var parameters: [MSLParameter]
    /// 1-based line of the `[[ stitchable ]]` attribute.
    var line: Int
}

struct StitchableParseError: Error, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
}

enum StitchableParser {
    /// Replaces comments with spaces, keeping newlines so line numbers stay right.
    static func stripComments(_ source: String) -> String {
        let s = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            if s[i] == "/", i + 1 < s.count, s[i + 1] == "/" {
                while i < s.count, s[i] != "\n" { i += 1 }
            } else if s[i] == "/", i + 1 < s.count, s[i + 1] == "*" {
                i += 2
                while i < s.count, !(s[i] == "*" && i + 1 < s.count && s[i + 1] == "/") {
                    if s[i] == "\n" { out.append("\n") }
                    i += 1
                }
                i += 2
                out.append(" ")
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return String(out)
    }

    /// Every stitchable function header in `source`.
    static func parse(_ source: String) throws -> [StitchableFunction] {
        let text = Array(stripComments(source))
        var functions: [StitchableFunction] = []
        var i = 0
        func lineAt(_ k: Int) -> Int { 1 + text[0..<min(k, text.count)].filter { $0 == "\n" }.count }
        while i < text.count {
            guard text[i] == "[", i + 1 < text.count, text[i + 1] == "[" else { i += 1; continue }
            let start = i
            guard let close = find("]]", in: text, from: i + 2) else {
                throw StitchableParseError(line: lineAt(i), message: "unterminated [[ attribute")
            }
            let attribute = String(text[(i + 2)..<close]).trimmingSpaces
            i = close + 2
            guard attribute == "stitchable" else { continue }
            guard let open = text[i...].firstIndex(of: "(") else {
                throw StitchableParseError(line: lineAt(start), message: "no parameter list after [[ stitchable ]]")
            }
            let head = String(text[i..<open]).split(whereSeparator: { $0.isWhitespace }).map(String.init)
            guard head.count >= 2, let name = head.last, StitchableParser.isIdentifier(name) else {
                throw StitchableParseError(line: lineAt(start), message: "expected `returnType name(` after [[ stitchable ]]")
            }
            var depth = 0, k = open + 1, current = "", parameters: [String] = []
            while k < text.count {
                let c = text[k]
                if c == "(" || c == "<" { depth += 1 }
                if c == ">" { depth -= 1 }
                if c == ")" {
                    if depth == 0 { break }
                    depth -= 1
                }
                if c == ",", depth == 0 { parameters.append(current); current = "" } else { current.append(c) }
                k += 1
            }
            guard k < text.count else {
                throw StitchableParseError(line: lineAt(start), message: "unterminated parameter list of \(name)")
            }
            if !current.trimmingSpaces.isEmpty { parameters.append(current) }
            let params = try parameters.map { raw -> MSLParameter in
                let tokens = raw.replacingStars.split(whereSeparator: { $0.isWhitespace }).map(String.init)
                guard tokens.count >= 2, let pname = tokens.last, isIdentifier(pname) else {
                    throw StitchableParseError(line: lineAt(start), message: "cannot read parameter '\(raw.trimmingSpaces)' of \(name)")
                }
                return MSLParameter(type: tokens.dropLast().joined(separator: " "), name: pname)
            }
            functions.append(StitchableFunction(returnType: head.dropLast().joined(separator: " "), name: name,
                                                parameters: params, line: lineAt(start)))
            i = k + 1
        }
        return functions
    }

    static func find(_ needle: String, in text: [Character], from: Int) -> Int? {
        let n = Array(needle)
        var i = from
        while i + n.count <= text.count {
            if Array(text[i..<(i + n.count)]) == n { return i }
            i += 1
        }
        return nil
    }

    static func isIdentifier(_ s: String) -> Bool { ShaderSignature.isIdentifier(s) }

    /// The kernel signature a stitchable header declares, or a reason it is not a SwiftUI shader.
    static func signature(of f: StitchableFunction) throws -> ShaderSignature {
        func fail(_ m: String) -> StitchableParseError { StitchableParseError(line: f.line, message: "\(f.name): \(m)") }
        guard let first = f.parameters.first, first.type == "float2" else {
            throw fail("the first parameter must be `float2 position`")
        }
        let kind: ShaderKind
        var rest = Array(f.parameters.dropFirst())
        switch f.returnType {
        case "float2":
            kind = .distortionEffect
        case "half4":
            guard let second = rest.first else { throw fail("a half4 shader needs `half4 color` or `SwiftUI::Layer layer` second") }
            if second.type == "half4" { kind = .colorEffect }
            else if second.type == "SwiftUI::Layer" { kind = .layerEffect }
            else { throw fail("second parameter '\(second.type)' is neither `half4 color` nor `SwiftUI::Layer layer`") }
            rest.removeFirst()
        default:
            throw fail("return type '\(f.returnType)' is not half4 or float2")
        }
        var out: [ShaderParameter] = []
        var k = 0
        while k < rest.count {
            let p = rest[k]
            switch p.type {
            case "float", "float2", "float3", "float4", "half", "half2", "half3", "half4":
                out.append(ShaderParameter(p.name, ShaderArgumentType(rawValue: p.type)!))
            case "texture2d<half>":
                out.append(ShaderParameter(p.name, .image))
            case "device const float *", "const device float *":
                guard k + 1 < rest.count, rest[k + 1].type == "int" else {
                    throw fail("float pointer '\(p.name)' must be followed by `int count` (floatArray)")
                }
                out.append(ShaderParameter(p.name, .floatArray))
                k += 1
            default:
                throw fail("parameter '\(p.type) \(p.name)' has no Shader.Argument type")
            }
            k += 1
        }
        return ShaderSignature(name: f.name, kind: kind, parameters: out)
    }

    /// Differences between a kernel's declared signature and its Metal twin's; empty = agree.
    /// A declared `color` matches MSL `half4`. Labels are compared too: with equal types, a
    /// swapped label is the argument-order trap.
    static func mismatches(declared: ShaderSignature, metal: ShaderSignature) -> [String] {
        var problems: [String] = []
        if declared.name != metal.name { problems.append("name: Swift '\(declared.name)' vs Metal '\(metal.name)'") }
        if declared.kind != metal.kind { problems.append("kind: Swift \(declared.kind) vs Metal \(metal.kind)") }
        if declared.parameters.count != metal.parameters.count {
            problems.append("argument count: Swift \(declared.parameters.count) vs Metal \(metal.parameters.count)")
        }
        for (i, (d, m)) in zip(declared.parameters, metal.parameters).enumerated() {
            let dType = d.type == .color ? ShaderArgumentType.half4 : d.type
            if dType != m.type { problems.append("argument \(i): Swift \(d) vs Metal \(m)") }
            else if d.label != m.label { problems.append("argument \(i): Swift label '\(d.label)' vs Metal '\(m.label)' (order?)") }
        }
        return problems
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
    }
    /// Separates `*` into its own token: `float *p` and `float* p` both read `float * p`.
    var replacingStars: String { split(separator: "*", omittingEmptySubsequences: false).joined(separator: " * ") }
}
