import Foundation
import GRDB
import Synchronization
import Testing
@testable import ParleyChat

/// A server's channel stream, made by hand: each write appends one event with the next sequence.
final class FakeStream {
    let cid = ChannelId(type: .messaging, id: "general")
    var epoch = "e1"
    private(set) var events: [ChannelSyncEvent] = []
    private(set) var messages: [MessageId: SyncedMessage] = [:]
    private var order: [MessageId] = []
    private var time = testEpoch
    let users = ["alice", "bob", "carol"].map { ChatUser(id: $0, name: $0.capitalized, createdAt: testEpoch) }

    var channel: SyncedChannel {
        SyncedChannel(cid: cid, name: "General", config: ChannelConfig(), createdBy: "alice", createdAt: testEpoch, updatedAt: testEpoch)
    }

    func snapshot() -> ChannelSnapshot {
        ChannelSnapshot(
            channel: channel,
            members: users.map { SyncedMember(user: $0, role: $0.id == "alice" ? .owner : .member, createdAt: testEpoch, lastReadAt: testEpoch) },
            messages: order.compactMap { messages[$0] }, isMuted: false,
            cursor: ChannelSyncCursor(cid: cid, epoch: epoch, sequence: events.last?.sequence ?? 0))
    }

    private func tick() -> Date {
        time = time.addingTimeInterval(1)
        return time
    }

    private func append(_ change: ChannelSyncChange) {
        events.append(ChannelSyncEvent(cid: cid, sequence: Int64(events.count + 1), epoch: epoch, change: change))
    }

    @discardableResult
    func post(_ id: MessageId, _ text: String, by userId: UserId, parent: MessageId? = nil) -> SyncedMessage {
        let now = tick()
        let author = users.first { $0.id == userId }!
        let message = SyncedMessage(
            id: id, cid: cid, type: parent == nil ? .regular : .reply, text: text, author: author, createdAt: now,
            updatedAt: now, parentId: parent)
        messages[id] = message
        order.append(id)
        append(.message(message))
        if let parent, var root = messages[parent] {
            root.replyCount += 1
            root.updatedAt = now
            messages[parent] = root
            append(.message(root))
        }
        return message
    }

    func edit(_ id: MessageId, _ text: String) {
        let now = tick()
        messages[id]!.text = text
        messages[id]!.textUpdatedAt = now
        messages[id]!.updatedAt = now
        append(.message(messages[id]!))
    }

    func delete(_ id: MessageId) {
        let now = tick()
        messages[id]!.type = .deleted
        messages[id]!.deletedAt = now
        messages[id]!.updatedAt = now
        append(.message(messages[id]!))
    }

    func react(_ id: MessageId, _ type: MessageReactionType, by userId: UserId, remove: Bool = false) {
        let now = tick()
        let reaction = SyncedReaction(messageId: id, userId: userId, type: type, score: 1, createdAt: now, updatedAt: now)
        var message = messages[id]!
        message.updatedAt = now
        message.reactionScores[type, default: 0] += remove ? -1 : 1
        message.reactionCounts[type, default: 0] += remove ? -1 : 1
        if message.reactionScores[type] == 0 {
            message.reactionScores[type] = nil
            message.reactionCounts[type] = nil
        }
        messages[id] = message
        append(remove ? .reactionRemoved(reaction, message: message) : .reactionAdded(reaction, message: message))
    }

    func read(by userId: UserId) {
        append(.read(userId: userId, at: tick(), lastReadMessageId: order.last))
    }
}

/// What two stores must agree on after syncing the same stream (row versions and pks aside).
func syncedContent(_ client: ChatClient) throws -> String {
    try client.reader { reader in
        var lines: [String] = []
        let queries = [
            "SELECT id, cid, type, text, user_id, created_at, updated_at, text_updated_at, deleted_at, parent_id, reply_count, local_state FROM message ORDER BY id",
            "SELECT message_id, type, user_id, score FROM reaction ORDER BY message_id, type, user_id",
            "SELECT message_id, type, score, count FROM reaction_aggregate ORDER BY message_id, type",
            "SELECT cid, user_id, role, last_read_at, last_read_message_id, unread_messages FROM member ORDER BY cid, user_id",
            "SELECT cid, name, is_frozen, member_count, last_message_at FROM channel ORDER BY cid",
        ]
        for sql in queries {
            for row in try Row.fetchAll(reader.db, sql: sql) { lines.append(row.description) }
        }
        return lines.joined(separator: "\n")
    }
}

@Suite struct SyncStoreTests {
    @Test func eventsApplyOnceAndDuplicatesChangeNothing() async throws {
        let stream = FakeStream()
        let client = try makeClient()
        try await client.syncStore.reset(stream.snapshot())
        stream.post("m1", "Hello", by: "bob")
        stream.edit("m1", "Hello there")
        stream.react("m1", .love, by: "carol")

        let first = try await client.syncStore.apply(stream.events)
        #expect(first.applied == 3 && first.duplicates == 0 && first.needsReset.isEmpty)
        let content = try syncedContent(client)
        let again = try await client.syncStore.apply(stream.events)
        #expect(again.applied == 0 && again.duplicates == 3)
        #expect(try syncedContent(client) == content)

        let message = try #require(try client.message(id: "m1"))
        #expect(message.text == "Hello there" && message.isEdited)
        #expect(message.reactionScores == [.love: 1])
        #expect(try client.syncStore.cursor(for: stream.cid)?.sequence == 3)
    }

    @Test func anOfflineClientCatchesUpToExactlyTheOnlineClientsStore() async throws {
        let stream = FakeStream()
        let online = try makeClient("alice")
        let offline = try makeClient("alice")
        try await online.syncStore.reset(stream.snapshot())
        try await offline.syncStore.reset(stream.snapshot())

        // The online client gets every event live, some twice (a write's answer, then the socket).
        for index in 0..<60 {
            let author: UserId = ["alice", "bob", "carol"][index % 3]
            stream.post("m\(index)", "message \(index)", by: author, parent: index % 10 == 9 ? "m0" : nil)
            if index % 7 == 3 { stream.react("m\(index / 2)", .like, by: "bob") }
            if index % 11 == 5 { stream.edit("m\(index / 3)", "edited \(index)") }
            if index % 13 == 6 { stream.delete("m\(index / 4)") }
            if index % 17 == 8 { stream.react("m\(index / 2 - 2)", .like, by: "bob", remove: true) }
            if index % 5 == 0 { stream.read(by: "bob") }
            let fresh = stream.events.suffix(from: Int(try online.syncStore.cursor(for: stream.cid)!.sequence))
            try await online.syncStore.applyUnsequenced(fresh.map(\.change), in: stream.cid)
            try await online.syncStore.apply(Array(fresh))
        }
        // The offline client missed it all, including edits and deletions of old messages.
        let caughtUp = try await offline.syncStore.apply(stream.events)
        #expect(caughtUp.applied == stream.events.count)
        #expect(try syncedContent(offline) == syncedContent(online))
        #expect(try offline.message(id: "m1")?.isDeleted == true)
        #expect(try offline.message(id: "m0")?.replyCount == 6)
    }

    @Test func anotherEpochOrAnUnknownChannelAsksForAReloadThatReplacesTheChannel() async throws {
        let stream = FakeStream()
        let client = try makeClient()
        let unknown = try await client.syncStore.apply([
            ChannelSyncEvent(cid: stream.cid, sequence: 1, epoch: "e1", change: .unknown),
        ])
        #expect(unknown.needsReset == [stream.cid] && unknown.applied == 0)

        try await client.syncStore.reset(stream.snapshot())
        stream.post("m1", "kept", by: "bob")
        stream.post("m2", "gone on the server", by: "bob")
        try await client.syncStore.apply(stream.events)
        #expect(try client.message(id: "m2") != nil)

        // The server lost its stream (new epoch) and no longer has m2.
        let restarted = FakeStream()
        restarted.epoch = "e2"
        restarted.post("m1", "kept", by: "bob")
        restarted.post("m3", "new", by: "carol")
        let stale = try await client.syncStore.apply([
            ChannelSyncEvent(cid: stream.cid, sequence: 3, epoch: "e2", change: .unknown),
        ])
        #expect(stale.needsReset == [stream.cid])
        try await client.syncStore.reset(restarted.snapshot())
        #expect(try client.message(id: "m2") == nil)
        #expect(try client.message(id: "m3")?.text == "new")
        #expect(try client.syncStore.cursor(for: stream.cid) == ChannelSyncCursor(cid: stream.cid, epoch: "e2", sequence: 2))
        #expect(try client.channel(stream.cid)?.unreadCount.messages == 2)
    }

    @Test func anOlderMessageStateNeverOverwritesANewerOne() async throws {
        let stream = FakeStream()
        let client = try makeClient()
        try await client.syncStore.reset(stream.snapshot())
        stream.post("m1", "v1", by: "bob")
        stream.edit("m1", "v2")
        try await client.syncStore.applyUnsequenced([stream.events[1].change], in: stream.cid)
        try await client.syncStore.applyUnsequenced([stream.events[0].change], in: stream.cid)
        #expect(try client.message(id: "m1")?.text == "v2")
    }

    /// A relayed typing indicator expires on the clock like a local one: the controller hears of
    /// it (a store change), not only readers that filter expired rows.
    @MainActor @Test func relayedTypingExpiresOnTheClock() async throws {
        let stream = FakeStream()
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await client.syncStore.reset(stream.snapshot())
        let controller = client.channelController(for: stream.cid)
        try controller.synchronize()
        try await client.syncStore.applyTyping(in: stream.cid, userId: "bob", parentMessageId: nil, isTyping: true)
        try await eventually("bob typing") { controller.channel?.currentlyTypingUsers.map(\.id) == ["bob"] }
        clock.advance(by: EmbeddedChatBackend.typingTimeout + 1)
        try await eventually("typing expired") { controller.channel?.currentlyTypingUsers.isEmpty == true }
    }

    @Test func removalOfTheCurrentUserRemovesTheChannel() async throws {
        let stream = FakeStream()
        let client = try makeClient()
        try await client.syncStore.reset(stream.snapshot())
        try await client.syncStore.apply([
            ChannelSyncEvent(cid: stream.cid, sequence: 1, epoch: "e1", change: .memberRemoved("bob")),
        ])
        #expect(try client.channel(stream.cid)?.memberCount == 2)
        try await client.syncStore.apply([
            ChannelSyncEvent(cid: stream.cid, sequence: 2, epoch: "e1", change: .memberRemoved("alice")),
        ])
        #expect(try client.channel(stream.cid) == nil)
        #expect(try client.syncStore.cursor(for: stream.cid) == nil)
    }
}

/// A backend that cannot reach its server: every call throws `notConnected`.
final class OfflineBackend: ChatBackend {
    let attached = Mutex<ChatSyncStore?>(nil)
    func attach(to sync: ChatSyncStore) {
        attached.withLock { $0 = sync }
        sync.setConnectionStatus(.disconnected(error: .notConnected(reason: "test")))
    }
    private func offline() throws(ChatError) -> Never { throw ChatError.notConnected(reason: "test") }
    func upsertUsers(_ users: [ChatUser]) async throws(ChatError) { try offline() }
    func createChannel(_ request: ChannelCreationRequest, by userId: UserId) async throws(ChatError) { try offline() }
    func updateChannel(_ cid: ChannelId, name: String?, imageURL: URL?, by userId: UserId) async throws(ChatError) { try offline() }
    func setFrozen(_ isFrozen: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) { try offline() }
    func setMuted(_ isMuted: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) { try offline() }
    func deleteChannel(_ cid: ChannelId, by userId: UserId) async throws(ChatError) { try offline() }
    func addMembers(_ userIds: [UserId], to cid: ChannelId, by userId: UserId) async throws(ChatError) { try offline() }
    func removeMembers(_ userIds: [UserId], from cid: ChannelId, by userId: UserId) async throws(ChatError) { try offline() }
    func sendMessage(_ message: OutgoingMessage, by userId: UserId) async throws(ChatError) { try offline() }
    func editMessage(_ id: MessageId, text: String, by userId: UserId) async throws(ChatError) { try offline() }
    func deleteMessage(_ id: MessageId, by userId: UserId) async throws(ChatError) { try offline() }
    func addReaction(
        _ type: MessageReactionType, score: Int, enforceUnique: Bool, to messageId: MessageId, by userId: UserId
    ) async throws(ChatError) { try offline() }
    func removeReaction(_ type: MessageReactionType, from messageId: MessageId, by userId: UserId) async throws(ChatError) { try offline() }
    func markRead(_ cid: ChannelId, by userId: UserId) async throws(ChatError) { try offline() }
    func startTyping(in cid: ChannelId, parentMessageId: MessageId?, by userId: UserId) async throws(ChatError) { try offline() }
    func stopTyping(in cid: ChannelId, by userId: UserId) async throws(ChatError) { try offline() }
    /// A server keeps older history, but it cannot be reached.
    func mayHaveOlderMessages(in cid: ChannelId) -> Bool { true }
    func loadOlderMessages(in cid: ChannelId, limit: Int) async throws(ChatError) -> Bool { try offline() }
}

@Suite struct OlderHistoryFailureTests {
    @MainActor @Test func aFailedFetchOfOlderHistoryIsKeptAndTheNextPageTriesAgain() async throws {
        let stream = FakeStream()
        let client = try ChatClient(
            config: ChatClientConfig(currentUserId: "alice", databaseURL: nil, clock: ManualChatClock(now: testEpoch), randomSeed: 1),
            backend: OfflineBackend())
        try await client.syncStore.reset(stream.snapshot())
        let controller = client.channelController(for: stream.cid)
        try controller.synchronize()
        #expect(!controller.hasLoadedAllPreviousMessages, "the server may hold older messages")
        try controller.loadPreviousMessages()
        #expect(controller.isLoadingOlderHistory)
        while controller.isLoadingOlderHistory { await Task.yield() }
        #expect(controller.olderHistoryError == .notConnected(reason: "test"))
        #expect(!controller.hasLoadedAllPreviousMessages, "a failed fetch is retried by the next page")
    }
}

@Suite struct OfflineOutboxTests {
    @Test func offlineSendsQueueInOrderAndSurviveARestartQueued() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("chat.sqlite")
        let stream = FakeStream()
        let clock = ManualChatClock(now: testEpoch)
        do {
            let client = try ChatClient(
                config: ChatClientConfig(currentUserId: "alice", databaseURL: url, clock: clock, randomSeed: 1),
                backend: OfflineBackend())
            #expect(client.connectionStatus == .disconnected(error: .notConnected(reason: "test")))
            try await client.syncStore.reset(stream.snapshot())
            let first = try await client.sendMessage("one", in: stream.cid)
            clock.advance(by: 1)
            let second = try await client.sendMessage("two", in: stream.cid)
            #expect(try client.message(id: first)?.localState == .pending)
            #expect(try client.syncStore.queuedMessages().map(\.id) == [first, second])
        }
        // Restarted with a remote backend: still queued, to be sent on connect.
        let reopened = try ChatClient(
            config: ChatClientConfig(currentUserId: "alice", databaseURL: url, clock: clock, randomSeed: 2),
            backend: OfflineBackend())
        #expect(try reopened.syncStore.queuedMessages().map(\.text) == ["one", "two"])
        // The server accepting them (its snapshot arrives) turns them synced, once.
        let queued = try reopened.syncStore.queuedMessages()
        let alice = stream.users[0]
        let accepted = queued.map {
            SyncedMessage(id: $0.id, cid: $0.cid, type: .regular, text: $0.text, author: alice, createdAt: $0.createdAt, updatedAt: $0.createdAt)
        }
        try await reopened.syncStore.applyUnsequenced(accepted.map { .message($0) }, in: stream.cid)
        try await reopened.syncStore.applyUnsequenced(accepted.map { .message($0) }, in: stream.cid)
        #expect(try reopened.syncStore.queuedMessages().isEmpty)
        #expect(try reopened.reader { try Int.fetchOne($0.db, sql: "SELECT count(*) FROM message") } == 2)

        // The embedded backend is always connected.
        #expect(try makeClient("alice", url: url, clock: clock).connectionStatus == .connected)
    }

    @MainActor @Test func theConnectionControllerReportsChanges() async throws {
        let backend = OfflineBackend()
        let client = try ChatClient(config: ChatClientConfig(currentUserId: "alice", clock: ManualChatClock(now: testEpoch)), backend: backend)
        let controller = client.connectionController()
        var seen: [ConnectionStatus] = []
        controller.onStatusChange = { seen.append($0) }
        #expect(!controller.connectionStatus.isConnected)
        let sync = try #require(backend.attached.withLock { $0 })
        sync.setConnectionStatus(.connecting)
        try await eventually { seen == [.connecting] }
        sync.setConnectionStatus(.connected)
        try await eventually { seen.last == .connected }
        #expect(controller.connectionStatus == .connected)
    }
}
