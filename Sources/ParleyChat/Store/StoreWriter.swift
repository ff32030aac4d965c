import Foundation
import GRDB

/// Row-level writes that keep the invariants listed in `StoreSchema`. What they touch reaches
/// the controllers through the database's own observation (``StoreChangeCollector``), never
/// through bookkeeping here. The rules (who may do what) live in ``EmbeddedChatBackend``; these
/// functions assume the caller checked them.
struct StoreWriter {
    let db: Database
    let now: Int64

    init(db: Database, now: Date) {
        self.db = db
        self.now = now.millisecondsSince1970
    }

    // MARK: Users

    func upsertUser(_ user: ChatUser) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO user (id, name, image_url, avatar_color, role, is_online, last_active_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, image_url = excluded.image_url,
                avatar_color = excluded.avatar_color, role = excluded.role, is_online = excluded.is_online,
                last_active_at = excluded.last_active_at
            """)
        try statement.execute(arguments: [
            user.id, user.name, user.imageURL?.absoluteString, Int64(user.avatarColor.rgb), user.role.rawValue,
            user.isOnline, user.lastActiveAt?.millisecondsSince1970, user.createdAt.millisecondsSince1970,
        ])
    }

    // MARK: Channels and members

    func insertChannel(
        cid: ChannelId, name: String?, imageURL: URL?, createdBy: UserId?, config: ChannelConfig, isFrozen: Bool
    ) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO channel (cid, type, name, image_url, created_by, created_at, updated_at, is_frozen, config)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [
            cid.rawValue, cid.type.rawValue, name, imageURL?.absoluteString, createdBy, now, now, isFrozen,
            JSONColumn.encode(config),
        ])
    }

    /// Adds a member (no-op if already one). New members have read everything already in the
    /// channel (even messages stamped later than this clock's now, which a peer's or another
    /// device's clock can produce), so joining never creates unread messages.
    @discardableResult
    func addMember(cid: ChannelId, userId: UserId, role: MemberRole) throws -> Bool {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO member (cid, user_id, role, created_at, last_read_at)
            VALUES (?, ?, ?, ?, max(?, coalesce((SELECT last_message_at FROM channel WHERE cid = ?), 0)))
            ON CONFLICT DO NOTHING
            """)
        try statement.execute(arguments: [cid.rawValue, userId, role.rawValue, now, now, cid.rawValue])
        guard db.changesCount > 0 else { return false }
        try db.execute(sql: "UPDATE channel SET member_count = member_count + 1 WHERE cid = ?", arguments: [cid.rawValue])
        return true
    }

    @discardableResult
    func removeMember(cid: ChannelId, userId: UserId) throws -> Bool {
        try db.execute(sql: "DELETE FROM member WHERE cid = ? AND user_id = ?", arguments: [cid.rawValue, userId])
        guard db.changesCount > 0 else { return false }
        try db.execute(sql: "UPDATE channel SET member_count = member_count - 1 WHERE cid = ?", arguments: [cid.rawValue])
        try db.execute(sql: "DELETE FROM typing WHERE cid = ? AND user_id = ?", arguments: [cid.rawValue, userId])
        return true
    }

    // MARK: Messages

    /// The fields of a message row to insert.
    struct NewMessage {
        var id: MessageId
        var cid: ChannelId
        var type: MessageType
        var text: String
        var userId: UserId
        var createdAt: Int64
        var parentId: MessageId?
        var showInChannel: Bool
        var quotedId: MessageId?
        var mentionedIds: [UserId]
        var attachments: [ChatMessageAttachment]
        var localState: LocalMessageState

        var isShownInChannel: Bool { parentId == nil || showInChannel }
    }

    /// Inserts the row only (no bookkeeping); returns its pk.
    @discardableResult
    func insertMessageRow(_ message: NewMessage) throws -> Int64 {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO message (id, cid, type, text, user_id, created_at, updated_at, parent_id, show_in_channel,
                                 quoted_id, mentioned, attachments, local_state)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [
            message.id, message.cid.rawValue, message.type.rawValue, message.text, message.userId, message.createdAt,
            message.createdAt, message.parentId, message.showInChannel, message.quotedId,
            message.mentionedIds.isEmpty ? nil : JSONColumn.encodeStrings(message.mentionedIds),
            message.attachments.isEmpty ? nil : JSONColumn.encodeAttachments(message.attachments),
            message.localState.storageValue,
        ])
        let pk = db.lastInsertedRowID
        try db.cachedStatement(sql: "INSERT INTO message_fts(rowid, text) VALUES (?, ?)").execute(arguments: [pk, message.text])
        return pk
    }

    /// Inserts a message the backend accepted and does its bookkeeping.
    func insertSyncedMessage(_ message: NewMessage, readEventsEnabled: Bool) throws {
        var message = message
        message.localState = .synced
        try insertMessageRow(message)
        try didSync(message, readEventsEnabled: readEventsEnabled)
    }

    /// Turns an unsent local row into the synced message the backend accepted.
    func syncLocalMessage(_ message: NewMessage, readEventsEnabled: Bool, fromServer: Bool = false) throws {
        let statement = try db.cachedStatement(sql: """
            UPDATE message SET type = ?, text = ?, created_at = ?, updated_at = ?, parent_id = ?, show_in_channel = ?,
                quoted_id = ?, mentioned = ?, attachments = ?, local_state = 0
            WHERE id = ?
            """)
        try statement.execute(arguments: [
            message.type.rawValue, message.text, message.createdAt, message.createdAt, message.parentId,
            message.showInChannel, message.quotedId,
            message.mentionedIds.isEmpty ? nil : JSONColumn.encodeStrings(message.mentionedIds),
            message.attachments.isEmpty ? nil : JSONColumn.encodeAttachments(message.attachments), message.id,
        ])
        try didSync(message, readEventsEnabled: readEventsEnabled, fromServer: fromServer)
    }

    /// Bookkeeping for a newly synced message: channel order, thread counts, unread counts and
    /// the author's own read state. A server's message (`fromServer`) carries its root's reply
    /// count itself, and marks its author read at its own time, not this clock's.
    func didSync(_ message: NewMessage, readEventsEnabled: Bool, fromServer: Bool = false) throws {
        let cid = message.cid.rawValue
        if message.isShownInChannel {
            try db.cachedStatement(sql: """
                UPDATE channel SET last_message_at = max(coalesce(last_message_at, 0), ?) WHERE cid = ?
                """).execute(arguments: [message.createdAt, cid])
        }
        if let parentId = message.parentId, !fromServer {
            try db.cachedStatement(sql: "UPDATE message SET reply_count = reply_count + 1, updated_at = ? WHERE id = ?")
                .execute(arguments: [now, parentId])
        }
        guard readEventsEnabled else { return }
        if message.isShownInChannel && Self.countsAsUnread(message.type) {
            try db.cachedStatement(sql: """
                UPDATE member SET unread_messages = unread_messages + 1
                WHERE cid = ? AND user_id <> ? AND last_read_at < ?
                """).execute(arguments: [cid, message.userId, message.createdAt])
            if !message.mentionedIds.isEmpty {
                let mentioned = Array(Set(message.mentionedIds))
                try db.cachedStatement(sql: """
                    UPDATE member SET unread_mentions = unread_mentions + 1
                    WHERE cid = ? AND user_id <> ? AND last_read_at < ? AND user_id IN (\(sqlPlaceholders(mentioned.count)))
                    """).execute(arguments: StatementArguments([cid, message.userId, message.createdAt] as [any DatabaseValueConvertible]) + StatementArguments(mentioned))
            }
        }
        // Sending marks the channel read for the author.
        if message.type != .system {
            let at = fromServer ? message.createdAt : max(now, message.createdAt)
            try markRead(cid: message.cid, userId: message.userId, at: at, lastMessageId: message.id)
        }
    }

    /// Which message types count as unread: what people wrote, not system notices.
    static func countsAsUnread(_ type: MessageType) -> Bool { type == .regular || type == .reply }

    func editMessage(_ row: MessageRow, text: String) throws {
        try db.cachedStatement(sql: "UPDATE message SET text = ?, text_updated_at = ?, updated_at = ? WHERE pk = ?")
            .execute(arguments: [text, now, now, row.pk])
    }

    /// Soft delete: the row stays with type `deleted`; unread counts forget it.
    func softDeleteMessage(_ row: MessageRow, readEventsEnabled: Bool) throws {
        try db.cachedStatement(sql: "UPDATE message SET type = 'deleted', deleted_at = ?, updated_at = ? WHERE pk = ?")
            .execute(arguments: [now, now, row.pk])
        try forgetUnread(row, readEventsEnabled: readEventsEnabled)
    }

    /// Unread counts forget a message that was just deleted.
    func forgetUnread(_ row: MessageRow, readEventsEnabled: Bool) throws {
        guard readEventsEnabled, row.isShownInChannel, Self.countsAsUnread(row.type), row.localState == .synced else {
            return
        }
        let cid = row.cid.rawValue
        try db.cachedStatement(sql: """
            UPDATE member SET unread_messages = max(0, unread_messages - 1)
            WHERE cid = ? AND user_id <> ? AND last_read_at < ?
            """).execute(arguments: [cid, row.userId, row.createdAt])
        if !row.mentionedIds.isEmpty {
            let mentioned = Array(Set(row.mentionedIds))
            try db.execute(
                sql: """
                    UPDATE member SET unread_mentions = max(0, unread_mentions - 1)
                    WHERE cid = ? AND user_id <> ? AND last_read_at < ? AND user_id IN (\(sqlPlaceholders(mentioned.count)))
                    """,
                arguments: StatementArguments([cid, row.userId, row.createdAt] as [any DatabaseValueConvertible]) + StatementArguments(mentioned))
        }
    }

    /// Removes an unsent local message for good (it never reached the backend).
    func hardDeleteMessage(_ row: MessageRow) throws {
        try db.execute(sql: "DELETE FROM message WHERE pk = ?", arguments: [row.pk])
    }

    func setLocalState(_ row: MessageRow, _ state: LocalMessageState) throws {
        try db.cachedStatement(sql: "UPDATE message SET local_state = ? WHERE pk = ?")
            .execute(arguments: [state.storageValue, row.pk])
    }

    // MARK: Read states

    /// Marks `cid` read by `userId` at `at` (never moving the read state backwards).
    func markRead(cid: ChannelId, userId: UserId, at: Int64, lastMessageId: MessageId?) throws {
        try db.cachedStatement(sql: """
            UPDATE member SET last_read_at = max(coalesce(last_read_at, 0), ?),
                last_read_message_id = coalesce(?, last_read_message_id), unread_messages = 0, unread_mentions = 0
            WHERE cid = ? AND user_id = ?
            """).execute(arguments: [at, lastMessageId, cid.rawValue, userId])
        if db.changesCount > 0 {
        }
    }

    // MARK: Reactions

    /// Adds `score` to the user's reaction of `type` (creating it), keeping the aggregate in step.
    func addReaction(_ type: MessageReactionType, score: Int, userId: UserId, to row: MessageRow) throws {
        let existing = try db.cachedStatement(sql: "SELECT score FROM reaction WHERE message_id = ? AND type = ? AND user_id = ?")
        if try Int.fetchOne(existing, arguments: [row.id, type.rawValue, userId]) != nil {
            try db.cachedStatement(sql: """
                UPDATE reaction SET score = score + ?, updated_at = ? WHERE message_id = ? AND type = ? AND user_id = ?
                """).execute(arguments: [score, now, row.id, type.rawValue, userId])
            try db.cachedStatement(sql: """
                UPDATE reaction_aggregate SET score = score + ?, last_at = ? WHERE message_id = ? AND type = ?
                """).execute(arguments: [score, now, row.id, type.rawValue])
        } else {
            try db.cachedStatement(sql: """
                INSERT INTO reaction (message_id, type, user_id, score, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                """).execute(arguments: [row.id, type.rawValue, userId, score, now, now])
            try db.cachedStatement(sql: """
                INSERT INTO reaction_aggregate (message_id, type, score, count, first_at, last_at) VALUES (?, ?, ?, 1, ?, ?)
                ON CONFLICT(message_id, type) DO UPDATE SET score = score + excluded.score, count = count + 1,
                    first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at)
                """).execute(arguments: [row.id, type.rawValue, score, now, now])
        }
        try touch(row)
    }

    /// Removes the user's reaction of `type`; returns whether there was one.
    @discardableResult
    func removeReaction(_ type: MessageReactionType, userId: UserId, from row: MessageRow) throws -> Bool {
        let existing = try db.cachedStatement(sql: "SELECT score FROM reaction WHERE message_id = ? AND type = ? AND user_id = ?")
        guard let score = try Int.fetchOne(existing, arguments: [row.id, type.rawValue, userId]) else { return false }
        try db.cachedStatement(sql: "DELETE FROM reaction WHERE message_id = ? AND type = ? AND user_id = ?")
            .execute(arguments: [row.id, type.rawValue, userId])
        try refreshAggregate(messageId: row.id, type: type, scoreDelta: -score)
        try touch(row)
        return true
    }

    /// The user's reaction types on a message.
    func reactionTypes(of userId: UserId, on messageId: MessageId) throws -> [MessageReactionType] {
        let statement = try db.cachedStatement(sql: "SELECT type FROM reaction WHERE user_id = ? AND message_id = ?")
        return try String.fetchAll(statement, arguments: [userId, messageId]).map(MessageReactionType.init(rawValue:))
    }

    /// After a removal: one less in the count, the score lowered, first/last dates recomputed
    /// from the remaining rows (an index range on (message_id, type)); the row goes when empty.
    private func refreshAggregate(messageId: MessageId, type: MessageReactionType, scoreDelta: Int) throws {
        let remaining = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT count(*), min(created_at), max(updated_at) FROM reaction WHERE message_id = ? AND type = ?
                """),
            arguments: [messageId, type.rawValue])
        let count: Int = remaining?[0] ?? 0
        if count == 0 {
            try db.cachedStatement(sql: "DELETE FROM reaction_aggregate WHERE message_id = ? AND type = ?")
                .execute(arguments: [messageId, type.rawValue])
        } else {
            try db.cachedStatement(sql: """
                UPDATE reaction_aggregate SET score = score + ?, count = ?, first_at = ?, last_at = ?
                WHERE message_id = ? AND type = ?
                """).execute(arguments: [scoreDelta, count, remaining?[1] as Int64?, remaining?[2] as Int64?, messageId, type.rawValue])
        }
    }

    private func touch(_ row: MessageRow) throws {
        try db.cachedStatement(sql: "UPDATE message SET updated_at = ? WHERE pk = ?").execute(arguments: [now, row.pk])
    }

    // MARK: Typing

    /// Records that `userId` types until `expiresAt`; returns whether they were not typing before.
    func startTyping(cid: ChannelId, userId: UserId, parentId: MessageId?, expiresAt: Int64) throws -> Bool {
        let wasTyping = try Int.fetchOne(
            db.cachedStatement(sql: """
                SELECT 1 FROM typing WHERE cid = ? AND user_id = ? AND parent_id IS ? AND expires_at > ?
                """),
            arguments: [cid.rawValue, userId, parentId, now]) != nil
        try db.cachedStatement(sql: """
            INSERT INTO typing (cid, user_id, parent_id, expires_at) VALUES (?, ?, ?, ?)
            ON CONFLICT(cid, user_id) DO UPDATE SET parent_id = excluded.parent_id, expires_at = excluded.expires_at
            """).execute(arguments: [cid.rawValue, userId, parentId, expiresAt])
        return !wasTyping
    }

    func stopTyping(cid: ChannelId, userId: UserId) throws {
        try db.cachedStatement(sql: "DELETE FROM typing WHERE cid = ? AND user_id = ?").execute(arguments: [cid.rawValue, userId])
    }

    /// Deletes expired typing rows; returns the next expiry still pending, if any.
    func expireTyping() throws -> Int64? {
        try db.execute(sql: "DELETE FROM typing WHERE expires_at <= ?", arguments: [now])
        return try Int64.fetchOne(db, sql: "SELECT min(expires_at) FROM typing")
    }
}
