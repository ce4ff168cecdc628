// Custom shapes as the spec's shape templates (docs/spec.md, "Shape templates"). A recorded path
// is a list of commands whose numbers are linear in the rectangle (RecordedPath); each distinct
// command structure (the commands and the terms of their numbers, not their values) becomes one
// template whose coefficients are its parameters, so the numbers an
// update changes become state like any other number of the node, interpolated when the shape is
// animatable (it has `animatableData`) and set at once when it is not.
import AnimoViewRecord

final class ShapeTemplates {
    private var names: [String: String] = [:]
    private(set) var definitions: [(String, SpecValue)] = []

    /// The node's shape object: `{"name": N, "parameters": {…}}`.
    func use(_ path: RecordedPath) -> SpecValue {
        var parameters: [(String, SpecValue)] = []
        var commands: [SpecValue] = []
        func value(_ v: RecordedLength) -> SpecValue {
            var terms: [String] = []
            switch v.origin {
            case .minX: terms.append("rect.minX")
            case .minY: terms.append("rect.minY")
            case .none: break
            }
            let all: [(RecordedLength.Form, Double, String)] = [(.constant, v.constant, ""), (.width, v.width, " * rect.width"), (.height, v.height, " * rect.height"), (.minSide, v.minSide, " * min(rect.width, rect.height)")]
            for (form, coefficient, factor) in all where v.form == .full || v.form == form {
                let name = "v\(parameters.count)"
                parameters.append((name, .number(coefficient)))
                terms.append(name + factor)
            }
            return .string("=" + (terms.isEmpty ? "0" : terms.joined(separator: " + ")))
        }
        for c in path.commands {
            let v = c.values.map(value)
            switch c.op {
            case .move where v.count == 2: commands.append(.object([("move", .array(v))]))
            case .line where v.count == 2: commands.append(.object([("line", .array(v))]))
            case .quad where v.count == 4:
                commands.append(.object([("quad", .object([("to", .array([v[2], v[3]])), ("control", .array([v[0], v[1]]))]))]))
            case .curve where v.count == 6:
                commands.append(.object([("curve", .object([("to", .array([v[4], v[5]])), ("control1", .array([v[0], v[1]])), ("control2", .array([v[2], v[3]]))]))]))
            case .close: commands.append(.object([("close", .bool(true))]))
            case .rect where v.count == 4: commands.append(.object([("rect", .array(v))]))
            case .ellipse where v.count == 4: commands.append(.object([("ellipse", .array(v))]))
            case .arc where v.count == 5:
                commands.append(.object([("arc", .object([("center", .array([v[0], v[1]])), ("radius", v[2]), ("startAngle", v[3]), ("endAngle", v[4]), ("clockwise", .bool(c.clockwise))]))]))
            default: continue
            }
        }
        let definition: [(String, SpecValue)] = [
            ("parameters", .object(parameters.map { ($0.0, .number(0)) })),
            ("animatable", .array(path.animatable ? parameters.map { .string($0.0) } : [])),
            ("path", .array(commands)),
        ]
        var signature = ""
        SpecValue.object(definition).write(into: &signature)
        let name: String
        if let known = names[signature] {
            name = known
        } else {
            name = "path\(definitions.count + 1)"
            names[signature] = name
            definitions.append((name, .object(definition)))
        }
        return .object([("name", .string(name)), ("parameters", .object(parameters))])
    }
}
