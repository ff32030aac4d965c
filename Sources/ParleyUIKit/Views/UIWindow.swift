import Foundation

/// The root of a view hierarchy shown on a display (or rendered headless).
///
/// A window is the source of its tree's traits (display scale, light/dark) and its default tint.
@MainActor
open class UIWindow: UIView {
    /// A window with a frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
    }

    /// Whether this is the window that receives keyboard input.
    open internal(set) var isKeyWindow = false

    /// The traits the window's display and settings give its views.
    public var windowTraitCollection: UITraitCollection {
        get { rootTraitCollection }
        set { rootTraitCollection = newValue }
    }
}
