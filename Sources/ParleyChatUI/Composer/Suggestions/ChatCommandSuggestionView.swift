import Foundation
import ParleyChat
import ParleyUIKit

/// One command offered while typing "/…" at the start of the composer: its icon, its name and
/// its arguments ("/giphy [text]").
///
/// ```
/// |------------------------------------------------------|
/// | commandImageView | commandNameLabel                  |
/// |                  | commandNameSubtitleLabel          |
/// |------------------------------------------------------|
/// ```
///
/// Made from `components.suggestionsCommandView` inside each
/// ``ChatCommandSuggestionCollectionViewCell``.
@preconcurrency @MainActor
open class ChatCommandSuggestionView: _View {
    /// The command shown.
    open var content: Command? {
        didSet { updateContentIfNeeded() }
    }

    /// The command's icon in a round accent badge.
    open private(set) lazy var commandImageView = UIImageView()
    /// The command's name ("Giphy").
    open private(set) lazy var commandNameLabel = UILabel()
    /// The command as typed with its arguments ("/giphy [text]").
    open private(set) lazy var commandNameSubtitleLabel = UILabel()
    /// The name over the subtitle.
    open private(set) lazy var textContainer = ContainerStackView(axis: .vertical, spacing: 2)

    /// The icon badge's side.
    open var iconSize: CGFloat { 28 }

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// The icon at the leading edge, the labels beside it, centred vertically.
    open override func setUpLayout() {
        super.setUpLayout()
        commandImageView.translatesAutoresizingMaskIntoConstraints = false
        textContainer.translatesAutoresizingMaskIntoConstraints = false
        addSubview(commandImageView)
        addSubview(textContainer)
        textContainer.addArrangedSubview(commandNameLabel)
        textContainer.addArrangedSubview(commandNameSubtitleLabel)
        NSLayoutConstraint.activate([
            commandImageView.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            commandImageView.centerYAnchor.constraint(equalTo: centerYAnchor),
            commandImageView.widthAnchor.constraint(equalToConstant: iconSize),
            commandImageView.heightAnchor.constraint(equalToConstant: iconSize),
            textContainer.leadingAnchor.constraint(equalTo: commandImageView.trailingAnchor, constant: 14),
            textContainer.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -12),
            textContainer.centerYAnchor.constraint(equalTo: centerYAnchor),
        ])
    }

    /// Fonts and colours from `appearance`; the icon is white on the accent colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        let palette = appearance.colorPalette
        commandImageView.backgroundColor = palette.accentPrimary
        commandImageView.tintColor = .white
        commandImageView.contentMode = .center
        commandImageView.layer.cornerRadius = iconSize / 2
        commandImageView.clipsToBounds = true
        commandNameLabel.font = appearance.fonts.subheadlineBold
        commandNameLabel.textColor = palette.text
        commandNameSubtitleLabel.font = appearance.fonts.footnote
        commandNameSubtitleLabel.textColor = palette.subtitleText
    }

    /// Shows the command's icon (`appearance.images.availableCommandIcons`, else `appearance.images.commandFallback`),
    /// its capitalised name and "/name args" ("/name · description" for a command without
    /// arguments, so the row says what it does).
    open override func updateContent() {
        super.updateContent()
        guard let command = content else {
            commandImageView.image = nil
            commandNameLabel.text = nil
            commandNameSubtitleLabel.text = nil
            return
        }
        let icon = appearance.images.availableCommandIcons[command.name] ?? appearance.images.commandFallback
        commandImageView.image = icon.resized(to: CGSize(width: 16, height: 16)).withRenderingMode(.alwaysTemplate)
        commandNameLabel.text = command.name.prefix(1).uppercased() + command.name.dropFirst()
        let description = command.localizedDescription(appearance.l10n)
        commandNameSubtitleLabel.text = "/" + command.name
            + (command.args.isEmpty ? (description.isEmpty ? "" : " · " + description) : " " + command.args)
    }
}

/// The pressable row holding a ``ChatCommandSuggestionView`` (`components.suggestionsCommandView`)
/// in the ``ChatSuggestionsVC`` list; highlighted while Enter would pick it.
@preconcurrency @MainActor
open class ChatCommandSuggestionCollectionViewCell: ChatSuggestionCollectionViewCell {
    /// The view showing the command.
    open private(set) lazy var commandView: ChatCommandSuggestionView = {
        let view = components.suggestionsCommandView.init(frame: .zero)
        hand(appearance, components, to: view)
        return view
    }()

    /// The command view fills the cell.
    open override func setUpLayout() {
        super.setUpLayout()
        embed(commandView)
    }

    /// The highlight background and the accessibility label ("Command /giphy").
    open override func updateContent() {
        super.updateContent()
        accessibilityLabel = commandView.content.map { appearance.l10n.tr("composer.suggestions.command", .string("/" + $0.name)) }
    }
}

extension Command {
    /// The description the UI shows: the table's `composer.command.description.NAME` when it has
    /// one (the built-in commands), else ``ParleyChat/Command/description`` as the channel gave it.
    func localizedDescription(_ l10n: L10n) -> String {
        let key = "composer.command.description.\(name)"
        let text = l10n.tr(key)
        return text == key ? description : text
    }
}
