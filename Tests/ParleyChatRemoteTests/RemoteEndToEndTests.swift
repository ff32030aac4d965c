import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ParleyChat
import ParleyChatRemote
import ParleyProtocol
@testable import ParleyServer
import Testing

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

    /// A client its app lets go of (a sign-out) takes its connection with it: nothing reconnects
    /// behind the app's back. (The connection loop held the backend forever, reconnecting; the
    /// server's graceful shutdown then waited on a socket that reconnected while it drained.)
    @Test func aClientThatGoesAwayStopsReconnecting() async throws {
        try await LoopbackServer.run { server in
            let proxy = try LoopbackProxy(targetPort: server.port)
            defer { proxy.stop() }
            do {
                let (client, _) = try await server.client("alice", through: proxy)
                #expect(client.connectionStatus == .connected)
            }
            // Whatever the client left open is cut; a live loop would connect again within its
            // 50 ms reconnect delay, many times over in the next 600 ms.
            try await Task.sleep(for: .milliseconds(100))
            proxy.cutAll()
            let accepted = proxy.accepted
            try await Task.sleep(for: .milliseconds(600))
            #expect(proxy.accepted == accepted, "a client that is gone connected again")
        }
    }

    /// Issue 20's catch-up at full size: carol has two devices; one stays online, the other is
    /// offline while 1,000 messages (50 of them thread replies), 100 edits and deletions, 40
    /// reactions and a read arrive, and writes a message meanwhile. Once back, its store holds
    /// exactly the rows of the device that never left (compared row by row, column by column).
    @Test(.timeLimit(.minutes(2)))
    func anOfflineDeviceCatchesUpOn1000MessagesAnd100EditsAndDeletionsToTheOnlineDevicesExactStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-remote-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LoopbackServer.run(limits: LoopbackServer.unthrottled) { server in
            let (alice, _) = try await server.client("alice")
            let (bob, _) = try await server.client("bob")
            let (carol, _) = try await server.client("carol")
            let (carolAway, away) = try await server.client("carol", databaseURL: directory.appendingPathComponent("carol.sqlite"))
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "General", memberIds: ["bob", "carol"]))
            let first = try await alice.sendMessage("before", in: cid)
            try await until("both of carol's devices have the channel") {
                try carol.message(id: first) != nil && carolAway.message(id: first) != nil
            }

            await away.disconnect()
            #expect(carolAway.connectionStatus == .disconnected(error: nil))
            // Carol writes on the offline device: queued, visibly pending.
            let queued = try await carolAway.sendMessage("written offline", in: cid)
            #expect(try carolAway.message(id: queued)?.localState == .pending)

            // 1,000 messages from two senders at once; every 20th of bob's is a thread reply.
            let started = ContinuousClock.now
            async let aliceIds = Self.send(500, from: alice, in: cid, prefix: "alice")
            async let bobIds = Self.send(500, from: bob, in: cid, prefix: "bob", repliesTo: first)
            let (fromAlice, fromBob) = try await (aliceIds, bobIds)
            for index in stride(from: 0, to: 500, by: 10) { try await alice.editMessage(id: fromAlice[index], text: "edited \(index)") }
            for index in stride(from: 5, to: 500, by: 20) { try await alice.deleteMessage(id: fromAlice[index]) }
            for index in stride(from: 1, to: 500, by: 20) { try await bob.deleteMessage(id: fromBob[index]) }
            for index in stride(from: 2, to: 500, by: 12).prefix(40) { try await bob.addReaction(.like, to: fromAlice[index]) }
            try await carol.markRead(cid)
            let last = try await alice.sendMessage("the last one", in: cid)
            let written = ContinuousClock.now - started
            try await until("carol's online device has everything") { try carol.message(id: last) != nil }

            let reconnected = ContinuousClock.now
            away.connect()
            try await until("the offline device catches up", timeout: .seconds(60)) { try carolAway.message(id: last) != nil }
            let caughtUp = ContinuousClock.now - reconnected
            try await until("its queued message goes out and comes back to the other device") {
                try carolAway.message(id: queued)?.localState == .synced && carol.message(id: queued) != nil
            }
            try await until("the stores agree") { try storeRows(carol, of: cid, .everything) == storeRows(carolAway, of: cid, .everything) }
            let online = try storeRows(carol, of: cid, .everything)
            let caught = try storeRows(carolAway, of: cid, .everything)
            #expect(online == caught, "\(difference(online, caught))")
            // 1,000 + "before" + "the last one" + the one written offline.
            #expect(online.filter { $0.hasPrefix("message ") }.count == 1_003)
            #expect(online.filter { $0.hasPrefix("message ") && $0.contains("type=\"deleted\"") }.count == 50)
            #expect(online.filter { $0.hasPrefix("message ") && $0.contains("text=\"edited ") }.count == 50)
            #expect(online.filter { $0.hasPrefix("reaction ") }.count == 40)
            // And every member's store agrees on the messages.
            #expect(try storeRows(alice, of: cid, .messages) == storeRows(carolAway, of: cid, .messages))
            #expect(try storeRows(bob, of: cid, .messages) == storeRows(carolAway, of: cid, .messages))
            print("catch-up: 1,000 messages + 100 edits/deletions written in \(written), the offline device caught up in \(caughtUp)")
        }
    }

    /// Sends `count` messages from `client`, each `replyEvery`-th a reply to `parent` when set.
    static func send(
        _ count: Int, from client: ChatClient, in cid: ChannelId, prefix: String, repliesTo parent: MessageId? = nil, replyEvery: Int = 20
    ) async throws -> [MessageId] {
        var ids: [MessageId] = []
        for index in 0..<count {
            let parentId = parent != nil && index % replyEvery == 0 ? parent : nil
            ids.append(try await client.sendMessage("\(prefix) \(index)", in: cid, parentMessageId: parentId))
        }
        return ids
    }
}
