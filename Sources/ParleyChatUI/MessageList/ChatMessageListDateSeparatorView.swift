import Foundation
import ParleyChat
import ParleyUIKit

/// The day header between messages of different days: a centred pill with "Today",
/// "Yesterday" or the date, from `appearance.formatters.messageDateSeparator`.
@MainActor
open class ChatMessageListDateSeparatorView: _View {
    /// The day shown (any moment of it); nothing is shown while `nil`.
    public var content: Date? {
        didSet { updateContentIfNeeded() }
    }

    /// The pill behind the text.
    open private(set) lazy var contentView: UIView = UIView()
    /// The text of the day.
    open private(set) lazy var textLabel: UILabel = UILabel()

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// The label in a pill, centred, with 8 pt above and below.
    open override func setUpLayout() {
        super.setUpLayout()
        contentView.translatesAutoresizingMaskIntoConstraints = false
        textLabel.translatesAutoresizingMaskIntoConstraints = false
        addSubview(contentView)
        contentView.addSubview(textLabel)
        NSLayoutConstraint.activate([
            contentView.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            contentView.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
            contentView.centerXAnchor.constraint(equalTo: centerXAnchor),
            contentView.leadingAnchor.constraint(greaterThanOrEqualTo: leadingAnchor, constant: 16),
            textLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 3),
            textLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -3),
            textLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 10),
            textLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -10),
        ])
    }

    /// A low-emphasis caption on a pill of `background2`.
    open override func setUpAppearance() {
        super.setUpAppearance()
        contentView.backgroundColor = appearance.colorPalette.background2
        contentView.layer.masksToBounds = true
        textLabel.font = appearance.fonts.footnoteBold
        textLabel.textColor = appearance.colorPalette.textLowEmphasis
        textLabel.textAlignment = .center
        textLabel.numberOfLines = 1
    }

    /// The formatted day.
    open override func updateContent() {
        super.updateContent()
        textLabel.text = content.map { appearance.formatters.messageDateSeparator.format($0) }
        contentView.isHidden = content == nil
    }

    /// Keeps the pill a capsule.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.layer.cornerRadius = contentView.bounds.height / 2
    }
}
