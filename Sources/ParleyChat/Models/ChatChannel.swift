import Foundation

/// A conversation, as the current user sees it.
///
/// Values are snapshots built from the store. `members` holds at most
/// ``ChatChannel/membersLimit`` members (owners and moderators first, then by join date);
/// `memberCount` is the real count and ``ChatChannelController/loadMembers(limit:offset:)``
/// pages through all of them.
public struct ChatChannel: Sendable, Hashable, Identifiable {
    /// The channel id, `type:id`.
    public let cid: ChannelId
    /// The display name, if the channel has one (1:1 channels usually do not).
    public var name: String?
    /// The channel image, if any.
    public var imageURL: URL?
    /// The first members, with roles (see the type's documentation for the limit).
    public var members: [ChatChannelMember]
    /// How many members the channel has.
    public var memberCount: Int
    /// The channel's feature flags.
    public var config: ChannelConfig
    /// When the channel was created.
    public var createdAt: Date
    /// When the channel itself (name, image, frozen, config) last changed.
    public var updatedAt: Date
    /// When the last message shown in the channel was sent; `nil` for an empty channel.
    public var lastMessageAt: Date?
    /// The user who created the channel.
    public var createdBy: ChatUser?
    /// What the current user has not read.
    public var unreadCount: ChannelUnreadCount
    /// What the current user may do here.
    public var ownCapabilities: Set<ChannelCapability>
    /// The current user's membership, if they are a member.
    public var membership: ChatChannelMember?
    /// The newest message shown in the channel (what a channel list row previews).
    public var previewMessage: ChatMessage?
    /// The newest messages shown in the channel, newest first, at most ``latestMessagesLimit``.
    public var latestMessages: [ChatMessage]
    /// Whether the channel is frozen: nobody but admins and moderators may send or react.
    public var isFrozen: Bool
    /// Other users typing in the channel right now (typing events expire on their own).
    public var currentlyTypingUsers: Set<ChatUser>
    /// Whether the current user muted the channel.
    public var isMuted: Bool

    /// How many members ``members`` holds at most.
    public static let membersLimit = 25
    /// How many messages ``latestMessages`` holds at most.
    public static let latestMessagesLimit = 5

    /// Creates a channel value (the store builds them; tests and previews may too).
    public init(
        cid: ChannelId,
        name: String? = nil,
        imageURL: URL? = nil,
        members: [ChatChannelMember] = [],
        memberCount: Int = 0,
        config: ChannelConfig = ChannelConfig(),
        createdAt: Date = Date(timeIntervalSince1970: 0),
        updatedAt: Date = Date(timeIntervalSince1970: 0),
        lastMessageAt: Date? = nil,
        createdBy: ChatUser? = nil,
        unreadCount: ChannelUnreadCount = .noUnread,
        ownCapabilities: Set<ChannelCapability> = [],
        membership: ChatChannelMember? = nil,
        previewMessage: ChatMessage? = nil,
        latestMessages: [ChatMessage] = [],
        isFrozen: Bool = false,
        currentlyTypingUsers: Set<ChatUser> = [],
        isMuted: Bool = false
    ) {
        self.cid = cid
        self.name = name
        self.imageURL = imageURL
        self.members = members
        self.memberCount = memberCount
        self.config = config
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastMessageAt = lastMessageAt
        self.createdBy = createdBy
        self.unreadCount = unreadCount
        self.ownCapabilities = ownCapabilities
        self.membership = membership
        self.previewMessage = previewMessage
        self.latestMessages = latestMessages
        self.isFrozen = isFrozen
        self.currentlyTypingUsers = currentlyTypingUsers
        self.isMuted = isMuted
    }

    /// The same as ``cid``, for `Identifiable`.
    public var id: ChannelId { cid }

    /// The channel's type.
    public var type: ChannelType { cid.type }

    /// Whether this is a 1:1 conversation (a messaging channel with exactly two members and no
    /// name).
    public var isDirectMessageChannel: Bool {
        type == .messaging && memberCount == 2 && (name ?? "").isEmpty
    }

    /// Whether the current user may do `capability` here.
    public func can(_ capability: ChannelCapability) -> Bool { ownCapabilities.contains(capability) }

    /// Hashes the cid only.
    public func hash(into hasher: inout Hasher) { hasher.combine(cid) }
}
