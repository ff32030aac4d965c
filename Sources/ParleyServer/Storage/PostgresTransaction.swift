import Foundation
import Logging
import NIOCore
import ParleyChat
import ParleyProtocol
import PostgresNIO

/// One PostgreSQL transaction seen as a ``ServerTransaction``: runs on a thread of
/// ``PostgresServerStorage``'s pool and waits there for each answer.
///
/// In a write, the channel and message rows are read `FOR UPDATE`: what the body then writes back
/// (a channel's `last_message_at`, a parent's reply count) cannot overwrite a concurrent change.
/// A channel row read so keeps its `last_seq` here (nobody else can change it until this
/// transaction ends), so appending an event needs no answer from the database.
///
/// Statements whose answer the body does not read (inserts, updates) are sent without waiting
/// (``send(_:)``): PostgreSQL runs a connection's statements in order, the thread goes on with
/// the body, and the next wait (the next read, or the end of the write's savepoint) reports the
/// first that failed. A write costs a round trip per read, not per statement.
final class PostgresTransaction: ServerTransaction {
    let connection: PostgresConnection
    let logger: Logger
    let isWrite: Bool
    /// The statements prepared on the pool's connections (see ``PreparedSQL``).
    let statements: PostgresPreparedStatements
    /// The time of the rows written (set again for each write of a group commit).
    var now = Date.ms(Date().ms)
    /// The highest sequence number appended per channel (the `NOTIFY` payloads); a group commit
    /// puts it back when a write's savepoint rolls back.
    var appended: [String: Int64] = [:]
    /// The channels whose rows this write transaction locked: their `last_seq` and epoch.
    private var heads: [String: (seq: Int64, epoch: String)] = [:]
    /// The channels whose row's `last_seq` is behind ``heads`` (written by ``flushHeads()``, or
    /// with the row's next update).
    private var dirty: Set<String> = []
    /// Whether a statement went unanswered (the connection was given up): what follows fails at
    /// once instead of waiting out its own timeout on a connection that will answer nothing.
    var isBroken = false
    /// The statements sent and not waited for yet, in order.
    var sent: [EventLoopFuture<PostgresAnswer>] = []
    /// The reads the body announced (see ``expect(_:)``), sent ahead of it.
    var expected = ExpectedAnswers()
    /// The writes that will leave as one statement (see ``send(merging:row:)``).
    var merging = MergedWrites()
    /// The statements sent so far, and how many of them were announced reads.
    var counts = (sent: 0, announced: 0)
    let storedPayloads = StoredEventPayloads()

    /// What a savepoint puts back when it rolls back.
    struct SavedState {
        fileprivate var appended: [String: Int64]
        fileprivate var heads: [String: (seq: Int64, epoch: String)]
        fileprivate var dirty: Set<String>
    }

    /// The state a savepoint restores on rollback (its rows and locks are undone with it).
    var savedState: SavedState {
        get { SavedState(appended: appended, heads: heads, dirty: dirty) }
        set {
            appended = newValue.appended
            heads = newValue.heads
            dirty = newValue.dirty
            expected = ExpectedAnswers()
            merging = MergedWrites()
        }
    }

    /// Ends one write's body (of a group commit's several): sends the channel heads, and forgets
    /// the reads it announced and did not make (the next write must read its own rows).
    func endWrite() {
        flushHeads()
        expected = ExpectedAnswers()
    }

    /// Sends the `last_seq` of the channels appended to since their row was last written.
    func flushHeads() {
        for cid in dirty.sorted() {
            guard let head = heads[cid] else { continue }
            send(merging: "UPDATE channels SET last_seq = \(head.seq) WHERE cid = \(cid)", row: "channels:\(cid)")
        }
        dirty = []
    }

    private static let encoder = Wire.encoder()
    static let decoder = Wire.decoder()

    init(connection: PostgresConnection, logger: Logger, isWrite: Bool, statements: PostgresPreparedStatements) {
        self.connection = connection
        self.logger = logger
        self.isWrite = isWrite
        self.statements = statements
    }

    func rows(_ query: PostgresQuery) throws -> [AnswerRow] {
        try execute(query).rows.map(AnswerRow.init)
    }

    private var lock: String { isWrite ? " FOR UPDATE" : "" }

    // MARK: Users

    func user(_ id: UserId) throws -> UserRecord? {
        try (expectedRows(.user(id)) ?? rows(prepared: Self.userQuery(id))).first.map(Self.user(from:))
    }

    static func userQuery(_ id: UserId) -> PreparedSQL {
        "SELECT * FROM users WHERE id = \(id)"
    }

    func users(_ ids: [UserId]) throws -> [UserId: UserRecord] {
        guard !ids.isEmpty else { return [:] }
        let users = try rows("SELECT * FROM users WHERE id = ANY(\(ids))").map(Self.user(from:))
        return Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    func upsertUser(_ user: UserRecord) throws {
        let avatar = user.avatarColor.map { Int64($0) }
        send("""
            INSERT INTO users (id, name, image_url, avatar_color, role, created_at, deleted_at)
            VALUES (\(user.id), \(user.name), \(user.imageURL?.absoluteString), \(avatar), \(user.role.rawValue),
                \(user.createdAt.ms), \(user.deletedAt?.ms))
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, image_url = excluded.image_url,
                avatar_color = excluded.avatar_color, role = excluded.role, deleted_at = excluded.deleted_at
            """)
    }

    static func user(from row: AnswerRow) throws -> UserRecord {
        UserRecord(
            id: try row["id"].decode(String.self), name: try row["name"].decode(String.self),
            imageURL: try row["image_url"].decode(String?.self).flatMap(URL.init(string:)),
            avatarColor: try row["avatar_color"].decode(Int64?.self).map { UInt32(truncatingIfNeeded: $0) },
            role: UserRole(rawValue: try row["role"].decode(String.self)),
            createdAt: .ms(try row["created_at"].decode(Int64.self)),
            deletedAt: try row["deleted_at"].decode(Int64?.self).map(Date.ms))
    }

    // MARK: Channels

    func channel(_ cid: ChannelId) throws -> ChannelRecord? {
        flushHeads()
        let channel = try (expectedRows(.channel(cid)) ?? rows(prepared: channelQuery(cid))).first.map(Self.channel(from:))
        if isWrite, let channel { heads[cid.rawValue] = (channel.lastSeq, channel.epoch) }
        return channel
    }

    /// The channel row, locked in a write.
    func channelQuery(_ cid: ChannelId) -> PreparedSQL {
        "SELECT * FROM channels WHERE cid = \(cid.rawValue)\(unescaped: lock)"
    }

    func insertChannel(_ channel: ChannelRecord) throws {
        let config = String(decoding: try Self.encoder.encode(channel.config), as: UTF8.self)
        // A row inserted here is this transaction's until it commits.
        heads[channel.cid.rawValue] = (channel.lastSeq, channel.epoch)
        send("""
            INSERT INTO channels (cid, name, image_url, config, is_frozen, created_by, created_at, updated_at,
                last_message_at, epoch, last_seq)
            VALUES (\(channel.cid.rawValue), \(channel.name), \(channel.imageURL?.absoluteString), \(config),
                \(channel.isFrozen), \(channel.createdBy), \(channel.createdAt.ms), \(channel.updatedAt.ms),
                \(channel.lastMessageAt?.ms), \(channel.epoch), \(channel.lastSeq))
            """)
    }

    /// Writes the row's `last_seq` too when appends moved it (see ``flushHeads()``).
    func updateChannel(_ channel: ChannelRecord) throws {
        let seq = dirty.remove(channel.cid.rawValue).flatMap { heads[$0]?.seq }
        send(merging: """
            UPDATE channels SET name = \(channel.name), image_url = \(channel.imageURL?.absoluteString),
                is_frozen = \(channel.isFrozen), updated_at = \(channel.updatedAt.ms),
                last_message_at = \(channel.lastMessageAt?.ms), last_seq = coalesce(\(seq), last_seq)
            WHERE cid = \(channel.cid.rawValue)
            """, row: "channels:\(channel.cid.rawValue)")
    }

    func deleteChannel(_ cid: ChannelId) throws {
        heads[cid.rawValue] = nil
        dirty.remove(cid.rawValue)
        send("DELETE FROM channels WHERE cid = \(cid.rawValue)")
    }

    func channels(ofUser userId: UserId, limit: Int) throws -> [ChannelRecord] {
        flushHeads()
        return try rows("""
            SELECT channels.* FROM channels JOIN members ON members.cid = channels.cid AND members.user_id = \(userId)
            ORDER BY coalesce(channels.last_message_at, channels.created_at) DESC, channels.cid LIMIT \(limit)
            """).map(Self.channel(from:))
    }

    static func channel(from row: AnswerRow) throws -> ChannelRecord {
        let raw = try row["cid"].decode(String.self)
        let config = try row["config"].decode(String.self)
        return ChannelRecord(
            cid: (try? ChannelId(cid: raw)) ?? ChannelId(type: "invalid", id: raw),
            name: try row["name"].decode(String?.self),
            imageURL: try row["image_url"].decode(String?.self).flatMap(URL.init(string:)),
            config: (try? decoder.decode(ChannelConfig.self, from: Data(config.utf8))) ?? ChannelConfig(),
            isFrozen: try row["is_frozen"].decode(Bool.self), createdBy: try row["created_by"].decode(String?.self),
            createdAt: .ms(try row["created_at"].decode(Int64.self)), updatedAt: .ms(try row["updated_at"].decode(Int64.self)),
            lastMessageAt: try row["last_message_at"].decode(Int64?.self).map(Date.ms),
            epoch: try row["epoch"].decode(String.self), lastSeq: try row["last_seq"].decode(Int64.self))
    }

    // MARK: Members

    func member(_ cid: ChannelId, userId: UserId) throws -> MemberRecord? {
        try (expectedRows(.member(cid, userId)) ?? rows(prepared: Self.memberQuery(cid, userId: userId))).first
            .map { try Self.member(from: $0, cid: cid) }
    }

    static func memberQuery(_ cid: ChannelId, userId: UserId) -> PreparedSQL {
        "SELECT * FROM members WHERE cid = \(cid.rawValue) AND user_id = \(userId)"
    }

    func members(_ cid: ChannelId) throws -> [MemberRecord] {
        try rows("SELECT * FROM members WHERE cid = \(cid.rawValue) ORDER BY created_at, user_id")
            .map { try Self.member(from: $0, cid: cid) }
    }

    func upsertMember(_ member: MemberRecord) throws {
        send("""
            INSERT INTO members (cid, user_id, role, created_at, last_read_at, last_read_message_id, is_muted)
            VALUES (\(member.cid.rawValue), \(member.userId), \(member.role.rawValue), \(member.createdAt.ms),
                \(member.lastReadAt?.ms), \(member.lastReadMessageId), \(member.isMuted))
            ON CONFLICT (cid, user_id) DO UPDATE SET role = excluded.role, last_read_at = excluded.last_read_at,
                last_read_message_id = excluded.last_read_message_id, is_muted = excluded.is_muted
            """)
    }

    func removeMember(_ cid: ChannelId, userId: UserId) throws -> Bool {
        try execute("DELETE FROM members WHERE cid = \(cid.rawValue) AND user_id = \(userId)").metadata?.rows ?? 0 > 0
    }

    static func member(from row: AnswerRow, cid: ChannelId) throws -> MemberRecord {
        MemberRecord(
            cid: cid, userId: try row["user_id"].decode(String.self), role: MemberRole(rawValue: try row["role"].decode(String.self)),
            createdAt: .ms(try row["created_at"].decode(Int64.self)),
            lastReadAt: try row["last_read_at"].decode(Int64?.self).map(Date.ms),
            lastReadMessageId: try row["last_read_message_id"].decode(String?.self),
            isMuted: try row["is_muted"].decode(Bool.self))
    }

    // MARK: Messages

    /// The columns a message row is read from (not the search vector).
    private static let messageColumns = """
        id, cid, user_id, type, text, created_at, updated_at, text_updated_at, deleted_at, parent_id,
        show_in_channel, quoted_id, mentioned, attachments, reply_count
        """

    func message(_ id: MessageId) throws -> MessageRecord? {
        try (expectedRows(.message(id)) ?? rows(prepared: messageQuery(id))).first.map(Self.message(from:))
    }

    /// The message row, locked in a write.
    func messageQuery(_ id: MessageId) -> PreparedSQL {
        "SELECT \(unescaped: Self.messageColumns) FROM messages WHERE id = \(id)\(unescaped: lock)"
    }

    func insertMessage(_ message: MessageRecord) throws {
        let (mentioned, attachments) = try Self.encoded(message)
        send(merging: """
            INSERT INTO messages (id, cid, user_id, type, text, created_at, updated_at, text_updated_at, deleted_at,
                parent_id, show_in_channel, quoted_id, mentioned, attachments, reply_count)
            VALUES (\(message.id), \(message.cid.rawValue), \(message.userId), \(message.type.rawValue), \(message.text),
                \(message.createdAt.ms), \(message.updatedAt.ms), \(message.textUpdatedAt?.ms), \(message.deletedAt?.ms),
                \(message.parentId), \(message.showInChannel), \(message.quotedId), \(mentioned), \(attachments),
                \(Int32(clamping: message.replyCount)))
            """, row: "messages:\(message.id)")
    }

    func updateMessage(_ message: MessageRecord) throws {
        let (mentioned, attachments) = try Self.encoded(message)
        send("""
            UPDATE messages SET cid = \(message.cid.rawValue), user_id = \(message.userId),
                type = \(message.type.rawValue), text = \(message.text), created_at = \(message.createdAt.ms),
                updated_at = \(message.updatedAt.ms), text_updated_at = \(message.textUpdatedAt?.ms),
                deleted_at = \(message.deletedAt?.ms), parent_id = \(message.parentId),
                show_in_channel = \(message.showInChannel), quoted_id = \(message.quotedId), mentioned = \(mentioned),
                attachments = \(attachments), reply_count = \(message.replyCount)
            WHERE id = \(message.id)
            """)
    }

    private static func encoded(_ message: MessageRecord) throws -> (String, String) {
        (
            String(decoding: try encoder.encode(message.mentionedIds), as: UTF8.self),
            String(decoding: try encoder.encode(message.attachments), as: UTF8.self)
        )
    }

    func messages(_ cid: ChannelId, parentId: MessageId?, before: MessageId?, limit: Int) throws -> [MessageRecord] {
        var query: PostgresQuery = "SELECT \(unescaped: Self.messageColumns) FROM messages WHERE cid = \(cid.rawValue)"
        if let parentId {
            query.sql += " AND parent_id = "
            query.bind(parentId)
        } else {
            query.sql += " AND (parent_id IS NULL OR show_in_channel)"
        }
        if let before, let anchor = try rows(
            "SELECT cid, created_at, id FROM messages WHERE id = \(before)").first,
            try anchor["cid"].decode(String.self) == cid.rawValue
        {
            let at = try anchor["created_at"].decode(Int64.self)
            query.sql += " AND (created_at < "
            query.bind(at)
            query.sql += " OR (created_at = "
            query.bind(at)
            query.sql += " AND id < "
            query.bind(before)
            query.sql += "))"
        }
        query.sql += " ORDER BY created_at DESC, id DESC LIMIT "
        query.bind(limit)
        return try rows(query).map(Self.message(from:)).reversed()
    }

    /// Word-prefix full-text search through the GIN index (`tsvector @@ tsquery`), then the same
    /// substring rule as SQLite's (case-insensitive `LIKE`), so both engines find the same
    /// messages for whole words and word beginnings. The query's words are cut by PostgreSQL's
    /// own parser (the one that built the index), each a prefix (`word:*`), all required.
    func search(_ text: String, in cids: [ChannelId], limit: Int) throws -> [MessageRecord] {
        guard !cids.isEmpty else { return [] }
        let prefixQuery = try rows("""
            SELECT coalesce(string_agg(quote_literal(lexeme) || ':*', ' & '), '') AS q
            FROM unnest(to_tsvector('simple', \(text)))
            """).first?["q"].decode(String.self) ?? ""
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        let pattern = "%\(escaped)%"
        var query: PostgresQuery = """
            SELECT \(unescaped: Self.messageColumns) FROM messages WHERE cid = ANY(\(cids.map(\.rawValue)))
            AND deleted_at IS NULL AND type <> 'deleted' AND text ILIKE \(pattern) ESCAPE '\\'
            """
        if !prefixQuery.isEmpty {
            query.sql += " AND search @@ to_tsquery('simple', "
            query.bind(prefixQuery)
            query.sql += ")"
        }
        query.sql += " ORDER BY created_at DESC, id DESC LIMIT "
        query.bind(limit)
        return try rows(query).map(Self.message(from:))
    }

    // MARK: Reactions

    func reactions(_ messageId: MessageId) throws -> [ReactionRecord] {
        try rows("SELECT * FROM reactions WHERE message_id = \(messageId) ORDER BY updated_at DESC, user_id, type")
            .map { row in
                ReactionRecord(
                    messageId: try row["message_id"].decode(String.self), userId: try row["user_id"].decode(String.self),
                    type: try row["type"].decode(String.self), score: try row["score"].decode(Int.self),
                    createdAt: .ms(try row["created_at"].decode(Int64.self)),
                    updatedAt: .ms(try row["updated_at"].decode(Int64.self)))
            }
    }

    func upsertReaction(_ reaction: ReactionRecord) throws {
        send("""
            INSERT INTO reactions (message_id, user_id, type, score, created_at, updated_at)
            VALUES (\(reaction.messageId), \(reaction.userId), \(reaction.type), \(reaction.score),
                \(reaction.createdAt.ms), \(reaction.updatedAt.ms))
            ON CONFLICT (message_id, user_id, type) DO UPDATE SET score = excluded.score, updated_at = excluded.updated_at
            """)
    }

    func deleteReaction(_ messageId: MessageId, userId: UserId, type: String) throws -> Bool {
        try execute("""
            DELETE FROM reactions WHERE message_id = \(messageId) AND user_id = \(userId) AND type = \(type)
            """).metadata?.rows ?? 0 > 0
    }

    // MARK: Events

    /// Takes the next sequence number: from the channel row this transaction locked (the event is
    /// sent, not waited for; the row's `last_seq` follows, see ``flushHeads()``), or else from the
    /// row itself.
    func appendEvent(_ cid: ChannelId, _ build: (Int64, String) -> ParleyProtocol.ChannelEvent) throws -> ParleyProtocol.ChannelEvent {
        let event: ParleyProtocol.ChannelEvent
        if isWrite, let head = heads[cid.rawValue] {
            event = build(head.seq + 1, head.epoch)
            let payload = try Self.encoder.encode(event)
            sendEvent(event, payload)
            // The row's `last_seq` follows with its next update, or at the end of the write.
            dirty.insert(cid.rawValue)
        } else {
            guard let row = try rows("""
                UPDATE channels SET last_seq = last_seq + 1 WHERE cid = \(cid.rawValue) RETURNING last_seq, epoch
                """).first
            else { throw PostgresStorageError.noChannel(cid.rawValue) }
            event = build(try row["last_seq"].decode(Int64.self), try row["epoch"].decode(String.self))
            let payload = try Self.encoder.encode(event)
            sendEvent(event, payload)
        }
        // The row is locked now (read `FOR UPDATE` or updated): its head stays this transaction's.
        heads[cid.rawValue] = (event.seq, event.epoch)
        appended[cid.rawValue] = max(appended[cid.rawValue] ?? 0, event.seq)
        return event
    }

    func events(_ cid: ChannelId, after seq: Int64, limit: Int) throws -> [ParleyProtocol.ChannelEvent] {
        try execute(prepared: "SELECT payload FROM events WHERE cid = \(cid.rawValue) AND seq > \(seq) ORDER BY seq LIMIT \(Int64(limit))")
            .rows.map { try Self.decoder.decode(ParleyProtocol.ChannelEvent.self, from: try AnswerRow($0)["payload"].decode(Data.self)) }
    }

    func oldestEventSeq(_ cid: ChannelId) throws -> Int64? {
        try rows("SELECT min(seq) AS seq FROM events WHERE cid = \(cid.rawValue)").first?["seq"].decode(Int64?.self)
    }
}

extension PostgresQuery {
    /// Appends `value` as the next bind parameter (`$n`).
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) {
        binds.append(value)
        sql += "$\(binds.count)"
    }
}

/// A PostgreSQL storage failure the chat rules do not name.
enum PostgresStorageError: Error, CustomStringConvertible {
    case noChannel(String)
    /// `COMMIT` answered with another command tag (`ROLLBACK`: the transaction had failed).
    case notCommitted(String)
    /// A statement got no answer in time (see ``PostgresTransaction/answerTimeout``).
    case noAnswer
    /// The connection was closed, or gave up on, before the statement went out.
    case connectionLost

    var description: String {
        switch self {
        case .noChannel(let cid): "No channel \(cid) to append an event to."
        case .notCommitted(let tag): "The transaction did not commit (PostgreSQL answered \(tag))."
        case .noAnswer: "PostgreSQL did not answer a statement in time; the connection was closed."
        case .connectionLost: "The connection to PostgreSQL was lost before the statement was sent."
        }
    }
}
