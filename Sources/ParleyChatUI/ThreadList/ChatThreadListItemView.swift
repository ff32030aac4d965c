import Foundation
import ParleyChat
import ParleyUIKit

/// A thread's row in the thread list.
///
/// ```
/// mainContainer (vertical)
/// ├── threadTitleContainer:  threadTitleLabel (channel name), threadUnreadCountView
/// ├── threadDescriptionLabel (the root message's text)
/// └── replyContainer:        replyAuthorAvatarView, replyInfoContainer
///                            ├── replyTitleLabel (last reply's author), replyTimestampLabel
///                            └── replyDescriptionLabel (last reply's text), replyCountLabel
/// ```
@preconcurrency @MainActor
open class ChatThreadListItemView: _View {
    /// What a row shows.
    public struct Content: Sendable {
        /// The thread.
        public let thread: ChatThread
        /// The current user (names the channel of a direct message).
        public let currentUserId: UserId?

        /// The content for `thread`, seen by `currentUserId`.
        public init(thread: ChatThread, currentUserId: UserId?) {
            self.thread = thread
            self.currentUserId = currentUserId
        }
    }

    /// The thread shown.
    public var content: Content? {
        didSet { updateContentIfNeeded() }
    }

    /// Everything, top to bottom.
    open private(set) lazy var mainContainer = ContainerStackView(axis: .vertical, spacing: 4)
    /// The channel name and the unread badge.
    open private(set) lazy var threadTitleContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 8)
    /// The channel's name.
    open private(set) lazy var threadTitleLabel = UILabel()
    /// The root message's text.
    open private(set) lazy var threadDescriptionLabel = UILabel()
    /// Unread replies (`components.channelUnreadCountView`); hidden when none.
    open private(set) lazy var threadUnreadCountView: ChatChannelUnreadCountView = {
        let view = components.channelUnreadCountView.init(frame: .zero)
        hand(appearance, components, to: view)
        return view
    }()
    /// The last reply: avatar and texts.
    open private(set) lazy var replyContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 8)
    /// The last reply's author (`components.avatarView`).
    open private(set) lazy var replyAuthorAvatarView: ChatAvatarView = {
        let view = components.avatarView.init(frame: .zero)
        hand(appearance, components, to: view)
        return view
    }()
    /// The last reply's two lines.
    open private(set) lazy var replyInfoContainer = ContainerStackView(axis: .vertical, spacing: 2)
    /// The last reply's author and time.
    open private(set) lazy var replyTitleContainer = ContainerStackView(axis: .horizontal, spacing: 8)
    /// The last reply's text and the reply count.
    open private(set) lazy var replyDescriptionContainer = ContainerStackView(axis: .horizontal, spacing: 8)
    /// The last reply's author.
    open private(set) lazy var replyTitleLabel = UILabel()
    /// The last reply's text.
    open private(set) lazy var replyDescriptionLabel = UILabel()
    /// The last reply's time (`appearance.formatters.channelListMessageTimestamp`).
    open private(set) lazy var replyTimestampLabel = UILabel()
    /// "3 replies".
    open private(set) lazy var replyCountLabel = UILabel()

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Builds the rows; see the diagram in the type's documentation.
    open override func setUpLayout() {
        super.setUpLayout()
        threadTitleContainer.addArrangedSubviews([threadTitleLabel, threadUnreadCountView])
        replyTitleContainer.addArrangedSubviews([replyTitleLabel, replyTimestampLabel])
        replyDescriptionContainer.addArrangedSubviews([replyDescriptionLabel, replyCountLabel])
        replyInfoContainer.addArrangedSubviews([replyTitleContainer, replyDescriptionContainer])
        replyContainer.addArrangedSubviews([replyAuthorAvatarView, replyInfoContainer])
        mainContainer.addArrangedSubviews([threadTitleContainer, threadDescriptionLabel, replyContainer])
        embed(mainContainer, insets: UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 16))
        NSLayoutConstraint.activate([
            replyAuthorAvatarView.widthAnchor.constraint(equalToConstant: 36),
            replyAuthorAvatarView.heightAnchor.constraint(equalToConstant: 36),
        ])
        for label in [threadTitleLabel, threadDescriptionLabel, replyTitleLabel, replyDescriptionLabel] {
            label.setContentHuggingPriority(.defaultLow, for: .horizontal)
            label.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        }
        for view in [threadUnreadCountView, replyTimestampLabel, replyCountLabel] as [UIView] {
            view.setContentHuggingPriority(.defaultHigh, for: .horizontal)
            view.setContentCompressionResistancePriority(.required, for: .horizontal)
        }
    }

    /// Fonts and colours from `appearance`.
    open override func setUpAppearance() {
        super.setUpAppearance()
        let palette = appearance.colorPalette
        backgroundColor = .clear
        let fonts = appearance.fonts
        let styles: [(UILabel, UIFont, UIColor)] = [
            (threadTitleLabel, fonts.bodyBold, palette.text),
            (threadDescriptionLabel, fonts.subheadline, palette.text),
            (replyTitleLabel, fonts.footnoteBold, palette.text),
            (replyDescriptionLabel, fonts.footnote, palette.subtitleText),
            (replyTimestampLabel, fonts.footnote, palette.textLowEmphasis),
            (replyCountLabel, fonts.footnoteBold, palette.accentPrimary),
        ]
        for (label, font, color) in styles {
            label.font = font
            label.textColor = color
            label.numberOfLines = 1
            label.lineBreakMode = .byTruncatingTail
        }
    }

    /// Fills the labels, the avatar and the badge from `content`.
    open override func updateContent() {
        super.updateContent()
        let reply = content?.thread.latestReplies.first
        threadTitleLabel.text = channelNameText
        threadDescriptionLabel.text = parentMessagePreviewText
        replyTitleLabel.text = reply.map { ComposerVC.mentionName(of: $0.author) }
        replyDescriptionLabel.text = replyPreviewText
        replyTimestampLabel.text = replyTimestampLabelText
        replyCountLabel.text = content.map { appearance.l10n.plural("message.threads.count", count: $0.thread.replyCount) }
        replyAuthorAvatarView.content = reply?.author
        let unread = content?.thread.unreadRepliesCount ?? 0
        threadUnreadCountView.content = ChannelUnreadCount(messages: unread, mentions: 0)
        accessibilityLabel = [channelNameText, parentMessagePreviewText, replyTitleLabel.text, replyPreviewText, replyTimestampLabelText]
            .compactMap { $0 }.joined(separator: ", ")
    }

    // MARK: Texts

    /// The channel's name (`appearance.formatters.channelName`).
    open var channelNameText: String? {
        guard let content else { return nil }
        let channel = content.thread.channel
        return appearance.formatters.channelName.format(channel: channel, forCurrentUserId: content.currentUserId) ?? channel.cid.id
    }

    /// The root message's text on one line ("Message deleted" when deleted).
    open var parentMessagePreviewText: String? {
        content.map { preview(of: $0.thread.parentMessage) }
    }

    /// The latest reply's text on one line.
    open var replyPreviewText: String? {
        content?.thread.latestReplies.first.map(preview(of:))
    }

    /// The latest reply's time.
    open var replyTimestampLabelText: String? {
        content?.thread.lastMessageAt.map { appearance.formatters.channelListMessageTimestamp.format($0) }
    }

    private func preview(of message: ChatMessage) -> String {
        if message.isDeleted { return appearance.l10n.tr("channel.item.deleted") }
        return message.text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
