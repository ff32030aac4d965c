import Foundation
import ParleyChat
import ParleyUIKit

/// The round button that scrolls the message list to its newest message, with a badge counting
/// the messages that arrived while the list was scrolled up.
@preconcurrency @MainActor
open class ScrollToBottomButton: _Button {
    /// The unread count the badge shows (hidden at `.noUnread`).
    public var content: ChannelUnreadCount = .noUnread {
        didSet { updateContentIfNeeded() }
    }

    /// The badge on the button's top edge.
    open private(set) lazy var unreadCountView: ChatChannelUnreadCountView = components.channelUnreadCountView.init(frame: .zero)

    /// Creates the button.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Adds the badge.
    open override func setUpLayout() {
        super.setUpLayout()
        addSubview(unreadCountView)
    }

    /// A round button on the background colour with a hairline border, a soft shadow and the
    /// scroll-down arrow in the tint colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        setImage(appearance.images.scrollDownArrow, for: .normal)
        imageView?.tintColor = tintColor
        imageView?.contentMode = .scaleAspectFit
        backgroundColor = appearance.colorPalette.background
        layer.borderColor = appearance.colorPalette.border2
        layer.borderWidth = 1
        layer.shadowColor = appearance.colorPalette.hoverButtonShadow
        layer.shadowOpacity = 1
        layer.shadowRadius = 4
        layer.shadowOffset = CGSize(width: 0, height: 2)
        accessibilityLabel = appearance.l10n.tr("messageList.scroll-to-bottom")
        toolTip = accessibilityLabel
    }

    /// Shows the count.
    open override func updateContent() {
        super.updateContent()
        unreadCountView.content = content
        setNeedsLayout()
    }

    /// Keeps the arrow tinted with the brand colour.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        imageView?.tintColor = tintColor
    }

    /// 40 × 40 points.
    open override var intrinsicContentSize: CGSize { CGSize(width: 40, height: 40) }

    /// A circle; the badge centred on the top edge.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = min(bounds.width, bounds.height) / 2
        let side = min(bounds.width, bounds.height) * 0.45
        imageView?.frame = CGRect(x: (bounds.width - side) / 2, y: (bounds.height - side) / 2, width: side, height: side)
        let badge = unreadCountView.intrinsicContentSize
        unreadCountView.frame = CGRect(x: (bounds.width - badge.width) / 2, y: -badge.height / 2, width: badge.width, height: badge.height)
    }
}
