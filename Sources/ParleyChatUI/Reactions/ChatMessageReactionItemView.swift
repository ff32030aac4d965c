import Foundation
import ParleyChat
import ParleyUIKit

/// One reaction: its icon (small in the reactions bubble, large in the picker) tinted with the
/// tint colour when the current user chose it and with `inactiveTint` otherwise, and (small
/// icons only) the number of users when more than one reacted.
///
/// ```swift
/// class CustomChatMessageReactionItemView: ChatMessageReactionItemView {
///     override var reactionImageTint: UIColor? {
///         guard let content = content else { return nil }
///         return content.reaction.isChosenByCurrentUser ? .white : .gray
///     }
/// }
/// Components.default.messageReactionItemView = CustomChatMessageReactionItemView.self
/// ```
@preconcurrency @MainActor
open class ChatMessageReactionItemView: _Button {
    /// What the item shows.
    public struct Content {
        /// Whether to show the large (picker) icon.
        public var useBigIcon: Bool
        /// The reaction type and its numbers.
        public var reaction: ChatMessageReactionData
        /// Called with the reaction's type when the item is tapped.
        public var onTap: ((MessageReactionType) -> Void)?

        /// An item's content.
        public init(useBigIcon: Bool, reaction: ChatMessageReactionData, onTap: ((MessageReactionType) -> Void)?) {
            self.useBigIcon = useBigIcon
            self.reaction = reaction
            self.onTap = onTap
        }
    }

    /// The reaction shown; `nil` shows nothing.
    public var content: Content? {
        didSet { updateContentIfNeeded() }
    }

    /// The icon's colour: the tint colour for the current user's reactions, `inactiveTint` for
    /// others'. Override to change it.
    open var reactionImageTint: UIColor? {
        guard let content else { return nil }
        return content.reaction.isChosenByCurrentUser ? tintColor : appearance.colorPalette.inactiveTint
    }

    /// The icon for the content's type from `appearance.images.availableReactions`, as a template.
    open var reactionImage: UIImage? {
        guard let content, let icons = appearance.images.availableReactions[content.reaction.type] else { return nil }
        return (content.useBigIcon ? icons.largeIcon : icons.smallIcon).withRenderingMode(.alwaysTemplate)
    }

    /// Creates an item.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Calls the content's `onTap` on a tap.
    open override func setUp() {
        super.setUp()
        addAction(UIAction { [weak self] _ in self?.handleTap() }, for: .touchUpInside)
    }

    /// The count's font.
    open override func setUpAppearance() {
        super.setUpAppearance()
        titleLabel?.font = appearance.fonts.footnoteBold
        imageTitlePadding = 2
    }

    /// Shows the icon, tinted, and the count when more than one user reacted.
    open override func updateContent() {
        super.updateContent()
        let tint = reactionImageTint ?? appearance.colorPalette.inactiveTint
        setImage(reactionImage, for: .normal)
        setTitleColor(tint, for: .normal)
        if let content, !content.useBigIcon, content.reaction.count > 1 {
            setTitle("\(content.reaction.count)", for: .normal)
        } else {
            setTitle(nil, for: .normal)
        }
        let padding: CGFloat = content?.useBigIcon == true ? 6 : 2
        contentEdgeInsets = UIEdgeInsets(top: padding, left: padding, bottom: padding, right: padding)
        accessibilityLabel = content.map { appearance.accessibilityLabel(ofReaction: $0.reaction.type, count: $0.reaction.count) }
        isSelected = content?.reaction.isChosenByCurrentUser ?? false
        invalidateIntrinsicContentSize()
    }

    /// Follows the window's tint colour (the current user's reactions use it).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if content?.reaction.isChosenByCurrentUser == true { updateContentIfNeeded() }
    }

    /// Runs the content's `onTap`.
    open func handleTap() {
        guard let content else { return }
        content.onTap?(content.reaction.type)
    }
}
