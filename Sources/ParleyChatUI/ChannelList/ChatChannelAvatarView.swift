import Foundation
import ParleyChat
import ParleyUIKit

/// A channel's avatar: the other member's avatar in a direct message (with a green dot while they
/// are online), the channel's image or initials otherwise.
///
/// The image itself is drawn by ``avatarView``, an instance of `components.avatarView`, so
/// `Components.default.avatarView = RectAvatarView.self` changes channel avatars too.
@preconcurrency @MainActor
open class ChatChannelAvatarView: _View {
    /// The channel shown and the user looking at it (to find "the other member" of a direct
    /// message). A `nil` channel shows the placeholder.
    public var content: (channel: ChatChannel?, currentUserId: UserId?) = (nil, nil) {
        didSet { updateContentIfNeeded() }
    }

    /// The avatar that draws the image: a `components.avatarView`.
    open private(set) lazy var avatarView: ChatAvatarView = components.avatarView.init(frame: .zero)

    /// The green dot shown at the bottom trailing corner while the other member of a direct
    /// message is online: a `components.onlineIndicatorView`.
    open private(set) lazy var onlineIndicatorView: UIView = makeComponent(components.onlineIndicatorView.init(frame: .zero))

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Adds the avatar and the online dot (the dot above it).
    open override func setUpLayout() {
        super.setUpLayout()
        avatarView.appearance = appearance
        avatarView.components = components
        if avatarView.superview !== self { addSubview(avatarView) }
        if onlineIndicatorView.superview !== self { addSubview(onlineIndicatorView) }
    }

    /// Shows the other member (direct messages) or the channel's image or initials.
    open override func updateContent() {
        super.updateContent()
        let (channel, currentUserId) = content
        guard let channel else {
            avatarView.content = nil
            avatarView.imageView.image = appearance.images.channelAvatarPlaceholder
            onlineIndicatorView.isHidden = true
            return
        }
        if let other = directMessagePartner(in: channel, currentUserId: currentUserId), channel.imageURL == nil {
            avatarView.content = other
            onlineIndicatorView.isHidden = !other.isOnline
        } else {
            avatarView.content = channelUser(for: channel, currentUserId: currentUserId)
            onlineIndicatorView.isHidden = true
        }
        accessibilityLabel = avatarView.accessibilityLabel
    }

    /// The other member of a direct message, if `channel` is one and has them.
    open func directMessagePartner(in channel: ChatChannel, currentUserId: UserId?) -> ChatUser? {
        guard channel.isDirectMessageChannel else { return nil }
        return channel.members.first { $0.user.id != currentUserId }?.user
    }

    /// A stand-in user that gives a channel its avatar: the channel's image, or the initials of its
    /// display name on a colour derived from its id.
    open func channelUser(for channel: ChatChannel, currentUserId: UserId?) -> ChatUser {
        let name = appearance.formatters.channelName.format(channel: channel, forCurrentUserId: currentUserId) ?? channel.cid.id
        return ChatUser(id: channel.cid.rawValue, name: name, imageURL: channel.imageURL)
    }

    /// The avatar fills the view; the dot sits on its bottom trailing edge.
    open override func layoutSubviews() {
        super.layoutSubviews()
        avatarView.frame = bounds
        onlineIndicatorView.frame = OnlineIndicatorView.frame(onAvatarOf: bounds, layoutDirection: effectiveUserInterfaceLayoutDirection)
    }

    /// 48 × 48 points unless the container says otherwise.
    open override var intrinsicContentSize: CGSize { CGSize(width: 48, height: 48) }
}
