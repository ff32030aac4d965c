import Foundation

/// A message, as the current user sees it.
///
/// Values are snapshots built from the store (or from the client's outbox for messages the store
/// could not accept). Deleted messages keep their row: ``type`` becomes ``MessageType/deleted``
/// and ``deletedAt`` is set, so the UI can show a placeholder where the message was.
public struct ChatMessage: Sendable, Hashable, Identifiable {
    /// The message id.
    public let id: MessageId
    /// The channel of the message.
    public let cid: ChannelId
    /// The text (may be empty when the message only has attachments).
    public var text: String
    /// The kind of message.
    public var type: MessageType
    /// Who sent it (for system messages: who caused the event).
    public var author: ChatUser
    /// When it was sent.
    public var createdAt: Date
    /// When anything about it last changed (text, reactions, replies, deletion).
    public var updatedAt: Date
    /// When its text was last edited; `nil` if never edited.
    public var textUpdatedAt: Date?
    /// When it was deleted; `nil` if not deleted.
    public var deletedAt: Date?
    /// The thread root this message replies to; `nil` for messages outside threads.
    public var parentMessageId: MessageId?
    /// How many replies its thread has (thread roots only).
    public var replyCount: Int
    /// Whether this reply is also shown in the channel (the "also send to channel" option).
    public var showReplyInChannel: Bool
    /// The users mentioned in the text.
    public var mentionedUsers: Set<ChatUser>
    /// Images, files and link previews.
    public var attachments: [ChatMessageAttachment]
    /// The newest reactions, newest first (at most ``latestReactionsLimit``).
    public var latestReactions: [ChatMessageReaction]
    /// The current user's reactions to this message, newest first.
    public var currentUserReactions: [ChatMessageReaction]
    /// Per reaction type: total score, count, whether the current user chose it, first and last
    /// reaction dates.
    public var reactionGroups: [MessageReactionType: ChatMessageReactionData]
    /// Where the message stands between this device and the backend.
    public var localState: LocalMessageState
    /// Whether the current user sent it.
    public var isSentByCurrentUser: Bool
    /// The other members who have read the channel up to this message (empty where read events are
    /// disabled).
    public var readBy: Set<ChatUser>
    /// Grows whenever anything the message shows changes: its text, type, deletion, reactions,
    /// reply count, delivery state, who read it, or its author's profile. Compare versions, not
    /// values, to tell whether a row must re-render: a controller's ``ListChange/updated`` lists
    /// an id exactly when its version changed.
    ///
    /// An `Int` (64 bits on every platform Parley runs on) that only means something compared with
    /// another version of the same message id: versions of messages held in memory after the
    /// store refused them count from 2⁴⁰ up, so moving between the store and memory always
    /// changes it. Values made with the initializer start at 0.
    public var version: Int

    /// The message this one quotes, without its own quote (one level is loaded).
    public var quotedMessage: ChatMessage? {
        get { quotedBox?.value }
        set { quotedBox = newValue.map(MessageBox.init) }
    }

    /// How many reactions ``latestReactions`` holds at most.
    public static let latestReactionsLimit = 10

    private var quotedBox: MessageBox?

    /// Where the store orders the message (creation time, then insertion order). Not public:
    /// the UI orders by the controllers' arrays.
    var orderKey: MessageOrderKey

    /// Creates a message value (the store builds them; tests and previews may too).
    public init(
        id: MessageId,
        cid: ChannelId,
        text: String,
        type: MessageType = .regular,
        author: ChatUser,
        createdAt: Date,
        updatedAt: Date? = nil,
        textUpdatedAt: Date? = nil,
        deletedAt: Date? = nil,
        parentMessageId: MessageId? = nil,
        replyCount: Int = 0,
        showReplyInChannel: Bool = false,
        quotedMessage: ChatMessage? = nil,
        mentionedUsers: Set<ChatUser> = [],
        attachments: [ChatMessageAttachment] = [],
        latestReactions: [ChatMessageReaction] = [],
        currentUserReactions: [ChatMessageReaction] = [],
        reactionGroups: [MessageReactionType: ChatMessageReactionData] = [:],
        localState: LocalMessageState = .synced,
        isSentByCurrentUser: Bool = false,
        readBy: Set<ChatUser> = [],
        version: Int = 0
    ) {
        self.id = id
        self.cid = cid
        self.text = text
        self.type = type
        self.author = author
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.textUpdatedAt = textUpdatedAt
        self.deletedAt = deletedAt
        self.parentMessageId = parentMessageId
        self.replyCount = replyCount
        self.showReplyInChannel = showReplyInChannel
        self.quotedBox = quotedMessage.map(MessageBox.init)
        self.mentionedUsers = mentionedUsers
        self.attachments = attachments
        self.latestReactions = latestReactions
        self.currentUserReactions = currentUserReactions
        self.reactionGroups = reactionGroups
        self.localState = localState
        self.isSentByCurrentUser = isSentByCurrentUser
        self.readBy = readBy
        self.version = version
        self.orderKey = MessageOrderKey(createdAt: createdAt.millisecondsSince1970, sequence: .max)
    }

    /// Total score per reaction type.
    public var reactionScores: [MessageReactionType: Int] { reactionGroups.mapValues(\.score) }

    /// Number of users per reaction type.
    public var reactionCounts: [MessageReactionType: Int] { reactionGroups.mapValues(\.count) }

    /// The reaction groups in the default order (alphabetical by type), ready for a reactions
    /// bubble.
    public var reactionsData: [ChatMessageReactionData] {
        reactionGroups.values.sorted { $0.type < $1.type }
    }

    /// Whether the message was deleted.
    public var isDeleted: Bool { deletedAt != nil || type == .deleted }

    /// Whether the text was edited after sending.
    public var isEdited: Bool { textUpdatedAt != nil }

    /// Whether the message starts a thread that has replies.
    public var isRootOfThread: Bool { replyCount > 0 }

    /// Whether the message is a thread reply.
    public var isPartOfThread: Bool { parentMessageId != nil }

    /// Hashes the id only.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The kind of a message.
public enum MessageType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A message sent by a user.
    case regular
    /// A notice generated by the backend: member added or removed, channel renamed, …
    case system
    /// A message only its author sees, not stored by the backend (for example a command preview).
    case ephemeral
    /// A message the backend rejected; only its author sees it.
    case error
    /// A thread reply.
    case reply
    /// A deleted message; its row is kept.
    case deleted
}

/// Where a message stands between this device and the backend.
public enum LocalMessageState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Created on this device and stored, not handed to the backend yet.
    case pending
    /// Being sent. (The embedded backend commits in the same step, so it goes straight from
    /// `pending` to `synced`; a network backend shows this state while a request is in flight.)
    case sending
    /// The backend or the store refused it; ``ChatChannelController/resendMessage(id:)`` retries
    /// with the same id, so a retry never duplicates it.
    case sendingFailed
    /// Accepted by the backend.
    case synced
    /// Being deleted. (Like `sending`, transient with a network backend only.)
    case deleting

    /// The value stored in the database.
    var storageValue: Int {
        switch self {
        case .synced: 0
        case .pending: 1
        case .sending: 2
        case .sendingFailed: 3
        case .deleting: 4
        }
    }

    /// The state stored as `value`; unknown values read as `.sendingFailed` so that nothing is
    /// silently treated as sent.
    init(storageValue value: Int) {
        switch value {
        case 0: self = .synced
        case 1: self = .pending
        case 2: self = .sending
        case 4: self = .deleting
        default: self = .sendingFailed
        }
    }
}

/// Where a message sits in its channel or thread: creation time in milliseconds, then the store's
/// insertion sequence (messages not in the store yet sort last among equal times).
struct MessageOrderKey: Hashable, Comparable, Sendable {
    var createdAt: Int64
    var sequence: Int64

    static func < (lhs: MessageOrderKey, rhs: MessageOrderKey) -> Bool {
        (lhs.createdAt, lhs.sequence) < (rhs.createdAt, rhs.sequence)
    }
}

/// Gives ``ChatMessage`` its recursive `quotedMessage` without making it a class.
final class MessageBox: Sendable, Hashable {
    let value: ChatMessage
    init(_ value: ChatMessage) { self.value = value }
    static func == (lhs: MessageBox, rhs: MessageBox) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value.id) }
}
