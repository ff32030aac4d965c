import Foundation
import ParleyChat
import ParleyUIKit

/// A row of reactions (a column when `stackView.axis` is `.vertical`): one
/// `components.messageReactionItemView` per reaction type that has an appearance, ordered by
/// `components.reactionsSorting`.
///
/// ```swift
/// class CustomChatMessageReactionsView: ChatMessageReactionsView {
///     override func setUpLayout() {
///         super.setUpLayout()
///         stackView.axis = .vertical
///     }
/// }
/// ```
///
/// Items are kept per reaction type across content changes; a type that appears while the view
/// already shows reactions fades and scales in.
@preconcurrency @MainActor
open class ChatMessageReactionsView: _View {
    /// What the view shows.
    public struct Content {
        /// Whether the items show large (picker) icons.
        public var useBigIcons: Bool
        /// The reactions, in any order (the view sorts them).
        public var reactions: [ChatMessageReactionData]
        /// Called with a reaction's type when its item is tapped.
        public var didTapOnReaction: ((MessageReactionType) -> Void)?

        /// The view's content.
        public init(useBigIcons: Bool, reactions: [ChatMessageReactionData], didTapOnReaction: ((MessageReactionType) -> Void)?) {
            self.useBigIcons = useBigIcons
            self.reactions = reactions
            self.didTapOnReaction = didTapOnReaction
        }
    }

    /// The reactions shown.
    public var content: Content? {
        didSet { updateContentIfNeeded() }
    }

    /// The stack of item views; horizontal by default.
    open private(set) lazy var stackView: ContainerStackView = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 2)

    /// The item type this view creates: `components.messageReactionItemView`.
    open var reactionItemView: ChatMessageReactionItemView.Type { components.messageReactionItemView }

    /// The item views shown, in order.
    public var itemViews: [ChatMessageReactionItemView] {
        stackView.arrangedSubviews.compactMap { $0 as? ChatMessageReactionItemView }
    }

    /// Whether new reaction types animate in (when the view already showed reactions).
    public var animatesNewReactions = true

    private var itemsByType: [MessageReactionType: ChatMessageReactionItemView] = [:]
    /// Set by a container that reuses this view for another message: the next content is a new
    /// message's reactions, not new reactions on the same message, so nothing animates in.
    var showsAnotherMessageNext = false

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Pins the stack to the edges.
    open override func setUpLayout() {
        super.setUpLayout()
        addSubview(stackView)
        stackView.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate(edgeConstraints(pinning: stackView))
    }

    /// The reactions that are shown: those with an appearance, sorted by
    /// `components.reactionsSorting`.
    open var visibleReactions: [ChatMessageReactionData] {
        guard let content else { return [] }
        let available = appearance.images.availableReactions
        return content.reactions.filter { available[$0.type] != nil }.sorted(by: components.reactionsSorting)
    }

    /// Creates, reuses or removes one item per shown reaction.
    open override func updateContent() {
        super.updateContent()
        let reactions = visibleReactions
        let hadItems = !itemsByType.isEmpty && !showsAnotherMessageNext
        showsAnotherMessageNext = false
        var next: [MessageReactionType: ChatMessageReactionItemView] = [:]
        var ordered: [ChatMessageReactionItemView] = []
        var added: [ChatMessageReactionItemView] = []
        for reaction in reactions where next[reaction.type] == nil {
            let item: ChatMessageReactionItemView
            if let existing = itemsByType[reaction.type] {
                item = existing
            } else {
                item = makeComponent(reactionItemView.init(frame: .zero))
                added.append(item)
            }
            item.content = .init(useBigIcon: content?.useBigIcons ?? false, reaction: reaction, onTap: content?.didTapOnReaction)
            next[reaction.type] = item
            ordered.append(item)
        }
        let current = itemViews
        if current.map(ObjectIdentifier.init) != ordered.map(ObjectIdentifier.init) {
            // Items that stay keep their state (and an animation in flight); only the order changes.
            stackView.removeAllArrangedSubviews()
            stackView.addArrangedSubviews(ordered)
        }
        itemsByType = next
        invalidateIntrinsicContentSize()
        if hadItems && animatesNewReactions && UIView.areAnimationsEnabled {
            for item in added { animateIn(item) }
        }
    }

    /// Fades and scales a newly arrived reaction in; override to animate differently.
    open func animateIn(_ item: ChatMessageReactionItemView) {
        item.alpha = 0
        item.transform = CGAffineTransform(scaleX: 0.4, y: 0.4)
        UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseOut], animations: {
            item.alpha = 1
            item.transform = .identity
        }, completion: nil)
    }
}
