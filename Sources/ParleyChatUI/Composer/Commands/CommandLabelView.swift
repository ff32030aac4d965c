import Foundation
import ParleyChat
import ParleyUIKit

/// The chip at the leading edge of the composer's input naming the picked command (Stream's
/// `CommandLabelView`): a bolt and the command's name in capitals ("⚡ GIPHY") on the accent
/// colour. ``ComposerVC`` shows it while `content.command` is set; Escape or a tap on it removes
/// the command.
@preconcurrency @MainActor
open class CommandLabelView: _View {
    /// The command named.
    open var content: Command? {
        didSet { updateContentIfNeeded() }
    }

    /// Called when the chip is tapped (the composer removes the command).
    public var onTap: (() -> Void)?

    /// The bolt.
    open private(set) lazy var iconView = UIImageView()
    /// The command's name in capitals.
    open private(set) lazy var nameLabel = UILabel()
    /// The icon beside the name.
    open private(set) lazy var container = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 3)

    /// Creates the view.
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

    /// The icon and the name, inset inside the capsule.
    open override func setUpLayout() {
        super.setUpLayout()
        embed(container, insets: UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 10))
        container.addArrangedSubview(iconView)
        container.addArrangedSubview(nameLabel)
        NSLayoutConstraint.activate([
            iconView.widthAnchor.constraint(equalToConstant: 12),
            iconView.heightAnchor.constraint(equalToConstant: 12),
        ])
    }

    /// White on `colorPalette.accentPrimary`, a capsule; the bolt is `images.commandFallback`.
    open override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = appearance.colorPalette.accentPrimary
        layer.cornerRadius = 11
        clipsToBounds = true
        iconView.image = appearance.images.commandFallback.resized(to: CGSize(width: 12, height: 12)).withRenderingMode(.alwaysTemplate)
        iconView.tintColor = .white
        nameLabel.font = appearance.fonts.footnoteBold
        nameLabel.textColor = .white
    }

    /// The command's name in capitals; the accessibility label says what a tap does.
    open override func updateContent() {
        super.updateContent()
        nameLabel.text = content?.name.uppercased()
        accessibilityLabel = content.map { appearance.l10n.tr("composer.command.remove", .string("/" + $0.name)) }
    }
}
