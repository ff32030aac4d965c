import GRDB

/// Recomputes derived data from scratch and checks it against what the incremental writes kept.
///
/// Bulk imports use the recomputations instead of per-row bookkeeping; tests use ``violations``
/// after every scenario, so a write that forgets an invariant fails a test.
struct StoreMaintenance {
    let db: Database

    /// The unread-count definition, as SQL: other users' synced, non-deleted regular messages and
    /// replies shown in the channel after the member's last read.
    private static let unreadMessagesSQL = """
        SELECT count(*) FROM message m
        WHERE m.cid = member.cid AND (m.parent_id IS NULL OR m.show_in_channel = 1)
          AND m.created_at > member.last_read_at AND m.user_id <> member.user_id
          AND m.local_state = 0 AND m.deleted_at IS NULL AND m.type IN ('regular', 'reply')
        """

    private static let unreadMentionsSQL = """
        SELECT count(*) FROM message m
        WHERE m.cid = member.cid AND (m.parent_id IS NULL OR m.show_in_channel = 1)
          AND m.created_at > member.last_read_at AND m.user_id <> member.user_id
          AND m.local_state = 0 AND m.deleted_at IS NULL AND m.type IN ('regular', 'reply')
          AND m.mentioned IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(m.mentioned) WHERE value = member.user_id)
        """

    /// Recounts unread messages and mentions of every member of `cid` (zero where read events are
    /// off). Cost: one index range per member, as long as the unread part.
    func recomputeUnreadCounts(cid: ChannelId, readEventsEnabled: Bool) throws {
        if readEventsEnabled {
            try db.execute(
                sql: """
                    UPDATE member SET unread_messages = (\(Self.unreadMessagesSQL)),
                                      unread_mentions = (\(Self.unreadMentionsSQL))
                    WHERE cid = ?
                    """,
                arguments: [cid.rawValue])
        } else {
            try db.execute(sql: "UPDATE member SET unread_messages = 0, unread_mentions = 0 WHERE cid = ?", arguments: [cid.rawValue])
        }
    }

    /// Sets `last_message_at` from the channel's messages.
    func recomputeLastMessageAt(cid: ChannelId) throws {
        try db.execute(
            sql: """
                UPDATE channel SET last_message_at = (
                    SELECT max(m.created_at) FROM message m
                    WHERE m.cid = channel.cid AND (m.parent_id IS NULL OR m.show_in_channel = 1) AND m.local_state = 0)
                WHERE cid = ?
                """,
            arguments: [cid.rawValue])
    }

    /// Every invariant of `StoreSchema` that does not hold, described; empty when consistent.
    func violations() throws -> [String] {
        var problems: [String] = []
        let aggregates = try Row.fetchAll(db, sql: """
            SELECT a.message_id, a.type, a.score, a.count, a.first_at, a.last_at,
                   (SELECT sum(score) FROM reaction r WHERE r.message_id = a.message_id AND r.type = a.type),
                   (SELECT count(*) FROM reaction r WHERE r.message_id = a.message_id AND r.type = a.type),
                   (SELECT min(created_at) FROM reaction r WHERE r.message_id = a.message_id AND r.type = a.type),
                   (SELECT max(updated_at) FROM reaction r WHERE r.message_id = a.message_id AND r.type = a.type)
            FROM reaction_aggregate a
            """)
        for row in aggregates {
            let stored: [Int64?] = [row[2], row[3], row[4], row[5]]
            let actual: [Int64?] = [row[6], row[7], row[8], row[9]]
            if stored != actual {
                problems.append("aggregate \(row[0] as String)/\(row[1] as String): stored \(stored) actual \(actual)")
            }
        }
        let orphans = try Int.fetchOne(db, sql: """
            SELECT count(*) FROM (SELECT DISTINCT message_id, type FROM reaction) r
            WHERE NOT EXISTS (SELECT 1 FROM reaction_aggregate a WHERE a.message_id = r.message_id AND a.type = r.type)
            """) ?? 0
        if orphans > 0 { problems.append("\(orphans) reaction groups have no aggregate row") }

        for row in try Row.fetchAll(db, sql: """
            SELECT p.id, p.reply_count, (SELECT count(*) FROM message r WHERE r.parent_id = p.id AND r.local_state = 0)
            FROM message p WHERE p.reply_count > 0 OR EXISTS (SELECT 1 FROM message r WHERE r.parent_id = p.id AND r.local_state = 0)
            """) where (row[1] as Int) != (row[2] as Int) {
            problems.append("reply_count of \(row[0] as String): stored \(row[1] as Int) actual \(row[2] as Int)")
        }
        for row in try Row.fetchAll(db, sql: """
            SELECT cid, member_count, (SELECT count(*) FROM member WHERE member.cid = channel.cid),
                   last_message_at,
                   (SELECT max(m.created_at) FROM message m WHERE m.cid = channel.cid
                      AND (m.parent_id IS NULL OR m.show_in_channel = 1) AND m.local_state = 0),
                   config
            FROM channel
            """) {
            let cid: String = row[0]
            if (row[1] as Int) != (row[2] as Int) {
                problems.append("member_count of \(cid): stored \(row[1] as Int) actual \(row[2] as Int)")
            }
            if (row[3] as Int64?) != (row[4] as Int64?) {
                problems.append("last_message_at of \(cid): stored \(String(describing: row[3] as Int64?)) actual \(String(describing: row[4] as Int64?))")
            }
            let readEvents = JSONColumn.decodeConfig(row[5]).readEventsEnabled
            let counts = try Row.fetchAll(db, sql: """
                SELECT user_id, unread_messages, unread_mentions, (\(Self.unreadMessagesSQL)), (\(Self.unreadMentionsSQL))
                FROM member WHERE cid = ?
                """, arguments: [cid])
            for count in counts {
                let expected: (Int, Int) = readEvents ? (count[3], count[4]) : (0, 0)
                if (count[1] as Int, count[2] as Int) != expected {
                    problems.append("unread of \(count[0] as String) in \(cid): stored (\(count[1] as Int), \(count[2] as Int)) actual \(expected)")
                }
            }
        }
        do {
            // Needs a write transaction: run `violations()` inside `writeSync`.
            try db.execute(sql: "INSERT INTO message_fts(message_fts, rank) VALUES ('integrity-check', 1)")
        } catch {
            problems.append("full-text index out of step with message text: \(error)")
        }
        return problems
    }
}
