// Navigation and input views as a preview shows them at rest: a `NavigationLink` is its label
// (a tap on it navigates, which a render does not follow), a `TextField` or `SecureField` its
// text (or its placeholder in the placeholder colour), toolbars are not drawn.
internal import AnimoViewRecord

public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    public init(destination: Destination, @ViewBuilder label: () -> Label) { self.label = label() }
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) { self.label = label() }
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) where Destination == Never { self.label = label() }
    public var body: some View { label }
}

extension NavigationLink where Label == Text {
    public init(_ title: String, destination: Destination) { label = Text(title) }
    public init(_ title: String, @ViewBuilder destination: () -> Destination) { label = Text(title) }
}

extension View {
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View { self }
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View { self }
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { self }
    public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> some View { self }
    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { self }
}

public enum Visibility: Hashable, Sendable { case automatic, visible, hidden }

public struct ToolbarPlacement: Sendable {
    public static let navigationBar = ToolbarPlacement()
    public static let tabBar = ToolbarPlacement()
    public static let bottomBar = ToolbarPlacement()
    public static let automatic = ToolbarPlacement()
}

public struct ToolbarItemPlacement: Sendable {
    public static let automatic = ToolbarItemPlacement()
    public static let principal = ToolbarItemPlacement()
    public static let topBarLeading = ToolbarItemPlacement()
    public static let topBarTrailing = ToolbarItemPlacement()
    public static let navigationBarLeading = ToolbarItemPlacement()
    public static let navigationBarTrailing = ToolbarItemPlacement()
    public static let bottomBar = ToolbarItemPlacement()
    public static let confirmationAction = ToolbarItemPlacement()
    public static let cancellationAction = ToolbarItemPlacement()
}

public struct ToolbarItem<ID, Content: View>: View {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == Void {}
    public var body: some View { EmptyView() }
}

public struct ToolbarItemGroup<Content: View>: View {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
    public var body: some View { EmptyView() }
}

public struct TextField<Label: View>: View {
    let text: Binding<String>
    let placeholder: String
    public var body: some View {
        let value = text.wrappedValue
        return Text(value.isEmpty ? placeholder : value)
            .foregroundColor(value.isEmpty ? Color.named("placeholderText") : nil)
    }
}

extension TextField where Label == Text {
    public init(_ title: String, text: Binding<String>) {
        self.text = text
        placeholder = title
    }
    public init(_ title: String, text: Binding<String>, prompt: Text?) {
        self.text = text
        placeholder = title
    }
    public init(_ title: String, text: Binding<String>, axis: Axis) {
        self.text = text
        placeholder = title
    }
}

public struct SecureField<Label: View>: View {
    let text: Binding<String>
    let placeholder: String
    public var body: some View {
        let value = text.wrappedValue
        return Text(value.isEmpty ? placeholder : String(repeating: "•", count: value.count))
            .foregroundColor(value.isEmpty ? Color.named("placeholderText") : nil)
    }
}

extension SecureField where Label == Text {
    public init(_ title: String, text: Binding<String>) {
        self.text = text
        placeholder = title
    }
}

extension View {
    public func textFieldStyle<S>(_ style: S) -> some View { self }
    public func keyboardType(_ type: UIKeyboardType) -> some View { self }
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { self }
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View { self }
}

public enum UIKeyboardType: Sendable { case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad, twitter, webSearch }
public struct TextInputAutocapitalization: Sendable {
    public static let never = TextInputAutocapitalization(), words = TextInputAutocapitalization()
    public static let sentences = TextInputAutocapitalization(), characters = TextInputAutocapitalization()
}
public enum SubmitLabel: Sendable { case done, go, send, join, route, search, `return`, next, `continue` }
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}
public struct RoundedBorderTextFieldStyle { public init() {} }
public struct PlainTextFieldStyle { public init() {} }
