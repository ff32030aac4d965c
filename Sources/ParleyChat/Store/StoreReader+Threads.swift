import Foundation
import GRDB

extension StoreReader {
    /// The threads the viewer takes part in (they wrote the root or a reply) in their channels,
    /// newest reply first, at most `limit`.
    func threads(limit: Int) throws -> [ChatThread] {
        var found: [(id: MessageId, cid: String, unread: Int)] = []
        try db.forEachRawRow("""
            SELECT r.id, r.cid,
                   (SELECT max(x.created_at) FROM message x WHERE x.parent_id = r.id) AS last_reply,
                   (SELECT count(*) FROM message x WHERE x.parent_id = r.id AND x.user_id <> ?1
                        AND x.deleted_at IS NULL AND x.local_state = 0
                        AND x.created_at > coalesce(mb.last_read_at, 0)) AS unread
            FROM member mb CROSS JOIN message r ON r.cid = mb.cid
            WHERE mb.user_id = ?1 AND r.parent_id IS NULL AND r.reply_count > 0
              AND (r.user_id = ?1 OR EXISTS (SELECT 1 FROM message p WHERE p.parent_id = r.id AND p.user_id = ?1))
            ORDER BY last_reply DESC, r.pk DESC
            LIMIT ?2
            """, arguments: [currentUserId, limit]) { row in
            found.append((id: row.text(0), cid: row.text(1), unread: row.int(3)))
        }
        let cids = Array(Set(found.compactMap { try? ChannelId(cid: $0.cid) }))
        let channels = Dictionary(uniqueKeysWithValues: try channels(cids).map { ($0.cid, $0) })
        return try found.compactMap { entry -> ChatThread? in
            guard let root = try message(id: entry.id), let channel = channels[root.cid] else { return nil }
            let latest = try messages(from: messageRows(
                sql: """
                    \(StoreColumns.messageFrom)
                    WHERE m.parent_id = ? AND \(Self.visibleToViewer)
                    ORDER BY m.created_at DESC, m.pk DESC LIMIT 1
                    """,
                arguments: [root.id, currentUserId]))
            return ChatThread(parentMessage: root, channel: channel, replyCount: root.replyCount, latestReplies: latest,
                              lastMessageAt: latest.first?.createdAt, unreadRepliesCount: entry.unread)
        }
    }
}
