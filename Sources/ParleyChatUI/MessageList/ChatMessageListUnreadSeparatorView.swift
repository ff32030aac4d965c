import Foundation
import ParleyChat
import ParleyUIKit

/// The "Unread messages" bar above the first message the current user has not read.
@preconcurrency @MainActor
open class ChatMessageListUnreadSeparatorView: _View {
    /// The bar behind the text.
    open private(set) lazy var contentView: UIView = UIView()
    /// "Unread messages".
    open private(set) lazy var textLabel: UILabel = UILabel()

    /// The text the bar shows.
    open var text: String { appearance.l10n.tr("messageList.unread-separator") }

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// A full-width bar with the text centred, 8 pt above and below.
    open override func setUpLayout() {
        super.setUpLayout()
        contentView.translatesAutoresizingMaskIntoConstraints = false
        textLabel.translatesAutoresizingMaskIntoConstraints = false
        addSubview(contentView)
        contentView.addSubview(textLabel)
        NSLayoutConstraint.activate([
            contentView.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            contentView.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
            contentView.leadingAnchor.constraint(equalTo: leadingAnchor),
            contentView.trailingAnchor.constraint(equalTo: trailingAnchor),
            textLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 5),
            textLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -5),
            textLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            textLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }

    /// Low-emphasis bold caption on the palette's `unreadSeparator` colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        contentView.backgroundColor = appearance.colorPalette.unreadSeparator
        textLabel.font = appearance.fonts.footnoteBold
        textLabel.textColor = appearance.colorPalette.textLowEmphasis
        textLabel.textAlignment = .center
    }

    /// Sets the text.
    open override func updateContent() {
        super.updateContent()
        textLabel.text = text
    }
}
