import Foundation
import GRDB

/// A channel as stored, before members, messages and capabilities are attached.
struct ChannelRow: Sendable {
    var cid: ChannelId
    var name: String?
    var imageURL: URL?
    var createdBy: UserId?
    var createdAt: Int64
    var updatedAt: Int64
    var lastMessageAt: Int64?
    var isFrozen: Bool
    var config: ChannelConfig
    var memberCount: Int
}

/// The viewer's membership row.
struct MembershipRow: Sendable {
    var role: MemberRole
    var createdAt: Int64
    var lastReadAt: Int64?
    var unreadMessages: Int
    var unreadMentions: Int
    /// Whether the viewer muted the channel.
    var isMuted = false
}

extension StoreReader {
    static let channelColumns = """
        c.cid, c.name, c.image_url, c.created_by, c.created_at, c.updated_at, c.last_message_at, \
        c.is_frozen, c.config, c.member_count
        """

    func decodeChannel(_ row: RawRow) throws -> ChannelRow {
        ChannelRow(
            cid: try cache.channelId(row.text(0)), name: row.optionalText(1),
            imageURL: row.optionalText(2).flatMap(URL.init(string:)), createdBy: row.optionalText(3),
            createdAt: row.int64(4), updatedAt: row.int64(5), lastMessageAt: row.optionalInt64(6), isFrozen: row.bool(7),
            config: JSONColumn.decodeConfig(row.text(8)), memberCount: row.int(9))
    }

    static func decodeChannel(_ row: Row) throws -> ChannelRow {
        let cidText: String = row[0]
        guard let cid = try? ChannelId(cid: cidText) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "channel row has an invalid cid \(cidText)")
        }
        let image: String? = row[2]
        return ChannelRow(
            cid: cid, name: row[1], imageURL: image.flatMap(URL.init(string:)), createdBy: row[3],
            createdAt: row[4], updatedAt: row[5], lastMessageAt: row[6], isFrozen: row[7],
            config: JSONColumn.decodeConfig(row[8]), memberCount: row[9])
    }

    func channelRow(_ cid: ChannelId) throws -> ChannelRow? {
        let statement = try db.cachedStatement(sql: "SELECT \(Self.channelColumns) FROM channel c WHERE c.cid = ?")
        return try Row.fetchOne(statement, arguments: [cid.rawValue]).map(Self.decodeChannel)
    }

    func membership(_ cid: ChannelId, userId: UserId) throws -> MembershipRow? {
        let statement = try db.cachedStatement(sql: """
            SELECT role, created_at, last_read_at, unread_messages, unread_mentions
            FROM member WHERE cid = ? AND user_id = ?
            """)
        return try Row.fetchOne(statement, arguments: [cid.rawValue, userId]).map { row in
            MembershipRow(role: MemberRole(rawValue: row[0]), createdAt: row[1], lastReadAt: row[2],
                          unreadMessages: row[3], unreadMentions: row[4])
        }
    }

    // MARK: Channel list

    /// The viewer's channels, newest activity first.
    func channelListIds(limit: Int, offset: Int) throws -> [ChannelId] {
        let statement = try db.cachedStatement(sql: """
            SELECT c.cid FROM member mb CROSS JOIN channel c ON c.cid = mb.cid
            WHERE mb.user_id = ?
            ORDER BY coalesce(c.last_message_at, c.created_at) DESC, c.cid DESC
            LIMIT ? OFFSET ?
            """)
        return try String.fetchAll(statement, arguments: [currentUserId, limit, offset]).compactMap {
            try? ChannelId(cid: $0)
        }
    }

    // MARK: Channels

    /// Full channel values for `cids`, in the same order; missing channels are skipped.
    func channels(_ cids: [ChannelId]) throws -> [ChatChannel] {
        guard !cids.isEmpty else { return [] }
        let raw = cids.map(\.rawValue)
        let placeholders = sqlPlaceholders(raw.count)
        let viewerRole = try viewer()?.role ?? .user

        var rows: [ChannelId: ChannelRow] = [:]
        try db.forEachRawRow(
            "SELECT \(Self.channelColumns) FROM channel c WHERE c.cid IN (\(placeholders))", arguments: StatementArguments(raw)
        ) { row in
            let channel = try decodeChannel(row)
            rows[channel.cid] = channel
            _ = cache.config(channel.cid) { channel.config }
        }

        var memberships: [ChannelId: MembershipRow] = [:]
        try db.forEachRawRow(
            """
            SELECT cid, role, created_at, last_read_at, unread_messages, unread_mentions, muted
            FROM member WHERE user_id = ? AND cid IN (\(placeholders))
            """,
            arguments: StatementArguments([currentUserId] + raw)
        ) { row in
            memberships[try cache.channelId(row.text(0))] = MembershipRow(
                role: MemberRole(rawValue: row.text(1)), createdAt: row.int64(2), lastReadAt: row.optionalInt64(3),
                unreadMessages: row.int(4), unreadMentions: row.int(5), isMuted: row.bool(6))
        }

        var typing: [ChannelId: Set<ChatUser>] = [:]
        try db.forEachRawRow(
            """
            SELECT t.cid, \(StoreColumns.user) FROM typing t CROSS JOIN user u ON u.id = t.user_id
            WHERE t.cid IN (\(placeholders)) AND t.parent_id IS NULL AND t.expires_at > ? AND t.user_id <> ?
            """,
            arguments: StatementArguments(raw) + [now.millisecondsSince1970, currentUserId]
        ) { row in
            typing[try cache.channelId(row.text(0)), default: []].insert(StoreColumns.decodeUser(row, at: 1))
        }

        // Latest messages of every channel, built in one pass.
        var latestRows: [ChannelId: [MessageRow]] = [:]
        var allRows: [MessageRow] = []
        for cid in cids where rows[cid] != nil {
            let channelRows = try channelRows(cid: cid, before: nil, limit: ChatChannel.latestMessagesLimit)
            latestRows[cid] = channelRows
            allRows += channelRows
        }
        var built: [MessageId: ChatMessage] = [:]
        for message in try messages(from: allRows) { built[message.id] = message }

        let creators = try users(rows.values.compactMap(\.createdBy))

        return try cids.compactMap { cid -> ChatChannel? in
            guard let row = rows[cid] else { return nil }
            let membership = memberships[cid]
            let permissions = ChatRules(
                cid: cid, config: row.config, isFrozen: row.isFrozen, memberRole: membership?.role,
                userId: currentUserId, userRole: viewerRole)
            let members = try self.members(cid, limit: ChatChannel.membersLimit, offset: 0)
            let latest = (latestRows[cid] ?? []).reversed().compactMap { built[$0.id] }
            var unread = ChannelUnreadCount.noUnread
            if let membership, row.config.readEventsEnabled {
                unread = ChannelUnreadCount(messages: membership.unreadMessages, mentions: membership.unreadMentions)
            }
            return ChatChannel(
                cid: cid,
                name: row.name,
                imageURL: row.imageURL,
                members: members,
                memberCount: row.memberCount,
                config: row.config,
                createdAt: Date(millisecondsSince1970: row.createdAt),
                updatedAt: Date(millisecondsSince1970: row.updatedAt),
                lastMessageAt: row.lastMessageAt.map(Date.init(millisecondsSince1970:)),
                createdBy: row.createdBy.flatMap { creators[$0] },
                unreadCount: unread,
                ownCapabilities: permissions.capabilities,
                membership: try viewerMember(membership, among: members),
                previewMessage: latest.first,
                latestMessages: latest,
                isFrozen: row.isFrozen,
                currentlyTypingUsers: typing[cid] ?? [],
                isMuted: membership?.isMuted ?? false)
        }
    }

    /// The viewer as a member, from the loaded members or built from their own row.
    private func viewerMember(_ membership: MembershipRow?, among members: [ChatChannelMember]) throws -> ChatChannelMember? {
        guard let membership else { return nil }
        if let member = members.first(where: { $0.id == currentUserId }) { return member }
        guard let viewer = try viewer() else { return nil }
        return ChatChannelMember(
            user: viewer, role: membership.role, memberCreatedAt: Date(millisecondsSince1970: membership.createdAt),
            lastReadAt: membership.lastReadAt.map(Date.init(millisecondsSince1970:)))
    }

    /// Members of a channel in join order.
    func members(_ cid: ChannelId, limit: Int, offset: Int) throws -> [ChatChannelMember] {
        var members: [ChatChannelMember] = []
        try db.forEachRawRow(
            """
            SELECT mb.role, mb.created_at, mb.last_read_at, \(StoreColumns.user)
            FROM member mb CROSS JOIN user u ON u.id = mb.user_id
            WHERE mb.cid = ? ORDER BY mb.created_at, mb.user_id LIMIT ? OFFSET ?
            """,
            arguments: [cid.rawValue, limit, offset]
        ) { row in
            members.append(ChatChannelMember(
                user: StoreColumns.decodeUser(row, at: 3), role: MemberRole(rawValue: row.text(0)),
                memberCreatedAt: Date(millisecondsSince1970: row.int64(1)),
                lastReadAt: row.optionalInt64(2).map(Date.init(millisecondsSince1970:))))
        }
        return members
    }

    /// Users typing in a thread right now (other than the viewer).
    func typingUsers(cid: ChannelId, parentId: MessageId) throws -> Set<ChatUser> {
        let statement = try db.cachedStatement(sql: """
            SELECT \(StoreColumns.user) FROM typing t CROSS JOIN user u ON u.id = t.user_id
            WHERE t.cid = ? AND t.parent_id = ? AND t.expires_at > ? AND t.user_id <> ?
            """)
        return Set(try Row.fetchAll(
            statement, arguments: [cid.rawValue, parentId, now.millisecondsSince1970, currentUserId]
        ).map { StoreColumns.decodeUser($0) })
    }

    // MARK: Search

    /// How many of the most recent matches search ranks. Ranking costs a few microseconds per
    /// match; a common word matches half of a 1,000,000-message store, so ranking every match
    /// would take seconds. Queries with fewer matches are ranked exactly.
    static let searchRankingWindow = 2_000

    /// The shortest word being typed that matches as a prefix. FTS5 answers a prefix query by
    /// merging the full match lists of every word with that prefix: "th*" at 1,000,000 messages
    /// costs 150 ms, "ligh*" 1 ms. Shorter words match exactly ("the" < 1 ms).
    static let minimumPrefixLength = 4

    /// Messages matching `query` (every word, the word being typed as a prefix), best match
    /// first among the ``searchRankingWindow`` most recent matches.
    ///
    /// FTS5 finds the matches, newest first; they are ranked here with BM25's term-frequency and
    /// length normalisation. BM25's other factor, how rare each word is (IDF), is left out: FTS5
    /// computes it by reading every match of every word (35 ms for "the" at 1,000,000 messages),
    /// and since every result contains every word it changes the order little.
    func searchMessages(query: String, cid: ChannelId?, limit: Int, offset: Int) throws -> [ChatMessage] {
        guard let parsed = Self.parseSearch(query) else { return [] }
        let scope = cid == nil ? "m.cid IN (SELECT cid FROM member WHERE user_id = ?)" : "m.cid = ?"
        var candidates: [(pk: Int64, text: String)] = []
        try db.forEachRawRow(
            """
            SELECT m.pk, m.text FROM message_fts f CROSS JOIN message m ON m.pk = f.rowid
            WHERE message_fts MATCH ? AND \(scope)
              AND m.deleted_at IS NULL AND m.local_state = 0 AND m.type IN ('regular', 'reply')
            ORDER BY f.rowid DESC LIMIT \(Self.searchRankingWindow)
            """,
            arguments: [parsed.match, cid?.rawValue ?? currentUserId]
        ) { row in candidates.append((row.int64(0), row.text(1))) }
        guard offset < candidates.count else { return [] }

        let scorer = SearchScorer(terms: parsed.terms, lastIsPrefix: parsed.lastIsPrefix)
        let counted = candidates.map { scorer.count(in: $0.text) }
        let averageLength = Double(counted.reduce(0) { $0 + $1.length }) / Double(max(1, counted.count))
        let k1 = 1.2, b = 0.75
        var scored: [(score: Double, pk: Int64)] = []
        scored.reserveCapacity(candidates.count)
        for (index, count) in counted.enumerated() {
            let norm = k1 * (1 - b + b * Double(count.length) / max(averageLength, 1))
            var score = 0.0
            for frequency in count.frequencies {
                score += Double(frequency) * (k1 + 1) / (Double(frequency) + norm)
            }
            scored.append((score, candidates[index].pk))
        }
        scored.sort { ($0.score, $0.pk) > ($1.score, $1.pk) }
        let page = scored.dropFirst(offset).prefix(limit).map { $0.pk }
        guard !page.isEmpty else { return [] }
        var byPk: [Int64: MessageRow] = [:]
        for row in try messageRows(
            sql: "\(StoreColumns.messageFrom) WHERE m.pk IN (\(sqlPlaceholders(page.count)))", arguments: StatementArguments(page))
        {
            byPk[row.pk] = row
        }
        return try messages(from: page.compactMap { byPk[$0] })
    }

    /// Turns what a user typed into an FTS5 query that cannot be a syntax error (every run of
    /// letters and digits becomes a quoted term), plus the folded terms for ranking. The last
    /// term is a prefix term while it is being typed (no space after it) and has at least
    /// ``minimumPrefixLength`` characters.
    static func parseSearch(_ text: String) -> (match: String, terms: [String], lastIsPrefix: Bool)? {
        let terms = searchTokens(text)
        guard !terms.isEmpty else { return nil }
        let endsInWord = text.last.map { $0.isLetter || $0.isNumber } ?? false
        let lastIsPrefix = endsInWord && terms[terms.count - 1].count >= minimumPrefixLength
        var parts = terms.map { "\"\($0)\"" }
        if lastIsPrefix { parts[parts.count - 1] += "*" }
        return (parts.joined(separator: " "), terms, lastIsPrefix)
    }

    /// Words as FTS5's `unicode61 remove_diacritics 2` tokenizer sees them: runs of letters and
    /// digits, case- and diacritic-folded.
    static func searchTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                tokens.append(fold(current))
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(fold(current)) }
        return tokens
    }

    private static func fold(_ word: String) -> String {
        // ASCII words (most chat text) need only lower-casing; the rest goes through Foundation.
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }
        return word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

/// Counts, in one message text, the tokens and the occurrences of each search term, the way
/// FTS5's tokenizer splits and folds words. ASCII text (most chat) is scanned byte by byte
/// without building strings; other text goes through ``StoreReader/searchTokens(_:)``.
struct SearchScorer {
    let terms: [String]
    let lastIsPrefix: Bool
    private let asciiTerms: [[UInt8]]?

    init(terms: [String], lastIsPrefix: Bool) {
        self.terms = terms
        self.lastIsPrefix = lastIsPrefix
        asciiTerms = terms.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } } ? terms.map { Array($0.utf8) } : nil
    }

    func count(in text: String) -> (length: Int, frequencies: [Int]) {
        var frequencies = [Int](repeating: 0, count: terms.count)
        if let asciiTerms, let length = countASCII(text, asciiTerms, &frequencies) {
            return (length, frequencies)
        }
        frequencies = [Int](repeating: 0, count: terms.count)
        let tokens = StoreReader.searchTokens(text)
        for token in tokens {
            for (index, term) in terms.enumerated() {
                let isPrefix = lastIsPrefix && index == terms.count - 1
                if isPrefix ? token.hasPrefix(term) : token == term { frequencies[index] += 1 }
            }
        }
        return (tokens.count, frequencies)
    }

    /// The ASCII fast path; `nil` as soon as a non-ASCII byte shows up.
    private func countASCII(_ text: String, _ asciiTerms: [[UInt8]], _ frequencies: inout [Int]) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var length = 0
            var start = -1
            for index in 0...bytes.count {
                let byte: UInt8 = index < bytes.count ? bytes[index] : 0x20
                if byte >= 0x80 { return nil }
                let isWordByte = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                if isWordByte {
                    if start < 0 { start = index }
                    continue
                }
                guard start >= 0 else { continue }
                length += 1
                let token = UnsafeBufferPointer(rebasing: bytes[start..<index])
                for (termIndex, term) in asciiTerms.enumerated() {
                    let isPrefix = lastIsPrefix && termIndex == asciiTerms.count - 1
                    guard isPrefix ? token.count >= term.count : token.count == term.count else { continue }
                    var matches = true
                    for offset in 0..<term.count {
                        let character = token[offset]
                        let lowered = character >= 0x41 && character <= 0x5A ? character | 0x20 : character
                        if lowered != term[offset] { matches = false; break }
                    }
                    if matches { frequencies[termIndex] += 1 }
                }
                start = -1
            }
            return length
        }
    }
}
