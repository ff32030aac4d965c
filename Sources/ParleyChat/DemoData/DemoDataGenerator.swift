import Foundation
import GRDB

/// How much demo data to make, and from which seed.
public struct DemoDataParameters: Sendable, Hashable {
    /// The seed: the same seed (and end date) always makes the same database, ids included.
    public var seed: UInt64
    /// Users besides the current one.
    public var userCount: Int
    /// 1:1 channels between the current user and another user.
    public var directChannelCount: Int
    /// Named group channels of 3–8 members.
    public var groupChannelCount: Int
    /// Messages in each 1:1, group, reactions-disabled and frozen channel.
    public var messagesPerChannel: Int
    /// Messages in the busy livestream-style channel (up to 1,000,000 and more).
    public var busyChannelMessageCount: Int
    /// Members of the busy channel (including the current user).
    public var busyChannelMemberCount: Int
    /// The busy channel's features; `nil` is a livestream's defaults (no typing or read events).
    public var busyChannelConfig: ChannelConfig?
    /// Pictures the busy channel's messages carry: when not empty, one top-level message in five
    /// (the 1st, 6th, 11th…) carries 1, 2, 3, 4, 1… of them in turn (the `chat.scroll_images_*`
    /// benchmarks); empty (the default) leaves the messages as they were.
    public var busyChannelPictures: [ImageAttachmentPayload] = []
    /// Extra small 1:1 channels with 1–3 messages each (for channel lists of 1,000 channels).
    public var fillerChannelCount: Int
    /// The current user's display name.
    public var currentUserName: String
    /// When the newest message is sent; `nil` means the client's clock now.
    public var endDate: Date?
    /// How far back the oldest messages go, in seconds.
    public var timeSpan: TimeInterval

    /// Describes demo data.
    public init(
        seed: UInt64 = 2024, userCount: Int = 40, directChannelCount: Int = 5, groupChannelCount: Int = 5,
        messagesPerChannel: Int = 80, busyChannelMessageCount: Int = 3_000, busyChannelMemberCount: Int = 30,
        fillerChannelCount: Int = 0, currentUserName: String = "Sam Taylor", endDate: Date? = nil,
        timeSpan: TimeInterval = 30 * 86_400
    ) {
        self.seed = seed
        self.userCount = userCount
        self.directChannelCount = directChannelCount
        self.groupChannelCount = groupChannelCount
        self.messagesPerChannel = messagesPerChannel
        self.busyChannelMessageCount = busyChannelMessageCount
        self.busyChannelMemberCount = busyChannelMemberCount
        self.fillerChannelCount = fillerChannelCount
        self.currentUserName = currentUserName
        self.endDate = endDate
        self.timeSpan = timeSpan
        self.busyChannelConfig = nil
    }

    /// A demo-sized data set: a dozen channels, a few thousand messages.
    public static let demo = DemoDataParameters()
}

/// What ``DemoDataGenerator/generate(into:)`` made.
public struct DemoDataSummary: Sendable, Hashable {
    /// Every user, the current one first.
    public var userIds: [UserId]
    /// Every channel.
    public var channelIds: [ChannelId]
    /// The busy livestream-style channel.
    public var busyChannel: ChannelId
    /// A channel with `reactionsEnabled == false`.
    public var reactionsDisabledChannel: ChannelId
    /// A frozen channel.
    public var frozenChannel: ChannelId
    /// Messages inserted (replies and system messages included).
    public var messageCount: Int
    /// Reactions inserted.
    public var reactionCount: Int
}

/// Makes deterministic demo data straight into a client's store: users with avatar colours and
/// initials; 1:1 channels, groups, a busy livestream, a channel without reactions and a frozen
/// one; messages of every kind (short and long text, emoji only, links, mentions, system
/// messages, threads, quotes, edits, deletions, reactions of several types and scores).
///
/// Rows are written with prepared statements in transactions of a few thousand messages, then
/// derived data (unread counts, last message dates) is recomputed once, so a 1,000,000-message
/// channel takes seconds, not minutes. The result satisfies every store invariant.
public struct DemoDataGenerator: Sendable {
    /// The parameters.
    public let parameters: DemoDataParameters

    /// Messages per transaction.
    static let batchSize = 5_000

    /// Creates a generator.
    public init(parameters: DemoDataParameters = .demo) {
        self.parameters = parameters
    }

    /// Writes the demo data into `client`'s store. Run it on an empty store: ids are
    /// deterministic, so a second run with the same seed collides with the first
    /// (``ChatError/duplicateId(_:)``).
    public func generate(into client: ChatClient) throws(ChatError) -> DemoDataSummary {
        var rng = SeededRandom(seed: parameters.seed)
        let end = (parameters.endDate ?? client.clock.now()).millisecondsSince1970
        let start = end - Int64(parameters.timeSpan * 1000)
        let me = client.currentUserId

        // Users.
        var users: [ChatUser] = [ChatUser(
            id: me, name: parameters.currentUserName, isOnline: true,
            lastActiveAt: Date(millisecondsSince1970: end), createdAt: Date(millisecondsSince1970: start))]
        var usedIds: Set<UserId> = [me]
        for index in 0..<parameters.userCount {
            let first = DemoVocabulary.firstNames[index % DemoVocabulary.firstNames.count]
            let last = DemoVocabulary.lastNames[rng.int(DemoVocabulary.lastNames.count)]
            var id = first.lowercased()
            if usedIds.contains(id) { id += "-\(index)" }
            usedIds.insert(id)
            users.append(ChatUser(
                id: id, name: "\(first) \(last)", role: index == 0 ? .admin : .user, isOnline: rng.chance(0.3),
                lastActiveAt: Date(millisecondsSince1970: end - Int64(rng.int(86_400_000))),
                createdAt: Date(millisecondsSince1970: start)))
        }
        let others = users.dropFirst().map(\.id)
        guard !others.isEmpty else { throw ChatError.userNotFound("(demo data needs userCount ≥ 1)") }

        // Channels.
        var plans: [ChannelPlan] = []
        for index in 0..<min(parameters.directChannelCount, others.count) {
            plans.append(ChannelPlan(
                cid: ChannelId(type: .messaging, id: "dm-\(others[index])"), name: nil, members: [me, others[index]],
                config: .default(for: .messaging), isFrozen: false, messageCount: parameters.messagesPerChannel,
                kind: .direct))
        }
        for index in 0..<parameters.groupChannelCount {
            let size = min(others.count, rng.int(in: 2...7))
            var members = [me]
            while members.count < size + 1 {
                let candidate = rng.pick(others)
                if !members.contains(candidate) { members.append(candidate) }
            }
            plans.append(ChannelPlan(
                cid: ChannelId(type: .messaging, id: "group-\(index + 1)"),
                name: DemoVocabulary.groupNames[index % DemoVocabulary.groupNames.count], members: members,
                config: .default(for: .messaging), isFrozen: false, messageCount: parameters.messagesPerChannel,
                kind: .group))
        }
        let busy = ChannelId(type: .livestream, id: "town-hall")
        plans.append(ChannelPlan(
            cid: busy, name: "Town Hall", members: [me] + others.prefix(max(1, parameters.busyChannelMemberCount - 1)),
            config: parameters.busyChannelConfig ?? .default(for: .livestream), isFrozen: false, messageCount: parameters.busyChannelMessageCount,
            kind: .busy))
        let noReactions = ChannelId(type: .messaging, id: "announcements")
        plans.append(ChannelPlan(
            cid: noReactions, name: "Announcements", members: [me] + others.prefix(10),
            config: ChannelConfig(reactionsEnabled: false), isFrozen: false,
            messageCount: parameters.messagesPerChannel, kind: .group))
        let frozen = ChannelId(type: .team, id: "archive")
        plans.append(ChannelPlan(
            cid: frozen, name: "Archive 2023", members: [me] + others.prefix(5), config: .default(for: .team),
            isFrozen: true, messageCount: parameters.messagesPerChannel, kind: .group))
        for index in 0..<parameters.fillerChannelCount {
            let other = others[index % others.count]
            plans.append(ChannelPlan(
                cid: ChannelId(type: .messaging, id: "chat-\(index + 1)"), name: "Chat \(index + 1)",
                members: [me, other], config: .default(for: .messaging), isFrozen: false,
                messageCount: rng.int(in: 1...3), kind: .direct))
        }

        let usersById = Dictionary(uniqueKeysWithValues: users.map { ($0.id, $0) })
        var messageCount = 0
        var reactionCount = 0
        let store = client.store
        try store.writeSync { db in
            let bulk = try BulkWriter(db: db)
            for user in users { try bulk.insertUser(user) }
            for plan in plans {
                try bulk.insertChannel(plan, createdAt: start)
                for (offset, member) in plan.members.enumerated() {
                    let role: MemberRole = offset == 0 ? .owner : (plan.kind == .busy && offset == 1 ? .moderator : .member)
                    try bulk.insertMember(cid: plan.cid, userId: member, role: role, createdAt: start)
                }
            }
        }
        for plan in plans {
            var script = MessageScript(
                plan: plan, users: usersById, currentUserId: me, start: start, end: end, rng: SeededRandom(seed: rng.next()))
            if plan.kind == .busy { script.pictures = parameters.busyChannelPictures }
            let counts = try script.write(count: plan.messageCount, into: store, systemIntro: plan.kind == .group)
            messageCount += counts.messages
            reactionCount += counts.reactions
            try finish(plan, store: store, me: me, end: end, rng: &rng)
        }
        return DemoDataSummary(
            userIds: users.map(\.id), channelIds: plans.map(\.cid), busyChannel: busy,
            reactionsDisabledChannel: noReactions, frozenChannel: frozen, messageCount: messageCount,
            reactionCount: reactionCount)
    }

    /// Appends `count` generated messages (every kind, authors among the members) to an existing
    /// channel through the bulk path, continuing after its newest message. Returns how many
    /// messages were written (replies included, so at least `count`).
    @discardableResult
    public func appendMessages(_ count: Int, to cid: ChannelId, in client: ChatClient) throws(ChatError) -> Int {
        var script = try makeScript(count: count, for: cid, in: client)
        var written = 0
        repeat {
            let batch = script.nextMessages(count: count, limit: Self.batchSize)
            guard !batch.isEmpty else { break }
            try BulkWriter.write(batch, into: client.store)
            written += batch.count
        } while true
        try finishAppend(to: cid, in: client)
        return written
    }

    /// Makes (without writing) messages as ``appendMessages(_:to:in:)`` would, so that a benchmark
    /// can time ``insert(_:into:)`` alone.
    @_spi(Benchmarks)
    public func makeMessages(_ count: Int, for cid: ChannelId, in client: ChatClient) throws(ChatError) -> GeneratedMessageBatch {
        var script = try makeScript(count: count, for: cid, in: client)
        return GeneratedMessageBatch(cid: cid, messages: script.nextMessages(count: count, limit: .max))
    }

    /// Inserts messages made by ``makeMessages(_:for:in:)`` through the bulk path (transactions
    /// of ``batchSize`` messages, full-text index, reactions and aggregates included), then
    /// updates the channel's derived columns.
    @_spi(Benchmarks)
    public func insert(_ batch: GeneratedMessageBatch, into client: ChatClient) throws(ChatError) {
        var offset = 0
        while offset < batch.messages.count {
            let slice = Array(batch.messages[offset..<min(batch.messages.count, offset + Self.batchSize)])
            try BulkWriter.write(slice, into: client.store)
            offset += slice.count
        }
        try finishAppend(to: batch.cid, in: client)
    }

    private func makeScript(count: Int, for cid: ChannelId, in client: ChatClient) throws(ChatError) -> MessageScript {
        let me = client.currentUserId
        let (channel, members, users) = try client.reader { reader -> (ChannelRow?, [UserId], [UserId: ChatUser]) in
            guard let channel = try reader.channelRow(cid) else { return (nil, [], [:]) }
            let members = try reader.members(cid, limit: 10_000, offset: 0)
            return (channel, members.map(\.id), Dictionary(uniqueKeysWithValues: members.map { ($0.id, $0.user) }))
        }
        guard let channel, !members.isEmpty else { throw ChatError.channelNotFound(cid) }
        let start = channel.lastMessageAt ?? channel.createdAt
        let plan = ChannelPlan(
            cid: cid, name: channel.name, members: members, config: channel.config, isFrozen: channel.isFrozen,
            messageCount: count, kind: cid.type == .livestream ? .busy : .group)
        return MessageScript(
            plan: plan, users: users, currentUserId: me, start: start + 1, end: start + Int64(count) * 2_000,
            rng: SeededRandom(seed: parameters.seed ^ UInt64(start)))
    }

    private func finishAppend(to cid: ChannelId, in client: ChatClient) throws(ChatError) {
        let readEvents = try client.reader { try $0.channelRow(cid)?.config.readEventsEnabled } ?? false
        try client.store.writeSync { db in
            let maintenance = StoreMaintenance(db: db)
            try maintenance.recomputeLastMessageAt(cid: cid)
            if readEvents { try maintenance.recomputeUnreadCounts(cid: cid, readEventsEnabled: true) }
        }
    }

    /// Read states and derived columns once a channel's messages are in.
    private func finish(_ plan: ChannelPlan, store: ChatStore, me: UserId, end: Int64, rng: inout SeededRandom) throws(ChatError) {
        // The current user is behind in some channels (unread counts to show), others read up to
        // a recent point (so "read by" varies).
        let leaveUnread = plan.config.readEventsEnabled && rng.chance(0.4)
        let unreadTail = rng.int(in: 1...8)
        var otherReads: [(UserId, Int)] = []
        for member in plan.members where member != me { otherReads.append((member, rng.int(in: 0...4))) }
        try store.writeSync { db in
            let tail = try Int64.fetchAll(db, sql: """
                SELECT created_at FROM message m
                WHERE m.cid = ? AND (m.parent_id IS NULL OR m.show_in_channel = 1)
                ORDER BY created_at DESC, pk DESC LIMIT 12
                """, arguments: [plan.cid.rawValue])
            func readPoint(_ back: Int) -> Int64 {
                guard !tail.isEmpty else { return end }
                return back == 0 ? max(end, tail[0]) : tail[min(back, tail.count - 1)] - 1
            }
            // The read states of a channel being generated: nobody has seen its messages yet, and
            // bumping every message each member read (all of them, 200 times over in the busy
            // channel) would cost minutes.
            try StoreSchema.withVersionBumpsPaused(db) {
                try db.execute(
                    sql: "UPDATE member SET last_read_at = ? WHERE cid = ? AND user_id = ?",
                    arguments: [leaveUnread ? readPoint(unreadTail) : readPoint(0), plan.cid.rawValue, me])
                for (member, back) in otherReads {
                    try db.execute(
                        sql: "UPDATE member SET last_read_at = ? WHERE cid = ? AND user_id = ?",
                        arguments: [readPoint(back), plan.cid.rawValue, member])
                }
            }
            let maintenance = StoreMaintenance(db: db)
            try maintenance.recomputeLastMessageAt(cid: plan.cid)
            try maintenance.recomputeUnreadCounts(cid: plan.cid, readEventsEnabled: plan.config.readEventsEnabled)
            try db.execute(
                sql: "UPDATE channel SET member_count = (SELECT count(*) FROM member WHERE member.cid = channel.cid) WHERE cid = ?",
                arguments: [plan.cid.rawValue])
        }
    }
}

/// Messages made ahead of time by ``DemoDataGenerator/makeMessages(_:for:in:)``.
@_spi(Benchmarks)
public struct GeneratedMessageBatch: Sendable {
    let cid: ChannelId
    let messages: [GeneratedMessage]

    /// How many messages the batch holds (replies included).
    public var count: Int { messages.count }
}

/// One channel to generate.
struct ChannelPlan: Sendable {
    enum Kind: Sendable { case direct, group, busy }
    var cid: ChannelId
    var name: String?
    var members: [UserId]
    var config: ChannelConfig
    var isFrozen: Bool
    var messageCount: Int
    var kind: Kind
}

/// Prepared statements for bulk inserts (one transaction at a time).
struct BulkWriter {
    let db: Database
    private let messageStatement: Statement
    private let reactionStatement: Statement
    private let aggregateStatement: Statement
    private let searchStatement: Statement

    init(db: Database) throws {
        self.db = db
        searchStatement = try db.cachedStatement(sql: "INSERT INTO message_fts(rowid, text) VALUES (?, ?)")
        messageStatement = try db.cachedStatement(sql: """
            INSERT INTO message (id, cid, type, text, user_id, created_at, updated_at, text_updated_at, deleted_at,
                                 parent_id, reply_count, show_in_channel, quoted_id, mentioned, attachments, local_state)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
            """)
        reactionStatement = try db.cachedStatement(sql: """
            INSERT INTO reaction (message_id, type, user_id, score, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
            """)
        aggregateStatement = try db.cachedStatement(sql: """
            INSERT INTO reaction_aggregate (message_id, type, score, count, first_at, last_at) VALUES (?, ?, ?, ?, ?, ?)
            """)
    }

    func insertUser(_ user: ChatUser) throws {
        try StoreWriter(db: db, now: user.createdAt).upsertUser(user)
    }

    func insertChannel(_ plan: ChannelPlan, createdAt: Int64) throws {
        try db.execute(
            sql: """
                INSERT INTO channel (cid, type, name, created_by, created_at, updated_at, is_frozen, config)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [plan.cid.rawValue, plan.cid.type.rawValue, plan.name, plan.members.first, createdAt, createdAt,
                        plan.isFrozen, JSONColumn.encode(plan.config)])
    }

    func insertMember(cid: ChannelId, userId: UserId, role: MemberRole, createdAt: Int64) throws {
        try db.execute(
            sql: "INSERT INTO member (cid, user_id, role, created_at, last_read_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [cid.rawValue, userId, role.rawValue, createdAt, createdAt])
    }

    /// Inserts `messages` in one transaction (the store's observation publishes them as inserted).
    /// Their reactions do not bump versions: the messages are new in this very transaction.
    static func write(_ messages: [GeneratedMessage], into store: ChatStore) throws(ChatError) {
        try store.writeSync { db in
            try StoreSchema.withVersionBumpsPaused(db) {
                let writer = try BulkWriter(db: db)
                for message in messages { try writer.insertMessage(message) }
            }
        }
    }

    func insertMessage(_ message: GeneratedMessage) throws {
        let row = RawBinding(statement: messageStatement)
        row.reset()
        row.bind(message.id, at: 1)
        row.bind(message.cid.rawValue, at: 2)
        row.bind(message.type.rawValue, at: 3)
        row.bind(message.text, at: 4)
        row.bind(message.userId, at: 5)
        row.bind(message.createdAt, at: 6)
        row.bind(message.updatedAt, at: 7)
        row.bind(message.textUpdatedAt, at: 8)
        row.bind(message.deletedAt, at: 9)
        row.bind(message.parentId, at: 10)
        row.bind(Int64(message.replyCount), at: 11)
        row.bind(message.showInChannel ? 1 : 0, at: 12)
        row.bind(message.quotedId, at: 13)
        row.bind(message.mentionedIds.isEmpty ? nil : JSONColumn.encodeStrings(message.mentionedIds), at: 14)
        row.bind(message.attachments.isEmpty ? nil : JSONColumn.encodeAttachments(message.attachments), at: 15)
        try row.step(db)
        let search = RawBinding(statement: searchStatement)
        search.reset()
        search.bind(db.lastInsertedRowID, at: 1)
        search.bind(message.text, at: 2)
        try search.step(db)
        for reaction in message.reactions {
            reactionStatement.setUncheckedArguments([
                message.id, reaction.type.rawValue, reaction.userId, reaction.score, reaction.at, reaction.at,
            ])
            try reactionStatement.execute()
        }
        var groups: [MessageReactionType: (score: Int, count: Int, first: Int64, last: Int64)] = [:]
        for reaction in message.reactions {
            var group = groups[reaction.type] ?? (0, 0, .max, .min)
            group.score += reaction.score
            group.count += 1
            group.first = min(group.first, reaction.at)
            group.last = max(group.last, reaction.at)
            groups[reaction.type] = group
        }
        for (type, group) in groups.sorted(by: { $0.key < $1.key }) {
            aggregateStatement.setUncheckedArguments([message.id, type.rawValue, group.score, group.count, group.first, group.last])
            try aggregateStatement.execute()
        }
    }
}

/// A message ready for the bulk writer.
struct GeneratedMessage: Sendable {
    var id: MessageId
    var cid: ChannelId
    var type: MessageType
    var text: String
    var userId: UserId
    var createdAt: Int64
    var updatedAt: Int64
    var textUpdatedAt: Int64?
    var deletedAt: Int64?
    var parentId: MessageId?
    var replyCount: Int
    var showInChannel: Bool
    var quotedId: MessageId?
    var mentionedIds: [UserId]
    var attachments: [ChatMessageAttachment]
    var reactions: [(type: MessageReactionType, userId: UserId, score: Int, at: Int64)]
}
