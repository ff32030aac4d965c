import Foundation
import ParleyChat
import ParleyUIKit

/// The reaction picker's container: it holds a `components.reactionPickerReactionsView` and
/// styles the bubble around it. This base class only pins the reactions view to its edges;
/// `DefaultChatReactionPickerBubbleView` (the default component) draws a capsule with a tail.
@preconcurrency @MainActor
open class ChatReactionPickerBubbleView: _View {
    /// The reactions the picker offers.
    public var content: ChatMessageReactionsView.Content? {
        didSet { updateContentIfNeeded() }
    }

    /// The reactions inside the bubble.
    open private(set) lazy var reactionsView: ChatReactionPickerReactionsView = makeComponent(components.reactionPickerReactionsView.init(frame: .zero))

    /// Creates the bubble.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Pins the reactions view to the edges.
    open override func setUpLayout() {
        super.setUpLayout()
        embed(reactionsView)
    }

    /// Hands the content to the reactions view.
    open override func updateContent() {
        super.updateContent()
        reactionsView.content = content
    }
}

/// The default reaction picker bubble: a capsule (`contentViewBackground`) in
/// `contentBackgroundColor` outlined with `contentBorderColor`, with a two-dot tail below it made
/// of `tailBackImage` (the outline) and `tailFrontImage` (the fill).
///
/// ```swift
/// class CustomChatReactionPickerBubbleView: DefaultChatReactionPickerBubbleView {
///     override open var contentBackgroundColor: UIColor { .black }
///     override open var contentBorderColor: UIColor { .black }
///     override open var tailBackImage: UIImage? { super.tailBackImage?.withTintColor(.black) }
///     override open var tailFrontImage: UIImage? { super.tailFrontImage?.withTintColor(.black) }
///     override open func layoutSubviews() {
///         super.layoutSubviews()
///         contentViewBackground.layer.cornerRadius = 20
///     }
/// }
/// ```
@preconcurrency @MainActor
open class DefaultChatReactionPickerBubbleView: ChatReactionPickerBubbleView {
    /// Where the tail sits under the capsule.
    public enum TailPosition: Sendable, Hashable {
        /// Near the leading end (messages of others).
        case leading
        /// Near the trailing end (the current user's messages).
        case trailing
    }

    /// Where the tail sits; `.leading` by default.
    public var tailPosition: TailPosition = .leading {
        didSet { if tailPosition != oldValue { setNeedsLayout() } }
    }

    /// The capsule behind the reactions.
    open private(set) lazy var contentViewBackground: UIView = UIView()
    /// Shows `tailBackImage` (behind the capsule).
    open private(set) lazy var tailBackImageView: UIImageView = UIImageView()
    /// Shows `tailFrontImage` (over the capsule's outline, merging tail and capsule).
    open private(set) lazy var tailFrontImageView: UIImageView = UIImageView()

    /// The capsule's fill; `colorPalette.popoverBackground` by default.
    open var contentBackgroundColor: UIColor { appearance.colorPalette.popoverBackground }
    /// The capsule's outline; `colorPalette.border` by default.
    open var contentBorderColor: UIColor { appearance.colorPalette.border }

    /// The tail's outline: the tail's shape, one point larger, in `contentBorderColor`.
    open var tailBackImage: UIImage? { Self.tailImage(outline: true).withTintColor(contentBorderColor) }
    /// The tail's fill: the tail's shape in `contentBackgroundColor`.
    open var tailFrontImage: UIImage? { Self.tailImage(outline: false).withTintColor(contentBackgroundColor) }

    /// The space between the capsule's edge and the reactions.
    open var contentInsets: UIEdgeInsets { UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8) }

    /// The tail images' size (the tail reaches this far below the capsule, minus the overlap).
    static let tailSize = CGSize(width: 18, height: 16)
    /// How much of the tail image overlaps the capsule.
    static let tailOverlap: CGFloat = 6

    /// Creates the bubble.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Tail behind, capsule, reactions inside the capsule, tail fill in front.
    open override func setUpLayout() {
        // Not super: the reactions go inside the capsule instead of filling the bubble.
        addSubview(tailBackImageView)
        addSubview(contentViewBackground)
        addSubview(tailFrontImageView)
        let tailReach = Self.tailSize.height - Self.tailOverlap
        contentViewBackground.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            contentViewBackground.leadingAnchor.constraint(equalTo: leadingAnchor),
            contentViewBackground.trailingAnchor.constraint(equalTo: trailingAnchor),
            contentViewBackground.topAnchor.constraint(equalTo: topAnchor),
            contentViewBackground.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -tailReach),
        ])
        contentViewBackground.embed(reactionsView, insets: contentInsets)
    }

    /// Colours, outline and tail images.
    open override func setUpAppearance() {
        super.setUpAppearance()
        contentViewBackground.backgroundColor = contentBackgroundColor
        contentViewBackground.layer.borderColor = contentBorderColor
        contentViewBackground.layer.borderWidth = 1
        tailBackImageView.image = tailBackImage
        tailFrontImageView.image = tailFrontImage
        layer.shadowColor = appearance.colorPalette.shadow
        layer.shadowOpacity = 0
    }

    /// Keeps the capsule round and places the tail.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let capsule = contentViewBackground.frame
        contentViewBackground.layer.cornerRadius = min(capsule.height, capsule.width) / 2
        let size = Self.tailSize
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let leading = (tailPosition == .leading) != rtl
        let x = leading ? capsule.minX + 14 : capsule.maxX - 14 - size.width
        let frame = CGRect(x: x, y: capsule.maxY - Self.tailOverlap, width: size.width, height: size.height)
        tailBackImageView.frame = frame
        tailFrontImageView.frame = frame
        tailBackImageView.transform = leading ? .identity : CGAffineTransform(scaleX: -1, y: 1)
        tailFrontImageView.transform = tailBackImageView.transform
    }

    /// The tail: a dot overlapping the capsule's edge and a smaller one below it, as an alpha
    /// mask (black), drawn one point larger for the outline.
    static func tailImage(outline: Bool) -> UIImage {
        let grow: CGFloat = outline ? 1 : 0
        let image = UIGraphicsImageRenderer(size: tailSize, scale: 3).image { context in
            context.setFillColor(.black)
            context.fillEllipse(in: CGRect(x: 5 - grow, y: 0 - grow, width: 11 + 2 * grow, height: 11 + 2 * grow))
            context.fillEllipse(in: CGRect(x: 2 - grow, y: 11 - grow, width: 4 + 2 * grow, height: 4 + 2 * grow))
        }
        return image
    }
}
