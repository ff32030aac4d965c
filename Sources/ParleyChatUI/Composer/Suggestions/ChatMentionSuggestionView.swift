import Foundation
import ParleyChat
import ParleyUIKit

/// One user offered as a mention while typing "@…" in the composer: the avatar, the name and
/// the "@id" handle.
///
/// ```
/// |--------------------------------------------|
/// | avatarView | usernameLabel                 |
/// |            | usernameTagLabel ("@alice")   |
/// |--------------------------------------------|
/// ```
///
/// Made from `components.suggestionsMentionView` inside each
/// ``ChatMentionSuggestionCollectionViewCell``.
@preconcurrency @MainActor
open class ChatMentionSuggestionView: _View {
    /// The user shown.
    open var content: ChatUser? {
        didSet { updateContentIfNeeded() }
    }

    /// The user's avatar with the online dot (`components.presenceAvatarView`).
    open private(set) lazy var avatarView: ChatAvatarView = {
        let avatar = components.presenceAvatarView.init(frame: .zero)
        hand(appearance, components, to: avatar)
        return avatar
    }()
    /// The user's name.
    open private(set) lazy var usernameLabel = UILabel()
    /// The user's handle: the mention symbol and the id ("@alice").
    open private(set) lazy var usernameTagLabel = UILabel()
    /// The name over the handle.
    open private(set) lazy var textContainer = ContainerStackView(axis: .vertical, spacing: 2)

    /// The avatar's side.
    open var avatarSize: CGFloat { 36 }

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The avatar at the leading edge, the labels beside it, centred vertically.
    open override func setUpLayout() {
        super.setUpLayout()
        avatarView.translatesAutoresizingMaskIntoConstraints = false
        textContainer.translatesAutoresizingMaskIntoConstraints = false
        addSubview(avatarView)
        addSubview(textContainer)
        textContainer.addArrangedSubview(usernameLabel)
        textContainer.addArrangedSubview(usernameTagLabel)
        NSLayoutConstraint.activate([
            avatarView.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 12),
            avatarView.centerYAnchor.constraint(equalTo: centerYAnchor),
            avatarView.widthAnchor.constraint(equalToConstant: avatarSize),
            avatarView.heightAnchor.constraint(equalToConstant: avatarSize),
            avatarView.topAnchor.constraint(greaterThanOrEqualTo: topAnchor, constant: 6),
            avatarView.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor, constant: -6),
            textContainer.leadingAnchor.constraint(equalTo: avatarView.trailingAnchor, constant: 10),
            textContainer.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -12),
            textContainer.centerYAnchor.constraint(equalTo: centerYAnchor),
        ])
    }

    /// Fonts and colours from `appearance`.
    open override func setUpAppearance() {
        super.setUpAppearance()
        usernameLabel.font = appearance.fonts.subheadlineBold
        usernameLabel.textColor = appearance.colorPalette.text
        usernameTagLabel.font = appearance.fonts.footnote
        usernameTagLabel.textColor = appearance.colorPalette.subtitleText
    }

    /// Shows the user's avatar, name (the id when the name is empty) and handle.
    open override func updateContent() {
        super.updateContent()
        avatarView.content = content
        guard let user = content else {
            usernameLabel.text = nil
            usernameTagLabel.text = nil
            return
        }
        usernameLabel.text = ComposerVC.mentionName(of: user)
        usernameTagLabel.text = "@" + user.id
    }
}

/// The pressable row holding a ``ChatMentionSuggestionView`` (`components.suggestionsMentionView`)
/// in the ``ChatSuggestionsVC`` list; highlighted while Enter would pick it.
@preconcurrency @MainActor
open class ChatMentionSuggestionCollectionViewCell: ChatSuggestionCollectionViewCell {
    /// The view showing the user.
    open private(set) lazy var mentionView: ChatMentionSuggestionView = {
        let view = components.suggestionsMentionView.init(frame: .zero)
        hand(appearance, components, to: view)
        return view
    }()

    /// The mention view fills the cell.
    open override func setUpLayout() {
        super.setUpLayout()
        embed(mentionView)
    }

    /// The highlight background and the accessibility label ("Mention Alice").
    open override func updateContent() {
        super.updateContent()
        accessibilityLabel = mentionView.content.map { appearance.l10n.tr("composer.suggestions.mention", .string(ComposerVC.mentionName(of: $0))) }
    }
}

/// A pressable row of the ``ChatSuggestionsVC`` list, 48 points tall, drawn with
/// `colorPalette.highlightedBackground` while it is the one Enter picks: what the mention and
/// command rows share.
@preconcurrency @MainActor
open class ChatSuggestionCollectionViewCell: _View {
    /// Whether the row is the highlighted one.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { updateContentIfNeeded() } }
    }

    /// Called when the row is tapped.
    public var onTap: (() -> Void)?

    /// Creates the cell.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// Listens to taps.
    open override func setUp() {
        super.setUp()
        isAccessibilityElement = true
        addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.onTap?() })
    }

    /// The row's height.
    open override func setUpLayout() {
        super.setUpLayout()
        heightAnchor.constraint(equalToConstant: 48).isActive = true
    }

    /// The highlight background.
    open override func updateContent() {
        super.updateContent()
        backgroundColor = isHighlighted ? appearance.colorPalette.highlightedBackground : .clear
    }
}
