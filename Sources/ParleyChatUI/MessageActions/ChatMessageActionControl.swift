import Foundation
import ParleyChat
import ParleyUIKit

/// One row of the message actions list: icon and title; destructive actions in the alert colour.
@preconcurrency @MainActor
open class ChatMessageActionControl: _Control {
    /// The action shown.
    public var content: ChatMessageActionItem? {
        didSet { updateContentIfNeeded() }
    }

    /// The row's stack: icon, title.
    open private(set) lazy var containerStackView = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 12)
    /// The action's icon.
    open private(set) lazy var imageView = UIImageView()
    /// The action's title.
    open private(set) lazy var titleLabel = UILabel()

    /// Creates the row.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Runs the action on a tap.
    open override func setUp() {
        super.setUp()
        addAction(UIAction { [weak self] _ in
            guard let self, let content = self.content else { return }
            content.action(content)
        }, for: .touchUpInside)
    }

    /// Icon and title in a row, 16 points from the edges.
    open override func setUpLayout() {
        super.setUpLayout()
        addSubview(containerStackView)
        containerStackView.isUserInteractionEnabled = false
        containerStackView.translatesAutoresizingMaskIntoConstraints = false
        imageView.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            containerStackView.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            containerStackView.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
            containerStackView.topAnchor.constraint(equalTo: topAnchor, constant: 11),
            containerStackView.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -11),
            imageView.widthAnchor.constraint(equalToConstant: 20),
            imageView.heightAnchor.constraint(equalToConstant: 20),
        ])
        containerStackView.addArrangedSubviews([imageView, titleLabel])
    }

    /// Fonts and the pressed colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        titleLabel.font = appearance.fonts.body
        imageView.contentMode = .scaleAspectFit
        backgroundColor = isHighlighted ? appearance.colorPalette.highlightedBackground : appearance.colorPalette.popoverBackground
    }

    /// Title, icon and colours from the action.
    open override func updateContent() {
        super.updateContent()
        titleLabel.text = content?.title
        imageView.image = content?.icon
        let color: UIColor
        if content?.isDestructive == true { color = appearance.colorPalette.alert }
        else if content?.isPrimary == true { color = tintColor }
        else { color = appearance.colorPalette.text }
        titleLabel.textColor = color
        imageView.tintColor = content?.isDestructive == true || content?.isPrimary == true ? color : appearance.colorPalette.inactiveTint
        accessibilityLabel = content?.title
    }

    /// Shows the pressed state.
    open override func stateDidChange() {
        super.stateDidChange()
        backgroundColor = isHighlighted ? appearance.colorPalette.highlightedBackground : appearance.colorPalette.popoverBackground
    }
}
