import Foundation
import ParleyChat
import ParleyUIKit

/// The channel screen's title: the channel name, and under it who is typing, or "Online" /
/// "Last seen …" (`appearance.formatters.userLastActivity`) in a 1:1 channel, or "5 members,
/// 2 online" — or, while the client is not connected, "Connecting…" / "Offline — messages
/// will be sent when you're back online".
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

    /// The client's connection status; anything but connected replaces the subtitle.
    public var connectionStatus: ConnectionStatus = .connected {
        didSet { updateContentIfNeeded() }
    }

    /// The name above the subtitle: a `components.titleContainerView`.
    open private(set) lazy var titleContainerView: TitleContainerView = makeComponent(components.titleContainerView.init(frame: .zero))
    /// The channel name.
    open var titleLabel: UILabel { titleContainerView.titleLabel }
    /// Typing, online or member count.
    open var subtitleLabel: UILabel { titleContainerView.subtitleLabel }

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The title container fills the view; the channel name is a heading for screen readers.
    open override func setUpLayout() {
        super.setUpLayout()
        embed(titleContainerView)
        titleLabel.accessibilityTraits = [.staticText, .header]
    }

    /// The name and the subtitle.
    open override func updateContent() {
        super.updateContent()
        titleContainerView.content = (titleText, subtitleText)
        invalidateIntrinsicContentSize()
    }

    /// The channel's display name from `appearance.formatters.channelName`.
    open var titleText: String? {
        guard let content else { return nil }
        return appearance.formatters.channelName.format(channel: content, forCurrentUserId: currentUserId)
    }

    /// The connection's status while not connected; else who is typing; else the other member's
    /// status in a 1:1 channel; else the member count and how many are online.
    open var subtitleText: String? {
        guard let content else { return nil }
        if let status = ChatConnectionStatusView.text(for: connectionStatus, l10n: appearance.l10n) { return status }
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

    /// The title container's size.
    open override var intrinsicContentSize: CGSize { titleContainerView.intrinsicContentSize }
}
