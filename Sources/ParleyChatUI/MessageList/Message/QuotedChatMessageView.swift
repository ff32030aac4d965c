import Foundation
import ParleyChat
import ParleyUIKit

/// A compact copy of a quoted message, shown in a reply and in the composer's reply mode: a
/// rounded box with an accent bar in the tint colour, the author's avatar and name, and one or
/// two lines of the quoted text.
@preconcurrency @MainActor
open class QuotedChatMessageView: _View {
    /// The quoted message; nil shows an empty box.
    public var content: ChatMessage? {
        didSet { if lifecycle.isInitialized { updateContent() } }
    }

    /// Lines of the quoted text shown at most.
    open var maxTextLines = 2 { didSet { textLabel.numberOfLines = maxTextLines } }

    /// The row: accent bar, avatar, name and text.
    open private(set) lazy var containerView = ContainerStackView(axis: .horizontal, alignment: .top, spacing: 8)
    /// The bar along the leading edge, in the tint colour.
    open private(set) lazy var accentBarView = UIView()
    /// The quoted author's avatar.
    open private(set) lazy var authorAvatarView: ChatAvatarView = components.avatarView.init(frame: .zero)
    /// The author's name above the text.
    open private(set) lazy var authorNameLabel = UILabel()
    /// The quoted text (or "Message deleted").
    open private(set) lazy var textLabel = UILabel()
    /// Name above text.
    open private(set) lazy var textContainer = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 1)

    /// The avatar's side in points.
    open var avatarSize: CGFloat { 20 }

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Puts the bar, avatar, name and text in a row inside the box's padding.
    open override func setUpLayout() {
        super.setUpLayout()
        directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 0, bottom: 6, trailing: 10)
        containerView.isLayoutMarginsRelativeArrangement = false
        containerView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(containerView)
        textContainer.addArrangedSubviews([authorNameLabel, textLabel])
        containerView.addArrangedSubviews([accentBarView, authorAvatarView, textContainer])
        NSLayoutConstraint.activate([
            containerView.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
            containerView.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
            containerView.leadingAnchor.constraint(equalTo: leadingAnchor),
            containerView.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            accentBarView.widthAnchor.constraint(equalToConstant: 3),
            accentBarView.heightAnchor.constraint(equalTo: containerView.heightAnchor),
            authorAvatarView.widthAnchor.constraint(equalToConstant: avatarSize),
            authorAvatarView.heightAnchor.constraint(equalToConstant: avatarSize),
        ])
        textLabel.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
    }

    /// A rounded box in `background7` with a hairline border, the name in bold caption, the text
    /// in footnote.
    open override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = appearance.colorPalette.background7
        layer.cornerRadius = 10
        layer.masksToBounds = true
        layer.borderWidth = 1
        layer.borderColor = appearance.colorPalette.border
        accentBarView.backgroundColor = tintColor
        authorNameLabel.font = appearance.fonts.caption1Bold
        authorNameLabel.textColor = appearance.colorPalette.text
        textLabel.font = appearance.fonts.footnote
        textLabel.textColor = appearance.colorPalette.text
        textLabel.numberOfLines = maxTextLines
        textLabel.lineBreakMode = .byTruncatingTail
    }

    /// Keeps the accent bar in the current tint colour.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        accentBarView.backgroundColor = tintColor
    }

    /// Shows the quoted message's author and text.
    open override func updateContent() {
        super.updateContent()
        guard let message = content else {
            authorAvatarView.content = nil
            authorNameLabel.text = nil
            textLabel.text = nil
            return
        }
        authorAvatarView.content = message.author
        authorNameLabel.text = message.author.name.isEmpty ? message.author.id : message.author.name
        if message.isDeleted {
            textLabel.text = appearance.l10n.tr("message.deleted")
            textLabel.font = appearance.fonts.footnote.italic
            textLabel.textColor = appearance.colorPalette.textLowEmphasis
        } else {
            // One paragraph: line breaks of the quoted text would waste the two lines.
            let text = message.text.trimmingCharacters(in: .whitespacesAndNewlines)
            textLabel.text = text.isEmpty ? (message.attachments.isEmpty ? "" : appearance.l10n.tr("message.attachment")) : Self.singleParagraph(text)
            textLabel.font = appearance.fonts.footnote
            textLabel.textColor = appearance.colorPalette.text
        }
    }

    /// `text` with its line breaks as spaces, cut long before it could fill two lines.
    static func singleParagraph(_ text: String) -> String {
        String(text.prefix(400)).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
