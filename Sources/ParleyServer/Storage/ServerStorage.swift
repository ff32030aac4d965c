import Foundation
import ParleyChat
import ParleyProtocol

/// The server's storage: the one seam between the chat service and a database engine.
///
/// The service runs every operation as one call of ``write(_:afterCommit:)``: it reads rows,
/// applies the chat rules, writes, and appends events through the same transaction, so an event's
/// sequence number is taken in the transaction that makes the change. `afterCommit` runs once the
/// transaction is durable and before the next write starts, so events reach the live fan-out in
/// commit order. An engine may let concurrent writes share one transaction (group commit, as
/// ``SQLiteServerStorage`` and ``PostgresServerStorage`` do: one sync to disk for many sends) when
/// a failing body undoes only its own changes and the `afterCommit`s run in the order the bodies
/// ran. SQLite is the embedded engine; PostgreSQL runs the same bodies in a row-locked transaction.
protocol ServerStorage: Sendable {
    /// Runs `body` in a read-only snapshot.
    func read<T: Sendable>(_ body: @Sendable (any ServerTransaction) throws -> T) async throws -> T

    /// Runs `body` in one write transaction, then `afterCommit` with its result, still in commit
    /// order. `channel` names the one channel the write appends to when the caller knows it (`nil`:
    /// unknown, several, or none): an engine may then commit writes to different channels side by side.
    func write<T: Sendable>(
        in channel: ChannelId?, _ body: @Sendable (any ServerTransaction) throws -> T,
        afterCommit: @Sendable (T) -> Void
    ) async throws -> T

    /// Stores an uploaded file, bytes included, in the database (so every server process over
    /// it serves the upload). Outside the group commit: an upload appends no event.
    func insertUpload(_ upload: UploadRecord) async throws

    /// The upload with this id, bytes included; `nil` when there is none.
    func upload(_ id: String) async throws -> UploadRecord?
}

extension ServerStorage {
    /// Runs `body` in one write transaction, then `afterCommit` with its result, still in commit order.
    func write<T: Sendable>(
        _ body: @Sendable (any ServerTransaction) throws -> T, afterCommit: @Sendable (T) -> Void
    ) async throws -> T {
        try await write(in: nil, body, afterCommit: afterCommit)
    }
}

/// The rows of one transaction. Methods throw the engine's errors; the chat rules live above.
protocol ServerTransaction {
    /// The time of the transaction (one value for all its rows).
    var now: Date { get }

    func user(_ id: UserId) throws -> UserRecord?
    func users(_ ids: [UserId]) throws -> [UserId: UserRecord]
    func upsertUser(_ user: UserRecord) throws

    func channel(_ cid: ChannelId) throws -> ChannelRecord?
    func insertChannel(_ channel: ChannelRecord) throws
    /// Writes name, image, frozen, updatedAt and lastMessageAt.
    func updateChannel(_ channel: ChannelRecord) throws
    /// Deletes the channel with its members, messages, reactions and events.
    func deleteChannel(_ cid: ChannelId) throws
    /// The user's channels, most recently active first.
    func channels(ofUser userId: UserId, limit: Int) throws -> [ChannelRecord]

    func member(_ cid: ChannelId, userId: UserId) throws -> MemberRecord?
    func members(_ cid: ChannelId) throws -> [MemberRecord]
    func upsertMember(_ member: MemberRecord) throws
    /// Whether there was such a member.
    func removeMember(_ cid: ChannelId, userId: UserId) throws -> Bool

    func message(_ id: MessageId) throws -> MessageRecord?
    func insertMessage(_ message: MessageRecord) throws
    func updateMessage(_ message: MessageRecord) throws
    /// A page of top-level messages (and replies shown in the channel) or of one thread's
    /// replies, before `before` when set; oldest first.
    func messages(_ cid: ChannelId, parentId: MessageId?, before: MessageId?, limit: Int) throws -> [MessageRecord]
    /// Messages whose text contains `text`, in the given channels, newest first.
    func search(_ text: String, in cids: [ChannelId], limit: Int) throws -> [MessageRecord]

    func reactions(_ messageId: MessageId) throws -> [ReactionRecord]
    func upsertReaction(_ reaction: ReactionRecord) throws
    func deleteReaction(_ messageId: MessageId, userId: UserId, type: String) throws -> Bool
    /// The message a reaction operation of `userId` with this client-chosen id was applied to,
    /// `nil` when none was (so a retried operation applies once).
    func reactionOperation(_ operationId: String, userId: UserId) throws -> MessageId?
    /// Records that the operation was applied (in the transaction that applies it).
    func recordReactionOperation(_ operationId: String, userId: UserId, messageId: MessageId) throws
    /// Deletes at most `limit` of the reaction operations recorded before `cutoff`, oldest first
    /// (see ``ReactionOperationPruner``); how many it deleted.
    func pruneReactionOperations(before cutoff: Date, limit: Int) throws -> Int

    /// The stored JSON of the events this transaction appended (see ``StoredEventPayloads``).
    var storedPayloads: StoredEventPayloads { get }
    /// Takes the channel's next sequence number, builds the event with it and stores it (its JSON
    /// recorded in ``storedPayloads``).
    func appendEvent(_ cid: ChannelId, _ build: (_ seq: Int64, _ epoch: String) -> ChannelEvent) throws -> ChannelEvent
    /// The stored events after `seq`, in order, at most `limit`.
    func events(_ cid: ChannelId, after seq: Int64, limit: Int) throws -> [ChannelEvent]
    /// The lowest stored sequence number (`nil` when none is stored).
    func oldestEventSeq(_ cid: ChannelId) throws -> Int64?

    /// A hint: the rows the body is about to read, in the order it reads them. An engine that
    /// waits a round trip for each read may ask for all of them at once (PostgreSQL); reading
    /// them afterwards returns the same rows. An embedded engine ignores it.
    func expect(_ reads: [ExpectedRead])
}

extension ServerTransaction {
    /// Ignores the hint (see ``ServerTransaction/expect(_:)``).
    func expect(_ reads: [ExpectedRead]) {}
}

/// A row an operation is about to read (see ``ServerTransaction/expect(_:)``).
enum ExpectedRead: Hashable, Sendable {
    case user(UserId)
    /// In a write: the channel row, locked.
    case channel(ChannelId)
    case member(ChannelId, UserId)
    /// In a write: the message row, locked.
    case message(MessageId)
}

/// A user row.
struct UserRecord: Sendable, Hashable {
    var id: UserId
    var name: String
    var imageURL: URL?
    var avatarColor: UInt32?
    var role: UserRole
    var createdAt: Date
    var deletedAt: Date?
}

/// A channel row.
struct ChannelRecord: Sendable, Hashable {
    var cid: ChannelId
    var name: String?
    var imageURL: URL?
    var config: ChannelConfig
    var isFrozen: Bool
    var createdBy: UserId?
    var createdAt: Date
    var updatedAt: Date
    var lastMessageAt: Date?
    var epoch: String
    var lastSeq: Int64
}

/// A member row.
struct MemberRecord: Sendable, Hashable {
    var cid: ChannelId
    var userId: UserId
    var role: MemberRole
    var createdAt: Date
    var lastReadAt: Date?
    var lastReadMessageId: MessageId?
    var isMuted: Bool
}

/// A message row.
struct MessageRecord: Sendable, Hashable {
    var id: MessageId
    var cid: ChannelId
    var userId: UserId
    var type: MessageType
    var text: String
    var createdAt: Date
    var updatedAt: Date
    var textUpdatedAt: Date?
    var deletedAt: Date?
    var parentId: MessageId?
    var showInChannel: Bool
    var quotedId: MessageId?
    var mentionedIds: [UserId]
    var attachments: [WireAttachment]
    var replyCount: Int

    var isDeleted: Bool { type == .deleted || deletedAt != nil }
}

/// A reaction row.
struct ReactionRecord: Sendable, Hashable {
    var messageId: MessageId
    var userId: UserId
    var type: String
    var score: Int
    var createdAt: Date
    var updatedAt: Date
}

/// An uploaded file: its bytes and what it was uploaded for.
struct UploadRecord: Sendable, Hashable {
    var id: String
    /// The channel it was uploaded to (only readers of that channel may fetch it).
    var cid: ChannelId
    var userId: UserId
    /// The sanitized file name.
    var fileName: String
    var mimeType: String
    var bytes: Data
    var createdAt: Date
}
