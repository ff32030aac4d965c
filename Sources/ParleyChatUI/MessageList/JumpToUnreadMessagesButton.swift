import Foundation
import ParleyChat
import ParleyUIKit

/// The capsule at the top of the message list that says how many messages are unread while the
/// first of them is off screen: a tap on it scrolls to that message, its close button dismisses it
/// (`Components.isJumpToUnreadEnabled` turns it on).
@preconcurrency @MainActor
open class JumpToUnreadMessagesButton: _Button {
    /// The unread count the button shows.
    public var content: ChannelUnreadCount = .noUnread {
        didSet { updateContentIfNeeded() }
    }

    /// "N unread".
    open private(set) lazy var textLabel: UILabel = UILabel()
    /// The button that dismisses the capsule (and marks the channel read).
    open private(set) lazy var closeButton: UIButton = UIButton(type: .custom)

    /// Creates the button.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Adds the text and the close button.
    open override func setUpLayout() {
        super.setUpLayout()
        textLabel.isUserInteractionEnabled = false
        addSubview(textLabel)
        addSubview(closeButton)
    }

    /// White footnote text on a low-emphasis capsule with a soft shadow.
    open override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = appearance.colorPalette.textLowEmphasis
        layer.shadowColor = appearance.colorPalette.hoverButtonShadow
        layer.shadowOpacity = 1
        layer.shadowRadius = 4
        layer.shadowOffset = CGSize(width: 0, height: 2)
        textLabel.font = appearance.fonts.footnote
        textLabel.textColor = appearance.colorPalette.staticColorText
        textLabel.numberOfLines = 1
        closeButton.setImage(appearance.images.close, for: .normal)
        closeButton.tintColor = appearance.colorPalette.staticColorText
        closeButton.imageView?.contentMode = .scaleAspectFit
        closeButton.accessibilityLabel = appearance.l10n.tr("message.list.jump-to-unread.dismiss")
    }

    /// The count as text.
    open override func updateContent() {
        super.updateContent()
        textLabel.text = appearance.l10n.plural("message.list.jump-to-unread", count: content.messages)
        accessibilityLabel = textLabel.text
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// Calls `action` when the capsule (not its close button) is tapped.
    open func addTarget(action: @escaping @MainActor () -> Void) {
        addAction(UIAction { _ in action() }, for: .touchUpInside)
    }

    /// Calls `action` when the close button is tapped.
    open func addDiscardButtonTarget(action: @escaping @MainActor () -> Void) {
        closeButton.addAction(UIAction { _ in action() }, for: .touchUpInside)
    }

    private static let padding: CGFloat = 12
    private static let closeSide: CGFloat = 24
    private static let height: CGFloat = 34

    /// The text after 12 pt, then 2 pt and the 24 pt close button, then 6 pt; 34 pt tall.
    open override var intrinsicContentSize: CGSize {
        let text = textLabel.intrinsicContentSize
        return CGSize(width: ceil(Self.padding + text.width + 2 + Self.closeSide + Self.padding / 2), height: Self.height)
    }

    /// Fits the intrinsic size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// A capsule: the text at the leading edge, the close button at the trailing edge.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.height / 2
        let text = textLabel.intrinsicContentSize
        textLabel.frame = CGRect(x: Self.padding, y: (bounds.height - text.height) / 2, width: text.width, height: text.height)
        // The close button's hit area is the capsule's trailing end, its image centred in it.
        let closeX = textLabel.frame.maxX + 2
        closeButton.frame = CGRect(x: closeX, y: 0, width: max(0, bounds.width - closeX), height: bounds.height)
    }
}
