import Foundation
import ParleyChat
import ParleyUIKit

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
/// │  ├─ bubbleView → bubbleContentContainer (column): [attachment views], quotedMessageView, textView, [link preview]
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
/// Attachments are drawn by an ``AttachmentViewInjector`` (the one
/// `components.attachmentViewCatalog` names for the message, made by
/// `setUpLayoutIfNeeded(options:attachmentViewInjectorType:)`): it adds its views to
/// `bubbleContentContainer` after `layout(options:)` and fills them after `updateContent()`.
/// Text is styled as markdown by `appearance.formatters.markdownFormatter` unless
/// `appearance.formatters.isMarkdownEnabled` is off.
///
/// `textView` is a non-editable, non-scrolling `UITextView`, as Stream's: it measures and draws
/// through the same cached text layouts as a `UILabel` and makes no editor until the user drags
/// across it to select (see `UITextView`).
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
    public internal(set) var layoutOptions: ChatMessageLayoutOptions?

    /// Draws the message's attachments (made by `setUpLayoutIfNeeded(options:attachmentViewInjectorType:)`).
    public internal(set) var attachmentViewInjector: AttachmentViewInjector?

    /// Styles the text as markdown: `appearance.formatters.markdownFormatter`.
    public var markdownFormatter: MarkdownFormatter { appearance.formatters.markdownFormatter }

    /// Whether the text is styled as markdown: `appearance.formatters.isMarkdownEnabled`.
    open var isMarkdownEnabled: Bool { appearance.formatters.isMarkdownEnabled }

    /// The links and mentions found in the shown text (UTF-16 ranges of `textView`'s text).
    public internal(set) var textItems: [ChatMessageTextItem] = []

    // MARK: Metrics

    /// The author avatar's size.
    open var messageAuthorAvatarSize: CGSize { CGSize(width: 32, height: 32) }
    /// The widest the bubble (or the bare text) may be, as a fraction of the row's width.
    open var maxContentWidthMultiplier: CGFloat { 0.75 }
    /// The padding between the bubble's edge and its text.
    open var bubbleContentInsets: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12) }
    /// The widest a bubble with attachments gets when its injector fills the available width.
    open var maxAttachmentWidth: CGFloat { 320 }

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
    public internal(set) var bubbleView: ChatMessageBubbleView?
    /// The message's text, with links and mentions highlighted and tappable (`.text`, a
    /// deleted placeholder, or an otherwise empty bubble): a non-editable, non-scrolling,
    /// selectable `UITextView`.
    public internal(set) var textView: UITextView?
    /// The author's avatar, level with the bubble's bottom (`.avatar`).
    public internal(set) var authorAvatarView: ChatAvatarView?
    /// An empty view as wide as the avatar (`.avatarSizePadding`).
    public internal(set) var authorAvatarSpacer: UIView?
    /// The message a reply quotes (`.quotedMessage`).
    public internal(set) var quotedMessageView: QuotedChatMessageView?
    /// "N replies" with the thread icon or the last replier's avatar (`.threadInfo`).
    public internal(set) var threadInfoContainer: ContainerStackView?
    /// The last replier's avatar in the thread info (shown when `threadLastReplyAuthor` is set).
    public internal(set) var threadAvatarView: ChatAvatarView?
    /// The thread icon in the thread info (shown when the last replier is unknown).
    public internal(set) var threadIconView: UIImageView?
    /// The "N replies" button (`.threadInfo`).
    public internal(set) var threadReplyCountButton: UIButton?
    /// The row under the bubble: "Only visible to you", the author's name, the time, the status
    /// (made when any of them is shown).
    public internal(set) var footnoteContainer: ContainerStackView?
    /// The author's name (`.authorName`).
    public internal(set) var authorNameLabel: UILabel?
    /// The time, with "Edited" for edited messages (`.timestamp`).
    public internal(set) var timestampLabel: UILabel?
    /// Pending clock, sent check or read double check (`.deliveryStatusIndicator`).
    public internal(set) var deliveryStatusView: ChatMessageDeliveryStatusView?
    /// The eye icon and "Only visible to you" (`.onlyVisibleToYouIndicator`).
    public internal(set) var onlyVisibleToYouContainer: ContainerStackView?
    /// The eye icon of "Only visible to you".
    public internal(set) var onlyVisibleToYouImageView: UIImageView?
    /// "Only visible to you".
    public internal(set) var onlyVisibleToYouLabel: UILabel?
    /// Holds the error indicator beside the bubble (`.errorIndicator`).
    public internal(set) var errorIndicatorContainer: UIView?
    /// The red "failed to send" button (`.errorIndicator`).
    public internal(set) var errorIndicatorView: UIButton?

    /// Constraints between the containers, replaced when the options change.
    var optionConstraints: [NSLayoutConstraint] = []
    /// Set while `show(_:channel:)` sets both properties, so only the second updates.
    var isSettingContent = false

    /// Creates the view; its layer rasterizes (`shouldRasterize`), as the row moves as a whole.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
        // A row moves as a whole while the list scrolls: frames blit it as one bitmap.
        layer.shouldRasterize = true
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// Builds the subviews for `options`, without attachment views (once; again only if the
    /// options differ).
    open func setUpLayoutIfNeeded(options: ChatMessageLayoutOptions) {
        setUpLayoutIfNeeded(options: options, attachmentViewInjectorType: nil)
    }

    /// Builds the subviews for `options` and an injector of `attachmentViewInjectorType` for the
    /// attachments (what `components.attachmentViewCatalog` names for the message) once; again
    /// only if either differs.
    ///
    /// The view sets itself up here if it has not yet, so a row can be configured and measured
    /// before it is in a hierarchy.
    open func setUpLayoutIfNeeded(options: ChatMessageLayoutOptions, attachmentViewInjectorType: AttachmentViewInjector.Type?) {
        let sameInjector = attachmentViewInjectorType.map(ObjectIdentifier.init) == attachmentViewInjector.map { ObjectIdentifier(type(of: $0)) }
        if layoutOptions == options, sameInjector, lifecycle.isInitialized { return }
        let rebuilding = layoutOptions != nil && lifecycle.isInitialized
        if rebuilding { tearDownLayout() }
        layoutOptions = options
        if !sameInjector { attachmentViewInjector = attachmentViewInjectorType?.init(self) }
        if lifecycle.beginInitialization() {
            LifecycleState.runInitialSteps(self)
        } else {
            setUpLayout()
            setUpAppearance()
            updateContent()
        }
    }

    // MARK: Lifecycle

    /// A message row takes keyboard focus (the arrows move between rows; Enter opens its actions).
    open override var canBecomeFocused: Bool {
        guard let content else { return false }
        return content.type != .system && !content.isDeleted
    }

    /// Adds the reactions bubble's tap handler (each part adds its own when it is made); the row
    /// is one accessibility element.
    open override func setUp() {
        super.setUp()
        setUpReactionsBubble()
        isAccessibilityElement = true
    }

    /// What a screen reader reads for the row, unless set: the author, the text (or the
    /// attachments' names), the time and the reactions ("Alice, See you at noon, 10:42, 👍: 2").
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? accessibilityText }
        set { super.accessibilityLabel = newValue }
    }

    /// The row's default accessibility label (nil without a message).
    open var accessibilityText: String? {
        guard let message = content else { return nil }
        let l10n = appearance.l10n
        let author = message.author.name.isEmpty ? message.author.id : message.author.name
        let body = message.isDeleted ? l10n.tr("message.deleted")
            : message.text.isEmpty ? message.attachments.compactMap(Self.accessibilityTitle).joined(separator: ", ") : message.text
        let time = appearance.formatters.messageTimestamp.format(message.createdAt)
        let reactions = message.reactionCounts.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { appearance.accessibilityLabel(ofReaction: $0.key, count: $0.value) }
        let parts: [String] = message.type == .system ? [body] : [author, body, time] + reactions
        return parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    private static func accessibilityTitle(of attachment: ChatMessageAttachment) -> String? {
        switch attachment.payload {
        case .image(let payload): return payload.title
        case .file(let payload): return payload.title
        case .link(let payload): return payload.title
        case .custom: return nil  // the app's injector labels its own view
        }
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
        defer { attachmentViewInjector?.contentViewDidLayout(options: options) }
        layOutParts(options: options)
    }

    // MARK: Making the parts

    /// Makes `textView` the first time (later calls return it): a non-editable, non-scrolling,
    /// selectable text view without insets whose links and mentions call the delegate when tapped.
    open func createTextView() -> UITextView { makeTextView() }
    /// Makes `bubbleView` the first time: a `components.messageBubbleView`, at least as wide as
    /// it is round.
    open func createBubbleView() -> ChatMessageBubbleView { makeBubbleView() }
    /// Makes `authorAvatarView` the first time: a `components.avatarView` of
    /// `messageAuthorAvatarSize`.
    open func createAvatarView() -> ChatAvatarView { makeAvatarView() }
    /// Makes `authorAvatarSpacer` the first time: an empty view as wide as the avatar.
    open func createAvatarSpacer() -> UIView { makeAvatarSpacer() }
    /// Makes `quotedMessageView` the first time: a `components.quotedMessageView` that calls the
    /// delegate when tapped.
    open func createQuotedMessageView() -> QuotedChatMessageView { makeQuotedMessageView() }
    /// Makes `threadInfoContainer` the first time: a row that opens the thread when tapped.
    open func createThreadInfoContainer() -> ContainerStackView { makeThreadInfoContainer() }
    /// Makes `threadAvatarView` the first time: a 16-point `components.avatarView`.
    open func createThreadAvatarView() -> ChatAvatarView { makeThreadAvatarView() }
    /// Makes `threadIconView` the first time: a 16-point image view.
    open func createThreadIconView() -> UIImageView { makeThreadIconView() }
    /// Makes `threadReplyCountButton` the first time: a button that opens the thread.
    open func createThreadReplyCountButton() -> UIButton { makeThreadReplyCountButton() }
    /// Makes `footnoteContainer` the first time: the row under the bubble.
    open func createFootnoteContainer() -> ContainerStackView { makeFootnoteContainer() }
    /// Makes `authorNameLabel` the first time; the name gives way first when the footnote is too
    /// long.
    open func createAuthorNameLabel() -> UILabel { makeAuthorNameLabel() }
    /// Makes `timestampLabel` the first time; the time never truncates.
    open func createTimestampLabel() -> UILabel { makeTimestampLabel() }
    /// Makes `deliveryStatusView` the first time.
    open func createDeliveryStatusView() -> ChatMessageDeliveryStatusView { makeDeliveryStatusView() }
    /// Makes `onlyVisibleToYouContainer` the first time, holding the image view and the label
    /// (made by `createOnlyVisibleToYouImageView()` and `createOnlyVisibleToYouLabel()`).
    open func createOnlyVisibleToYouContainer() -> ContainerStackView { makeOnlyVisibleToYouContainer() }
    /// Makes `onlyVisibleToYouImageView` the first time: a 14-point image view.
    open func createOnlyVisibleToYouImageView() -> UIImageView { makeOnlyVisibleToYouImageView() }
    /// Makes `onlyVisibleToYouLabel` the first time.
    open func createOnlyVisibleToYouLabel() -> UILabel { makeOnlyVisibleToYouLabel() }
    /// Makes `errorIndicatorContainer` the first time: holds the indicator beside the bubble.
    open func createErrorIndicatorContainer() -> UIView { makeErrorIndicatorContainer() }
    /// Makes `errorIndicatorView` the first time: a 20-point `components.messageErrorIndicator`
    /// that calls the delegate.
    open func createErrorIndicatorView() -> UIButton { makeErrorIndicatorView() }

    /// Colours, fonts and images, all from `appearance` (and the tint colour), of the parts made.
    open override func setUpAppearance() {
        super.setUpAppearance()
        styleParts()
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
        fillParts(options: options)
        attachmentViewInjector?.contentViewDidUpdateContent()
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
        var styled = StyledText(text, attributes: [.font: appearance.fonts.body, .foregroundColor: appearance.colorPalette.text])
        addItemAttributes(items, to: &styled)
        return styled
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
        guard let textView, !textView.text.isEmpty else { return nil }
        return UIPointerRegion(rect: textView.bounds, identifier: textItem(at: request.location) == nil ? Self.textRegionID : Self.linkRegionID)
    }

    /// The hand for links, the I-beam for text.
    public func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? {
        region.identifier == Self.linkRegionID ? .link : UIPointerStyle(shape: .verticalBeam(length: textView?.font?.lineHeight ?? 17))
    }
}
