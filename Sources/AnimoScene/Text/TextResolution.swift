// The `text` node resolved once: its font (a stand-in face, AnimoGeometry's TextFont), paragraph
// options, foreground paint (its own `foregroundStyle`, else the inherited one, else the scheme's
// `primary`), placement, and what it shows over time.
//
// Strings that change. A string from an expression of state (and loop variables) has one
// version per event that changes it; a track animates a version counter with the event's
// animation (the one the node's `animation` modifiers or the event give), and while it moves the
// content transition runs from the previous version to the new one (docs/semantics.md §136: a
// content transition acts only inside an animated transaction; without animation the string
// simply changes). An expression that reads `t` or an animator value is evaluated every frame
// and never transitions.
import AnimoSpec
import Foundation
import AnimoMotion
import AnimoGeometry

enum RTextPlacement: Sendable {
    case frame(RNumber, RNumber, RNumber, RNumber, alignment: UnitPoint)
    case center(RNumber, RNumber, width: RNumber?)
    case canvas
}

enum RTextContent: Sendable {
    case fixed(String)
    /// Evaluated every frame, formatted.
    case direct(SpecExpression, format: String)
    /// Versions over time: `strings[k]` from `times[k]` (times[0] = −∞), the version counter's
    /// track, and each version's number (for the direction of `numericText(value:)`).
    case versions(strings: [String], values: [Double], times: [Double], track: Int)
}

struct RText: Sendable {
    var font: ResolvedFont
    var size: RNumber
    var options: TextLayoutOptions
    var kerning: RNumber?
    var tracking: RNumber?
    var lineSpacing: RNumber?
    var paint: RPaint
    var placement: RTextPlacement
    var content: RTextContent
    var transition: SpecContentTransition
    /// The node's JSON path, for diagnostics.
    var path: String
}

extension SceneResolver {
    /// The font a `SpecFont` describes at the canvas's Dynamic Type size, before loading.
    func textFont(_ f: SpecFont?, _ scope: Scope) -> (font: TextFont, size: RNumber) {
        let spec = f.map { $0.over(scope.font) } ?? scope.font ?? SpecFont()
        let category = DynamicTypeSize(rawValue: env.dynamicTypeSize.rawValue) ?? .large
        let design = FontDesign(rawValue: (spec.design ?? .default).rawValue) ?? .default
        var weight = spec.weight.flatMap { FontWeight(rawValue: $0.rawValue) }
        let size: RNumber
        let style = spec.size == nil ? TextStyle(rawValue: (spec.style ?? .body).rawValue) ?? .body : nil
        if let s = spec.size { size = number(s, scope) } else { size = .constant(style!.pointSize(category)) }
        if weight == nil { weight = spec.bold == true ? (style?.emphasizedWeight ?? .bold) : (style?.weight ?? .regular) }
        let font = TextFont(size: size.constantValue ?? 17, weight: weight!, design: design, italic: spec.italic ?? false)
        return (font, size)
    }

    var env: SpecEnvironment { spec.canvas.environment }

    func text(_ t: TextNode, _ node: SpecNode, _ scope: Scope) -> RNode.Kind {
        let path = node.path + ".text"
        let (font, size) = textFont(t.font, scope)
        let resolved: ResolvedFont
        do {
            resolved = try font.resolve()
        } catch {
            issues.append(ResolveIssue(path: path + (t.font == nil ? "" : ".font"), message: "\(error)"))
            return .unsupported("text")
        }
        var options = TextLayoutOptions()
        options.lineLimit = t.lineLimit
        options.alignment = TextAlignment(rawValue: (t.alignment ?? .leading).rawValue) ?? .leading
        options.truncation = TruncationMode(rawValue: (t.truncationMode ?? .tail).rawValue) ?? .tail
        options.minimumScaleFactor = t.minimumScaleFactor ?? 1
        options.rightToLeft = env.rightToLeft
        let paint = t.foregroundStyle.map { self.paint($0, scope) } ?? scope.foreground ?? .color(color(SpecColor.foreground(env.colorScheme)))
        let placement: RTextPlacement
        switch t.placement {
        case .frame(let r, let a): placement = .frame(number(r.x, scope), number(r.y, scope), number(r.width, scope), number(r.height, scope), alignment: a)
        case .center(let c, let w): placement = .center(number(c.x, scope), number(c.y, scope), width: w.map { number($0, scope) })
        case .canvas: placement = .canvas
        }
        return .text(RText(font: resolved, size: size, options: options, kerning: t.kerning.map { number($0, scope) },
                           tracking: t.tracking.map { number($0, scope) }, lineSpacing: t.lineSpacing.map { number($0, scope) },
                           paint: paint, placement: placement, content: textContent(t.content, scope), transition: t.contentTransition ?? .opacity,
                           path: path))
    }

    func textContent(_ c: SpecTextContent, _ scope: Scope) -> RTextContent {
        switch c {
        case .literal(let s): return .fixed(s)
        case .value(let e, let format):
            if let v = e.constantValue { return .fixed(TextFormat.format(v, format)) }
            let kinds = e.slots.map { spec.slots[$0].kind }
            guard !scope.immediate, !kinds.contains(.clock), !kinds.contains(.animatorValue) else { return .direct(e, format: format) }
            var value = model(e, scope, t: 0, state: states.initial)
            var strings = [TextFormat.format(value, format)], values = [value], times = [-Double.infinity]
            var track = PropertyTrack(initial: 0)
            let read = Set(e.slots)
            for (k, ev) in states.events.enumerated() where !ev.changedSlots.isDisjoint(with: read) {
                value = model(e, scope, t: ev.time, state: states.stateAfter[k])
                let s = TextFormat.format(value, format)
                guard s != strings.last else { continue }
                strings.append(s)
                values.append(value)
                times.append(ev.time)
                do {
                    try track.motion.set(.scalar(Double(strings.count - 1)), at: ev.time, animation: animation(for: k, scope))
                    track.eventOfChange.append(ev.index)
                } catch { continue }
            }
            if strings.count == 1 { return .fixed(strings[0]) }
            tracks.append(track)
            return .versions(strings: strings, values: values, times: times, track: tracks.count - 1)
        }
    }
}

extension RNumber {
    var constantValue: Double? {
        if case .constant(let d) = self { return d }
        return nil
    }
}
