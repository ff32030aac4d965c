import Foundation
import ParleyChat
import ParleyUIKit

/// What a message row reports to the list: taps on its parts.
@MainActor
public protocol ChatMessageContentViewDelegate: AnyObject {
    /// The "N replies" thread info was tapped.
    func messageContentViewDidTapOnThread(_ message: ChatMessage)
    /// The quoted message inside a reply was tapped.
    func messageContentViewDidTapOnQuotedMessage(_ quotedMessage: ChatMessage)
    /// The failed-to-send indicator was tapped.
    func messageContentViewDidTapOnErrorIndicator(_ message: ChatMessage)
    /// A link in the text was tapped.
    func messageContentView(_ view: ChatMessageContentView, didTapOnLink url: URL)
    /// A mention in the text was tapped.
    func messageContentView(_ view: ChatMessageContentView, didTapOnMention user: ChatUser)
    /// The reactions bubble was tapped (the list shows the reaction authors).
    func messageContentViewDidTapOnReactionsView(_ view: ChatMessageContentView)
}

extension ChatMessageContentViewDelegate {
    /// Does nothing.
    public func messageContentViewDidTapOnThread(_ message: ChatMessage) {}
    /// Does nothing.
    public func messageContentViewDidTapOnQuotedMessage(_ quotedMessage: ChatMessage) {}
    /// Does nothing.
    public func messageContentViewDidTapOnErrorIndicator(_ message: ChatMessage) {}
    /// Does nothing.
    public func messageContentView(_ view: ChatMessageContentView, didTapOnLink url: URL) {}
    /// Does nothing.
    public func messageContentView(_ view: ChatMessageContentView, didTapOnMention user: ChatUser) {}
    /// Does nothing.
    public func messageContentViewDidTapOnReactionsView(_ view: ChatMessageContentView) {}
}

/// One message in the message list, laid out from its layout options.
///
/// The list asks `Components.default.messageLayoutOptionsResolver` for a message's options, calls
/// `setUpLayoutIfNeeded(options:)` once (a reused row keeps its subviews while the options stay
/// the same), then sets `channel` and `content`. Every part is an `open private(set) lazy var`
/// arranged in `ContainerStackView`s, so a subclass can restyle, move or remove it:
///
/// ```
/// mainContainer (row)
/// ├─ authorAvatarContainer → authorAvatarView | avatarSizePaddingView      others' messages
/// ├─ bubbleThreadFootnoteContainer (column)
/// │  ├─ bubbleView → bubbleContentContainer (column): quotedMessageView, textView
/// │  │   (textView sits directly in the column for emoji-only and system messages)
/// │  ├─ threadInfoContainer: threadAvatarView | threadIconView, threadRepliesButton
/// │  └─ footnoteContainer: onlyVisibleToYouContainer, authorNameLabel, timestampLabel, deliveryStatusView
/// └─ errorIndicatorContainer → errorIndicator
/// ```
///
/// The row has no vertical padding of its own: the list puts
/// `ChatMessageLayoutOptionsResolver.spacing(below:)` between rows (2 points inside a group).
/// Its height comes from Auto Layout: `systemLayoutSizeFitting(CGSize(width: w, height: 0),
/// withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)` or
/// `sizeThatFits(CGSize(width: w, height: 0))`.
@MainActor
open class ChatMessageContentView: _View {
    /// The message shown.
    public var content: ChatMessage? {
        didSet { updateContentIfReady() }
    }

    /// The channel the message is in (member count decides author names, config decides reactions).
    public var channel: ChatChannel? {
        didSet { updateContentIfReady() }
    }

    /// The author of the thread's newest reply, when the list knows it: the thread info shows
    /// their avatar instead of the thread icon.
    public var threadLastReplyAuthor: ChatUser? {
        didSet { updateContentIfReady() }
    }

    /// Receives taps on the message's parts.
    public weak var delegate: (any ChatMessageContentViewDelegate)?

    /// The options the subviews were built for; `nil` until `setUpLayoutIfNeeded(options:)`.
    public private(set) var layoutOptions: ChatMessageLayoutOptions?

    /// The links and mentions found in the shown text (UTF-16 ranges of `textView`'s text).
    public private(set) var textItems: [ChatMessageTextItem] = []

    // MARK: Metrics

    /// The author avatar's side.
    open var avatarSize: CGFloat { 32 }
    /// The widest a bubble may be, as a fraction of the row's width.
    open var maxBubbleWidthRatio: CGFloat { 0.75 }
    /// The padding between the bubble's edge and its text.
    open var bubbleContentInsets: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12) }

    // MARK: Subviews

    /// The row: avatar (or its padding), the bubble column and the error indicator.
    open private(set) lazy var mainContainer = ContainerStackView(axis: .horizontal, alignment: .fill, spacing: 8)
    /// The column of the bubble, the thread info and the footnote.
    open private(set) lazy var bubbleThreadFootnoteContainer = ContainerStackView(axis: .vertical, alignment: .leading, spacing: 4)
    /// The bubble behind the quote and the text.
    open private(set) lazy var bubbleView: ChatMessageBubbleView = components.messageBubbleView.init(frame: .zero)
    /// The column inside the bubble: the quoted message, then the text.
    open private(set) lazy var bubbleContentContainer = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 6)
    /// The message's text, with links and mentions highlighted and tappable.
    open private(set) lazy var textView = UILabel()
    /// The author's avatar (the last message of others' groups), level with the bubble's bottom.
    open private(set) lazy var authorAvatarView: ChatAvatarView = components.avatarView.init(frame: .zero)
    /// Holds the avatar in the row (the row's height; the avatar sits at the bubble's bottom).
    open private(set) lazy var authorAvatarContainer = UIView()
    /// An empty view as wide as the avatar (others' messages that are not last of their group).
    open private(set) lazy var avatarSizePaddingView = UIView()
    /// The message a reply quotes.
    open private(set) lazy var quotedMessageView: QuotedChatMessageView = components.quotedMessageView.init(frame: .zero)
    /// "N replies" with the thread icon or the last replier's avatar.
    open private(set) lazy var threadInfoContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 4)
    /// The last replier's avatar in the thread info (shown when `threadLastReplyAuthor` is set).
    open private(set) lazy var threadAvatarView: ChatAvatarView = components.avatarView.init(frame: .zero)
    /// The thread icon in the thread info (shown when the last replier is unknown).
    open private(set) lazy var threadIconView = UIImageView()
    /// The "N replies" button.
    open private(set) lazy var threadRepliesButton = UIButton(type: .system)
    /// The row under the bubble: "Only visible to you", the author's name, the time, the status.
    open private(set) lazy var footnoteContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 4)
    /// The author's name (others' messages in channels of more than two members).
    open private(set) lazy var authorNameLabel = UILabel()
    /// The time, with "Edited" for edited messages.
    open private(set) lazy var timestampLabel = UILabel()
    /// Pending clock, sent check or read double check.
    open private(set) lazy var deliveryStatusView: ChatMessageDeliveryStatusView = makeComponent(components.messageDeliveryStatusView.init(frame: .zero))
    /// The eye icon and "Only visible to you" (ephemeral messages).
    open private(set) lazy var onlyVisibleToYouContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 4)
    /// The eye icon of "Only visible to you".
    open private(set) lazy var onlyVisibleToYouImageView = UIImageView()
    /// "Only visible to you".
    open private(set) lazy var onlyVisibleToYouLabel = UILabel()
    /// Holds the error indicator beside the bubble.
    open private(set) lazy var errorIndicatorContainer = UIView()
    /// The red "failed to send" button.
    open private(set) lazy var errorIndicator = UIButton(type: .system)
    /// The reactions above the bubble (`components.messageReactionsBubbleView`; see
    /// ChatMessageContentView+Reactions.swift).
    open private(set) lazy var reactionsBubbleView: ChatReactionsBubbleView = makeComponent(components.messageReactionsBubbleView.init(frame: .zero))

    /// Constraints between the containers, replaced when the options change.
    private var optionConstraints: [NSLayoutConstraint] = []
    private var didSetUpFixedConstraints = false

    /// Creates the view; its layer rasterizes (`shouldRasterize`), as the row moves as a whole.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
        // A row moves as a whole while the list scrolls: frames blit it as one bitmap.
        layer.shouldRasterize = true
    }

    /// Builds the subviews for `options` (once; again only if the options differ).
    ///
    /// The view sets itself up here if it has not yet, so a row can be configured and measured
    /// before it is in a hierarchy.
    open func setUpLayoutIfNeeded(options: ChatMessageLayoutOptions) {
        if layoutOptions == options, lifecycle.isInitialized { return }
        let rebuilding = layoutOptions != nil && lifecycle.isInitialized
        if rebuilding { tearDownLayout() }
        layoutOptions = options
        if lifecycle.beginInitialization() {
            LifecycleState.runInitialSteps(self)
        } else {
            setUpLayout()
            setUpAppearance()
            updateContent()
        }
    }

    /// Gives a view that has not set itself up yet the options its first `setUpLayout()` builds
    /// for, so joining a window sets it up once, with the window's traits and tint (setting up
    /// first and joining after runs `setUpAppearance()` and `updateContent()` again).
    func presetLayoutOptions(_ options: ChatMessageLayoutOptions) {
        if !lifecycle.isInitialized { layoutOptions = options }
    }

    /// Removes the option-dependent arrangement so `setUpLayout()` can build another.
    private func tearDownLayout() {
        NSLayoutConstraint.deactivate(optionConstraints)
        optionConstraints = []
        for container in [bubbleContentContainer, threadInfoContainer, footnoteContainer, bubbleThreadFootnoteContainer, mainContainer] {
            container.removeAllArrangedSubviews()
        }
        mainContainer.removeFromSuperview()
    }

    private func updateContentIfReady() {
        if lifecycle.isInitialized && !isSettingContent { updateContent() }
    }

    /// Set while `show(_:channel:)` sets both properties, so only the second updates.
    private var isSettingContent = false

    /// Shows `message` of `channel` with one `updateContent()`, or none when the view shows
    /// exactly them already (a row measured ahead of display, shown unchanged).
    func show(_ message: ChatMessage?, channel: ChatChannel?) {
        if lifecycle.isInitialized, message == content, channel == self.channel { return }
        isSettingContent = true
        self.channel = channel
        isSettingContent = false
        content = message
    }

    // MARK: Lifecycle

    /// Adds the tap handlers: text (links, mentions), quote, thread info, error indicator.
    open override func setUp() {
        super.setUp()
        textView.isUserInteractionEnabled = true
        textView.addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended else { return }
            self.handleTapOnText(at: recognizer.location(in: self.textView))
        })
        quotedMessageView.addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended, let quoted = self.content?.quotedMessage else { return }
            self.delegate?.messageContentViewDidTapOnQuotedMessage(quoted)
        })
        threadRepliesButton.addAction(UIAction { [weak self] _ in
            guard let self, let message = self.content else { return }
            self.delegate?.messageContentViewDidTapOnThread(message)
        }, for: .touchUpInside)
        threadInfoContainer.addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended, let message = self.content else { return }
            self.delegate?.messageContentViewDidTapOnThread(message)
        })
        errorIndicator.addAction(UIAction { [weak self] _ in
            guard let self, let message = self.content else { return }
            self.delegate?.messageContentViewDidTapOnErrorIndicator(message)
        }, for: .touchUpInside)
        setUpReactionsBubble()
    }

    /// Arranges the parts `layoutOptions` asks for; does nothing before the options are known.
    open override func setUpLayout() {
        super.setUpLayout()
        guard let options = layoutOptions else { return }
        setUpFixedConstraintsIfNeeded()
        directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8)

        mainContainer.translatesAutoresizingMaskIntoConstraints = false
        addSubview(mainContainer)
        var constraints = [
            mainContainerTopConstraint(for: options),
            mainContainer.bottomAnchor.constraint(equalTo: bottomAnchor),
        ]

        if options.contains(.centered) {
            bubbleThreadFootnoteContainer.alignment = .centerX
            constraints += [
                mainContainer.centerXAnchor.constraint(equalTo: centerXAnchor),
                mainContainer.leadingAnchor.constraint(greaterThanOrEqualTo: layoutMarginsGuide.leadingAnchor, constant: 24),
            ]
        } else if options.contains(.flipped) {
            bubbleThreadFootnoteContainer.alignment = .trailing
            constraints += [
                mainContainer.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
                mainContainer.leadingAnchor.constraint(greaterThanOrEqualTo: layoutMarginsGuide.leadingAnchor),
            ]
        } else {
            bubbleThreadFootnoteContainer.alignment = .leading
            constraints += [
                mainContainer.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
                mainContainer.trailingAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.trailingAnchor),
            ]
        }

        if options.contains(.avatar) {
            mainContainer.addArrangedSubview(authorAvatarContainer)
        } else if options.contains(.avatarSizePadding) {
            mainContainer.addArrangedSubview(avatarSizePaddingView)
        }
        mainContainer.addArrangedSubview(bubbleThreadFootnoteContainer)

        // The text (or the deleted placeholder) and the quote, in the bubble or on their own.
        // A bubble is never empty: without text or a quote (an attachment-only message) it holds
        // the empty text view and keeps its padding.
        let showsText = options.contains(.text) || options.contains(.deletedPlaceholder)
            || (options.contains(.bubble) && !options.contains(.quotedMessage))
        if options.contains(.bubble) {
            if options.contains(.quotedMessage) { bubbleContentContainer.addArrangedSubview(quotedMessageView) }
            if showsText { bubbleContentContainer.addArrangedSubview(textView) }
            bubbleThreadFootnoteContainer.addArrangedSubview(bubbleView)
            constraints.append(bubbleView.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, multiplier: maxBubbleWidthRatio))
        } else {
            if options.contains(.quotedMessage) { bubbleThreadFootnoteContainer.addArrangedSubview(quotedMessageView) }
            if showsText { bubbleThreadFootnoteContainer.addArrangedSubview(textView) }
            let ratio: CGFloat = options.contains(.centered) ? 1 : maxBubbleWidthRatio
            constraints.append(textView.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, multiplier: ratio, constant: options.contains(.centered) ? -64 : 0))
        }

        if options.contains(.threadInfo) {
            threadInfoContainer.addArrangedSubviews([threadAvatarView, threadIconView, threadRepliesButton])
            bubbleThreadFootnoteContainer.addArrangedSubview(threadInfoContainer)
        }

        if options.contains(.onlyVisibleToYouIndicator) { footnoteContainer.addArrangedSubview(onlyVisibleToYouContainer) }
        if options.contains(.authorName) { footnoteContainer.addArrangedSubview(authorNameLabel) }
        if options.contains(.timestamp) { footnoteContainer.addArrangedSubview(timestampLabel) }
        if options.contains(.deliveryStatusIndicator) { footnoteContainer.addArrangedSubview(deliveryStatusView) }
        if !footnoteContainer.arrangedSubviews.isEmpty {
            bubbleThreadFootnoteContainer.addArrangedSubview(footnoteContainer)
            // The footnote may be wider than a short bubble, never wider than the row allows.
            constraints.append(footnoteContainer.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, constant: -(avatarSize + 24)))
        }

        // The avatar and the error indicator line up with the bubble (or the bare text).
        let bubbleOrText: UIView = options.contains(.bubble) ? bubbleView : textView
        if options.contains(.avatar), bubbleOrText.superview != nil {
            constraints.append(authorAvatarView.bottomAnchor.constraint(equalTo: bubbleOrText.bottomAnchor))
        } else if options.contains(.avatar) {
            constraints.append(authorAvatarView.bottomAnchor.constraint(equalTo: authorAvatarContainer.bottomAnchor))
        }
        if options.contains(.errorIndicator) {
            mainContainer.addArrangedSubview(errorIndicatorContainer)
            if bubbleOrText.superview != nil {
                constraints.append(errorIndicator.centerYAnchor.constraint(equalTo: bubbleOrText.centerYAnchor))
            } else {
                constraints.append(errorIndicator.centerYAnchor.constraint(equalTo: errorIndicatorContainer.centerYAnchor))
            }
        }

        constraints += reactionsBubbleConstraints(for: options)
        NSLayoutConstraint.activate(constraints)
        optionConstraints = constraints
    }

    /// Constraints inside single parts (sizes, the bubble's padding), made once: they stay valid
    /// whatever the options, because they never leave their part.
    private func setUpFixedConstraintsIfNeeded() {
        guard !didSetUpFixedConstraints else { return }
        didSetUpFixedConstraints = true

        bubbleContentContainer.translatesAutoresizingMaskIntoConstraints = false
        bubbleView.addSubview(bubbleContentContainer)
        errorIndicator.translatesAutoresizingMaskIntoConstraints = false
        errorIndicatorContainer.addSubview(errorIndicator)
        authorAvatarView.translatesAutoresizingMaskIntoConstraints = false
        authorAvatarContainer.addSubview(authorAvatarView)
        onlyVisibleToYouContainer.addArrangedSubviews([onlyVisibleToYouImageView, onlyVisibleToYouLabel])

        let insets = bubbleContentInsets
        NSLayoutConstraint.activate([
            bubbleContentContainer.topAnchor.constraint(equalTo: bubbleView.topAnchor, constant: insets.top),
            bubbleContentContainer.bottomAnchor.constraint(equalTo: bubbleView.bottomAnchor, constant: -insets.bottom),
            bubbleContentContainer.leadingAnchor.constraint(equalTo: bubbleView.leadingAnchor, constant: insets.leading),
            bubbleContentContainer.trailingAnchor.constraint(equalTo: bubbleView.trailingAnchor, constant: -insets.trailing),
            // A one-letter message still makes a round bubble.
            bubbleView.widthAnchor.constraint(greaterThanOrEqualToConstant: 36),

            authorAvatarView.widthAnchor.constraint(equalToConstant: avatarSize),
            authorAvatarView.heightAnchor.constraint(equalToConstant: avatarSize),
            authorAvatarView.leadingAnchor.constraint(equalTo: authorAvatarContainer.leadingAnchor),
            authorAvatarView.trailingAnchor.constraint(equalTo: authorAvatarContainer.trailingAnchor),
            authorAvatarView.topAnchor.constraint(greaterThanOrEqualTo: authorAvatarContainer.topAnchor),
            avatarSizePaddingView.widthAnchor.constraint(equalToConstant: avatarSize),

            threadAvatarView.widthAnchor.constraint(equalToConstant: 16),
            threadAvatarView.heightAnchor.constraint(equalToConstant: 16),
            threadIconView.widthAnchor.constraint(equalToConstant: 16),
            threadIconView.heightAnchor.constraint(equalToConstant: 16),
            onlyVisibleToYouImageView.widthAnchor.constraint(equalToConstant: 14),
            onlyVisibleToYouImageView.heightAnchor.constraint(equalToConstant: 14),

            errorIndicatorContainer.widthAnchor.constraint(equalToConstant: 20),
            errorIndicator.widthAnchor.constraint(equalToConstant: 20),
            errorIndicator.heightAnchor.constraint(equalToConstant: 20),
            errorIndicator.centerXAnchor.constraint(equalTo: errorIndicatorContainer.centerXAnchor),
        ])
        // The name gives way first when the footnote is too long; the time never truncates.
        authorNameLabel.setContentCompressionResistancePriority(.defaultHigh - 10, for: .horizontal)
        onlyVisibleToYouLabel.setContentCompressionResistancePriority(.defaultHigh - 5, for: .horizontal)
        timestampLabel.setContentCompressionResistancePriority(.required, for: .horizontal)
        textView.setContentCompressionResistancePriority(.required, for: .vertical)
    }

    /// Colours, fonts and images, all from `appearance` (and the tint colour).
    open override func setUpAppearance() {
        super.setUpAppearance()
        let palette = appearance.colorPalette
        let fonts = appearance.fonts
        backgroundColor = nil

        textView.numberOfLines = 0
        textView.lineBreakMode = .byWordWrapping
        textView.textColor = palette.text
        textView.font = fonts.body

        avatarSizePaddingView.backgroundColor = nil
        avatarSizePaddingView.isUserInteractionEnabled = false

        authorNameLabel.font = fonts.caption1Bold
        authorNameLabel.textColor = palette.textLowEmphasis
        timestampLabel.font = fonts.caption1
        timestampLabel.textColor = palette.textLowEmphasis

        onlyVisibleToYouImageView.image = appearance.images.onlyVisibleToCurrentUser.withRenderingMode(.alwaysTemplate)
        onlyVisibleToYouImageView.tintColor = palette.textLowEmphasis
        onlyVisibleToYouImageView.contentMode = .scaleAspectFit
        onlyVisibleToYouLabel.font = fonts.caption1
        onlyVisibleToYouLabel.textColor = palette.textLowEmphasis
        onlyVisibleToYouLabel.text = "Only visible to you"

        threadIconView.image = appearance.images.threadIcon.withRenderingMode(.alwaysTemplate)
        threadIconView.contentMode = .scaleAspectFit
        threadRepliesButton.titleLabel?.font = fonts.footnoteBold
        threadRepliesButton.setTitleColor(tintColor, for: .normal)

        errorIndicator.setImage(appearance.images.messageListErrorIndicator.withRenderingMode(.alwaysTemplate), for: .normal)
        errorIndicator.tintColor = palette.alert
        errorIndicator.accessibilityLabel = "Failed to send"

        bubbleView.setNeedsDisplay()
    }

    /// Follows a new tint colour (links, mentions, thread button).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        guard lifecycle.isInitialized else { return }
        threadRepliesButton.setTitleColor(tintColor, for: .normal)
        updateContent()
    }

    /// Fills the parts from `content` and `channel`.
    open override func updateContent() {
        super.updateContent()
        guard let options = layoutOptions else { return }
        let message = content
        let palette = appearance.colorPalette
        let fonts = appearance.fonts

        // Text: system notice, deleted placeholder, emoji, or body text with links and mentions.
        textItems = []
        if options.contains(.deletedPlaceholder) {
            textView.textAlignment = .natural
            textView.attributedText = NSAttributedString(string: "Message deleted", attributes: [
                .font: fonts.bodyItalic, .foregroundColor: palette.textLowEmphasis,
            ])
        } else if options.contains(.centered) {
            textView.textAlignment = .center
            textView.attributedText = NSAttributedString(string: message?.text ?? "", attributes: [
                .font: fonts.footnote, .foregroundColor: palette.textLowEmphasis,
            ])
        } else if options.contains(.emojiOnly) {
            textView.textAlignment = .natural
            textView.attributedText = NSAttributedString(string: message?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", attributes: [
                .font: fonts.emoji, .foregroundColor: palette.text,
            ])
        } else {
            textView.textAlignment = .natural
            let text = message?.text ?? ""
            textItems = ChatMessageTextDetector.items(in: text, mentionedUsers: message?.mentionedUsers ?? [])
            textView.attributedText = attributedText(for: text, items: textItems)
        }

        // Bubble: own messages in background6, others' in background8; the tail corner points at
        // the author and is small only on the last message of a group.
        let isOwn = options.contains(.flipped)
        bubbleView.content = ChatMessageBubbleView.Content(
            backgroundColor: isOwn ? palette.background6 : palette.background8,
            roundedCorners: roundedCorners(for: options)
        )

        if options.contains(.avatar) { authorAvatarView.content = message?.author }
        if options.contains(.quotedMessage) { quotedMessageView.content = message?.quotedMessage }

        if let author = message?.author {
            authorNameLabel.text = author.name.isEmpty ? author.id : author.name
        } else {
            authorNameLabel.text = nil
        }
        if let message {
            let time = appearance.formatters.messageTimestamp.format(message.createdAt)
            timestampLabel.text = message.isEdited && !message.isDeleted && components.isMessageEditedLabelEnabled ? "\(time) · Edited" : time
        } else {
            timestampLabel.text = nil
        }
        deliveryStatusView.content = message

        if options.contains(.threadInfo) {
            let count = message?.replyCount ?? 0
            threadRepliesButton.setTitle(count == 1 ? "1 reply" : "\(count) replies", for: .normal)
            threadAvatarView.content = threadLastReplyAuthor
            threadAvatarView.isHidden = threadLastReplyAuthor == nil
            threadIconView.isHidden = threadLastReplyAuthor != nil
        }
        updateReactionsBubble(options: options)
    }

    // MARK: Text

    /// The message text in `fonts.body` and `colorPalette.text`, links in `colorPalette.linkText`
    /// and underlined, mentions in the tint colour and semibold.
    ///
    /// Text without links or mentions is one immutable string, which a label keeps without
    /// copying: Foundation on Linux leaks the attribute runs of every `NSAttributedString` it
    /// frees, and this runs for every message measured or shown.
    open func attributedText(for text: String, items: [ChatMessageTextItem]) -> NSAttributedString {
        let body = appearance.fonts.body
        let attributes: [NSAttributedString.Key: Any] = [.font: body, .foregroundColor: appearance.colorPalette.text]
        if items.isEmpty { return NSAttributedString(string: text, attributes: attributes) }
        let attributed = NSMutableAttributedString(string: text, attributes: attributes)
        let length = attributed.length
        for item in items where item.range.location >= 0 && NSMaxRange(item.range) <= length {
            switch item.kind {
            case .link(let url):
                attributed.addAttributes([
                    .foregroundColor: appearance.colorPalette.linkText,
                    .underlineStyle: NSUnderlineStyle.single.rawValue,
                    .link: url,
                ], range: item.range)
            case .mention:
                attributed.addAttributes([
                    .foregroundColor: tintColor ?? appearance.colorPalette.accentPrimary,
                    .font: body.withWeight(.semibold),
                ], range: item.range)
            }
        }
        return attributed
    }

    /// Calls the delegate for the link or mention under `point` (in `textView`'s coordinates).
    open func handleTapOnText(at point: CGPoint) {
        guard let index = textView.characterIndex(at: point),
              let item = textItems.first(where: { NSLocationInRange(index, $0.range) }) else { return }
        switch item.kind {
        case .link(let url): delegate?.messageContentView(self, didTapOnLink: url)
        case .mention(let user): delegate?.messageContentView(self, didTapOnMention: user)
        }
    }

    // MARK: Bubble shape

    /// All corners round, except the one toward the avatar (bottom-leading for others,
    /// bottom-trailing for own messages) on the last message of a group.
    open func roundedCorners(for options: ChatMessageLayoutOptions) -> CACornerMask {
        guard !options.contains(.continuousBubble) else { return .all }
        let isRightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let tailOnRight = options.contains(.flipped) != isRightToLeft
        return CACornerMask.all.subtracting(tailOnRight ? .layerMaxXMaxYCorner : .layerMinXMaxYCorner)
    }

    // MARK: Sizing

    /// The fitting height at `size.width` (the same as `systemLayoutSizeFitting` with a required
    /// width and a free height).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width.isFinite ? size.width : bounds.width
        return systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                       verticalFittingPriority: .fittingSizeLevel)
    }
}
