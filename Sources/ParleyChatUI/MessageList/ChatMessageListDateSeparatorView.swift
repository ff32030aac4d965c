import Foundation
import ParleyChat
import ParleyUIKit

/// The day header between messages of different days: a centred pill with "Today",
/// "Yesterday" or the date, as the list formats it with `appearance.formatters.messageDateSeparator`.
@preconcurrency @MainActor
open class ChatMessageListDateSeparatorView: _View {
    /// The formatted day shown ("Today", "Yesterday", a date); nothing is shown while `nil`.
    open var content: String? {
        didSet { updateContentIfNeeded() }
    }

    /// The pill behind the text.
    open private(set) lazy var container: UIView = UIView()
    /// The text of the day.
    open private(set) lazy var textLabel: UILabel = UILabel()

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The label in a pill, centred, with 8 pt above and below.
    open override func setUpLayout() {
        super.setUpLayout()
        container.translatesAutoresizingMaskIntoConstraints = false
        textLabel.translatesAutoresizingMaskIntoConstraints = false
        addSubview(container)
        container.addSubview(textLabel)
        NSLayoutConstraint.activate([
            container.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            container.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
            container.centerXAnchor.constraint(equalTo: centerXAnchor),
            container.leadingAnchor.constraint(greaterThanOrEqualTo: leadingAnchor, constant: 16),
            textLabel.topAnchor.constraint(equalTo: container.topAnchor, constant: 3),
            textLabel.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -3),
            textLabel.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            textLabel.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -10),
        ])
    }

    /// A low-emphasis caption on a pill of `background2`.
    open override func setUpAppearance() {
        super.setUpAppearance()
        container.backgroundColor = appearance.colorPalette.background2
        container.layer.masksToBounds = true
        textLabel.font = appearance.fonts.footnoteBold
        textLabel.textColor = appearance.colorPalette.textLowEmphasis
        textLabel.textAlignment = .center
        textLabel.numberOfLines = 1
    }

    /// Shows `content`.
    open override func updateContent() {
        super.updateContent()
        textLabel.text = content
        container.isHidden = content == nil
    }

    /// Keeps the pill a capsule.
    open override func layoutSubviews() {
        super.layoutSubviews()
        container.layer.cornerRadius = container.bounds.height / 2
    }
}
