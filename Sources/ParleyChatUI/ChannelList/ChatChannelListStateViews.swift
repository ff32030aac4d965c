import Foundation
import ParleyChat
import ParleyUIKit

/// A centred column of an optional icon, a title, a message and an optional button: the layout
/// shared by the channel list's empty, loading and error states.
@preconcurrency @MainActor
open class ChatChannelListStateView: _View {
    /// The icon above the title (hidden when it has no image).
    open private(set) lazy var imageView = UIImageView()
    /// The headline.
    open private(set) lazy var titleLabel = UILabel()
    /// The explanation below the headline.
    open private(set) lazy var messageLabel = UILabel()
    /// The action button (hidden unless a state needs one).
    open private(set) lazy var actionButton = UIButton(type: .system)
    /// The column holding the other views.
    open private(set) lazy var container = ContainerStackView(axis: .vertical, alignment: .center, spacing: 8)

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Centres the column, at most 320 points wide.
    open override func setUpLayout() {
        super.setUpLayout()
        container.addArrangedSubviews([imageView, titleLabel, messageLabel, actionButton])
        container.setCustomSpacing(16, after: imageView)
        container.setCustomSpacing(16, after: messageLabel)
        container.translatesAutoresizingMaskIntoConstraints = false
        addSubview(container)
        let preferredWidth = container.widthAnchor.constraint(equalToConstant: 320)
        preferredWidth.priority = .defaultHigh
        NSLayoutConstraint.activate([
            container.centerXAnchor.constraint(equalTo: centerXAnchor),
            container.centerYAnchor.constraint(equalTo: centerYAnchor),
            container.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, constant: -32),
            preferredWidth,
            imageView.widthAnchor.constraint(equalToConstant: 48),
            imageView.heightAnchor.constraint(equalToConstant: 48),
        ])
    }

    /// Fonts and colours from the appearance.
    open override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = appearance.colorPalette.background
        imageView.tintColor = appearance.colorPalette.inactiveTint
        imageView.contentMode = .scaleAspectFit
        titleLabel.font = appearance.fonts.headlineBold
        titleLabel.textColor = appearance.colorPalette.text
        titleLabel.textAlignment = .center
        titleLabel.numberOfLines = 2
        messageLabel.font = appearance.fonts.subheadline
        messageLabel.textColor = appearance.colorPalette.textLowEmphasis
        messageLabel.textAlignment = .center
        messageLabel.numberOfLines = 0
        actionButton.titleLabel?.font = appearance.fonts.subheadlineBold
    }

    /// Hides the parts without content.
    open override func updateContent() {
        super.updateContent()
        imageView.isHidden = imageView.image == nil
        messageLabel.isHidden = (messageLabel.text ?? "").isEmpty
        actionButton.isHidden = (actionButton.title(for: .normal) ?? "").isEmpty
    }
}

/// What the channel list shows when there are no channels: "No channels yet".
@preconcurrency @MainActor
open class ChatChannelListEmptyView: ChatChannelListStateView {
    /// Creates the view.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The icon and the texts.
    open override func updateContent() {
        imageView.image = appearance.images.emptyChannelListMessageBubble.withRenderingMode(.alwaysTemplate)
        titleLabel.text = appearance.l10n.tr("channelList.empty.title")
        messageLabel.text = appearance.l10n.tr("channelList.empty.subtitle")
        super.updateContent()
    }
}

/// What the channel list shows while its first page loads.
@preconcurrency @MainActor
open class ChatChannelListLoadingView: ChatChannelListStateView {
    /// Creates the view.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// "Loading channels…".
    open override func updateContent() {
        titleLabel.text = appearance.l10n.tr("channelList.loading")
        messageLabel.text = nil
        super.updateContent()
        titleLabel.font = appearance.fonts.subheadline
        titleLabel.textColor = appearance.colorPalette.textLowEmphasis
    }
}

/// What the channel list shows when its channels could not be loaded: the error and a retry
/// button.
@preconcurrency @MainActor
open class ChatChannelListErrorView: ChatChannelListStateView {
    /// The error shown.
    public var content: ChatError? {
        didSet { updateContentIfNeeded() }
    }

    /// What the retry button does (the channel list loads its channels again).
    public var onRetry: (@MainActor () -> Void)?

    /// Creates the view.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Sends retry taps to ``onRetry``.
    open override func setUp() {
        super.setUp()
        actionButton.addHandler(for: .primaryActionTriggered) { [weak self] in self?.onRetry?() }
    }

    /// The icon, the error and "Try again".
    open override func updateContent() {
        imageView.image = appearance.images.messageDeliveryStatusFailed.withRenderingMode(.alwaysTemplate)
        titleLabel.text = appearance.l10n.tr("channelList.error.title")
        messageLabel.text = content.map { appearance.l10n.message(for: $0) }.map { ChatChannelListItemView.displayable($0) }
        actionButton.setTitle(appearance.l10n.tr("channelList.error.retry"), for: .normal)
        super.updateContent()
        imageView.tintColor = appearance.colorPalette.alert
    }
}
