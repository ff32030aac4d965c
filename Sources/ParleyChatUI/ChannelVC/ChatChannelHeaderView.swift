import Foundation
import ParleyChat
import ParleyUIKit

/// The channel screen's title: the channel name, and under it who is typing, or "Online" /
/// "Last seen …" (`appearance.formatters.userLastActivity`) in a 1:1 channel, or "5 members,
/// 2 online".
@preconcurrency @MainActor
open class ChatChannelHeaderView: _View {
    /// The channel shown.
    public var content: ChatChannel? {
        didSet { updateContentIfNeeded() }
    }

    /// The current user (left out of a 1:1 channel's name and status).
    public var currentUserId: UserId? {
        didSet { updateContentIfNeeded() }
    }

    /// The name above the subtitle.
    open private(set) lazy var titleContainerView: ContainerStackView = ContainerStackView(axis: .vertical, alignment: .center, spacing: 1)
    /// The channel name.
    open private(set) lazy var titleLabel: UILabel = UILabel()
    /// Typing, online or member count.
    open private(set) lazy var subtitleLabel: UILabel = UILabel()

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// The two labels stacked and centred.
    open override func setUpLayout() {
        super.setUpLayout()
        titleContainerView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(titleContainerView)
        titleContainerView.addArrangedSubviews([titleLabel, subtitleLabel])
        NSLayoutConstraint.activate([
            titleContainerView.centerYAnchor.constraint(equalTo: centerYAnchor),
            titleContainerView.leadingAnchor.constraint(equalTo: leadingAnchor),
            titleContainerView.trailingAnchor.constraint(equalTo: trailingAnchor),
        ])
    }

    /// Bold name, low-emphasis subtitle.
    open override func setUpAppearance() {
        super.setUpAppearance()
        titleLabel.font = appearance.fonts.headlineBold
        titleLabel.textColor = appearance.colorPalette.text
        titleLabel.textAlignment = .center
        titleLabel.lineBreakMode = .byTruncatingTail
        subtitleLabel.font = appearance.fonts.caption1
        subtitleLabel.textColor = appearance.colorPalette.subtitleText
        subtitleLabel.textAlignment = .center
        subtitleLabel.lineBreakMode = .byTruncatingTail
    }

    /// The name and the subtitle.
    open override func updateContent() {
        super.updateContent()
        titleLabel.text = titleText
        subtitleLabel.text = subtitleText
        subtitleLabel.isHidden = (subtitleText ?? "").isEmpty
        invalidateIntrinsicContentSize()
    }

    /// The channel's display name from `appearance.formatters.channelName`.
    open var titleText: String? {
        guard let content else { return nil }
        return appearance.formatters.channelName.format(channel: content, forCurrentUserId: currentUserId)
    }

    /// Who is typing; else the other member's status in a 1:1 channel; else the member count and
    /// how many are online.
    open var subtitleText: String? {
        guard let content else { return nil }
        let typing = content.currentlyTypingUsers.filter { $0.id != currentUserId }
        if let text = TypingUsersFormatter.text(for: Array(typing), l10n: appearance.l10n) { return text }
        if content.isDirectMessageChannel, let other = content.members.first(where: { $0.user.id != currentUserId })?.user {
            if other.isOnline { return appearance.l10n.tr("message.title.online") }
            guard let lastActive = other.lastActiveAt else { return appearance.l10n.tr("message.title.offline") }
            return appearance.formatters.userLastActivity.format(lastActive)
        }
        let count = max(content.memberCount, content.members.count)
        let online = content.members.filter(\.user.isOnline).count
        let members = appearance.l10n.plural("message.title.members", count: count)
        return online > 0 ? appearance.l10n.tr("message.title.group", .string(members), .int(online)) : members
    }

    /// Wide enough for the longer label (at most 260 pt), tall enough for both.
    open override var intrinsicContentSize: CGSize {
        let title = titleLabel.intrinsicContentSize
        let subtitle = subtitleLabel.isHidden ? .zero : subtitleLabel.intrinsicContentSize
        let width = min(260, max(title.width, subtitle.width))
        return CGSize(width: max(0, width), height: title.height + (subtitleLabel.isHidden ? 0 : subtitle.height + 1))
    }
}
