import Foundation
import ParleyChat
import ParleyUIKit

/// A round avatar: an image view clipped to a circle.
///
/// Subclass it to change the shape everywhere — every avatar of the chat UI is created from
/// `Components.default.avatarView`:
///
/// ```swift
/// class RectAvatarView: ChatAvatarView {
///     override func setUpAppearance() {
///         super.setUpAppearance()
///         imageView.layer.cornerRadius = 3
///     }
/// }
/// Components.default.avatarView = RectAvatarView.self
/// ```
@preconcurrency @MainActor
open class ChatAvatarView: _View {
    /// The image view that shows the avatar.
    open private(set) lazy var imageView: UIImageView = UIImageView()

    /// The radius the view applied last; a radius set by a subclass is left alone.
    private var appliedCircularRadius: CGFloat?

    /// The user whose avatar this shows (sets the image).
    public var content: ChatUser? {
        didSet { updateContentIfNeeded() }
    }

    /// Creates an avatar view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Adds the image view.
    open override func setUpLayout() {
        super.setUpLayout()
        if imageView.superview !== self { addSubview(imageView) }
        imageView.frame = bounds
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    }

    /// Clips the image to a circle.
    open override func setUpAppearance() {
        super.setUpAppearance()
        imageView.contentMode = .scaleAspectFill
        imageView.layer.masksToBounds = true
        applyCircularRadius()
    }

    /// Shows the user's image or initials.
    open override func updateContent() {
        super.updateContent()
        if let user = content {
            imageView.image = AvatarImageRenderer.image(for: user, side: max(bounds.width, 40))
            accessibilityLabel = user.name
        }
    }

    /// Keeps the image view filling the bounds and circular.
    open override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = bounds
        applyCircularRadius()
    }

    /// 40 × 40 points unless the container says otherwise.
    open override var intrinsicContentSize: CGSize { CGSize(width: 40, height: 40) }

    private func applyCircularRadius() {
        let current = imageView.layer.cornerRadius
        // Leave a radius a subclass chose (it differs from the last one this view applied).
        if let applied = appliedCircularRadius, current != applied { return }
        if appliedCircularRadius == nil, current != 0 { return }
        let radius = min(imageView.bounds.width, imageView.bounds.height) / 2
        imageView.layer.cornerRadius = radius
        appliedCircularRadius = radius
    }
}
