import Foundation
import ParleyChat
import ParleyUIKit

/// The bubble above a message that holds its reactions: a capsule with a small two-dot tail
/// toward the message, filled with `fillColor` and outlined with the border colour, holding a
/// `components.messageReactionsView`.
///
/// The message row shows it in one line: `reactionsBubbleView.content = message`.
///
/// ```swift
/// class CustomChatReactionsBubbleView: ChatReactionsBubbleView {
///     override var fillColor: UIColor? { .black }
/// }
/// Components.default.messageReactionsBubbleView = CustomChatReactionsBubbleView.self
/// ```
@preconcurrency @MainActor
open class ChatReactionsBubbleView: _View {
    /// Which way the tail points: toward the message below the bubble.
    public enum TailDirection: Sendable, Hashable {
        /// The tail sits at the bubble's leading end (messages of others, on the leading side).
        case toLeading
        /// The tail sits at the bubble's trailing end (the current user's messages).
        case toTrailing
    }

    /// The message whose reactions are shown; `nil` shows none.
    public var content: ChatMessage? {
        didSet { updateContentIfNeeded() }
    }

    /// Where the tail is; `.toLeading` by default.
    public var tailDirection: TailDirection = .toLeading {
        didSet { if tailDirection != oldValue { setNeedsDisplay() } }
    }

    /// Called when the bubble is tapped (the message list opens the reaction authors).
    public var onTap: (() -> Void)?

    private var cachedIntrinsicSize: CGSize?

    /// The reactions inside the bubble.
    open private(set) lazy var reactionsView: ChatMessageReactionsView = makeComponent(components.messageReactionsView.init(frame: .zero))

    /// The bubble's fill; `colorPalette.popoverBackground` by default. Override to change it.
    open var fillColor: UIColor? {
        appearance.colorPalette.popoverBackground
    }

    /// The bubble's outline; `colorPalette.border` by default. Override to change it (nil: none).
    open var borderColor: UIColor? {
        appearance.colorPalette.border
    }

    /// How far the tail reaches below the capsule.
    open var tailHeight: CGFloat { 7 }

    /// The space between the capsule's edge and the reactions.
    open var contentInsets: UIEdgeInsets { UIEdgeInsets(top: 3, left: 5, bottom: 3, right: 5) }

    /// The reactions the bubble shows for `message`: its groups with an appearance (the
    /// reactions view sorts them).
    open func reactions(for message: ChatMessage) -> [ChatMessageReactionData] {
        message.reactionsData.filter { $0.count > 0 || $0.score > 0 }
    }

    /// The message whose reactions the view shows.
    private var shownMessageId: MessageId?

    /// Creates the bubble.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Adds a tap recognizer for `onTap`.
    open override func setUp() {
        super.setUp()
        addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.onTap?() })
    }

    /// Puts the reactions view inside the capsule.
    open override func setUpLayout() {
        super.setUpLayout()
        addSubview(reactionsView)
        reactionsView.isUserInteractionEnabled = false
        reactionsView.translatesAutoresizingMaskIntoConstraints = false
        let insets = contentInsets
        NSLayoutConstraint.activate([
            reactionsView.leadingAnchor.constraint(equalTo: leadingAnchor, constant: insets.left + 1),
            reactionsView.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -(insets.right + 1)),
            reactionsView.topAnchor.constraint(equalTo: topAnchor, constant: insets.top + 1),
            reactionsView.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -(insets.bottom + 1 + tailHeight)),
        ])
    }

    /// Redraws with the current colours.
    open override func setUpAppearance() {
        super.setUpAppearance()
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// Fills the reactions view from the message.
    open override func updateContent() {
        super.updateContent()
        let reactions = content.map(reactions(for:)) ?? []
        // A reused bubble showing another message shows its reactions at once.
        reactionsView.showsAnotherMessageNext = content?.id != shownMessageId
        shownMessageId = content?.id
        reactionsView.content = .init(useBigIcons: false, reactions: reactions, didTapOnReaction: { [weak self] _ in self?.onTap?() })
        isHidden = reactionsView.visibleReactions.isEmpty
        accessibilityLabel = reactions.map { appearance.accessibilityLabel(ofReaction: $0.type, count: $0.count) }
            .joined(separator: ", ")
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// The bubble's natural size: the reactions plus insets and tail (measured once per content).
    open override var intrinsicContentSize: CGSize {
        if let cachedIntrinsicSize { return cachedIntrinsicSize }
        let inner = reactionsView.systemLayoutSizeFitting(CGSize(width: 0, height: 0))
        let insets = contentInsets
        let size = CGSize(width: max(inner.width + insets.left + insets.right + 2, 24 + 2),
                          height: inner.height + insets.top + insets.bottom + 2 + tailHeight)
        cachedIntrinsicSize = size
        return size
    }

    /// Forgets the measured size (the content or the appearance changed).
    open override func invalidateIntrinsicContentSize() {
        cachedIntrinsicSize = nil
        super.invalidateIntrinsicContentSize()
    }

    /// The natural size (the bubble does not wrap).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Redraws the capsule and tail at the new size.
    open override func layoutSubviews() {
        super.layoutSubviews()
        setNeedsDisplay()
    }

    /// The capsule, in bounds coordinates.
    open var capsuleRect: CGRect {
        CGRect(x: 1, y: 1, width: max(0, bounds.width - 2), height: max(0, bounds.height - 2 - tailHeight))
    }

    /// The capsule and the tail's two dots.
    open var bubblePaths: [UIBezierPath] {
        let capsule = capsuleRect
        guard capsule.width > 0, capsule.height > 0 else { return [] }
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let leading = (tailDirection == .toLeading) != rtl
        let inset = min(capsule.height / 2 + 2, capsule.width / 2)
        let bigX = leading ? capsule.minX + inset : capsule.maxX - inset
        let smallX = leading ? bigX - 5 : bigX + 5
        let big = CGRect(x: bigX - 4, y: capsule.maxY - 4, width: 8, height: 8)
        let small = CGRect(x: smallX - 2, y: capsule.maxY + tailHeight - 5, width: 4, height: 4)
        return [
            UIBezierPath(roundedRect: capsule, cornerRadius: capsule.height / 2),
            UIBezierPath(ovalIn: big),
            UIBezierPath(ovalIn: small),
        ]
    }

    /// Draws the outline (a wider stroke under the fill, so overlapping shapes merge) and the fill.
    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let paths = bubblePaths
        if let border = borderColor?.resolvedColor(with: traitCollection) {
            context.setStrokeColor(border)
            for path in paths {
                context.addPath(path.cgPath)
                context.setLineWidth(2)
                context.strokePath()
            }
        }
        if let fill = fillColor?.resolvedColor(with: traitCollection) {
            context.setFillColor(fill)
            for path in paths {
                context.addPath(path.cgPath)
                context.fillPath()
            }
        }
    }
}
