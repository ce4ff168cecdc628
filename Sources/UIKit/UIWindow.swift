// The preview's window: the screen of the render's default device, iPhone 16, with its safe area.
import Foundation

public final class UIWindow: @unchecked Sendable {
    public let bounds = CGRect(x: 0, y: 0, width: 393, height: 852)
    public let safeAreaInsets = UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
    public var isKeyWindow: Bool { true }
    public init() {}
}

public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
