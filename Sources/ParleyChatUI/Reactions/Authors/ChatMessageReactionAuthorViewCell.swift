import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// One author in the reaction authors grid: the avatar with the reaction's icon over its
/// bottom-trailing corner, and the author's name below.
///
/// ```swift
/// class CustomChatMessageReactionAuthorViewCell: ChatMessageReactionAuthorViewCell {
///     override func setUpLayout() {
///         super.setUpLayout()
///         containerStack.removeArrangedSubview(authorNameLabel)
///     }
/// }
/// ```
@preconcurrency @MainActor
open class ChatMessageReactionAuthorViewCell: _CollectionViewCell, ReusableView {
    /// What the cell shows.
    public struct Content {
        /// The reaction and its author.
        public var reaction: ChatMessageReaction
        /// The current user's id (their reactions are tinted with the tint colour).
        public var currentUserId: UserId

        /// The cell's content.
        public init(reaction: ChatMessageReaction, currentUserId: UserId) {
            self.reaction = reaction
            self.currentUserId = currentUserId
        }
    }

    /// The reaction shown.
    public var content: Content? {
        didSet { updateContentIfNeeded() }
    }

    /// The vertical stack: avatar, name.
    open private(set) lazy var containerStack = ContainerStackView(axis: .vertical, alignment: .center, spacing: 6)
    /// The author's avatar (`components.avatarView`).
    open private(set) lazy var authorAvatarView: ChatAvatarView = makeComponent(components.avatarView.init(frame: .zero))
    /// The author's name.
    open private(set) lazy var authorNameLabel = UILabel()
    /// The reaction's icon over the avatar's corner.
    open private(set) lazy var reactionItemView: ChatMessageReactionItemView = makeComponent(components.messageReactionItemView.init(frame: .zero))
    /// The round backing of the reaction's icon.
    open private(set) lazy var reactionItemBackground = UIView()

    /// The avatar's side.
    open var avatarSize: CGFloat { 48 }

    /// Creates the cell.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Avatar over name; the reaction at the avatar's bottom-trailing corner.
    open override func setUpLayout() {
        super.setUpLayout()
        addSubview(containerStack)
        containerStack.translatesAutoresizingMaskIntoConstraints = false
        authorAvatarView.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            containerStack.leadingAnchor.constraint(equalTo: leadingAnchor),
            containerStack.trailingAnchor.constraint(equalTo: trailingAnchor),
            containerStack.topAnchor.constraint(equalTo: topAnchor, constant: 4),
            authorAvatarView.widthAnchor.constraint(equalToConstant: avatarSize),
            authorAvatarView.heightAnchor.constraint(equalToConstant: avatarSize),
        ])
        containerStack.addArrangedSubviews([authorAvatarView, authorNameLabel])
        addSubview(reactionItemBackground)
        reactionItemBackground.addSubview(reactionItemView)
        reactionItemBackground.isUserInteractionEnabled = false
    }

    /// Fonts and colours.
    open override func setUpAppearance() {
        super.setUpAppearance()
        authorNameLabel.font = appearance.fonts.footnote
        authorNameLabel.textColor = appearance.colorPalette.text
        authorNameLabel.textAlignment = .center
        authorNameLabel.lineBreakMode = .byTruncatingTail
        authorNameLabel.numberOfLines = 1
        reactionItemBackground.layer.borderColor = appearance.colorPalette.border
        reactionItemBackground.layer.borderWidth = 1
    }

    /// Avatar, name and reaction from the content.
    open override func updateContent() {
        super.updateContent()
        guard let content else {
            authorAvatarView.content = nil
            authorNameLabel.text = nil
            reactionItemView.content = nil
            return
        }
        let author = content.reaction.author
        authorAvatarView.content = author
        authorNameLabel.text = author.name.isEmpty ? author.id : author.name
        let isOwn = author.id == content.currentUserId
        reactionItemView.content = .init(
            useBigIcon: false,
            reaction: ChatMessageReactionData(type: content.reaction.type, score: content.reaction.score, count: 1, isChosenByCurrentUser: isOwn),
            onTap: nil)
        reactionItemBackground.isHidden = reactionItemView.reactionImage == nil
        setNeedsLayout()
    }

    /// Places the reaction over the avatar's bottom-trailing corner.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let side: CGFloat = 24
        let avatar = authorAvatarView.convert(authorAvatarView.bounds, to: self)
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let x = rtl ? avatar.minX - 4 : avatar.maxX - side + 4
        reactionItemBackground.frame = CGRect(x: x, y: avatar.maxY - side + 2, width: side, height: side)
        reactionItemBackground.layer.cornerRadius = side / 2
        reactionItemView.frame = reactionItemBackground.bounds
        reactionItemBackground.backgroundColor = badgeBackgroundColor
    }

    /// The badge's fill: the background the cell sits on (the authors card's), so a custom
    /// card colour and custom reaction tints stay legible; `popoverBackground` if none is found.
    open var badgeBackgroundColor: UIColor {
        var view: UIView? = superview
        while let current = view {
            if let color = current.backgroundColor, color != .clear { return color }
            view = current.superview
        }
        return appearance.colorPalette.popoverBackground
    }

    /// Clears the content.
    open override func prepareForReuse() {
        super.prepareForReuse()
        content = nil
    }
}
