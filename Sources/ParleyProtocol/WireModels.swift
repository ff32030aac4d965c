import Foundation

/// A user on the wire.
public struct WireUser: Sendable, Hashable, Codable {
    /// The user id (a token's subject).
    public var id: String
    /// The display name.
    public var name: String
    /// The avatar image.
    public var imageURL: URL?
    /// The avatar's fallback color, `0xRRGGBB`; derived from the id when absent.
    public var avatarColor: UInt32?
    /// The app-wide role: `user`, `admin` or `guest`.
    public var role: String
    /// When the user was created (set by the server).
    public var createdAt: Date?
    /// Whether the user was deleted (their messages stay; their tokens stop working).
    public var isDeleted: Bool?

    /// Describes a user.
    public init(
        id: String, name: String, imageURL: URL? = nil, avatarColor: UInt32? = nil, role: String = "user",
        createdAt: Date? = nil, isDeleted: Bool? = nil
    ) {
        self.id = id
        self.name = name
        self.imageURL = imageURL
        self.avatarColor = avatarColor
        self.role = role
        self.createdAt = createdAt
        self.isDeleted = isDeleted
    }
}

/// What a channel allows (mirrors ParleyChat's `ChannelConfig`).
public struct WireChannelConfig: Sendable, Hashable, Codable {
    /// Reactions allowed.
    public var reactionsEnabled: Bool
    /// Thread replies allowed.
    public var repliesEnabled: Bool
    /// Quotes allowed.
    public var quotesEnabled: Bool
    /// Typing events sent.
    public var typingEventsEnabled: Bool
    /// Read states kept.
    public var readEventsEnabled: Bool
    /// Image and file attachments allowed.
    public var uploadsEnabled: Bool
    /// Muting allowed.
    public var mutesEnabled: Bool
    /// The longest message text, in characters.
    public var maxMessageLength: Int
    /// The `/` commands the composer offers; nil (from an older peer) means the default set.
    public var commands: [WireCommand]?

    /// Creates a config; every feature is on by default.
    public init(
        reactionsEnabled: Bool = true, repliesEnabled: Bool = true, quotesEnabled: Bool = true,
        typingEventsEnabled: Bool = true, readEventsEnabled: Bool = true, uploadsEnabled: Bool = true,
        mutesEnabled: Bool = true, maxMessageLength: Int = 5_000, commands: [WireCommand]? = nil
    ) {
        self.reactionsEnabled = reactionsEnabled
        self.repliesEnabled = repliesEnabled
        self.quotesEnabled = quotesEnabled
        self.typingEventsEnabled = typingEventsEnabled
        self.readEventsEnabled = readEventsEnabled
        self.uploadsEnabled = uploadsEnabled
        self.mutesEnabled = mutesEnabled
        self.maxMessageLength = maxMessageLength
        self.commands = commands
    }
}

/// A `/` command of a channel (mirrors ParleyChat's `Command`).
public struct WireCommand: Sendable, Hashable, Codable {
    /// The name typed after the slash.
    public var name: String
    /// What it does.
    public var description: String
    /// Its group ("fun_set").
    public var set: String
    /// Its arguments as shown ("[text]").
    public var args: String

    /// Describes a command.
    public init(name: String, description: String, set: String, args: String) {
        self.name = name
        self.description = description
        self.set = set
        self.args = args
    }
}

/// A channel's own fields, with where its event stream stands.
public struct WireChannel: Sendable, Hashable, Codable {
    /// `type:id`.
    public var cid: String
    /// The display name.
    public var name: String?
    /// The image.
    public var imageURL: URL?
    /// What the channel allows.
    public var config: WireChannelConfig
    /// Whether it is frozen.
    public var isFrozen: Bool
    /// Who created it.
    public var createdBy: String?
    /// When it was created.
    public var createdAt: Date
    /// When its fields last changed.
    public var updatedAt: Date
    /// When its latest message was sent.
    public var lastMessageAt: Date?
    /// How many members it has.
    public var memberCount: Int
    /// The epoch of its event stream: cursors from another epoch get a reset.
    public var epoch: String
    /// The sequence number of its latest event (0 before the first).
    public var lastSeq: Int64

    /// Describes a channel.
    public init(
        cid: String, name: String? = nil, imageURL: URL? = nil, config: WireChannelConfig = WireChannelConfig(),
        isFrozen: Bool = false, createdBy: String? = nil, createdAt: Date, updatedAt: Date,
        lastMessageAt: Date? = nil, memberCount: Int = 0, epoch: String, lastSeq: Int64
    ) {
        self.cid = cid
        self.name = name
        self.imageURL = imageURL
        self.config = config
        self.isFrozen = isFrozen
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastMessageAt = lastMessageAt
        self.memberCount = memberCount
        self.epoch = epoch
        self.lastSeq = lastSeq
    }
}

/// A member of a channel.
public struct WireMember: Sendable, Hashable, Codable {
    /// The member.
    public var user: WireUser
    /// `member`, `moderator` or `owner`.
    public var role: String
    /// When they joined.
    public var createdAt: Date
    /// Up to when they have read the channel.
    public var lastReadAt: Date?
    /// The latest message they have read.
    public var lastReadMessageId: String?
    /// Whether they muted the channel; sent only to that member (others see `nil`).
    public var isMuted: Bool?

    /// Describes a member.
    public init(
        user: WireUser, role: String, createdAt: Date, lastReadAt: Date? = nil, lastReadMessageId: String? = nil,
        isMuted: Bool? = nil
    ) {
        self.user = user
        self.role = role
        self.createdAt = createdAt
        self.lastReadAt = lastReadAt
        self.lastReadMessageId = lastReadMessageId
        self.isMuted = isMuted
    }
}

/// An attachment: `image`, `file` or `link`, with the fields of its kind, or an app's own type
/// (`location`…) with its payload's JSON text in ``json``.
public struct WireAttachment: Sendable, Hashable, Codable {
    /// `image`, `file`, `link`, or an app's own type.
    public var type: String
    /// Where the image, file or link is (`nil` for a custom attachment).
    public var url: URL?
    /// Its title.
    public var title: String?
    /// An image's width in pixels.
    public var width: Int?
    /// An image's height in pixels.
    public var height: Int?
    /// A file's size in bytes.
    public var fileSize: Int64?
    /// A file's MIME type.
    public var mimeType: String?
    /// A link's description.
    public var text: String?
    /// A link's site name.
    public var siteName: String?
    /// A custom attachment's payload: the text of a JSON object (the server caps its size).
    public var json: String?
    /// A link's preview picture: its upload on the server (`/v1/uploads/{id}`, a path on the
    /// server that sent it when the server made the preview).
    public var imageURL: URL?

    /// Describes an attachment.
    public init(
        type: String, url: URL?, title: String? = nil, width: Int? = nil, height: Int? = nil, fileSize: Int64? = nil,
        mimeType: String? = nil, text: String? = nil, siteName: String? = nil, json: String? = nil, imageURL: URL? = nil
    ) {
        self.type = type
        self.url = url
        self.title = title
        self.width = width
        self.height = height
        self.fileSize = fileSize
        self.mimeType = mimeType
        self.text = text
        self.siteName = siteName
        self.json = json
        self.imageURL = imageURL
    }
}

/// One user's reaction to a message.
public struct WireReaction: Sendable, Hashable, Codable {
    /// The message reacted to.
    public var messageId: String
    /// Who reacted.
    public var userId: String
    /// The reaction type, for example `like`.
    public var type: String
    /// Its score (repeating a reaction adds to it).
    public var score: Int
    /// When it was first added.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date

    /// Describes a reaction.
    public init(messageId: String, userId: String, type: String, score: Int, createdAt: Date, updatedAt: Date) {
        self.messageId = messageId
        self.userId = userId
        self.type = type
        self.score = score
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A message as the server stores it: the whole state, so applying a newer snapshot over an
/// older one is always right.
public struct WireMessage: Sendable, Hashable, Codable {
    /// The client-generated id.
    public var id: String
    /// `type:id` of its channel.
    public var cid: String
    /// `regular`, `reply`, `system` or `deleted`.
    public var type: String
    /// The text (empty once deleted).
    public var text: String
    /// The author.
    public var user: WireUser
    /// When it was written (the sender's clock, as sent).
    public var createdAt: Date
    /// When it last changed (server clock).
    public var updatedAt: Date
    /// When its text was last edited.
    public var textUpdatedAt: Date?
    /// When it was deleted.
    public var deletedAt: Date?
    /// The thread root, for a reply.
    public var parentId: String?
    /// Whether a reply is also shown in the channel.
    public var showReplyInChannel: Bool
    /// The message it quotes.
    public var quotedMessageId: String?
    /// Users mentioned in the text.
    public var mentionedUserIds: [String]
    /// Attachments.
    public var attachments: [WireAttachment]
    /// How many replies a thread root has.
    public var replyCount: Int
    /// The sum of scores per reaction type.
    public var reactionScores: [String: Int]
    /// The number of reactions per reaction type.
    public var reactionCounts: [String: Int]
    /// The most recent reactions (newest first, at most 10).
    public var latestReactions: [WireReaction]

    /// Describes a message.
    public init(
        id: String, cid: String, type: String, text: String, user: WireUser, createdAt: Date, updatedAt: Date,
        textUpdatedAt: Date? = nil, deletedAt: Date? = nil, parentId: String? = nil, showReplyInChannel: Bool = false,
        quotedMessageId: String? = nil, mentionedUserIds: [String] = [], attachments: [WireAttachment] = [],
        replyCount: Int = 0, reactionScores: [String: Int] = [:], reactionCounts: [String: Int] = [:],
        latestReactions: [WireReaction] = []
    ) {
        self.id = id
        self.cid = cid
        self.type = type
        self.text = text
        self.user = user
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.textUpdatedAt = textUpdatedAt
        self.deletedAt = deletedAt
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

/// Where a member has read a channel up to.
public struct WireReadState: Sendable, Hashable, Codable {
    /// The reader.
    public var userId: String
    /// Up to when.
    public var lastReadAt: Date
    /// The latest message read.
    public var lastReadMessageId: String?

    /// Describes a read state.
    public init(userId: String, lastReadAt: Date, lastReadMessageId: String? = nil) {
        self.userId = userId
        self.lastReadAt = lastReadAt
        self.lastReadMessageId = lastReadMessageId
    }
}
