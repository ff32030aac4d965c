import Foundation
import GRDB

/// Writes that apply a server's events and snapshots to the local store. They keep the store's
/// invariants (see `StoreSchema`) except one: a remote store may hold only the latest reactions
/// of a message, so `reaction_aggregate` is the server's totals, not the sum of local rows.
extension StoreWriter {
    // MARK: Cursors

    func cursor(_ cid: ChannelId) throws -> ChannelSyncCursor? {
        try Row.fetchOne(db, sql: "SELECT epoch, sequence FROM sync_cursor WHERE cid = ?", arguments: [cid.rawValue])
            .map { ChannelSyncCursor(cid: cid, epoch: $0[0], sequence: $0[1]) }
    }

    func setCursor(_ cursor: ChannelSyncCursor) throws {
        try db.execute(
            sql: """
                INSERT INTO sync_cursor (cid, epoch, sequence) VALUES (?, ?, ?)
                ON CONFLICT(cid) DO UPDATE SET epoch = excluded.epoch, sequence = excluded.sequence
                """,
            arguments: [cursor.cid.rawValue, cursor.epoch, cursor.sequence])
    }

    // MARK: Events

    /// Applies one change of `cid`'s stream. Message and reaction changes are state-based and
    /// ignore a snapshot older than the stored message, so applying a change twice, or an older
    /// one after a newer one, changes nothing.
    func apply(_ change: ChannelSyncChange, in cid: ChannelId, currentUserId: UserId) throws {
        switch change {
        case .message(let message):
            try upsert(message)
        case .reactionAdded(let reaction, let message):
            guard try upsert(message) else { return }
            try upsertReactionRow(reaction)
        case .reactionRemoved(let reaction, let message):
            guard try upsert(message) else { return }
            try db.execute(
                sql: "DELETE FROM reaction WHERE message_id = ? AND type = ? AND user_id = ?",
                arguments: [reaction.messageId, reaction.type.rawValue, reaction.userId])
        case .read(let userId, let at, let lastReadMessageId):
            try markRead(cid: cid, userId: userId, at: at.millisecondsSince1970, lastMessageId: lastReadMessageId)
        case .memberAdded(let member), .memberUpdated(let member):
            try upsert(member, in: cid)
        case .memberRemoved(let userId):
            if userId == currentUserId {
                try deleteChannelLocally(cid)
            } else {
                try removeMember(cid: cid, userId: userId)
            }
        case .channel(let channel):
            try upsert(channel)
        case .channelDeleted:
            try deleteChannelLocally(cid)
        case .unknown:
            break
        }
    }

    func deleteChannelLocally(_ cid: ChannelId) throws {
        try db.execute(sql: "DELETE FROM channel WHERE cid = ?", arguments: [cid.rawValue])
        try db.execute(sql: "DELETE FROM sync_cursor WHERE cid = ?", arguments: [cid.rawValue])
    }

    // MARK: Channels and members

    func upsert(_ channel: SyncedChannel) throws {
        if let createdBy = channel.createdBy,
           try Int.fetchOne(db, sql: "SELECT 1 FROM user WHERE id = ?", arguments: [createdBy]) == nil {
            try upsertUser(ChatUser(id: createdBy, name: createdBy))
        }
        try db.execute(
            sql: """
                INSERT INTO channel (cid, type, name, image_url, created_by, created_at, updated_at, is_frozen, config)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(cid) DO UPDATE SET name = excluded.name, image_url = excluded.image_url,
                    updated_at = excluded.updated_at, is_frozen = excluded.is_frozen, config = excluded.config
                """,
            arguments: [
                channel.cid.rawValue, channel.cid.type.rawValue, channel.name, channel.imageURL?.absoluteString,
                channel.createdBy, channel.createdAt.millisecondsSince1970, channel.updatedAt.millisecondsSince1970,
                channel.isFrozen, JSONColumn.encode(channel.config),
            ])
    }

    func upsert(_ member: SyncedMember, in cid: ChannelId) throws {
        try upsertUser(member.user)
        let lastReadAt = member.lastReadAt?.millisecondsSince1970
        try db.execute(
            sql: """
                INSERT INTO member (cid, user_id, role, created_at, last_read_at, last_read_message_id, muted)
                VALUES (?, ?, ?, ?, ?, ?, coalesce(?, 0))
                ON CONFLICT(cid, user_id) DO UPDATE SET role = excluded.role,
                    last_read_at = max(coalesce(last_read_at, 0), coalesce(excluded.last_read_at, 0)),
                    last_read_message_id = coalesce(excluded.last_read_message_id, last_read_message_id),
                    muted = coalesce(?, muted)
                """,
            arguments: [
                cid.rawValue, member.user.id, member.role.rawValue, member.createdAt.millisecondsSince1970, lastReadAt,
                member.lastReadMessageId, member.isMuted, member.isMuted,
            ])
        try db.execute(
            sql: "UPDATE channel SET member_count = (SELECT count(*) FROM member WHERE cid = ?) WHERE cid = ?",
            arguments: [cid.rawValue, cid.rawValue])
    }

    // MARK: Messages

    /// Stores a server's message state; returns `false` when the stored state is newer. A
    /// message of older history (`isHistory`) is new to the store but not news: it changes no
    /// unread count, read state or last-message time.
    @discardableResult
    func upsert(_ message: SyncedMessage, isHistory: Bool = false) throws -> Bool {
        try upsertUser(message.author)
        let reader = StoreReader(db: db, currentUserId: message.author.id, now: Date(millisecondsSince1970: now))
        let readEvents = try reader.channelRow(message.cid)?.config.readEventsEnabled ?? false
        let row = NewMessage(
            id: message.id, cid: message.cid, type: message.type, text: message.text, userId: message.author.id,
            createdAt: message.createdAt.millisecondsSince1970, parentId: message.parentId,
            showInChannel: message.parentId != nil && message.showReplyInChannel, quotedId: message.quotedMessageId,
            mentionedIds: message.mentionedUserIds, attachments: message.attachments, localState: .synced)
        if let existing = try reader.messageRow(id: message.id) {
            if existing.localState != .synced {
                try syncLocalMessage(row, readEventsEnabled: readEvents, fromServer: true)
            } else {
                guard message.updatedAt.millisecondsSince1970 >= existing.updatedAt else { return false }
                try db.execute(
                    sql: "UPDATE message SET type = ?, text = ?, quoted_id = ?, attachments = ? WHERE pk = ?",
                    arguments: [
                        message.type.rawValue, message.text, message.quotedMessageId,
                        message.attachments.isEmpty ? nil : JSONColumn.encodeAttachments(message.attachments), existing.pk,
                    ])
                if message.type == .deleted && !existing.isDeleted {
                    try forgetUnread(existing, readEventsEnabled: readEvents)
                }
            }
        } else {
            try insertMessageRow(row)
            if !isHistory { try didSync(row, readEventsEnabled: readEvents, fromServer: true) }
        }
        try db.execute(
            sql: """
                UPDATE message SET updated_at = ?, text_updated_at = ?, deleted_at = ?, reply_count = ?
                WHERE id = ?
                """,
            arguments: [
                message.updatedAt.millisecondsSince1970, message.textUpdatedAt?.millisecondsSince1970,
                message.deletedAt?.millisecondsSince1970, message.replyCount, message.id,
            ])
        try replaceReactionTotals(of: message)
        return true
    }

    func upsertReactionRow(_ reaction: SyncedReaction) throws {
        if try Int.fetchOne(db, sql: "SELECT 1 FROM user WHERE id = ?", arguments: [reaction.userId]) == nil {
            try upsertUser(ChatUser(id: reaction.userId, name: reaction.userId))
        }
        try db.execute(
            sql: """
                INSERT INTO reaction (message_id, type, user_id, score, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(message_id, type, user_id) DO UPDATE SET score = excluded.score, updated_at = excluded.updated_at
                """,
            arguments: [
                reaction.messageId, reaction.type.rawValue, reaction.userId, reaction.score,
                reaction.createdAt.millisecondsSince1970, reaction.updatedAt.millisecondsSince1970,
            ])
    }

    /// The server's per-type totals replace the local aggregate rows.
    private func replaceReactionTotals(of message: SyncedMessage) throws {
        try db.execute(sql: "DELETE FROM reaction_aggregate WHERE message_id = ?", arguments: [message.id])
        let updatedAt = message.updatedAt.millisecondsSince1970
        for (type, score) in message.reactionScores {
            let ofType = message.latestReactions.filter { $0.type == type }
            let first = ofType.map(\.createdAt.millisecondsSince1970).min() ?? updatedAt
            let last = ofType.map(\.updatedAt.millisecondsSince1970).max() ?? updatedAt
            try db.execute(
                sql: """
                    INSERT INTO reaction_aggregate (message_id, type, score, count, first_at, last_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [message.id, type.rawValue, score, message.reactionCounts[type] ?? 1, first, last])
        }
    }

    // MARK: Reloads

    /// Replaces the local channel with `snapshot`: fields, members, synced messages (the current
    /// user's unsent ones stay), the current user's unread count, and the cursor.
    func reset(to snapshot: ChannelSnapshot, currentUserId: UserId) throws {
        let cid = snapshot.channel.cid
        try upsert(snapshot.channel)
        try db.execute(sql: "DELETE FROM member WHERE cid = ?", arguments: [cid.rawValue])
        try db.execute(sql: "DELETE FROM message WHERE cid = ? AND local_state = 0", arguments: [cid.rawValue])
        try db.execute(sql: "UPDATE channel SET last_message_at = NULL WHERE cid = ?", arguments: [cid.rawValue])
        for member in snapshot.members {
            var member = member
            if member.user.id == currentUserId { member.isMuted = snapshot.isMuted }
            try upsert(member, in: cid)
        }
        for message in snapshot.messages.sorted(by: { $0.createdAt < $1.createdAt }) {
            try upsert(message)
            for reaction in message.latestReactions { try upsertReactionRow(reaction) }
        }
        // Read states are the server's: undo what inserting the messages marked.
        for member in snapshot.members {
            try db.execute(
                sql: "UPDATE member SET last_read_at = ?, last_read_message_id = ? WHERE cid = ? AND user_id = ?",
                arguments: [
                    member.lastReadAt?.millisecondsSince1970, member.lastReadMessageId, cid.rawValue, member.user.id,
                ])
        }
        try db.execute(
            sql: """
                UPDATE member SET unread_messages = (
                    SELECT count(*) FROM message m
                    WHERE m.cid = member.cid AND m.user_id <> member.user_id AND m.local_state = 0
                      AND m.type IN ('regular', 'reply') AND (m.parent_id IS NULL OR m.show_in_channel = 1)
                      AND m.created_at > coalesce(member.last_read_at, 0)), unread_mentions = 0
                WHERE cid = ?
                """,
            arguments: [cid.rawValue])
        try setCursor(snapshot.cursor)
    }
}
