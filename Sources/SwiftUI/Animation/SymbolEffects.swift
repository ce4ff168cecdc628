// SF Symbols effects (`symbolEffect(_:options:value:)`, `symbolEffect(_:options:isActive:)`): the
// renderer's symbol node draws and times them (docs/spec.md, symbol; docs/semantics.md §78).
// `isActive` keeps SwiftUI's sense: for `.drawOn`, true means hidden.
internal import AnimoViewRecord

public protocol SymbolEffect: Sendable {
    var _recorded: (name: String, options: [String: String]) { get }
}

/// One effect type for all: its renderer name and options, changed by the modifiers SwiftUI gives
/// each effect (`.byLayer`, `.up`, `.clockwise`, …).
public struct _SymbolEffect: SymbolEffect, Sendable {
    let name: String
    var options: [String: String] = [:]
    public var _recorded: (name: String, options: [String: String]) { (name, options) }
    func with(_ key: String, _ value: String) -> _SymbolEffect {
        var e = self
        e.options[key] = value
        return e
    }
    public var byLayer: _SymbolEffect { with("mode", "byLayer") }
    public var wholeSymbol: _SymbolEffect { with("mode", "wholeSymbol") }
    public var individually: _SymbolEffect { with("mode", "individually") }
    public var up: _SymbolEffect { with("direction", "up") }
    public var down: _SymbolEffect { with("direction", "down") }
    public var left: _SymbolEffect { with("direction", "left") }
    public var right: _SymbolEffect { with("direction", "right") }
    public var forward: _SymbolEffect { with("direction", "forward") }
    public var backward: _SymbolEffect { with("direction", "backward") }
    public var clockwise: _SymbolEffect { with("direction", "clockwise") }
    public var counterClockwise: _SymbolEffect { with("direction", "counterClockwise") }
    public var iterative: _SymbolEffect { with("style", "iterative") }
    public var cumulative: _SymbolEffect { with("style", "cumulative") }
    public var reversing: _SymbolEffect { with("reversing", "true") }
    public var nonReversing: _SymbolEffect { with("reversing", "false") }
    public var hideInactiveLayers: _SymbolEffect { with("hideInactiveLayers", "true") }
    public var dimInactiveLayers: _SymbolEffect { with("hideInactiveLayers", "false") }
    public var pulse: _SymbolEffect { with("style", "pulse") }
    public var plain: _SymbolEffect { with("style", "plain") }
    public var downUp: _SymbolEffect { with("style", "downUp") }
    public var upUp: _SymbolEffect { with("style", "upUp") }
    public var offUp: _SymbolEffect { with("style", "offUp") }
}

extension SymbolEffect where Self == _SymbolEffect {
    public static var bounce: _SymbolEffect { _SymbolEffect(name: "bounce") }
    public static var pulse: _SymbolEffect { _SymbolEffect(name: "pulse") }
    public static var variableColor: _SymbolEffect { _SymbolEffect(name: "variableColor") }
    public static var breathe: _SymbolEffect { _SymbolEffect(name: "breathe") }
    public static var wiggle: _SymbolEffect { _SymbolEffect(name: "wiggle") }
    public static var rotate: _SymbolEffect { _SymbolEffect(name: "rotate") }
    public static var drawOn: _SymbolEffect { _SymbolEffect(name: "drawOn") }
    public static var drawOff: _SymbolEffect { _SymbolEffect(name: "drawOff") }
    public static var scale: _SymbolEffect { _SymbolEffect(name: "scale") }
    public static var appear: _SymbolEffect { _SymbolEffect(name: "appear") }
    public static var disappear: _SymbolEffect { _SymbolEffect(name: "disappear") }
    public static var replace: _SymbolEffect { _SymbolEffect(name: "replace") }
}

public struct SymbolEffectOptions: Sendable {
    var values: [String: String] = [:]
    public static let `default` = SymbolEffectOptions()
    public static var repeating: SymbolEffectOptions { SymbolEffectOptions(values: ["repeating": "true"]) }
    public static var nonRepeating: SymbolEffectOptions { SymbolEffectOptions(values: ["repeatCount": "1"]) }
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions(values: ["speed": "\(speed)"]) }
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions(values: ["repeatCount": "\(count)"]) }
    public func speed(_ speed: Double) -> SymbolEffectOptions { var o = self; o.values["speed"] = "\(speed)"; return o }
    public func `repeat`(_ count: Int) -> SymbolEffectOptions { var o = self; o.values["repeatCount"] = "\(count)"; return o }
    public var repeating: SymbolEffectOptions { var o = self; o.values["repeating"] = "true"; return o }
    public var nonRepeating: SymbolEffectOptions { var o = self; o.values["repeatCount"] = "1"; return o }
}

extension View {
    public func symbolEffect<T: SymbolEffect>(_ effect: T, options: SymbolEffectOptions = .default, isActive: Bool = true,
                                              file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in
            let r = effect._recorded
            return .symbolEffect(name: r.name, options: r.options.merging(options.values) { $1 }, isActive: isActive, valueToken: nil)
        }
    }

    public func symbolEffect<T: SymbolEffect, U: Equatable>(_ effect: T, options: SymbolEffectOptions = .default, value: U,
                                                            file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { c in
            let token = c.graph.watch(c.path + "@symbolEffect\(line):\(column)", value) { ($0 as? U) == value }
            let r = effect._recorded
            return .symbolEffect(name: r.name, options: r.options.merging(options.values) { $1 }, isActive: nil, valueToken: token)
        }
    }

    public func symbolEffectsRemoved(_ isEnabled: Bool = true) -> some View { self }
}
