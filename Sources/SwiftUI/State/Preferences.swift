// SwiftUI's preferences: values views set for the views above them. While a view records, the
// values set inside an `onPreferenceChange` are reduced with the key's `reduce`, in the order the
// views are recorded, and the action runs after the update when the value is new.
internal import AnimoViewRecord

public protocol PreferenceKey {
    associatedtype Value
    static var defaultValue: Value { get }
    static func reduce(value: inout Value, nextValue: () -> Value)
}

struct PreferenceModifier<K: PreferenceKey>: ViewModifier, PrimitiveModifier {
    typealias Body = Never
    let value: K.Value
    func record(content: any View, _ context: RecordContext) -> RecordNode {
        let node = context.graph.record(content, context)
        context.graph.setPreference(ObjectIdentifier(K.self), value)
        return node
    }
}

struct PreferenceChangeModifier<K: PreferenceKey>: ViewModifier, PrimitiveModifier where K.Value: Equatable {
    typealias Body = Never
    let action: (K.Value) -> Void
    func record(content: any View, _ context: RecordContext) -> RecordNode {
        let (node, collected) = context.graph.collectingPreferences { context.graph.record(content, context) }
        var value = K.defaultValue
        for v in collected[ObjectIdentifier(K.self)] ?? [] {
            if let next = v as? K.Value { K.reduce(value: &value, nextValue: { next }) }
        }
        let reduced = value
        context.graph.preferenceChanged(context.path + "#pref:\(K.self)", reduced, equal: { ($0 as? K.Value) == reduced }) { action(reduced) }
        return node
    }
}

extension View {
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        modifier(PreferenceModifier<K>(value: value))
    }

    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void) -> some View where K.Value: Equatable {
        modifier(PreferenceChangeModifier<K>(action: action))
    }

    public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        unmodelledModifier("transformPreference(_:_:)", "the preference is not transformed", file, line, column)
    }
}
