public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light, dark
}
