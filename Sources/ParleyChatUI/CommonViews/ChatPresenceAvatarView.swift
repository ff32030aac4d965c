import Foundation
import ParleyChat
import ParleyUIKit

/// A user's avatar with the green "online" dot (`components.onlineIndicatorView`) at its bottom
/// trailing corner while the user is online (`Components.presenceAvatarView`).
@preconcurrency @MainActor
open class ChatPresenceAvatarView: ChatAvatarView {
    /// The green dot.
    open private(set) lazy var onlineIndicatorView: UIView = {
        let dot = components.onlineIndicatorView.init(frame: .zero)
        hand(appearance, components, to: dot)
        return dot
    }()

    /// Whether the dot shows: the user is online.
    open var isOnlineIndicatorVisible: Bool { content?.isOnline ?? false }

    /// Creates the view.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Adds the dot above the image.
    open override func setUpLayout() {
        super.setUpLayout()
        if onlineIndicatorView.superview !== self { addSubview(onlineIndicatorView) }
    }

    /// Shows or hides the dot.
    open override func updateContent() {
        super.updateContent()
        onlineIndicatorView.isHidden = !isOnlineIndicatorVisible
    }

    /// The dot on the bottom trailing corner.
    open override func layoutSubviews() {
        super.layoutSubviews()
        onlineIndicatorView.frame = OnlineIndicatorView.frame(onAvatarOf: bounds, layoutDirection: effectiveUserInterfaceLayoutDirection)
    }
}
