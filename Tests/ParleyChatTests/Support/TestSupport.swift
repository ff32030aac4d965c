import Foundation
import GRDB
import Testing
@testable import ParleyChat

/// A fixed starting time for every test clock.
let testEpoch = Date(timeIntervalSince1970: 1_700_000_000)

/// A client on an in-memory store (or `url`) with a manual clock, acting as `userId`.
func makeClient(
    _ userId: UserId = "alice", url: URL? = nil, clock: ManualChatClock = ManualChatClock(now: testEpoch),
    seed: UInt64? = 1
) throws(ChatError) -> ChatClient {
    try ChatClient(opening: ChatClientConfig(currentUserId: userId, databaseURL: url, clock: clock, randomSeed: seed))
}

/// The usual cast: alice (the current user), bob, carol and dave; moderator mo; admin root.
func addCast(_ client: ChatClient) async throws {
    try await client.upsertUsers([
        ChatUser(id: "alice", name: "Alice Liddell"),
        ChatUser(id: "bob", name: "Bob Builder"),
        ChatUser(id: "carol", name: "Carol Danvers"),
        ChatUser(id: "dave", name: "Dave"),
        ChatUser(id: "mo", name: "Mo Derator"),
        ChatUser(id: "root", name: "Root", role: .admin),
        ChatUser(id: "guest", name: "Guest", role: .guest),
    ])
}

/// A messaging channel `messaging:<id>` owned by alice with bob and carol (plus `extra`).
@discardableResult
func makeChannel(
    _ client: ChatClient, id: String = "general", type: ChannelType = .messaging, name: String? = "General",
    members: [UserId] = ["bob", "carol"], config: ChannelConfig? = nil, frozen: Bool = false
) async throws -> ChannelId {
    let cid = ChannelId(type: type, id: id)
    try await client.createChannel(ChannelCreationRequest(cid: cid, name: name, memberIds: members, config: config, isFrozen: frozen))
    return cid
}

/// Sends as another user through the embedded backend.
@discardableResult
func send(
    _ client: ChatClient, _ text: String, in cid: ChannelId, as userId: UserId, parent: MessageId? = nil,
    showInChannel: Bool = false, quoted: MessageId? = nil, mentions: [UserId] = [], advance clock: ManualChatClock? = nil
) async throws -> MessageId {
    clock?.advance(by: 1)
    let now = client.clock.now()
    let id = client.ids.messageId(at: now)
    try await client.embeddedBackend!.sendMessage(
        OutgoingMessage(id: id, cid: cid, text: text, parentMessageId: parent, showReplyInChannel: showInChannel,
                        quotedMessageId: quoted, mentionedUserIds: mentions, createdAt: now),
        by: userId)
    return id
}

/// Waits (polling the main actor) until `condition` holds; fails the test after `timeout`.
@MainActor
func eventually(
    timeout: Duration = .seconds(5), _ message: @autoclosure () -> String = "condition",
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return }
        try await Task.sleep(for: .milliseconds(1))
    }
    Issue.record("timed out waiting for \(message())", sourceLocation: sourceLocation)
}

/// Records every change a channel controller delivers through its delegate.
@MainActor
final class ChannelDelegateRecorder: ChatChannelControllerDelegate {
    var messageChanges: [ListChange<MessageId>] = []
    var channelUpdates: [ChatChannel] = []
    var typingChanges: [Set<UserId>] = []
    func channelController(_ controller: ChatChannelController, didChangeTypingUsers typingUsers: Set<ChatUser>) {
        typingChanges.append(Set(typingUsers.map(\.id)))
    }
    func channelController(_ controller: ChatChannelController, didUpdateMessages changes: ListChange<MessageId>) {
        messageChanges.append(changes)
    }
    func channelController(_ controller: ChatChannelController, didUpdateChannel channel: ChatChannel) {
        channelUpdates.append(channel)
    }
}

/// A temporary directory removed at deinit.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-chat-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Every store invariant that does not hold (empty when the store is consistent).
func storeViolations(_ client: ChatClient) throws -> [String] {
    try client.store.writeSync { db in try StoreMaintenance(db: db).violations() }
}

/// Every row of every chat table, in key order: equal digests mean equal stores.
func databaseDigest(_ client: ChatClient) throws -> String {
    try client.reader { reader in
        var lines: [String] = []
        for (table, order) in [
            ("user", "id"), ("channel", "cid"), ("member", "cid, user_id"), ("message", "pk"),
            ("reaction", "message_id, type, user_id"), ("reaction_aggregate", "message_id, type"),
        ] {
            for row in try Row.fetchAll(reader.db, sql: "SELECT * FROM \(table) ORDER BY \(order)") {
                lines.append("\(table): \(row.description)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
