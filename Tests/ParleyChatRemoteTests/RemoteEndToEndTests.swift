import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ParleyChat
import ParleyChatRemote
import ParleyProtocol
@testable import ParleyServer
import Testing

/// A `parley serve` on a free loopback port (in memory) and clients of it, for one test.
struct LoopbackServer: Sendable {
    let url: URL
    let tokens: ServerTokens

    static let secret = Array("remote-test-secret-0123456789abcd".utf8)

    static func run(_ body: @Sendable (LoopbackServer) async throws -> Void) async throws {
        var logger = Logger(label: "parley.server.remote-test")
        logger.logLevel = .error
        let configuration = ParleyServerConfiguration(port: 0, databasePath: nil, jwtSecret: secret)
        let app = try await ParleyServerApp.makeApplication(configuration: configuration, logger: logger)
        let tokens = try await ServerTokens(secret: secret)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(LoopbackServer(url: try #require(URL(string: "http://127.0.0.1:\(port)")), tokens: tokens))
        }
    }

    /// A client of the server acting as `user` (who is created on the server), on `databaseURL`
    /// or in memory, once connected.
    func client(_ user: UserId, databaseURL: URL? = nil) async throws -> (ChatClient, RemoteChatBackend) {
        let backend = RemoteChatBackend(configuration: RemoteChatConfiguration(
            serverURL: url, token: try await tokens.sign(userId: user), initialReconnectDelay: .milliseconds(50),
            maximumReconnectDelay: .milliseconds(500)))
        let client = try ChatClient(config: ChatClientConfig(currentUserId: user, databaseURL: databaseURL), backend: backend)
        // The server knows users once they wrote themselves; the socket retries until then.
        try await client.upsertUsers([ChatUser(id: user, name: user.capitalized)])
        try await until("\(user) connects (\(client.connectionStatus))") { client.connectionStatus == .connected }
        return (client, backend)
    }
}

/// Polls `condition` until it holds; fails the test after `timeout`.
func until(
    _ what: String, timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if (try? condition()) == true { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("timed out waiting until \(what)", sourceLocation: sourceLocation)
    throw CancellationError()
}

/// What two clients' stores must agree on about `ids` in `cid`.
func content(_ client: ChatClient, _ ids: [MessageId], in cid: ChannelId) throws -> [String] {
    var lines = try ids.map { id -> String in
        guard let message = try client.message(id: id) else { return "\(id): missing" }
        let reactions = message.reactionScores.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: ",")
        return "\(id) \(message.type.rawValue) \(message.text) edited=\(message.isEdited) replies=\(message.replyCount) [\(reactions)] \(message.localState)"
    }
    if let channel = try client.channel(cid) {
        lines.append("\(channel.name ?? "") members=\(channel.memberCount)")
        lines += channel.members.map { "\($0.user.id) \($0.role.rawValue) read=\($0.lastReadAt.map { "\($0.timeIntervalSince1970)" } ?? "-")" }.sorted()
    }
    return lines
}

@Suite(.serialized) struct RemoteEndToEndTests {
    let cid = ChannelId(type: .messaging, id: "general")

    @Test func twoClientsExchangeMessagesEditsDeletionsReactionsTypingAndReads() async throws {
        try await LoopbackServer.run { server in
            let (alice, _) = try await server.client("alice")
            let (bob, _) = try await server.client("bob")
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "General", memberIds: ["bob"]))
            try await until("bob sees the channel") { try bob.channel(cid) != nil }

            let hello = try await alice.sendMessage("Hello Bob", in: cid)
            try await until("bob gets the message") { try bob.message(id: hello)?.text == "Hello Bob" }
            #expect(try alice.message(id: hello)?.localState == .synced)

            try await bob.addReaction(.love, to: hello)
            try await until("alice sees bob's reaction") { try alice.message(id: hello)?.reactionScores == [.love: 1] }

            try await alice.editMessage(id: hello, text: "Hello, Bob!")
            try await until("bob sees the edit") { try bob.message(id: hello)?.text == "Hello, Bob!" }
            #expect(try bob.message(id: hello)?.isEdited == true)

            let reply = try await bob.sendMessage("Hi!", in: cid, parentMessageId: hello)
            try await until("alice sees the reply and the count") {
                try alice.message(id: reply) != nil && alice.message(id: hello)?.replyCount == 1
            }

            try await bob.startTyping(in: cid)
            try await until("alice sees bob typing") {
                try alice.channel(cid)?.currentlyTypingUsers.map(\.id) == ["bob"]
            }

            try await bob.markRead(cid)
            try await until("alice sees bob's read state") {
                try alice.channel(cid)?.members.first { $0.user.id == "bob" }?.lastReadAt != nil
                    && alice.message(id: hello)?.readBy.contains { $0.id == "bob" } == true
            }

            try await alice.deleteMessage(id: hello)
            try await until("bob sees the deletion") { try bob.message(id: hello)?.isDeleted == true }

            // A member cannot edit the owner's message: the server's rule comes back as the rule's error.
            let second = try await alice.sendMessage("second", in: cid)
            await #expect(throws: ChatError.notOwnMessage(second)) { try await bob.editMessage(id: second, text: "mine") }
            try await until("bob has the second message") { try bob.message(id: second) != nil }
            #expect(try content(alice, [hello, reply, second], in: cid) == content(bob, [hello, reply, second], in: cid))
        }
    }

    @Test func anOfflineClientCatchesUpToTheStoreOfAnAlwaysOnlineClient() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-remote-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LoopbackServer.run { server in
            let (alice, _) = try await server.client("alice")
            let (bob, _) = try await server.client("bob")
            let (carol, carolBackend) = try await server.client("carol", databaseURL: directory.appendingPathComponent("carol.sqlite"))
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "General", memberIds: ["bob", "carol"]))
            let first = try await alice.sendMessage("before", in: cid)
            try await until("carol has the channel") { try carol.message(id: first) != nil }

            await carolBackend.disconnect()
            #expect(carol.connectionStatus == .disconnected(error: nil))
            // Carol writes while offline: queued, visibly pending.
            let queued = try await carol.sendMessage("written offline", in: cid)
            #expect(try carol.message(id: queued)?.localState == .pending)

            var ids = [first]
            for index in 0..<120 {
                let sender = index % 2 == 0 ? alice : bob
                ids.append(try await sender.sendMessage("message \(index)", in: cid))
            }
            for index in stride(from: 1, to: 60, by: 6) { try await bob.addReaction(.like, to: ids[index]) }
            for index in stride(from: 2, to: 120, by: 10) where index % 4 == 2 { try await alice.editMessage(id: ids[index + 1], text: "edited \(index)") }
            for index in stride(from: 4, to: 120, by: 12) { try await alice.deleteMessage(id: ids[index + 1]) }
            try await alice.deleteMessage(id: first)  // an old message, deleted while carol was away
            let last = ids.last!
            try await until("bob is up to date") { try bob.message(id: last) != nil && bob.message(id: first)?.isDeleted == true }

            carolBackend.connect()
            try await until("carol catches up") { try carol.message(id: last) != nil && carol.message(id: first)?.isDeleted == true }
            try await until("carol's queued message goes out") { try bob.message(id: queued)?.text == "written offline" }
            try await until("carol's message is synced") { try carol.message(id: queued)?.localState == .synced }
            ids.append(queued)
            try await until("bob's and carol's stores agree") {
                try content(carol, ids, in: cid).filter { !$0.contains(" read=") } == content(bob, ids, in: cid).filter { !$0.contains(" read=") }
            }
            #expect(try content(carol, ids, in: cid) == content(bob, ids, in: cid))
        }
    }
}
