import Foundation
import ParleyChat
import PostgresNIO

// The reaction operations applied, by the client's operation id (a retry applies nothing), and
// their pruning once no client may retry them.
extension PostgresTransaction {
    func reactionOperation(_ operationId: String, userId: UserId) throws -> MessageId? {
        try rows("""
            SELECT message_id FROM reaction_operations WHERE user_id = \(userId) AND operation_id = \(operationId)
            """).first.map { try $0["message_id"].decode(String.self) }
    }

    func recordReactionOperation(_ operationId: String, userId: UserId, messageId: MessageId) throws {
        send("""
            INSERT INTO reaction_operations (user_id, operation_id, message_id, created_at)
            VALUES (\(userId), \(operationId), \(messageId), \(now.ms))
            """)
    }

    /// Rows another pruner (a second server process) holds are skipped, not waited for.
    func pruneReactionOperations(before cutoff: Date, limit: Int) throws -> Int {
        try execute("""
            DELETE FROM reaction_operations WHERE (user_id, operation_id) IN (
                SELECT user_id, operation_id FROM reaction_operations WHERE created_at < \(cutoff.ms)
                ORDER BY created_at LIMIT \(limit) FOR UPDATE SKIP LOCKED)
            """).metadata?.rows ?? 0
    }
}
