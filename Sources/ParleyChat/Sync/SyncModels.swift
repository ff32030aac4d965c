import Foundation

/// Where the local store stands in one channel's event stream: the highest sequence number it
/// applied, within the stream's epoch. A remote backend sends these to sync after a reconnect.
public struct ChannelSyncCursor: Sendable, Hashable {
    /// The channel.
    public var cid: ChannelId
    /// The stream's epoch; events of another epoch cannot be applied (the channel is reloaded).
    public var epoch: String
    /// The highest sequence number applied (0 for none).
    public var sequence: Int64

    /// Describes a cursor.
    public init(cid: ChannelId, epoch: String, sequence: Int64) {
        self.cid = cid
        self.epoch = epoch
        self.sequence = sequence
    }
}

/// One entry of a channel's event stream from a server, in ParleyChat's terms.
///
/// The store applies an event once: one at or below the channel's cursor is skipped, so the
/// same event arriving over the socket and again in a sync never applies twice. Ordering is by
/// ``sequence`` alone, never by creation time, so an edit of an old message made while a client
/// was offline still reaches it.
public struct ChannelSyncEvent: Sendable, Hashable {
    /// The channel.
    public var cid: ChannelId
    /// The event's sequence number in the channel's stream.
    public var sequence: Int64
    /// The stream's epoch.
    public var epoch: String
    /// What changed.
    public var change: ChannelSyncChange

    /// Describes an event.
    public init(cid: ChannelId, sequence: Int64, epoch: String, change: ChannelSyncChange) {
        self.cid = cid
        self.sequence = sequence
        self.epoch = epoch
        self.change = change
    }
}

/// What a ``ChannelSyncEvent`` changes. Messages come as their whole state after the event, so
/// applying them is idempotent.
public enum ChannelSyncChange: Sendable, Hashable {
    /// A message was created, edited, deleted or its reply count changed: its state now.
    case message(SyncedMessage)
    /// A reaction was added or its score changed; `message` is the message's state now.
    case reactionAdded(SyncedReaction, message: SyncedMessage)
    /// A reaction was removed; `message` is the message's state now.
    case reactionRemoved(SyncedReaction, message: SyncedMessage)
    /// A member marked the channel read.
    case read(userId: UserId, at: Date, lastReadMessageId: MessageId?)
    /// A member joined or was added.
    case memberAdded(SyncedMember)
    /// A member left or was removed.
    case memberRemoved(UserId)
    /// A member's state changed (role, or the current user's mute).
    case memberUpdated(SyncedMember)
    /// The channel's own fields changed.
    case channel(SyncedChannel)
    /// The channel was deleted with its messages.
    case channelDeleted
    /// A kind this version does not know: skipped, but the cursor moves past it.
    case unknown
}

/// A message's whole state as a server has it.
public struct SyncedMessage: Sendable, Hashable {
    /// The client-generated id.
    public var id: MessageId
    /// Its channel.
    public var cid: ChannelId
    /// Its type (`deleted` once soft-deleted).
    public var type: MessageType
    /// Its text.
    public var text: String
    /// Its author.
    public var author: ChatUser
    /// When it was written (the sender's clock).
    public var createdAt: Date
    /// When it last changed (the server's clock): a snapshot older than the stored one is ignored.
    public var updatedAt: Date
    /// When its text was last edited.
    public var textUpdatedAt: Date?
    /// When it was deleted.
    public var deletedAt: Date?
    /// The thread root, for a reply.
    public var parentId: MessageId?
    /// Whether a reply is also shown in the channel.
    public var showReplyInChannel: Bool
    /// The message it quotes.
    public var quotedMessageId: MessageId?
    /// Users mentioned.
    public var mentionedUserIds: [UserId]
    /// Attachments.
    public var attachments: [ChatMessageAttachment]
    /// How many replies a thread root has.
    public var replyCount: Int
    /// The sum of scores per reaction type.
    public var reactionScores: [MessageReactionType: Int]
    /// The number of reactions per reaction type.
    public var reactionCounts: [MessageReactionType: Int]
    /// The latest reactions.
    public var latestReactions: [SyncedReaction]

    /// Describes a message.
    public init(
        id: MessageId, cid: ChannelId, type: MessageType, text: String, author: ChatUser, createdAt: Date,
        updatedAt: Date, textUpdatedAt: Date? = nil, deletedAt: Date? = nil, parentId: MessageId? = nil,
        showReplyInChannel: Bool = false, quotedMessageId: MessageId? = nil, mentionedUserIds: [UserId] = [],
        attachments: [ChatMessageAttachment] = [], replyCount: Int = 0,
        reactionScores: [MessageReactionType: Int] = [:], reactionCounts: [MessageReactionType: Int] = [:],
        latestReactions: [SyncedReaction] = []
    ) {
        self.id = id
        self.cid = cid
        self.type = type
        self.text = text
        self.author = author
        self.createdAt = createdAt.roundedToMilliseconds
        self.updatedAt = updatedAt.roundedToMilliseconds
        self.textUpdatedAt = textUpdatedAt?.roundedToMilliseconds
        self.deletedAt = deletedAt?.roundedToMilliseconds
        self.parentId = parentId
        self.showReplyInChannel = showReplyInChannel
        self.quotedMessageId = quotedMessageId
        self.mentionedUserIds = mentionedUserIds
        self.attachments = attachments
        self.replyCount = replyCount
        self.reactionScores = reactionScores
        self.reactionCounts = reactionCounts
        self.latestReactions = latestReactions
    }
}

/// One user's reaction as a server has it.
public struct SyncedReaction: Sendable, Hashable {
    /// The message reacted to.
    public var messageId: MessageId
    /// Who reacted.
    public var userId: UserId
    /// The reaction type.
    public var type: MessageReactionType
    /// Its score.
    public var score: Int
    /// When it was added.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date

    /// Describes a reaction.
    public init(messageId: MessageId, userId: UserId, type: MessageReactionType, score: Int, createdAt: Date, updatedAt: Date) {
        self.messageId = messageId
        self.userId = userId
        self.type = type
        self.score = score
        self.createdAt = createdAt.roundedToMilliseconds
        self.updatedAt = updatedAt.roundedToMilliseconds
    }
}

/// A member as a server has it.
public struct SyncedMember: Sendable, Hashable {
    /// The member.
    public var user: ChatUser
    /// Their role in the channel.
    public var role: MemberRole
    /// When they joined.
    public var createdAt: Date
    /// Up to when they have read the channel.
    public var lastReadAt: Date?
    /// The latest message they read.
    public var lastReadMessageId: MessageId?
    /// Whether they muted the channel (known for the current user only).
    public var isMuted: Bool?

    /// Describes a member.
    public init(
        user: ChatUser, role: MemberRole, createdAt: Date, lastReadAt: Date? = nil, lastReadMessageId: MessageId? = nil,
        isMuted: Bool? = nil
    ) {
        self.user = user
        self.role = role
        self.createdAt = createdAt.roundedToMilliseconds
        self.lastReadAt = lastReadAt?.roundedToMilliseconds
        self.lastReadMessageId = lastReadMessageId
        self.isMuted = isMuted
    }
}

/// A channel's own fields as a server has them.
public struct SyncedChannel: Sendable, Hashable {
    /// The channel.
    public var cid: ChannelId
    /// Its name.
    public var name: String?
    /// Its image.
    public var imageURL: URL?
    /// Its config.
    public var config: ChannelConfig
    /// Whether it is frozen.
    public var isFrozen: Bool
    /// Who created it.
    public var createdBy: UserId?
    /// When it was created.
    public var createdAt: Date
    /// When its fields last changed.
    public var updatedAt: Date

    /// Describes a channel.
    public init(
        cid: ChannelId, name: String? = nil, imageURL: URL? = nil, config: ChannelConfig, isFrozen: Bool = false,
        createdBy: UserId? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.cid = cid
        self.name = name
        self.imageURL = imageURL
        self.config = config
        self.isFrozen = isFrozen
        self.createdBy = createdBy
        self.createdAt = createdAt.roundedToMilliseconds
        self.updatedAt = updatedAt.roundedToMilliseconds
    }
}

/// A whole channel as its member sees it on the server: what a reload (a "reset") replaces the
/// local channel with, and where its stream continues.
public struct ChannelSnapshot: Sendable, Hashable {
    /// The channel's fields.
    public var channel: SyncedChannel
    /// Its members.
    public var members: [SyncedMember]
    /// Its latest messages.
    public var messages: [SyncedMessage]
    /// Whether the current user muted it.
    public var isMuted: Bool
    /// Where the stream continues: the cursor after the snapshot.
    public var cursor: ChannelSyncCursor

    /// Describes a snapshot.
    public init(
        channel: SyncedChannel, members: [SyncedMember], messages: [SyncedMessage], isMuted: Bool,
        cursor: ChannelSyncCursor
    ) {
        self.channel = channel
        self.members = members
        self.messages = messages
        self.isMuted = isMuted
        self.cursor = cursor
    }
}

/// What applying a batch of events did.
public struct SyncApplyResult: Sendable, Hashable {
    /// Events applied.
    public var applied: Int = 0
    /// Events skipped as already applied (at or below the cursor).
    public var duplicates: Int = 0
    /// Channels whose events could not be applied (unknown channel or another epoch): reload
    /// them (``ChatSyncStore/reset(_:)``).
    public var needsReset: Set<ChannelId> = []

    /// An empty result.
    public init() {}
}

/// The state of the connection to a server, as Stream's `ConnectionStatus`.
public enum ConnectionStatus: Sendable, Hashable {
    /// No connection was attempted yet.
    case initialized
    /// Connecting or reconnecting.
    case connecting
    /// Connected: events arrive live and sends go out at once.
    case connected
    /// Disconnecting on request.
    case disconnecting
    /// Disconnected; `error` says why when it was not requested. Sends queue meanwhile.
    case disconnected(error: ChatError?)

    /// Whether the client is connected.
    public var isConnected: Bool { self == .connected }
}
