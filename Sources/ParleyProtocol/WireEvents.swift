import Foundation

/// The kind of a ``ChannelEvent``. New kinds may appear within a protocol version; a client
/// skips a kind it does not know (still advancing its cursor past it).
public struct ChannelEventType: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The kind's name, for example `message.new`.
    public let rawValue: String
    /// Creates a kind from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a kind from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The kind's name.
    public var description: String { rawValue }

    /// Decodes the kind from a single string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the kind as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// A message was accepted (``ChannelEvent/message``; a reply also updates its root, sent
    /// as a separate `message.updated`).
    public static let messageNew: ChannelEventType = "message.new"
    /// A message's text or reply count changed (``ChannelEvent/message``).
    public static let messageUpdated: ChannelEventType = "message.updated"
    /// A message was soft-deleted (``ChannelEvent/message`` is the deleted state).
    public static let messageDeleted: ChannelEventType = "message.deleted"
    /// A reaction was added or its score grew (``ChannelEvent/reaction``, ``ChannelEvent/message``).
    public static let reactionNew: ChannelEventType = "reaction.new"
    /// A reaction was removed (``ChannelEvent/reaction``, ``ChannelEvent/message``).
    public static let reactionDeleted: ChannelEventType = "reaction.deleted"
    /// A member marked the channel read (``ChannelEvent/read``).
    public static let messageRead: ChannelEventType = "message.read"
    /// A member joined or was added (``ChannelEvent/member``).
    public static let memberAdded: ChannelEventType = "member.added"
    /// A member left or was removed (``ChannelEvent/member``).
    public static let memberRemoved: ChannelEventType = "member.removed"
    /// A member's own state changed, such as muting (``ChannelEvent/member``; delivered to that
    /// member only, see ``ChannelEvent/onlyForUserId``).
    public static let memberUpdated: ChannelEventType = "member.updated"
    /// The channel's fields changed: name, image, frozen (``ChannelEvent/channel``).
    public static let channelUpdated: ChannelEventType = "channel.updated"
    /// The channel was deleted with its messages; the last event of its stream.
    public static let channelDeleted: ChannelEventType = "channel.deleted"
}

/// One entry of a channel's event stream. Sequence numbers are assigned by the server in the
/// same transaction as the write, start at 1 within an ``epoch`` and only grow; a client keeps
/// the highest it applied per channel (its cursor) and ignores events at or below it.
///
/// Numbers may skip: an event meant for one member (``onlyForUserId``) is not sent to others.
public struct ChannelEvent: Sendable, Hashable, Codable {
    /// `type:id` of the channel.
    public var cid: String
    /// The event's sequence number in the channel.
    public var seq: Int64
    /// The channel stream's epoch.
    public var epoch: String
    /// What happened.
    public var type: ChannelEventType
    /// Who did it.
    public var actorId: String
    /// When (server clock).
    public var createdAt: Date
    /// The message's state after the event (message and reaction events).
    public var message: WireMessage?
    /// The reaction added or removed.
    public var reaction: WireReaction?
    /// The member added, removed or updated.
    public var member: WireMember?
    /// The channel's fields after the event (`channel.updated`).
    public var channel: WireChannel?
    /// The read state (`message.read`).
    public var read: WireReadState?
    /// When set, the event concerns and reaches only this user.
    public var onlyForUserId: String?

    /// Describes an event.
    public init(
        cid: String, seq: Int64, epoch: String, type: ChannelEventType, actorId: String, createdAt: Date,
        message: WireMessage? = nil, reaction: WireReaction? = nil, member: WireMember? = nil,
        channel: WireChannel? = nil, read: WireReadState? = nil, onlyForUserId: String? = nil
    ) {
        self.cid = cid
        self.seq = seq
        self.epoch = epoch
        self.type = type
        self.actorId = actorId
        self.createdAt = createdAt
        self.message = message
        self.reaction = reaction
        self.member = member
        self.channel = channel
        self.read = read
        self.onlyForUserId = onlyForUserId
    }
}

/// A change to the set of channels a user is in, on the user's own feed (not sequenced: after
/// a reconnect the client lists its channels again).
public struct UserFeedEvent: Sendable, Hashable, Codable {
    /// What changed.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The user joined or was added. The user's open sockets already receive the channel's
        /// events from here on (the server subscribed them with this frame); the client loads the
        /// channel and ignores the events its snapshot already holds.
        case channelJoined = "channel.joined"
        /// The user left or was removed: the server stopped sending the channel's events.
        case channelLeft = "channel.left"
        /// The channel was deleted.
        case channelDeleted = "channel.deleted"
    }

    /// What changed.
    public var kind: Kind
    /// `type:id` of the channel.
    public var cid: String
    /// The channel, when the user can see it (joined).
    public var channel: WireChannel?

    /// Describes a feed event.
    public init(kind: Kind, cid: String, channel: WireChannel? = nil) {
        self.kind = kind
        self.cid = cid
        self.channel = channel
    }
}

/// A typing indicator, relayed live and never stored.
public struct TypingEvent: Sendable, Hashable, Codable {
    /// `type:id` of the channel.
    public var cid: String
    /// Who is typing.
    public var userId: String
    /// The thread, when typing a reply.
    public var parentMessageId: String?
    /// `true` while typing, `false` when stopped (indicators also expire after 5 seconds).
    public var isTyping: Bool

    /// Describes a typing indicator.
    public init(cid: String, userId: String, parentMessageId: String? = nil, isTyping: Bool) {
        self.cid = cid
        self.userId = userId
        self.parentMessageId = parentMessageId
        self.isTyping = isTyping
    }
}

/// Where a client stands in one channel's stream.
public struct ChannelCursor: Sendable, Hashable, Codable {
    /// `type:id` of the channel.
    public var cid: String
    /// The epoch the cursor belongs to (`nil` for a channel never synced).
    public var epoch: String?
    /// The highest sequence number applied (0 for none).
    public var seq: Int64

    /// Describes a cursor.
    public init(cid: String, epoch: String?, seq: Int64) {
        self.cid = cid
        self.epoch = epoch
        self.seq = seq
    }
}

/// The answer for one cursor of a sync.
public struct ChannelSyncResult: Sendable, Hashable, Codable {
    /// `type:id` of the channel.
    public var cid: String
    /// The channel's current epoch.
    public var epoch: String
    /// The channel's latest sequence number.
    public var lastSeq: Int64
    /// The events after the cursor, in order (empty on a reset).
    public var events: [ChannelEvent]
    /// When set, the cursor cannot be served (unknown epoch, a gap beyond
    /// ``WireLimits/maxSyncEvents``, or a cursor ahead of the stream): reload the channel
    /// (``ChannelStateResponse``) and continue from its `lastSeq`.
    public var reset: ResetReason?

    /// Describes a sync result.
    public init(cid: String, epoch: String, lastSeq: Int64, events: [ChannelEvent], reset: ResetReason? = nil) {
        self.cid = cid
        self.epoch = epoch
        self.lastSeq = lastSeq
        self.events = events
        self.reset = reset
    }
}

/// Why a cursor cannot be served.
public enum ResetReason: String, Sendable, Hashable, Codable {
    /// The cursor's epoch is not the channel's.
    case unknownEpoch = "unknown_epoch"
    /// More events than ``WireLimits/maxSyncEvents`` are missing, or they were pruned.
    case gapTooLarge = "gap_too_large"
    /// The cursor is ahead of the stream.
    case cursorAhead = "cursor_ahead"
    /// The server dropped events for a connection that could not keep up.
    case slowConsumer = "slow_consumer"
}
