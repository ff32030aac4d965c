import Foundation
import ParleyUIKit

/// A title over a subtitle, centred (`Components.titleContainerView`): the channel and thread
/// headers show the channel name and who is typing or online in one.
@preconcurrency @MainActor
open class TitleContainerView: _View {
    /// The title and the subtitle; a `nil` or empty part is hidden.
    open var content: (title: String?, subtitle: String?) = (nil, nil) {
        didSet { updateContentIfNeeded() }
    }

    /// The title.
    open private(set) lazy var titleLabel: UILabel = UILabel()
    /// The subtitle under the title.
    open private(set) lazy var subtitleLabel: UILabel = UILabel()
    /// The labels, stacked and centred.
    open private(set) lazy var containerView: ContainerStackView = ContainerStackView(axis: .vertical, alignment: .center, spacing: 1)

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The stack fills the view's width, centred vertically.
    open override func setUpLayout() {
        super.setUpLayout()
        containerView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(containerView)
        containerView.addArrangedSubviews([titleLabel, subtitleLabel])
        NSLayoutConstraint.activate([
            containerView.centerYAnchor.constraint(equalTo: centerYAnchor),
            containerView.leadingAnchor.constraint(equalTo: leadingAnchor),
            containerView.trailingAnchor.constraint(equalTo: trailingAnchor),
        ])
    }

    /// Bold headline title, low-emphasis caption subtitle, both truncated at the tail; they grow
    /// with the text size up to the extra extra large one (larger would not fit the bar).
    open override func setUpAppearance() {
        super.setUpAppearance()
        let category = min(traitCollection.preferredContentSizeCategory, .extraExtraLarge)
        titleLabel.font = appearance.fonts.headlineBold.resolved(for: category)
        titleLabel.textColor = appearance.colorPalette.text
        titleLabel.textAlignment = .center
        titleLabel.lineBreakMode = .byTruncatingTail
        subtitleLabel.font = appearance.fonts.caption1.resolved(for: category)
        subtitleLabel.textColor = appearance.colorPalette.subtitleText
        subtitleLabel.textAlignment = .center
        subtitleLabel.lineBreakMode = .byTruncatingTail
    }

    /// The texts; an empty subtitle is hidden.
    open override func updateContent() {
        super.updateContent()
        titleLabel.text = content.title
        subtitleLabel.text = content.subtitle
        subtitleLabel.isHidden = (content.subtitle ?? "").isEmpty
        invalidateIntrinsicContentSize()
    }

    /// Wide enough for the longer label (at most 260 pt), tall enough for both.
    open override var intrinsicContentSize: CGSize {
        let title = titleLabel.intrinsicContentSize
        let subtitle = subtitleLabel.isHidden ? .zero : subtitleLabel.intrinsicContentSize
        let width = min(260, max(title.width, subtitle.width))
        return CGSize(width: max(0, width), height: title.height + (subtitleLabel.isHidden ? 0 : subtitle.height + 1))
    }
}
