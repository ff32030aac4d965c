import Foundation
import GRDB
@testable import ParleyChat
import ParleyChatRemote
import ParleyProtocol
import Testing

/// Reactions through the remote backend's outbox (applied once however often they are retried),
/// and a thread's older replies paged from the server.
@Suite(.serialized) struct RemoteReactionAndThreadTests {
    /// The server applies alice's reaction but its answer never reaches her (the network swallows
    /// it, then drops): the operation stays in her outbox and goes again after the reconnect, with
    /// the same operation id, and the server applies nothing the second time.
    @Test(.timeLimit(.minutes(1)))
    func aReactionRetriedAfterItsAnswerWasLostAppliesOnce() async throws {
        try await LoopbackServer.run { server in
            let proxy = try LoopbackProxy(targetPort: server.port)
            defer { proxy.stop() }
            // Alice exists on the server; her device (through the proxy) starts once the channel is there.
            let (_, early) = try await server.client("alice")
            await early.disconnect()
            let (bob, _) = try await server.client("bob")
            let cid = ChannelId(type: .messaging, id: "reactions")
            try await bob.createChannel(ChannelCreationRequest(cid: cid, name: "Reactions", memberIds: ["alice"]))
            let id = try await bob.sendMessage("react once", in: cid)
            let (alice, _) = try await server.client("alice", through: proxy)
            try await until("alice has the message") { try alice.message(id: id) != nil }

            proxy.mode = .dropResponses
            let attempt = Task { try await alice.addReaction(.like, to: id) }
            try await until("the server applied the like") { try bob.message(id: id)?.reactionScores[.like] == 1 }
            #expect(try Self.queuedReactions(alice) == 1, "queued until the server answers")
            proxy.mode = .pass
            proxy.cutAll()
            await #expect(throws: ChatError.self, "the answer was lost") { try await attempt.value }

            try await until("the retry went out and alice's outbox is empty") {
                try Self.queuedReactions(alice) == 0 && alice.connectionStatus == .connected
            }
            // A message after the retry: once bob has it, he has every event before it.
            let barrier = try await alice.sendMessage("after the retry", in: cid)
            try await until("bob has alice's next message") { try bob.message(id: barrier) != nil }
            #expect(try bob.message(id: id)?.reactionScores[.like] == 1, "applied once")
            try await until("alice's store agrees") { try alice.message(id: id)?.reactionScores[.like] == 1 }

            // A deliberate second like is a new operation: it adds (sent now, or by a drain still
            // finishing, which answers "queued").
            do {
                try await alice.addReaction(.like, to: id)
            } catch let error as ChatError where error.isConnectionFailure {}
            try await until("the second like reached bob") { try bob.message(id: id)?.reactionScores[.like] == 2 }
            try await until("both stores hold the same rows") {
                try storeRows(alice, of: cid, .messages) == storeRows(bob, of: cid, .messages)
            }
        }
    }

    /// Reactions queued offline are sent on reconnect, in order: an add then a removal of the
    /// same reaction leaves nothing.
    @Test(.timeLimit(.minutes(1)))
    func reactionsQueuedOfflineAreSentInOrderOnReconnect() async throws {
        try await LoopbackServer.run { server in
            let (bob, _) = try await server.client("bob")
            let (alice, backend) = try await server.client("alice")
            let cid = ChannelId(type: .messaging, id: "offline-reactions")
            try await bob.createChannel(ChannelCreationRequest(cid: cid, name: "Offline", memberIds: ["alice"]))
            let first = try await bob.sendMessage("one", in: cid)
            let second = try await bob.sendMessage("two", in: cid)
            try await until("alice has both") { try alice.message(id: second) != nil }

            await backend.disconnect()
            await #expect(throws: ChatError.self) { try await alice.addReaction(.love, to: first) }
            await #expect(throws: ChatError.self) { try await alice.addReaction(.like, to: second) }
            await #expect(throws: ChatError.self) { try await alice.removeReaction(.like, from: second) }
            #expect(try Self.queuedReactions(alice) == 3)
            backend.connect()
            try await until("the outbox drained") { try Self.queuedReactions(alice) == 0 }
            try await until("bob sees alice's love and no like") {
                let loves: Int? = try bob.message(id: first)?.reactionScores[MessageReactionType.love]
                let others: Int? = try bob.message(id: second)?.reactionScores.count
                return loves == 1 && others == 0
            }
        }
    }

    /// A server forgets reaction operation ids after ``WirePath/operationIdRetention``; a client
    /// retries a queued reaction only within ``WirePath/operationRetryWindow`` of queueing it, so
    /// a retry never reaches a server that forgot it (and would apply it twice). An operation
    /// queued longer ago is dropped unsent; a younger one is sent.
    @Test(.timeLimit(.minutes(1)))
    func aReactionQueuedPastTheRetryWindowIsDroppedUnsent() async throws {
        try await LoopbackServer.run { server in
            let (bob, _) = try await server.client("bob")
            let (alice, backend) = try await server.client("alice")
            let cid = ChannelId(type: .messaging, id: "stale-reactions")
            try await bob.createChannel(ChannelCreationRequest(cid: cid, name: "Stale", memberIds: ["alice"]))
            let id = try await bob.sendMessage("old news", in: cid)
            try await until("alice has it") { try alice.message(id: id) != nil }

            await backend.disconnect()
            await #expect(throws: ChatError.self) { try await alice.addReaction(.love, to: id) }
            // The love has waited (the device was off) longer than the retry window.
            let window = WirePath.operationRetryWindow.components.seconds
            let stale = Int64((Date().timeIntervalSince1970 - Double(window) - 60) * 1000)
            try await alice.store.write { db in try db.execute(sql: "UPDATE reaction_outbox SET queued_at = ?", arguments: [stale]) }
            await #expect(throws: ChatError.self) { try await alice.addReaction(.like, to: id) }
            backend.connect()
            try await until("the outbox drained") { try Self.queuedReactions(alice) == 0 }
            try await until("bob sees the like") { try bob.message(id: id)?.reactionScores[.like] == 1 }
            let barrier = try await alice.sendMessage("after both", in: cid)
            try await until("bob has alice's next message") { try bob.message(id: barrier) != nil }
            #expect(try bob.message(id: id)?.reactionScores[.love] == nil, "the stale love was never sent")
        }
    }

    /// A thread longer than a page, on a device that never saw its replies: scrolling the thread
    /// to its top pages the older replies in from the server until the first one.
    @Test(.timeLimit(.minutes(2)))
    func olderThreadRepliesArePagedFromTheServer() async throws {
        try await LoopbackServer.run(limits: LoopbackServer.unthrottled) { @MainActor server in
            let (alice, _) = try await server.client("alice")
            let cid = ChannelId(type: .messaging, id: "long-thread")
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "Thread"))
            let parent = try await alice.sendMessage("a long thread", in: cid)
            var replies: [MessageId] = []
            for index in 0..<130 {
                replies.append(try await alice.sendMessage("reply \(index)", in: cid, parentMessageId: parent))
            }

            // Alice on a new device: a reload brings the channel's messages, not the replies.
            let (device, _) = try await server.client("alice")
            try await until("the new device has the thread root") { try device.message(id: parent)?.replyCount == 130 }
            let controller = ChatMessageController(cid: cid, messageId: parent, client: device)
            try controller.synchronize()
            #expect(controller.replies.count < 130)
            #expect(!controller.hasLoadedAllPreviousReplies, "the server has older replies")

            // What the thread screen does each time it is scrolled to its top.
            var fetches = 0
            try await until("every reply is loaded") {
                if !controller.isLoadingOlderReplies, !controller.hasLoadedAllPreviousReplies {
                    fetches += 1
                    try controller.loadPreviousReplies()
                }
                return controller.hasLoadedAllPreviousReplies && !controller.isLoadingOlderReplies
            }
            #expect(controller.replies.map(\.id) == replies, "all 130, oldest first, each once")
            #expect(fetches >= 2, "more than one page")
            #expect(controller.olderRepliesError == nil)
            // The embedded backend's store holds every reply: nothing to fetch there.
            let local = try ChatClient(opening: ChatClientConfig(currentUserId: "alice"))
            #expect(!local.backend.mayHaveOlderReplies(to: parent, in: cid))
        }
    }

    static func queuedReactions(_ client: ChatClient) throws -> Int {
        try client.store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM reaction_outbox") ?? 0 }
    }
}
