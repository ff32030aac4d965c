import Foundation
import GRDB

/// Builds models from the store for one viewer (the current user) at one instant.
///
/// Every query here is written to use an index (see `StoreSchema`); `StoreQueryPlanTests` checks
/// the plans, so a change that falls back to a scan fails a test instead of a benchmark.
struct StoreReader {
    let db: Database
    let currentUserId: UserId
    let now: Date
    let cache = ReaderCache()

    init(db: Database, currentUserId: UserId, now: Date) {
        self.db = db
        self.currentUserId = currentUserId
        self.now = now
    }

    /// The viewer's own user row (read once per reader).
    func viewer() throws -> ChatUser? {
        try cache.viewer { try user(currentUserId) }
    }

    // MARK: Users

    func user(_ id: UserId) throws -> ChatUser? {
        var user: ChatUser?
        try db.forEachRawRow("SELECT \(StoreColumns.user) FROM user u WHERE u.id = ?", arguments: [id]) {
            user = StoreColumns.decodeUser($0)
        }
        return user
    }

    func users(_ ids: some Collection<UserId>) throws -> [UserId: ChatUser] {
        guard !ids.isEmpty else { return [:] }
        let unique = Array(Set(ids))
        var result: [UserId: ChatUser] = [:]
        try db.forEachRawRow(
            "SELECT \(StoreColumns.user) FROM user u WHERE u.id IN (\(sqlPlaceholders(unique.count)))",
            arguments: StatementArguments(unique)
        ) { row in
            let user = StoreColumns.decodeUser(row)
            result[user.id] = user
        }
        return result
    }

    // MARK: Message rows

    /// The filter every list of messages applies: other users' unsent messages are private to
    /// their author's device. One argument: the current user id.
    static let visibleToViewer = "(m.local_state = 0 OR m.user_id = ?)"

    /// The partial index `message_in_channel` condition, verbatim.
    static let shownInChannel = "(m.parent_id IS NULL OR m.show_in_channel = 1)"

    func messageRows(sql: String, arguments: StatementArguments) throws -> [MessageRow] {
        var rows: [MessageRow] = []
        try db.forEachRawRow(sql, arguments: arguments) { rows.append(try StoreColumns.decodeMessage($0, cache: cache)) }
        return rows
    }

    func messageRow(id: MessageId) throws -> MessageRow? {
        try messageRows(sql: "\(StoreColumns.messageFrom) WHERE m.id = ?", arguments: [id]).first
    }

    func messageRows(ids: [MessageId]) throws -> [MessageRow] {
        guard !ids.isEmpty else { return [] }
        return try messageRows(
            sql: "\(StoreColumns.messageFrom) WHERE m.id IN (\(sqlPlaceholders(ids.count)))",
            arguments: StatementArguments(ids))
    }

    /// The order key of a message, and where it is shown.
    func anchor(of id: MessageId) throws -> (key: MessageOrderKey, cid: String, parentId: MessageId?, shownInChannel: Bool)? {
        var anchor: (key: MessageOrderKey, cid: String, parentId: MessageId?, shownInChannel: Bool)?
        try db.forEachRawRow(
            "SELECT created_at, pk, cid, parent_id, show_in_channel FROM message WHERE id = ?", arguments: [id]
        ) { row in
            let parent = row.optionalText(3)
            anchor = (MessageOrderKey(createdAt: row.int64(0), sequence: row.int64(1)), row.text(2), parent,
                      parent == nil || row.bool(4))
        }
        return anchor
    }

    /// Messages shown in `cid`, strictly before `key` (or the newest when `key` is nil), oldest
    /// first.
    func channelRows(cid: ChannelId, before key: MessageOrderKey?, limit: Int) throws -> [MessageRow] {
        let rows: [MessageRow]
        if let key {
            rows = try messageRows(
                sql: """
                    \(StoreColumns.messageFrom)
                    WHERE m.cid = ? AND \(Self.shownInChannel) AND \(Self.visibleToViewer)
                      AND (m.created_at, m.pk) < (?, ?)
                    ORDER BY m.created_at DESC, m.pk DESC LIMIT ?
                    """,
                arguments: [cid.rawValue, currentUserId, key.createdAt, key.sequence, limit])
        } else {
            rows = try messageRows(
                sql: """
                    \(StoreColumns.messageFrom)
                    WHERE m.cid = ? AND \(Self.shownInChannel) AND \(Self.visibleToViewer)
                    ORDER BY m.created_at DESC, m.pk DESC LIMIT ?
                    """,
                arguments: [cid.rawValue, currentUserId, limit])
        }
        return rows.reversed()
    }

    /// Messages shown in `cid`, from `key` on (inclusive when `including`), oldest first.
    func channelRows(cid: ChannelId, after key: MessageOrderKey, including: Bool, limit: Int) throws -> [MessageRow] {
        try messageRows(
            sql: """
                \(StoreColumns.messageFrom)
                WHERE m.cid = ? AND \(Self.shownInChannel) AND \(Self.visibleToViewer)
                  AND (m.created_at, m.pk) \(including ? ">=" : ">") (?, ?)
                ORDER BY m.created_at, m.pk LIMIT ?
                """,
            arguments: [cid.rawValue, currentUserId, key.createdAt, key.sequence, limit])
    }

    /// Replies of `parentId`, strictly before `key` (or the newest), oldest first.
    func threadRows(parentId: MessageId, before key: MessageOrderKey?, limit: Int) throws -> [MessageRow] {
        let rows: [MessageRow]
        if let key {
            rows = try messageRows(
                sql: """
                    \(StoreColumns.messageFrom)
                    WHERE m.parent_id = ? AND \(Self.visibleToViewer) AND (m.created_at, m.pk) < (?, ?)
                    ORDER BY m.created_at DESC, m.pk DESC LIMIT ?
                    """,
                arguments: [parentId, currentUserId, key.createdAt, key.sequence, limit])
        } else {
            rows = try messageRows(
                sql: """
                    \(StoreColumns.messageFrom)
                    WHERE m.parent_id = ? AND \(Self.visibleToViewer)
                    ORDER BY m.created_at DESC, m.pk DESC LIMIT ?
                    """,
                arguments: [parentId, currentUserId, limit])
        }
        return rows.reversed()
    }

    /// Replies of `parentId` after `key`, oldest first.
    func threadRows(parentId: MessageId, after key: MessageOrderKey, limit: Int) throws -> [MessageRow] {
        try messageRows(
            sql: """
                \(StoreColumns.messageFrom)
                WHERE m.parent_id = ? AND \(Self.visibleToViewer) AND (m.created_at, m.pk) > (?, ?)
                ORDER BY m.created_at, m.pk LIMIT ?
                """,
            arguments: [parentId, currentUserId, key.createdAt, key.sequence, limit])
    }

    // MARK: Messages

    /// One message by id, as the viewer sees it; nil if missing or another user's unsent message.
    func message(id: MessageId) throws -> ChatMessage? {
        guard let row = try messageRow(id: id) else { return nil }
        guard row.localState == .synced || row.userId == currentUserId else { return nil }
        return try messages(from: [row]).first
    }

    /// Builds full messages (reactions, quotes, mentions, read states) for `rows`, in order.
    ///
    /// A handful of queries per call whatever the number of rows, plus one indexed query per
    /// message that has reactions (its latest reactions).
    func messages(from rows: [MessageRow], includeQuotes: Bool = true) throws -> [ChatMessage] {
        guard !rows.isEmpty else { return [] }
        // Closures, not key paths, in this hot function: each `map(\.x)` instantiates a key path.
        let ids = rows.map { $0.id }
        let placeholders = sqlPlaceholders(ids.count)

        // Reaction aggregates.
        var groups: [MessageId: [MessageReactionType: (score: Int, count: Int, first: Int64, last: Int64)]] = [:]
        try db.forEachRawRow(
            """
            SELECT message_id, type, score, count, first_at, last_at FROM reaction_aggregate
            WHERE message_id IN (\(placeholders))
            """,
            arguments: StatementArguments(ids)
        ) { row in
            groups[row.text(0), default: [:]][MessageReactionType(rawValue: row.text(1))] =
                (row.int(2), row.int(3), row.int64(4), row.int64(5))
        }

        // The viewer's own reactions.
        var own: [MessageId: [ChatMessageReaction]] = [:]
        if !groups.isEmpty, let viewer = try viewer() {
            try db.forEachRawRow(
                """
                SELECT message_id, type, score, created_at, updated_at FROM reaction
                WHERE user_id = ? AND message_id IN (\(placeholders))
                ORDER BY updated_at DESC
                """,
                arguments: StatementArguments([currentUserId] + ids)
            ) { row in
                let reaction = ChatMessageReaction(
                    messageId: row.text(0), type: MessageReactionType(rawValue: row.text(1)), score: row.int(2),
                    author: viewer, createdAt: Date(millisecondsSince1970: row.int64(3)),
                    updatedAt: Date(millisecondsSince1970: row.int64(4)))
                own[reaction.messageId, default: []].append(reaction)
            }
        }

        // Latest reactions: one query for messages with few reactions, one indexed query each for
        // the (rare) messages with many, so a viral message never makes a page scan its
        // thousands of reactions.
        var latest: [MessageId: [ChatMessageReaction]] = [:]
        var few: [MessageId] = []
        for id in ids {
            guard let typeGroups = groups[id] else { continue }
            let total = typeGroups.values.reduce(0) { $0 + $1.count }
            if total <= 64 {
                few.append(id)
            } else {
                latest[id] = try reactions(messageId: id, limit: ChatMessage.latestReactionsLimit, offset: 0)
            }
        }
        if !few.isEmpty {
            try db.forEachRawRow(
                """
                SELECT r.message_id, r.type, r.score, r.created_at, r.updated_at, \(StoreColumns.user)
                FROM reaction r CROSS JOIN user u ON u.id = r.user_id
                WHERE r.message_id IN (\(sqlPlaceholders(few.count)))
                ORDER BY r.message_id, r.updated_at DESC, r.user_id, r.type
                """,
                arguments: StatementArguments(few)
            ) { row in
                let messageId = row.text(0)
                guard (latest[messageId]?.count ?? 0) < ChatMessage.latestReactionsLimit else { return }
                latest[messageId, default: []].append(ChatMessageReaction(
                    messageId: messageId, type: MessageReactionType(rawValue: row.text(1)), score: row.int(2),
                    author: StoreColumns.decodeUser(row, at: 5),
                    createdAt: Date(millisecondsSince1970: row.int64(3)), updatedAt: Date(millisecondsSince1970: row.int64(4))))
            }
        }

        // Quoted messages (one level).
        var quoted: [MessageId: ChatMessage] = [:]
        let quotedIds = rows.compactMap { $0.quotedId }
        if includeQuotes && !quotedIds.isEmpty {
            let quotedRows = try messageRows(ids: quotedIds)
            for message in try messages(from: quotedRows, includeQuotes: false) { quoted[message.id] = message }
        }

        // Mentioned users.
        let mentionedIds = rows.flatMap { $0.mentionedIds }
        let mentioned = mentionedIds.isEmpty ? [:] : try users(mentionedIds)

        // Read states of the channels involved (only where read events are enabled).
        let reads = try readStates(cids: Set(rows.lazy.filter { $0.localState == .synced }.map { $0.cid }))

        return rows.map { row in
            var message = ChatMessage(
                id: row.id,
                cid: row.cid,
                text: row.text,
                type: row.type,
                author: row.author,
                createdAt: Date(millisecondsSince1970: row.createdAt),
                updatedAt: Date(millisecondsSince1970: row.updatedAt),
                textUpdatedAt: row.textUpdatedAt.map(Date.init(millisecondsSince1970:)),
                deletedAt: row.deletedAt.map(Date.init(millisecondsSince1970:)),
                parentMessageId: row.parentId,
                replyCount: row.replyCount,
                showReplyInChannel: row.showInChannel,
                quotedMessage: row.quotedId.flatMap { quoted[$0] },
                mentionedUsers: Set(row.mentionedIds.compactMap { mentioned[$0] }),
                attachments: row.attachments,
                latestReactions: latest[row.id] ?? [],
                currentUserReactions: own[row.id] ?? [],
                reactionGroups: [:],
                localState: row.localState,
                isSentByCurrentUser: row.userId == currentUserId,
                readBy: [],
                version: row.version)
            message.orderKey = row.orderKey
            if let typeGroups = groups[row.id] {
                let chosen = Set((own[row.id] ?? []).map { $0.type })
                for (type, group) in typeGroups {
                    message.reactionGroups[type] = ChatMessageReactionData(
                        type: type, score: group.score, count: group.count,
                        isChosenByCurrentUser: chosen.contains(type),
                        firstReactionAt: Date(millisecondsSince1970: group.first),
                        lastReactionAt: Date(millisecondsSince1970: group.last))
                }
            }
            if row.localState == .synced, let channelReads = reads[row.cid] {
                message.readBy = Set(channelReads.lazy
                    .filter { $0.user.id != row.userId && $0.lastReadAt >= row.createdAt }
                    .map { $0.user })
            }
            return message
        }
    }

    /// Reactions of a message, newest first.
    func reactions(messageId: MessageId, limit: Int, offset: Int) throws -> [ChatMessageReaction] {
        var result: [ChatMessageReaction] = []
        try db.forEachRawRow(
            """
            SELECT r.type, r.score, r.created_at, r.updated_at, \(StoreColumns.user)
            FROM reaction r CROSS JOIN user u ON u.id = r.user_id
            WHERE r.message_id = ?
            ORDER BY r.updated_at DESC, r.user_id, r.type LIMIT ? OFFSET ?
            """,
            arguments: [messageId, limit, offset]
        ) { row in
            result.append(ChatMessageReaction(
                messageId: messageId, type: MessageReactionType(rawValue: row.text(0)), score: row.int(1),
                author: StoreColumns.decodeUser(row, at: 4),
                createdAt: Date(millisecondsSince1970: row.int64(2)), updatedAt: Date(millisecondsSince1970: row.int64(3))))
        }
        return result
    }

    // MARK: Read states

    /// A channel's config (read once per reader).
    func config(_ cid: ChannelId) throws -> ChannelConfig? {
        try cache.config(cid) {
            let statement = try db.cachedStatement(sql: "SELECT config FROM channel WHERE cid = ?")
            return try String.fetchOne(statement, arguments: [cid.rawValue]).map(JSONColumn.decodeConfig)
        }
    }

    func readEventsEnabled(_ cid: ChannelId) throws -> Bool {
        try config(cid)?.readEventsEnabled ?? false
    }

    /// Who read up to when, for each of `cids` whose read events are enabled.
    func readStates(cids: Set<ChannelId>) throws -> [ChannelId: [(user: ChatUser, lastReadAt: Int64)]] {
        let enabled = try cids.filter { try readEventsEnabled($0) }.map { $0.rawValue }
        guard !enabled.isEmpty else { return [:] }
        var result: [ChannelId: [(user: ChatUser, lastReadAt: Int64)]] = [:]
        try db.forEachRawRow(
            """
            SELECT mb.cid, mb.last_read_at, \(StoreColumns.user)
            FROM member mb CROSS JOIN user u ON u.id = mb.user_id
            WHERE mb.cid IN (\(sqlPlaceholders(enabled.count))) AND mb.last_read_at IS NOT NULL
            """,
            arguments: StatementArguments(enabled)
        ) { row in
            result[try cache.channelId(row.text(0)), default: []].append((StoreColumns.decodeUser(row, at: 2), row.int64(1)))
        }
        return result
    }
}
