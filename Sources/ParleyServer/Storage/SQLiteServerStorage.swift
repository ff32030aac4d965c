import Foundation
import GRDB
import ParleyChat
import ParleyProtocol

/// The embedded storage engine: one SQLite file (WAL) through GRDB, or memory for tests.
final class SQLiteServerStorage: ServerStorage {
    let writer: any DatabaseWriter
    /// Writes waiting for the next group commit.
    private let pending = PendingWrites()
    /// Whether a write is committing the queue.
    private let committer = Committer()

    /// Opens (creating when needed) the database at `path`; `nil` keeps it in memory.
    init(path: String?) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        if let path {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            writer = try DatabasePool(path: path, configuration: configuration)
        } else {
            writer = try DatabaseQueue(configuration: configuration)
        }
        try Self.migrator.migrate(writer)
    }

    func read<T: Sendable>(_ body: @Sendable (any ServerTransaction) throws -> T) async throws -> T {
        let now = Date.ms(Date().ms)
        return try await writer.read { db in try body(SQLiteTransaction(db: db, now: now)) }
    }

    /// Runs `body` in the next group commit: writes that arrive while one is committing share the
    /// following transaction (each in a savepoint of its own, so a refused write rolls back alone),
    /// and one sync to disk makes them all durable. `afterCommit` then runs for each, in the order
    /// their bodies ran, before the next transaction starts, so events still leave in commit order.
    ///
    /// One committer at a time: the write that finds none becomes it and, in one turn at the
    /// writer, commits batch after batch until the queue is empty. Every other write only queues
    /// and waits for its commit (no turn at the writer of its own, no thread hop for nothing).
    /// SQLite has one writer: `channel` changes nothing here.
    func write<T: Sendable>(
        in channel: ChannelId?, _ body: @Sendable (any ServerTransaction) throws -> T,
        afterCommit: @Sendable (T) -> Void
    ) async throws -> T {
        // The closures live in the pending write only until this call returns (it waits for them).
        try await withoutActuallyEscaping(body) { body in
            try await withoutActuallyEscaping(afterCommit) { afterCommit in
                let write = PendingWrite(body: body, afterCommit: afterCommit)
                defer { write.releaseClosures() }
                if committer.enqueueClaiming(write, in: pending) {
                    // In a task of its own: the caller's cancellation must not interrupt a
                    // transaction shared with others.
                    let (pending, committer, writer) = (self.pending, self.committer, self.writer)
                    Task { await committer.drain(pending, writer: writer) }
                }
                await write.waitUntilFinished()
                return try write.result()
            }
        }
    }

    /// Runs `writes` in one transaction, each in its own savepoint, then their `afterCommit`s.
    static func commit(_ writes: [any GroupedWrite], in db: Database) {
        guard !writes.isEmpty else { return }
        do {
            try db.inTransaction(.immediate) {
                for write in writes { write.run(in: SQLiteGroupCommitScope(db: db)) }
                return .commit
            }
        } catch {
            for write in writes {
                write.abort(error)
                write.finish()
            }
            return
        }
        for write in writes {
            write.committed()
            write.finish()
        }
    }
}

/// One GRDB transaction seen as a ``ServerTransaction``.
struct SQLiteTransaction: ServerTransaction {
    let db: Database
    let now: Date
    let storedPayloads = StoredEventPayloads()

    private static let encoder = Wire.encoder()
    private static let decoder = Wire.decoder()

    /// Runs a statement compiled once per connection (GRDB's statement cache).
    private func execute(sql: String, arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    // MARK: Users

    func user(_ id: UserId) throws -> UserRecord? {
        try Row.fetchOne(
            try db.cachedStatement(sql: "SELECT * FROM user WHERE id = ?"), arguments: [id]).map(Self.user(from:))
    }

    func users(_ ids: [UserId]) throws -> [UserId: UserRecord] {
        guard !ids.isEmpty else { return [:] }
        let rows = try Row.fetchAll(
            db, sql: "SELECT * FROM user WHERE id IN (\(databaseQuestionMarks(count: ids.count)))",
            arguments: StatementArguments(ids))
        return Dictionary(rows.map { (Self.user(from: $0).id, Self.user(from: $0)) }, uniquingKeysWith: { a, _ in a })
    }

    func upsertUser(_ user: UserRecord) throws {
        try execute(
            sql: """
                INSERT INTO user (id, name, image_url, avatar_color, role, created_at, deleted_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET name = excluded.name, image_url = excluded.image_url,
                    avatar_color = excluded.avatar_color, role = excluded.role, deleted_at = excluded.deleted_at
                """,
            arguments: [
                user.id, user.name, user.imageURL?.absoluteString, user.avatarColor.map { Int64($0) }, user.role.rawValue,
                user.createdAt.ms, user.deletedAt?.ms,
            ])
    }

    static func user(from row: Row) -> UserRecord {
        UserRecord(
            id: row["id"], name: row["name"], imageURL: (row["image_url"] as String?).flatMap(URL.init(string:)),
            avatarColor: (row["avatar_color"] as Int64?).map { UInt32(truncatingIfNeeded: $0) },
            role: UserRole(rawValue: row["role"]), createdAt: .ms(row["created_at"]),
            deletedAt: (row["deleted_at"] as Int64?).map(Date.ms))
    }

    // MARK: Channels

    func channel(_ cid: ChannelId) throws -> ChannelRecord? {
        try Row.fetchOne(
            try db.cachedStatement(sql: "SELECT * FROM channel WHERE cid = ?"), arguments: [cid.rawValue])
            .map(Self.channel(from:))
    }

    func insertChannel(_ channel: ChannelRecord) throws {
        try execute(
            sql: """
                INSERT INTO channel (cid, name, image_url, config, is_frozen, created_by, created_at, updated_at,
                    last_message_at, epoch, last_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                channel.cid.rawValue, channel.name, channel.imageURL?.absoluteString,
                String(decoding: try Self.encoder.encode(channel.config), as: UTF8.self), channel.isFrozen,
                channel.createdBy, channel.createdAt.ms, channel.updatedAt.ms, channel.lastMessageAt?.ms, channel.epoch,
                channel.lastSeq,
            ])
    }

    func updateChannel(_ channel: ChannelRecord) throws {
        try execute(
            sql: """
                UPDATE channel SET name = ?, image_url = ?, is_frozen = ?, updated_at = ?, last_message_at = ?
                WHERE cid = ?
                """,
            arguments: [
                channel.name, channel.imageURL?.absoluteString, channel.isFrozen, channel.updatedAt.ms,
                channel.lastMessageAt?.ms, channel.cid.rawValue,
            ])
    }

    func deleteChannel(_ cid: ChannelId) throws {
        try execute(sql: "DELETE FROM channel WHERE cid = ?", arguments: [cid.rawValue])
    }

    func channels(ofUser userId: UserId, limit: Int) throws -> [ChannelRecord] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT channel.* FROM channel JOIN member ON member.cid = channel.cid AND member.user_id = ?
                ORDER BY coalesce(channel.last_message_at, channel.created_at) DESC, channel.cid LIMIT ?
                """,
            arguments: [userId, limit]
        ).map(Self.channel(from:))
    }

    static func channel(from row: Row) -> ChannelRecord {
        let configJSON: String = row["config"]
        return ChannelRecord(
            cid: (try? ChannelId(cid: row["cid"])) ?? ChannelId(type: "invalid", id: row["cid"]),
            name: row["name"], imageURL: (row["image_url"] as String?).flatMap(URL.init(string:)),
            config: decodedConfig(configJSON),
            isFrozen: row["is_frozen"], createdBy: row["created_by"], createdAt: .ms(row["created_at"]),
            updatedAt: .ms(row["updated_at"]), lastMessageAt: (row["last_message_at"] as Int64?).map(Date.ms),
            epoch: row["epoch"], lastSeq: row["last_seq"])
    }

    /// The last configuration decoded, by its JSON: channels mostly share one, and every write
    /// to a channel reads it.
    private static let lastConfig = PthreadMutex<(json: String, config: ChannelConfig)?>(nil)

    static func decodedConfig(_ json: String) -> ChannelConfig {
        if let last = lastConfig.withLock({ $0 }), last.json == json { return last.config }
        let config = (try? decoder.decode(ChannelConfig.self, from: Data(json.utf8))) ?? ChannelConfig()
        lastConfig.withLock { $0 = (json, config) }
        return config
    }

    // MARK: Members

    func member(_ cid: ChannelId, userId: UserId) throws -> MemberRecord? {
        try Row.fetchOne(
            try db.cachedStatement(sql: "SELECT * FROM member WHERE cid = ? AND user_id = ?"), arguments: [cid.rawValue, userId]
        ).map { Self.member(from: $0, cid: cid) }
    }

    func members(_ cid: ChannelId) throws -> [MemberRecord] {
        try Row.fetchAll(
            try db.cachedStatement(sql: "SELECT * FROM member WHERE cid = ? ORDER BY created_at, user_id"), arguments: [cid.rawValue]
        ).map { Self.member(from: $0, cid: cid) }
    }

    func upsertMember(_ member: MemberRecord) throws {
        try execute(
            sql: """
                INSERT INTO member (cid, user_id, role, created_at, last_read_at, last_read_message_id, is_muted)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(cid, user_id) DO UPDATE SET role = excluded.role, last_read_at = excluded.last_read_at,
                    last_read_message_id = excluded.last_read_message_id, is_muted = excluded.is_muted
                """,
            arguments: [
                member.cid.rawValue, member.userId, member.role.rawValue, member.createdAt.ms, member.lastReadAt?.ms,
                member.lastReadMessageId, member.isMuted,
            ])
    }

    func removeMember(_ cid: ChannelId, userId: UserId) throws -> Bool {
        try execute(sql: "DELETE FROM member WHERE cid = ? AND user_id = ?", arguments: [cid.rawValue, userId])
        return db.changesCount > 0
    }

    static func member(from row: Row, cid: ChannelId) -> MemberRecord {
        MemberRecord(
            cid: cid, userId: row["user_id"], role: MemberRole(rawValue: row["role"]), createdAt: .ms(row["created_at"]),
            lastReadAt: (row["last_read_at"] as Int64?).map(Date.ms), lastReadMessageId: row["last_read_message_id"],
            isMuted: row["is_muted"])
    }

    // MARK: Messages

    func message(_ id: MessageId) throws -> MessageRecord? {
        try Row.fetchOne(
            try db.cachedStatement(sql: "SELECT * FROM message WHERE id = ?"), arguments: [id]).map(Self.message(from:))
    }

    func insertMessage(_ message: MessageRecord) throws {
        try execute(
            sql: """
                INSERT INTO message (id, cid, user_id, type, text, created_at, updated_at, text_updated_at, deleted_at,
                    parent_id, show_in_channel, quoted_id, mentioned, attachments, reply_count)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: try messageArguments(message))
    }

    func updateMessage(_ message: MessageRecord) throws {
        try execute(
            sql: """
                UPDATE message SET id = ?, cid = ?, user_id = ?, type = ?, text = ?, created_at = ?, updated_at = ?,
                    text_updated_at = ?, deleted_at = ?, parent_id = ?, show_in_channel = ?, quoted_id = ?,
                    mentioned = ?, attachments = ?, reply_count = ? WHERE id = ?
                """,
            arguments: try messageArguments(message) + [message.id])
    }

    private func messageArguments(_ message: MessageRecord) throws -> StatementArguments {
        [
            message.id, message.cid.rawValue, message.userId, message.type.rawValue, message.text, message.createdAt.ms,
            message.updatedAt.ms, message.textUpdatedAt?.ms, message.deletedAt?.ms, message.parentId,
            message.showInChannel, message.quotedId,
            try Self.json(message.mentionedIds), try Self.json(message.attachments), message.replyCount,
        ]
    }

    /// A JSON array column; most messages have no mentions and no attachments, written without an encoder.
    private static func json(_ values: [some Encodable]) throws -> String {
        values.isEmpty ? "[]" : String(decoding: try encoder.encode(values), as: UTF8.self)
    }

    func messages(_ cid: ChannelId, parentId: MessageId?, before: MessageId?, limit: Int) throws -> [MessageRecord] {
        var sql = "SELECT * FROM message WHERE cid = ?"
        var arguments: StatementArguments = [cid.rawValue]
        if let parentId {
            sql += " AND parent_id = ?"
            arguments += [parentId]
        } else {
            sql += " AND (parent_id IS NULL OR show_in_channel = 1)"
        }
        if let before, let anchor = try message(before), anchor.cid == cid {
            sql += " AND (created_at < ? OR (created_at = ? AND id < ?))"
            arguments += [anchor.createdAt.ms, anchor.createdAt.ms, anchor.id]
        }
        sql += " ORDER BY created_at DESC, id DESC LIMIT ?"
        arguments += [limit]
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.message(from:)).reversed()
    }

    func search(_ text: String, in cids: [ChannelId], limit: Int) throws -> [MessageRecord] {
        guard !cids.isEmpty else { return [] }
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        return try Row.fetchAll(
            db,
            sql: """
                SELECT * FROM message WHERE cid IN (\(databaseQuestionMarks(count: cids.count)))
                AND deleted_at IS NULL AND type != 'deleted' AND text LIKE ? ESCAPE '\\'
                ORDER BY created_at DESC, id DESC LIMIT ?
                """,
            arguments: StatementArguments(cids.map(\.rawValue)) + ["%\(escaped)%", limit]
        ).map(Self.message(from:))
    }

    static func message(from row: Row) -> MessageRecord {
        let mentioned: String = row["mentioned"]
        let attachments: String = row["attachments"]
        return MessageRecord(
            id: row["id"], cid: (try? ChannelId(cid: row["cid"])) ?? ChannelId(type: "invalid", id: row["cid"]),
            userId: row["user_id"], type: MessageType(rawValue: row["type"]) ?? .regular, text: row["text"],
            createdAt: .ms(row["created_at"]), updatedAt: .ms(row["updated_at"]),
            textUpdatedAt: (row["text_updated_at"] as Int64?).map(Date.ms),
            deletedAt: (row["deleted_at"] as Int64?).map(Date.ms), parentId: row["parent_id"],
            showInChannel: row["show_in_channel"], quotedId: row["quoted_id"],
            mentionedIds: (try? decoder.decode([UserId].self, from: Data(mentioned.utf8))) ?? [],
            attachments: (try? decoder.decode([WireAttachment].self, from: Data(attachments.utf8))) ?? [],
            replyCount: row["reply_count"])
    }

    // MARK: Reactions

    func reactions(_ messageId: MessageId) throws -> [ReactionRecord] {
        try Row.fetchAll(
            try db.cachedStatement(sql: "SELECT * FROM reaction WHERE message_id = ? ORDER BY updated_at DESC, user_id, type"),
            arguments: [messageId]
        ).map {
            ReactionRecord(
                messageId: $0["message_id"], userId: $0["user_id"], type: $0["type"], score: $0["score"],
                createdAt: .ms($0["created_at"]), updatedAt: .ms($0["updated_at"]))
        }
    }

    func upsertReaction(_ reaction: ReactionRecord) throws {
        try execute(
            sql: """
                INSERT INTO reaction (message_id, user_id, type, score, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(message_id, user_id, type) DO UPDATE SET score = excluded.score, updated_at = excluded.updated_at
                """,
            arguments: [
                reaction.messageId, reaction.userId, reaction.type, reaction.score, reaction.createdAt.ms,
                reaction.updatedAt.ms,
            ])
    }

    func deleteReaction(_ messageId: MessageId, userId: UserId, type: String) throws -> Bool {
        try execute(
            sql: "DELETE FROM reaction WHERE message_id = ? AND user_id = ? AND type = ?",
            arguments: [messageId, userId, type])
        return db.changesCount > 0
    }

    func reactionOperation(_ operationId: String, userId: UserId) throws -> MessageId? {
        try String.fetchOne(
            try db.cachedStatement(sql: "SELECT message_id FROM reaction_operation WHERE user_id = ? AND operation_id = ?"),
            arguments: [userId, operationId])
    }

    func recordReactionOperation(_ operationId: String, userId: UserId, messageId: MessageId) throws {
        try execute(
            sql: "INSERT INTO reaction_operation (user_id, operation_id, message_id, created_at) VALUES (?, ?, ?, ?)",
            arguments: [userId, operationId, messageId, now.ms])
    }

    func pruneReactionOperations(before cutoff: Date, limit: Int) throws -> Int {
        try execute(
            sql: """
                DELETE FROM reaction_operation WHERE (user_id, operation_id) IN (
                    SELECT user_id, operation_id FROM reaction_operation WHERE created_at < ? ORDER BY created_at LIMIT ?)
                """,
            arguments: [cutoff.ms, limit])
        return db.changesCount
    }

    // MARK: Events

    func appendEvent(_ cid: ChannelId, _ build: (Int64, String) -> ChannelEvent) throws -> ChannelEvent {
        guard let row = try Row.fetchOne(
            try db.cachedStatement(sql: "UPDATE channel SET last_seq = last_seq + 1 WHERE cid = ? RETURNING last_seq, epoch"),
            arguments: [cid.rawValue])
        else { throw DatabaseError(resultCode: .SQLITE_NOTFOUND, message: "no channel \(cid)") }
        let event = build(row["last_seq"], row["epoch"])
        let payload = try Self.encoder.encode(event)
        try execute(sql: "INSERT INTO event (cid, seq, payload) VALUES (?, ?, ?)", arguments: [cid.rawValue, event.seq, payload])
        storedPayloads.record(payload, of: event)
        return event
    }

    func events(_ cid: ChannelId, after seq: Int64, limit: Int) throws -> [ChannelEvent] {
        try Data.fetchAll(
            try db.cachedStatement(sql: "SELECT payload FROM event WHERE cid = ? AND seq > ? ORDER BY seq LIMIT ?"),
            arguments: [cid.rawValue, seq, limit]
        ).map { try Self.decoder.decode(ChannelEvent.self, from: $0) }
    }

    func oldestEventSeq(_ cid: ChannelId) throws -> Int64? {
        try Int64.fetchOne(
            try db.cachedStatement(sql: "SELECT min(seq) FROM event WHERE cid = ?"), arguments: [cid.rawValue])
    }
}

extension Date {
    /// Milliseconds since 1970, as stored.
    var ms: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// The date `ms` milliseconds after 1970.
    static func ms(_ ms: Int64) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }
}
