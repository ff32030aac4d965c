import Foundation
import ParleyChat
import ParleyUIKit

/// What a message row reports to the list: taps on its parts.
@preconcurrency @MainActor
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
/// the same), then sets `channel` and `content`. `layout(options:)` makes the parts the options
/// ask for, each through its `create…()` method (`createTextView()`, `createBubbleView()`,
/// `createAvatarView()`, …), and arranges them in `ContainerStackView`s. A part the options do
/// not need is never made: its property stays `nil` (`textView?.`, `bubbleView?.`). A subclass
/// overrides a `create…()` method to make a part its own way, or `layout(options:)` to move,
/// add or remove parts after `super`:
///
/// ```
/// mainContainer (row)
/// ├─ authorAvatarContainer → authorAvatarView | authorAvatarSpacer        others' messages
/// ├─ bubbleThreadFootnoteContainer (column)
/// │  ├─ bubbleView → bubbleContentContainer (column): quotedMessageView, textView
/// │  │   (textView sits directly in the column for emoji-only and system messages)
/// │  ├─ threadInfoContainer: threadAvatarView | threadIconView, threadReplyCountButton
/// │  └─ footnoteContainer: onlyVisibleToYouContainer, authorNameLabel, timestampLabel, deliveryStatusView
/// └─ errorIndicatorContainer → errorIndicatorView
/// ```
///
/// The row has no vertical padding of its own: the list puts
/// `ChatMessageLayoutOptionsResolver.spacing(below:)` between rows (2 points inside a group).
/// Its height comes from Auto Layout: `systemLayoutSizeFitting(CGSize(width: w, height: 0),
/// withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)` or
/// `sizeThatFits(CGSize(width: w, height: 0))`.
///
/// `textView` is a `UILabel` (Stream's is a non-editable `UITextView`): the list measures and
/// draws thousands of rows, and a label's text path is the one kept lean for that.
@preconcurrency @MainActor
open class ChatMessageContentView: _View {
    /// The message shown.
    open var content: ChatMessage? {
        didSet { updateContentIfReady() }
    }

    /// The channel the message is in (member count decides author names, config decides reactions).
    open var channel: ChatChannel? {
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

    /// The author avatar's size.
    open var messageAuthorAvatarSize: CGSize { CGSize(width: 32, height: 32) }
    /// The widest the bubble (or the bare text) may be, as a fraction of the row's width.
    open var maxContentWidthMultiplier: CGFloat { 0.75 }
    /// The padding between the bubble's edge and its text.
    open var bubbleContentInsets: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12) }

    // MARK: Containers

    /// The row: avatar (or its spacer), the bubble column and the error indicator.
    open private(set) lazy var mainContainer = ContainerStackView(axis: .horizontal, alignment: .fill, spacing: 8)
    /// The column of the bubble, the thread info and the footnote.
    open private(set) lazy var bubbleThreadFootnoteContainer = ContainerStackView(axis: .vertical, alignment: .leading, spacing: 4)
    /// The column inside the bubble: the quoted message, then the text.
    open private(set) lazy var bubbleContentContainer = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 6)
    /// Holds the avatar in the row (the row's height; the avatar sits at the bubble's bottom).
    open private(set) lazy var authorAvatarContainer = UIView()
    /// The reactions above the bubble (`components.messageReactionsBubbleView`; see
    /// ChatMessageContentView+Reactions.swift).
    open private(set) lazy var reactionsBubbleView: ChatReactionsBubbleView = makeComponent(components.messageReactionsBubbleView.init(frame: .zero))

    // MARK: Parts made on demand (nil until the options ask for them)

    /// The bubble behind the quote and the text (`.bubble`).
    public private(set) var bubbleView: ChatMessageBubbleView?
    /// The message's text, with links and mentions highlighted and tappable (`.text`, a
    /// deleted placeholder, or an otherwise empty bubble).
    public private(set) var textView: UILabel?
    /// The author's avatar, level with the bubble's bottom (`.avatar`).
    public private(set) var authorAvatarView: ChatAvatarView?
    /// An empty view as wide as the avatar (`.avatarSizePadding`).
    public private(set) var authorAvatarSpacer: UIView?
    /// The message a reply quotes (`.quotedMessage`).
    public private(set) var quotedMessageView: QuotedChatMessageView?
    /// "N replies" with the thread icon or the last replier's avatar (`.threadInfo`).
    public private(set) var threadInfoContainer: ContainerStackView?
    /// The last replier's avatar in the thread info (shown when `threadLastReplyAuthor` is set).
    public private(set) var threadAvatarView: ChatAvatarView?
    /// The thread icon in the thread info (shown when the last replier is unknown).
    public private(set) var threadIconView: UIImageView?
    /// The "N replies" button (`.threadInfo`).
    public private(set) var threadReplyCountButton: UIButton?
    /// The row under the bubble: "Only visible to you", the author's name, the time, the status
    /// (made when any of them is shown).
    public private(set) var footnoteContainer: ContainerStackView?
    /// The author's name (`.authorName`).
    public private(set) var authorNameLabel: UILabel?
    /// The time, with "Edited" for edited messages (`.timestamp`).
    public private(set) var timestampLabel: UILabel?
    /// Pending clock, sent check or read double check (`.deliveryStatusIndicator`).
    public private(set) var deliveryStatusView: ChatMessageDeliveryStatusView?
    /// The eye icon and "Only visible to you" (`.onlyVisibleToYouIndicator`).
    public private(set) var onlyVisibleToYouContainer: ContainerStackView?
    /// The eye icon of "Only visible to you".
    public private(set) var onlyVisibleToYouImageView: UIImageView?
    /// "Only visible to you".
    public private(set) var onlyVisibleToYouLabel: UILabel?
    /// Holds the error indicator beside the bubble (`.errorIndicator`).
    public private(set) var errorIndicatorContainer: UIView?
    /// The red "failed to send" button (`.errorIndicator`).
    public private(set) var errorIndicatorView: UIButton?

    /// Constraints between the containers, replaced when the options change.
    private var optionConstraints: [NSLayoutConstraint] = []

    /// Creates the view; its layer rasterizes (`shouldRasterize`), as the row moves as a whole.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
        // A row moves as a whole while the list scrolls: frames blit it as one bitmap.
        layer.shouldRasterize = true
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


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

    /// Removes the option-dependent arrangement so `layout(options:)` can build another.
    private func tearDownLayout() {
        NSLayoutConstraint.deactivate(optionConstraints)
        optionConstraints = []
        let containers = [bubbleContentContainer, threadInfoContainer, footnoteContainer, bubbleThreadFootnoteContainer, mainContainer]
        for container in containers.compactMap({ $0 }) {
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

    /// A message row takes keyboard focus (the arrows move between rows; Enter opens its actions).
    open override var canBecomeFocused: Bool {
        guard let content else { return false }
        return content.type != .system && !content.isDeleted
    }

    /// Adds the reactions bubble's tap handler (each part adds its own when it is made).
    open override func setUp() {
        super.setUp()
        setUpReactionsBubble()
    }

    /// Arranges the parts `layoutOptions` asks for (`layout(options:)`); does nothing before the
    /// options are known.
    open override func setUpLayout() {
        super.setUpLayout()
        guard let options = layoutOptions else { return }
        layout(options: options)
    }

    /// Makes the parts `options` ask for (through their `create…()` methods) and arranges them.
    ///
    /// Called once per set of options; a subclass calls `super` and then moves, adds or removes
    /// parts.
    open func layout(options: ChatMessageLayoutOptions) {
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
            embedAvatar(createAvatarView())
            mainContainer.addArrangedSubview(authorAvatarContainer)
        } else if options.contains(.avatarSizePadding) {
            mainContainer.addArrangedSubview(createAvatarSpacer())
        }
        mainContainer.addArrangedSubview(bubbleThreadFootnoteContainer)

        // The text (or the deleted placeholder) and the quote, in the bubble or on their own.
        // A bubble is never empty: without text or a quote (an attachment-only message) it holds
        // the empty text view and keeps its padding.
        let showsText = options.contains(.text) || options.contains(.deletedPlaceholder)
            || (options.contains(.bubble) && !options.contains(.quotedMessage))
        var bubbleOrText: UIView?
        if options.contains(.bubble) {
            let bubbleView = createBubbleView()
            embedBubbleContent(in: bubbleView)
            if options.contains(.quotedMessage) { bubbleContentContainer.addArrangedSubview(createQuotedMessageView()) }
            if showsText { bubbleContentContainer.addArrangedSubview(createTextView()) }
            bubbleThreadFootnoteContainer.addArrangedSubview(bubbleView)
            constraints.append(bubbleView.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, multiplier: maxContentWidthMultiplier))
            bubbleOrText = bubbleView
        } else {
            if options.contains(.quotedMessage) { bubbleThreadFootnoteContainer.addArrangedSubview(createQuotedMessageView()) }
            if showsText {
                let textView = createTextView()
                bubbleThreadFootnoteContainer.addArrangedSubview(textView)
                let ratio: CGFloat = options.contains(.centered) ? 1 : maxContentWidthMultiplier
                constraints.append(textView.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, multiplier: ratio, constant: options.contains(.centered) ? -64 : 0))
                bubbleOrText = textView
            }
        }

        if options.contains(.threadInfo) {
            let container = createThreadInfoContainer()
            container.addArrangedSubviews([createThreadAvatarView(), createThreadIconView(), createThreadReplyCountButton()])
            bubbleThreadFootnoteContainer.addArrangedSubview(container)
        }

        var footnote: [UIView] = []
        if options.contains(.onlyVisibleToYouIndicator) { footnote.append(createOnlyVisibleToYouContainer()) }
        if options.contains(.authorName) { footnote.append(createAuthorNameLabel()) }
        if options.contains(.timestamp) { footnote.append(createTimestampLabel()) }
        if options.contains(.deliveryStatusIndicator) { footnote.append(createDeliveryStatusView()) }
        if !footnote.isEmpty {
            let footnoteContainer = createFootnoteContainer()
            footnoteContainer.addArrangedSubviews(footnote)
            bubbleThreadFootnoteContainer.addArrangedSubview(footnoteContainer)
            // The footnote may be wider than a short bubble, never wider than the row allows.
            constraints.append(footnoteContainer.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, constant: -(messageAuthorAvatarSize.width + 24)))
        }

        // The avatar and the error indicator line up with the bubble (or the bare text).
        if options.contains(.avatar), let authorAvatarView {
            if let bubbleOrText {
                constraints.append(authorAvatarView.bottomAnchor.constraint(equalTo: bubbleOrText.bottomAnchor))
            } else {
                constraints.append(authorAvatarView.bottomAnchor.constraint(equalTo: authorAvatarContainer.bottomAnchor))
            }
        }
        if options.contains(.errorIndicator) {
            let container = createErrorIndicatorContainer()
            let indicator = createErrorIndicatorView()
            embedErrorIndicator(indicator, in: container)
            mainContainer.addArrangedSubview(container)
            constraints.append(indicator.centerYAnchor.constraint(equalTo: (bubbleOrText ?? container).centerYAnchor))
        }

        constraints += reactionsBubbleConstraints(for: options)
        NSLayoutConstraint.activate(constraints)
        optionConstraints = constraints
    }

    // MARK: Embedding (constraints inside one part, made once: they stay valid whatever the options)

    private func embedAvatar(_ avatar: ChatAvatarView) {
        guard avatar.superview !== authorAvatarContainer else { return }
        avatar.translatesAutoresizingMaskIntoConstraints = false
        authorAvatarContainer.addSubview(avatar)
        NSLayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: authorAvatarContainer.leadingAnchor),
            avatar.trailingAnchor.constraint(equalTo: authorAvatarContainer.trailingAnchor),
            avatar.topAnchor.constraint(greaterThanOrEqualTo: authorAvatarContainer.topAnchor),
        ])
    }

    private func embedBubbleContent(in bubbleView: ChatMessageBubbleView) {
        guard bubbleContentContainer.superview !== bubbleView else { return }
        bubbleContentContainer.translatesAutoresizingMaskIntoConstraints = false
        bubbleView.addSubview(bubbleContentContainer)
        let insets = bubbleContentInsets
        NSLayoutConstraint.activate([
            bubbleContentContainer.topAnchor.constraint(equalTo: bubbleView.topAnchor, constant: insets.top),
            bubbleContentContainer.bottomAnchor.constraint(equalTo: bubbleView.bottomAnchor, constant: -insets.bottom),
            bubbleContentContainer.leadingAnchor.constraint(equalTo: bubbleView.leadingAnchor, constant: insets.leading),
            bubbleContentContainer.trailingAnchor.constraint(equalTo: bubbleView.trailingAnchor, constant: -insets.trailing),
        ])
    }

    private func embedErrorIndicator(_ indicator: UIButton, in container: UIView) {
        guard indicator.superview !== container else { return }
        indicator.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(indicator)
        NSLayoutConstraint.activate([
            container.widthAnchor.constraint(equalToConstant: 20),
            indicator.centerXAnchor.constraint(equalTo: container.centerXAnchor),
        ])
    }

    // MARK: Making the parts

    /// Fixes `view`'s size.
    private func pin(_ view: UIView, width: CGFloat, height: CGFloat) {
        NSLayoutConstraint.activate([
            view.widthAnchor.constraint(equalToConstant: width),
            view.heightAnchor.constraint(equalToConstant: height),
        ])
    }

    /// Makes `textView` the first time (later calls return it): a wrapping label whose links and
    /// mentions call the delegate when tapped.
    open func createTextView() -> UILabel {
        if let textView { return textView }
        let label = UILabel()
        label.setContentCompressionResistancePriority(.required, for: .vertical)
        label.isUserInteractionEnabled = true
        label.addGestureRecognizer(UITapGestureRecognizer { [weak self, weak label] recognizer in
            guard let self, let label, recognizer.state == .ended else { return }
            self.handleTapOnText(at: recognizer.location(in: label))
        })
        label.addInteraction(UIPointerInteraction(delegate: self))
        textView = label
        return label
    }

    /// Makes `bubbleView` the first time: a `components.messageBubbleView`, at least as wide as
    /// it is round.
    open func createBubbleView() -> ChatMessageBubbleView {
        if let bubbleView { return bubbleView }
        let bubble = components.messageBubbleView.init(frame: .zero)
        // A one-letter message still makes a round bubble.
        bubble.widthAnchor.constraint(greaterThanOrEqualToConstant: 36).isActive = true
        bubbleView = bubble
        return bubble
    }

    /// Makes `authorAvatarView` the first time: a `components.avatarView` of
    /// `messageAuthorAvatarSize`.
    open func createAvatarView() -> ChatAvatarView {
        if let authorAvatarView { return authorAvatarView }
        let avatar = components.avatarView.init(frame: .zero)
        pin(avatar, width: messageAuthorAvatarSize.width, height: messageAuthorAvatarSize.height)
        authorAvatarView = avatar
        return avatar
    }

    /// Makes `authorAvatarSpacer` the first time: an empty view as wide as the avatar.
    open func createAvatarSpacer() -> UIView {
        if let authorAvatarSpacer { return authorAvatarSpacer }
        let spacer = UIView()
        spacer.isUserInteractionEnabled = false
        spacer.widthAnchor.constraint(equalToConstant: messageAuthorAvatarSize.width).isActive = true
        authorAvatarSpacer = spacer
        return spacer
    }

    /// Makes `quotedMessageView` the first time: a `components.quotedMessageView` that calls the
    /// delegate when tapped.
    open func createQuotedMessageView() -> QuotedChatMessageView {
        if let quotedMessageView { return quotedMessageView }
        let quoted = components.quotedMessageView.init(frame: .zero)
        quoted.addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended, let message = self.content?.quotedMessage else { return }
            self.delegate?.messageContentViewDidTapOnQuotedMessage(message)
        })
        quotedMessageView = quoted
        return quoted
    }

    /// Makes `threadInfoContainer` the first time: a row that opens the thread when tapped.
    open func createThreadInfoContainer() -> ContainerStackView {
        if let threadInfoContainer { return threadInfoContainer }
        let container = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 4)
        container.addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended, let message = self.content else { return }
            self.delegate?.messageContentViewDidTapOnThread(message)
        })
        threadInfoContainer = container
        return container
    }

    /// Makes `threadAvatarView` the first time: a 16-point `components.avatarView`.
    open func createThreadAvatarView() -> ChatAvatarView {
        if let threadAvatarView { return threadAvatarView }
        let avatar = components.avatarView.init(frame: .zero)
        pin(avatar, width: 16, height: 16)
        threadAvatarView = avatar
        return avatar
    }

    /// Makes `threadIconView` the first time: a 16-point image view.
    open func createThreadIconView() -> UIImageView {
        if let threadIconView { return threadIconView }
        let icon = UIImageView()
        pin(icon, width: 16, height: 16)
        threadIconView = icon
        return icon
    }

    /// Makes `threadReplyCountButton` the first time: a button that opens the thread.
    open func createThreadReplyCountButton() -> UIButton {
        if let threadReplyCountButton { return threadReplyCountButton }
        let button = UIButton(type: .system)
        button.addAction(UIAction { [weak self] _ in
            guard let self, let message = self.content else { return }
            self.delegate?.messageContentViewDidTapOnThread(message)
        }, for: .touchUpInside)
        threadReplyCountButton = button
        return button
    }

    /// Makes `footnoteContainer` the first time: the row under the bubble.
    open func createFootnoteContainer() -> ContainerStackView {
        if let footnoteContainer { return footnoteContainer }
        let container = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 4)
        footnoteContainer = container
        return container
    }

    /// Makes `authorNameLabel` the first time; the name gives way first when the footnote is too
    /// long.
    open func createAuthorNameLabel() -> UILabel {
        if let authorNameLabel { return authorNameLabel }
        let label = UILabel()
        label.setContentCompressionResistancePriority(.defaultHigh - 10, for: .horizontal)
        authorNameLabel = label
        return label
    }

    /// Makes `timestampLabel` the first time; the time never truncates.
    open func createTimestampLabel() -> UILabel {
        if let timestampLabel { return timestampLabel }
        let label = UILabel()
        label.setContentCompressionResistancePriority(.required, for: .horizontal)
        timestampLabel = label
        return label
    }

    /// Makes `deliveryStatusView` the first time.
    open func createDeliveryStatusView() -> ChatMessageDeliveryStatusView {
        if let deliveryStatusView { return deliveryStatusView }
        let view = makeComponent(components.messageDeliveryStatusView.init(frame: .zero))
        deliveryStatusView = view
        return view
    }

    /// Makes `onlyVisibleToYouContainer` the first time, holding the image view and the label
    /// (made by `createOnlyVisibleToYouImageView()` and `createOnlyVisibleToYouLabel()`).
    open func createOnlyVisibleToYouContainer() -> ContainerStackView {
        if let onlyVisibleToYouContainer { return onlyVisibleToYouContainer }
        let container = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 4)
        container.addArrangedSubviews([createOnlyVisibleToYouImageView(), createOnlyVisibleToYouLabel()])
        onlyVisibleToYouContainer = container
        return container
    }

    /// Makes `onlyVisibleToYouImageView` the first time: a 14-point image view.
    open func createOnlyVisibleToYouImageView() -> UIImageView {
        if let onlyVisibleToYouImageView { return onlyVisibleToYouImageView }
        let image = UIImageView()
        pin(image, width: 14, height: 14)
        onlyVisibleToYouImageView = image
        return image
    }

    /// Makes `onlyVisibleToYouLabel` the first time.
    open func createOnlyVisibleToYouLabel() -> UILabel {
        if let onlyVisibleToYouLabel { return onlyVisibleToYouLabel }
        let label = UILabel()
        label.setContentCompressionResistancePriority(.defaultHigh - 5, for: .horizontal)
        onlyVisibleToYouLabel = label
        return label
    }

    /// Makes `errorIndicatorContainer` the first time: holds the indicator beside the bubble.
    open func createErrorIndicatorContainer() -> UIView {
        if let errorIndicatorContainer { return errorIndicatorContainer }
        let container = UIView()
        errorIndicatorContainer = container
        return container
    }

    /// Makes `errorIndicatorView` the first time: a 20-point `components.messageErrorIndicator`
    /// that calls the delegate.
    open func createErrorIndicatorView() -> UIButton {
        if let errorIndicatorView { return errorIndicatorView }
        let button = components.messageErrorIndicator.init(frame: .zero)
        hand(appearance, components, to: button)
        pin(button, width: 20, height: 20)
        button.addAction(UIAction { [weak self] _ in
            guard let self, let message = self.content else { return }
            self.delegate?.messageContentViewDidTapOnErrorIndicator(message)
        }, for: .touchUpInside)
        errorIndicatorView = button
        return button
    }

    /// Colours, fonts and images, all from `appearance` (and the tint colour), of the parts made.
    open override func setUpAppearance() {
        super.setUpAppearance()
        let palette = appearance.colorPalette
        let fonts = appearance.fonts
        backgroundColor = nil

        textView?.numberOfLines = 0
        textView?.lineBreakMode = .byWordWrapping
        textView?.textColor = palette.text
        textView?.font = fonts.body

        authorAvatarSpacer?.backgroundColor = nil

        authorNameLabel?.font = fonts.caption1Bold
        authorNameLabel?.textColor = palette.textLowEmphasis
        timestampLabel?.font = fonts.caption1
        timestampLabel?.textColor = palette.textLowEmphasis

        onlyVisibleToYouImageView?.image = appearance.images.onlyVisibleToCurrentUser.withRenderingMode(.alwaysTemplate)
        onlyVisibleToYouImageView?.tintColor = palette.textLowEmphasis
        onlyVisibleToYouImageView?.contentMode = .scaleAspectFit
        onlyVisibleToYouLabel?.font = fonts.caption1
        onlyVisibleToYouLabel?.textColor = palette.textLowEmphasis
        onlyVisibleToYouLabel?.text = appearance.l10n.tr("message.only-visible-to-you")

        threadIconView?.image = appearance.images.threadIcon.withRenderingMode(.alwaysTemplate)
        threadIconView?.contentMode = .scaleAspectFit
        threadReplyCountButton?.titleLabel?.font = fonts.footnoteBold
        threadReplyCountButton?.setTitleColor(tintColor, for: .normal)

        if let errorIndicatorView, !(errorIndicatorView is ChatMessageErrorIndicator) {
            errorIndicatorView.setImage(appearance.images.messageListErrorIndicator.withRenderingMode(.alwaysTemplate), for: .normal)
            errorIndicatorView.tintColor = palette.alert
        }
        errorIndicatorView?.accessibilityLabel = appearance.l10n.tr("message.failed-to-send")

        bubbleView?.setNeedsDisplay()
    }

    /// Follows a new tint colour (links, mentions, thread button).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        guard lifecycle.isInitialized else { return }
        threadReplyCountButton?.setTitleColor(tintColor, for: .normal)
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
        // Text without styled ranges is set as plain text with the label's font and colour: no
        // `NSAttributedString` is made for it (Foundation on Linux never frees one's storage).
        textItems = []
        if options.contains(.deletedPlaceholder) {
            setPlainText(appearance.l10n.tr("message.deleted"), font: fonts.bodyItalic, color: palette.textLowEmphasis, alignment: .natural)
        } else if options.contains(.centered) {
            setPlainText(message?.text ?? "", font: fonts.footnote, color: palette.textLowEmphasis, alignment: .center)
        } else if options.contains(.emojiOnly) {
            setPlainText(message?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", font: fonts.emoji,
                         color: palette.text, alignment: .natural)
        } else {
            let text = message?.text ?? ""
            textItems = ChatMessageTextDetector.items(in: text, mentionedUsers: message?.mentionedUsers ?? [])
            textView?.textAlignment = .natural
            if let attributed = attributedText(for: text, items: textItems) {
                textView?.attributedText = attributed
            } else if textItems.isEmpty {
                setPlainText(text, font: fonts.body, color: palette.text, alignment: .natural)
            } else {
                textView?.styledText = styledText(for: text, items: textItems)
            }
        }

        // Bubble: own messages in background6, others' in background8; the tail corner points at
        // the author and is small only on the last message of a group.
        let isOwn = options.contains(.flipped)
        bubbleView?.content = ChatMessageBubbleView.Content(
            backgroundColor: isOwn ? palette.background6 : palette.background8,
            roundedCorners: roundedCorners(for: options)
        )

        if options.contains(.avatar) { authorAvatarView?.content = message?.author }
        if options.contains(.quotedMessage) { quotedMessageView?.content = message?.quotedMessage }

        if let author = message?.author {
            authorNameLabel?.text = author.name.isEmpty ? author.id : author.name
        } else {
            authorNameLabel?.text = nil
        }
        if let message {
            let time = appearance.formatters.messageTimestamp.format(message.createdAt)
            timestampLabel?.text = message.isEdited && !message.isDeleted && components.isMessageEditedLabelEnabled ? appearance.l10n.tr("message.edited", .string(time)) : time
        } else {
            timestampLabel?.text = nil
        }
        deliveryStatusView?.content = message

        if options.contains(.threadInfo) {
            let count = message?.replyCount ?? 0
            threadReplyCountButton?.setTitle(appearance.l10n.plural("message.threads.count", count: count), for: .normal)
            threadAvatarView?.content = threadLastReplyAuthor
            threadAvatarView?.isHidden = threadLastReplyAuthor == nil
            threadIconView?.isHidden = threadLastReplyAuthor != nil
        }
        updateReactionsBubble(options: options)
    }

    // MARK: Text

    /// Styled text of your own for a message, or `nil` (the default) for the view's styling:
    /// plain text in `fonts.body` and `colorPalette.text`, and ``styledText(for:items:)`` when the
    /// text has links or mentions. Override it to style any text (markdown, say): the string you
    /// return is shown as it is.
    ///
    /// The default makes no `NSAttributedString`: Foundation on Linux leaks the storage of every
    /// one it frees, and this runs for every message measured or shown.
    open func attributedText(for text: String, items: [ChatMessageTextItem]) -> NSAttributedString? {
        nil
    }

    /// The message text in `fonts.body` and `colorPalette.text`, its links in
    /// `colorPalette.linkText` and underlined, its mentions in the tint colour and semibold.
    open func styledText(for text: String, items: [ChatMessageTextItem]) -> StyledText {
        let body = appearance.fonts.body
        var styled = StyledText(text, attributes: [.font: body, .foregroundColor: appearance.colorPalette.text])
        let length = text.utf16.count
        for item in items where item.range.location >= 0 && NSMaxRange(item.range) <= length {
            switch item.kind {
            case .link(let url):
                styled.addAttributes([
                    .foregroundColor: appearance.colorPalette.linkText,
                    .underlineStyle: NSUnderlineStyle.single.rawValue,
                    .link: url,
                ], range: item.range)
            case .mention:
                styled.addAttributes([
                    .foregroundColor: tintColor ?? appearance.colorPalette.accentPrimary,
                    .font: body.withWeight(.semibold),
                ], range: item.range)
            }
        }
        return styled
    }

    /// Shows `text` in the text view as plain text (not parsed as markup).
    private func setPlainText(_ text: String, font: UIFont, color: UIColor, alignment: NSTextAlignment) {
        guard let textView else { return }
        textView.text = text
        textView.font = font
        textView.textColor = color
        textView.textAlignment = alignment
        // Measure afresh, as new attributed text would: the traits (the display scale the size
        // is rounded to) may have changed since the label last measured the same text.
        textView.invalidateIntrinsicContentSize()
    }

    /// The link or mention under `point` (in `textView`'s coordinates), if any.
    public func textItem(at point: CGPoint) -> ChatMessageTextItem? {
        guard let index = textView?.characterIndex(at: point) else { return nil }
        return textItems.first { NSLocationInRange(index, $0.range) }
    }

    /// Calls the delegate for the link or mention under `point` (in `textView`'s coordinates).
    open func handleTapOnText(at point: CGPoint) {
        guard let item = textItem(at: point) else { return }
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

/// The pointer over the message's text: a hand over links and mentions, the I-beam over the rest.
extension ChatMessageContentView: UIPointerInteractionDelegate {
    static let linkRegionID = "link"
    static let textRegionID = "text"

    /// "link" over a link or mention, "text" over the rest of the text.
    public func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
                                   defaultRegion: UIPointerRegion) -> UIPointerRegion? {
        guard let label = textView, !(label.text ?? "").isEmpty else { return nil }
        return UIPointerRegion(rect: label.bounds, identifier: textItem(at: request.location) == nil ? Self.textRegionID : Self.linkRegionID)
    }

    /// The hand for links, the I-beam for text.
    public func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? {
        region.identifier == Self.linkRegionID ? .link : UIPointerStyle(shape: .verticalBeam(length: textView?.font.lineHeight ?? 17))
    }
}
