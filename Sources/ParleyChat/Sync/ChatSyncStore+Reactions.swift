import Foundation
import GRDB

/// A reaction added or removed by the current user, waiting in the store for a server.
///
/// Its ``operationId`` is chosen once, when it is queued, and sent with every attempt: a server
/// that applied the operation but whose answer was lost applies nothing the second time, so a
/// retry never adds a score twice.
public struct QueuedReaction: Sendable, Hashable {
    /// The operation's id, the same on every retry.
    public var operationId: String
    /// The message reacted to.
    public var messageId: MessageId
    /// The reaction type.
    public var type: MessageReactionType
    /// The score to add (ignored for a removal).
    public var score: Int
    /// Whether the user's reactions of other types go first (ignored for a removal).
    public var enforceUnique: Bool
    /// Whether this removes the reaction rather than adding it.
    public var isRemoval: Bool
    /// When it was queued: it is retried for a bounded time after (a server forgets operation
    /// ids after a while, and a retry it no longer recognises would apply twice).
    public var queuedAt: Date

    /// Describes a queued reaction operation.
    public init(
        operationId: String, messageId: MessageId, type: MessageReactionType, score: Int = 1,
        enforceUnique: Bool = false, isRemoval: Bool = false, queuedAt: Date = Date()
    ) {
        self.queuedAt = queuedAt
        self.operationId = operationId
        self.messageId = messageId
        self.type = type
        self.score = score
        self.enforceUnique = enforceUnique
        self.isRemoval = isRemoval
    }
}

/// The reaction outbox: operations a remote backend sends, in order, until the server answers.
extension ChatSyncStore {
    /// Queues `reaction` after every reaction operation already queued.
    public func queueReaction(_ reaction: QueuedReaction) async throws(ChatError) {
        try await store.write { db in
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO reaction_outbox
                        (operation_id, message_id, type, score, enforce_unique, is_removal, queued_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    reaction.operationId, reaction.messageId, reaction.type.rawValue, reaction.score,
                    reaction.enforceUnique, reaction.isRemoval, Int64((reaction.queuedAt.timeIntervalSince1970 * 1000).rounded()),
                ])
        }
    }

    /// The queued reaction operations, oldest first (at most `limit` when set).
    public func queuedReactions(limit: Int? = nil) throws(ChatError) -> [QueuedReaction] {
        let page = limit.map { " LIMIT \(max(1, $0))" } ?? ""
        return try store.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT operation_id, message_id, type, score, enforce_unique, is_removal, queued_at
                    FROM reaction_outbox ORDER BY rowid\(page)
                    """
            ).map { row in
                QueuedReaction(
                    operationId: row[0], messageId: row[1], type: MessageReactionType(rawValue: row[2]), score: row[3],
                    enforceUnique: row[4], isRemoval: row[5], queuedAt: Date(timeIntervalSince1970: Double(row[6] as Int64) / 1000))
            }
        }
    }

    /// Removes an operation the server answered (applied, applied before, or refused for good).
    public func removeQueuedReaction(_ operationId: String) async throws(ChatError) {
        try await store.write { db in
            try db.execute(sql: "DELETE FROM reaction_outbox WHERE operation_id = ?", arguments: [operationId])
        }
    }
}
