import Foundation
import ParleyChat
import ParleyUIKit

/// A channel's row in the channel list: avatar, name, last message preview, timestamp and unread
/// badge.
///
/// The layout is made of ``ContainerStackView``s, so a subclass can add, move or remove parts:
///
/// ```
/// mainContainer (horizontal)
/// ├── avatarView
/// └── rightContainer (vertical)
///     ├── topContainer:    titleLabel, unreadCountView
///     └── bottomContainer: subtitleLabel, timestampLabel
/// ```
///
/// For example, an iMessage-style blue dot instead of the badge:
///
/// ```swift
/// override func setUpLayout() {
///     super.setUpLayout()
///     mainContainer.insertArrangedSubview(customUnreadView, at: 0)
///     topContainer.removeArrangedSubview(unreadCountView)
/// }
/// ```
@preconcurrency @MainActor
open class ChatChannelListItemView: _View {
    /// What a row shows.
    public struct Content {
        /// The channel.
        public let channel: ChatChannel
        /// The user looking at the list (for "You:" previews and direct-message names).
        public let currentUserId: UserId?
        /// The search hit the row shows, when the list shows search results: the row previews
        /// the found message (and its time) instead of the channel's last message.
        public let searchResult: SearchResult?

        /// The content of a row.
        public init(channel: ChatChannel, currentUserId: UserId?, searchResult: SearchResult? = nil) {
            self.channel = channel
            self.currentUserId = currentUserId
            self.searchResult = searchResult
        }

        /// A search hit in the channel.
        public struct SearchResult {
            /// The text searched for.
            public let text: String
            /// The message found, if the search was for messages.
            public let message: ChatMessage?

            /// A hit for `text`, in `message`.
            public init(text: String, message: ChatMessage?) {
                self.text = text
                self.message = message
            }
        }
    }

    /// The channel shown; setting it updates the row.
    public var content: Content? {
        didSet { updateContentIfNeeded() }
    }

    /// Text longer than this is cut before it reaches a label: a row shows one line anyway, and
    /// measuring a megabyte of text for it would stall scrolling.
    static let maxDisplayedCharacters = 300

    // MARK: Subviews

    /// The row: the avatar, then ``rightContainer``.
    open private(set) lazy var mainContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 12)
    /// The title line above the preview line.
    open private(set) lazy var rightContainer = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 4)
    /// The title and the unread badge.
    open private(set) lazy var topContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 8)
    /// The preview and the timestamp.
    open private(set) lazy var bottomContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 8)

    /// The channel's name.
    open private(set) lazy var titleLabel = UILabel()
    /// The last message, a typing indicator, or "No messages".
    open private(set) lazy var subtitleLabel = UILabel()
    /// When the last message was sent.
    open private(set) lazy var timestampLabel = UILabel()
    /// The channel's avatar (a `components.channelAvatarView`).
    open private(set) lazy var avatarView: ChatChannelAvatarView = components.channelAvatarView.init(frame: .zero)
    /// The unread badge (a `components.channelUnreadCountView`).
    open private(set) lazy var unreadCountView: ChatChannelUnreadCountView = components.channelUnreadCountView.init(frame: .zero)

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    // MARK: Lifecycle

    /// Builds the row from the containers and pins it to the edges.
    open override func setUpLayout() {
        super.setUpLayout()
        for view in [avatarView, unreadCountView] as [_View] {
            view.appearance = appearance
            view.components = components
        }

        topContainer.addArrangedSubviews([titleLabel, unreadCountView])
        bottomContainer.addArrangedSubviews([subtitleLabel, timestampLabel])
        rightContainer.addArrangedSubviews([topContainer, bottomContainer])
        mainContainer.addArrangedSubviews([avatarView, rightContainer])

        mainContainer.isLayoutMarginsRelativeArrangement = true
        mainContainer.layoutMargins = UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
        mainContainer.translatesAutoresizingMaskIntoConstraints = false
        addSubview(mainContainer)
        NSLayoutConstraint.activate(edgeConstraints(pinning: mainContainer) + [
            avatarView.widthAnchor.constraint(equalToConstant: 48),
            avatarView.heightAnchor.constraint(equalTo: avatarView.widthAnchor),
        ])

        // The title and the preview give way; the badge and the time never truncate.
        for label in [titleLabel, subtitleLabel] {
            label.setContentHuggingPriority(.defaultLow, for: .horizontal)
            label.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        }
        for view in [unreadCountView, timestampLabel] as [UIView] {
            view.setContentHuggingPriority(.defaultHigh, for: .horizontal)
            view.setContentCompressionResistancePriority(.required, for: .horizontal)
        }
    }

    /// Fonts and colours from the appearance.
    open override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = .clear
        titleLabel.font = appearance.fonts.bodyBold
        titleLabel.textColor = appearance.colorPalette.text
        subtitleLabel.font = appearance.fonts.footnote
        subtitleLabel.textColor = appearance.colorPalette.subtitleText
        timestampLabel.font = appearance.fonts.footnote
        timestampLabel.textColor = appearance.colorPalette.textLowEmphasis
        // Rows line up with the layout direction, as UIKit's `.natural` does; the toolkit's
        // `.natural` follows each text's own direction, which would push an Arabic name to the
        // far side of an English list.
        let leading: NSTextAlignment = effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : .left
        for label in [titleLabel, subtitleLabel, timestampLabel] {
            label.numberOfLines = 1
            label.lineBreakMode = .byTruncatingTail
            label.textAlignment = leading
        }
    }

    /// Fills the labels, the avatar and the badge from `content`.
    open override func updateContent() {
        super.updateContent()
        titleLabel.text = titleText
        subtitleLabel.text = subtitleText
        subtitleLabel.font = subtitleIsEmphasizedAsStatus
            ? UIFont.italicSystemFont(ofSize: appearance.fonts.footnote.pointSize)
            : appearance.fonts.footnote
        timestampLabel.text = timestampText
        timestampLabel.isHidden = timestampText == nil
        avatarView.content = (content?.channel, content?.currentUserId)
        unreadCountView.content = content?.channel.unreadCount ?? .noUnread
        let unread = content?.channel.unreadCount.messages ?? 0
        let unreadText = unread > 0 ? appearance.l10n.plural("message.list.jump-to-unread", count: unread) : nil
        accessibilityLabel = [titleText, subtitleText, timestampText, unreadText].compactMap { $0 }.joined(separator: ", ")
    }

    // MARK: Texts

    /// The channel's name (`appearance.formatters.channelName`); for a direct message, the other
    /// member's name.
    open var titleText: String? {
        guard let content else { return nil }
        let name = appearance.formatters.channelName.format(channel: content.channel, forCurrentUserId: content.currentUserId)
        return Self.displayable(name ?? content.channel.cid.id)
    }

    /// The preview line: the found message of a search result, else who is typing, else the last message ("You: …" for your own, "Author: …"
    /// in groups, the bare text in direct messages), "Message deleted", a system message, a
    /// description of its attachments (``attachmentPreviewText(for:messageText:)``), or "No messages".
    open var subtitleText: String? {
        guard let content else { return nil }
        if let found = content.searchResult?.message { return previewBody(of: found) }
        let channel = content.channel
        if let typing = typingText(channel.currentlyTypingUsers, currentUserId: content.currentUserId) { return typing }
        guard let message = channel.previewMessage else { return appearance.l10n.tr("channel.item.empty-messages") }
        if message.isDeleted { return appearance.l10n.tr("channel.item.deleted") }
        if message.type == .system { return Self.displayable(message.text) }
        let body = previewBody(of: message)
        if channel.isDirectMessageChannel && !message.isSentByCurrentUser && message.author.id != content.currentUserId { return body }
        // A prefix ("You: ", "Alice: ") joins the text in one line: each part keeps its own direction.
        let line = effectiveUserInterfaceLayoutDirection
        if message.isSentByCurrentUser || message.author.id == content.currentUserId {
            return appearance.l10n.tr("channel.item.you-prefix", .string(Self.isolated(body, ifNot: line)))
        }
        let author = Self.displayable(message.author.name.isEmpty ? message.author.id : message.author.name)
        let authorDirection = Self.firstStrongDirection(of: author) ?? line
        if (Self.firstStrongDirection(of: body) ?? authorDirection) == authorDirection {
            return Self.isolated(author + ": " + body, ifNot: line, direction: authorDirection)
        }
        return Self.isolated(author, ifNot: line) + ": " + Self.isolated(body, ifNot: line)
    }

    /// The time of the found message of a search result, else of the last message
    /// (`appearance.formatters.channelListMessageTimestamp`); `nil` for a channel without messages.
    open var timestampText: String? {
        if let found = content?.searchResult?.message {
            return appearance.formatters.channelListMessageTimestamp.format(found.createdAt)
        }
        guard let channel = content?.channel, let date = channel.previewMessage?.createdAt ?? channel.lastMessageAt else { return nil }
        return appearance.formatters.channelListMessageTimestamp.format(date)
    }

    /// Whether the preview is a status rather than a message (typing, deleted, system), shown in
    /// italics.
    open var subtitleIsEmphasizedAsStatus: Bool {
        guard let content, content.searchResult?.message == nil else { return false }
        if typingText(content.channel.currentlyTypingUsers, currentUserId: content.currentUserId) != nil { return true }
        guard let message = content.channel.previewMessage else { return false }
        return message.isDeleted || message.type == .system
    }

    /// "Alice is typing…", "Alice and Bob are typing…", "Alice and 3 more are typing…"; `nil`
    /// when nobody else types.
    open func typingText(_ users: Set<ChatUser>, currentUserId: UserId?) -> String? {
        let names = users.filter { $0.id != currentUserId }
            .map { Self.displayable($0.name.isEmpty ? $0.id : $0.name) }
            .sorted()
        return appearance.l10n.typing(names)
    }

    /// A message's text on one line, or what ``attachmentPreviewText(for:messageText:)`` makes of
    /// it when the message has attachments.
    open func previewBody(of message: ChatMessage) -> String {
        let text = Self.displayable(message.text)
        return attachmentPreviewText(for: message, messageText: text) ?? text
    }

    /// The preview of a message with attachments, by its first attachment, as Stream's: pictures
    /// "📷 " and the text ("Photo", "3 photos" when there is none), a file "📄 " and its name, a
    /// link preview the text ("🔗 " and the page's title when there is none), another kind
    /// ``previewMessageTextForCustomAttachment(_:messageText:)``; `nil` without attachments (the
    /// text alone shows). `messageText` is the text already on one line.
    open func attachmentPreviewText(for previewMessage: ChatMessage, messageText: String) -> String? {
        guard let attachment = previewMessage.attachments.first else { return nil }
        let l10n = appearance.l10n
        switch attachment.payload {
        case .image:
            let count = previewMessage.attachments.filter { $0.type == .image }.count
            let photos = count > 1 ? l10n.plural("channel.item.photos", count: count) : l10n.tr("channel.item.photo")
            return "📷 " + (messageText.isEmpty ? photos : messageText)
        case .file(let file):
            let name = Self.displayable(file.title)
            return "📄 " + (name.isEmpty ? (messageText.isEmpty ? l10n.tr("channel.item.file") : messageText) : name)
        case .link(let link):
            return messageText.isEmpty ? "🔗 " + Self.displayable(link.title ?? link.url.absoluteString) : nil
        case .custom:
            return previewMessageTextForCustomAttachment(attachment, messageText: messageText)
        }
    }

    /// The preview of a message whose first attachment is of an app's own kind: "📎 " and the
    /// text ("Attachment" when there is none). Override it to describe your kind (a shared place
    /// as "📍 Belém Tower", say).
    open func previewMessageTextForCustomAttachment(_ attachment: ChatMessageAttachment, messageText: String) -> String {
        "📎 " + (messageText.isEmpty ? appearance.l10n.tr("channel.item.attachment") : messageText)
    }

    /// `text` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE when its direction is not
    /// the line's: in an Arabic interface "أنت: Hello!" then keeps the "!" after "Hello" instead
    /// of moving it to the line's start. Text without strong letters, or in the line's direction,
    /// comes back unchanged.
    static func isolated(_ text: String, ifNot line: UIUserInterfaceLayoutDirection,
                         direction: UIUserInterfaceLayoutDirection? = nil) -> String {
        guard let own = direction ?? firstStrongDirection(of: text), own != line else { return text }
        return "\u{2068}" + text + "\u{2069}"
    }

    /// The direction of `text`'s first letter: right to left for Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko, their presentation forms and the historic right-to-left blocks; left to right for
    /// other letters; `nil` when it has none (digits, punctuation, emoji).
    static func firstStrongDirection(of text: String) -> UIUserInterfaceLayoutDirection? {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return .rightToLeft
            default: if scalar.properties.isAlphabetic { return .leftToRight }
            }
        }
        return nil
    }

    /// `text` as one line for a row: cut to ``maxDisplayedCharacters``, line breaks and tabs as
    /// spaces, other control characters (NUL included) removed, outer whitespace trimmed.
    static func displayable(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(min(text.utf8.count, maxDisplayedCharacters * 4))
        var count = 0
        for character in text {
            guard count < maxDisplayedCharacters else { break }
            if character.isNewline || character == "\t" {
                result.append(" ")
            } else if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
                continue
            } else {
                result.append(character)
            }
            count += 1
        }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
