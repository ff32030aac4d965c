import Foundation
import ParleyChat
import ParleyUIKit

/// The red badge with a channel's unread count; hidden when there is nothing unread.
@preconcurrency @MainActor
open class ChatChannelUnreadCountView: _View {
    /// The unread counts shown.
    public var content: ChannelUnreadCount = .noUnread {
        didSet { updateContentIfNeeded() }
    }

    /// The label with the number.
    open private(set) lazy var unreadCountLabel: UILabel = UILabel()

    /// Creates the badge.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Adds the label.
    open override func setUpLayout() {
        super.setUpLayout()
        if unreadCountLabel.superview !== self { addSubview(unreadCountLabel) }
    }

    /// A red capsule with white bold digits.
    open override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = appearance.colorPalette.alert
        unreadCountLabel.textColor = appearance.colorPalette.staticColorText
        unreadCountLabel.font = appearance.fonts.footnoteBold
        unreadCountLabel.textAlignment = .center
        layer.masksToBounds = true
    }

    /// Shows the number ("99+" above 99), hidden at `.noUnread`.
    open override func updateContent() {
        super.updateContent()
        isHidden = content == .noUnread
        let count = content.messages
        unreadCountLabel.text = count > 99 ? "99+" : "\(count)"
        invalidateIntrinsicContentSize()
    }

    /// The digits plus padding, never narrower than tall.
    open override var intrinsicContentSize: CGSize {
        let text = unreadCountLabel.intrinsicContentSize
        let height = max(18, text.height + 2)
        return CGSize(width: max(height, text.width + 10), height: height)
    }

    /// The intrinsic size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Centres the label and keeps the capsule shape.
    open override func layoutSubviews() {
        super.layoutSubviews()
        unreadCountLabel.frame = bounds
        layer.cornerRadius = bounds.height / 2
    }
}
