import Foundation
import ParleyProtocol
import Testing
@testable import ParleyServer

@Suite("Server event streams", .timeLimit(.minutes(1)))
struct EventStreamTests {
    @Test("Every write appends events with increasing sequence numbers; sync returns those after a cursor")
    func sequenceAndSync() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob"], channel: "messaging:room", members: ["bob"])
            let state = try await server.ok(ChannelStateResponse.self, .get, WirePath.channel("messaging:room"), as: "bob")
            #expect(state.channel.lastSeq == 2)  // two member.added events
            let epoch = state.channel.epoch

            let sent = try await server.send("hello", id: "m1", in: "messaging:room", as: "alice")
            let reaction = try await server.ok(
                WriteResponse.self, .post, WirePath.reactions("m1"), as: "bob", body: AddReactionRequest(type: "like"))
            let edit = try await server.ok(
                WriteResponse.self, .patch, WirePath.message("m1"), as: "alice", body: EditMessageRequest(text: "hello!"))
            let read = try await server.ok(WriteResponse.self, .post, WirePath.read("messaging:room"), as: "bob")
            let delete = try await server.ok(WriteResponse.self, .delete, WirePath.message("m1"), as: "alice")
            let seqs = [sent, reaction, edit, read, delete].flatMap(\.events).map(\.seq)
            #expect(seqs == [3, 4, 5, 6, 7])
            #expect(reaction.events.first?.message?.reactionCounts == ["like": 1])

            let after = try await server.ok(
                SyncResponse.self, .post, WirePath.sync, as: "bob",
                body: SyncRequest(cursors: [ChannelCursor(cid: "messaging:room", epoch: epoch, seq: 4)]))
            let result = try #require(after.channels.first)
            #expect(result.reset == nil && result.lastSeq == 7)
            #expect(result.events.map(\.seq) == [5, 6, 7])
            #expect(result.events.map(\.type) == [.messageUpdated, .messageRead, .messageDeleted])
            // The edit made "offline" arrives anchored on its sequence number, with the message's whole state.
            #expect(result.events.first?.message?.text == "hello!")
            #expect(result.events.last?.message?.type == "deleted")

            let fromStart = try await server.ok(
                SyncResponse.self, .post, WirePath.sync, as: "bob",
                body: SyncRequest(cursors: [ChannelCursor(cid: "messaging:room", epoch: nil, seq: 0)]))
            #expect(fromStart.channels.first?.events.map(\.seq) == Array(1...7))
        }
    }

    @Test("A cursor from another epoch, ahead of the stream, or too far behind gets a reset")
    func resets() async throws {
        try await ServerHarness.run(limits: WireLimits(maxSyncEvents: 5)) { server in
            try await server.setUp(users: ["alice"], channel: "messaging:room")
            for index in 0..<8 { _ = try await server.send("m\(index)", id: "m\(index)", in: "messaging:room", as: "alice") }
            let state = try await server.ok(ChannelStateResponse.self, .get, WirePath.channel("messaging:room"), as: "alice")
            let epoch = state.channel.epoch
            #expect(state.channel.lastSeq == 9)

            func sync(_ cursor: ChannelCursor) async throws -> ChannelSyncResult {
                try #require(try await server.ok(
                    SyncResponse.self, .post, WirePath.sync, as: "alice", body: SyncRequest(cursors: [cursor])
                ).channels.first)
            }
            #expect(try await sync(ChannelCursor(cid: "messaging:room", epoch: "an-old-epoch", seq: 8)).reset == .unknownEpoch)
            #expect(try await sync(ChannelCursor(cid: "messaging:room", epoch: epoch, seq: 50)).reset == .cursorAhead)
            let gap = try await sync(ChannelCursor(cid: "messaging:room", epoch: epoch, seq: 2))
            #expect(gap.reset == .gapTooLarge && gap.events.isEmpty && gap.lastSeq == 9)
            let near = try await sync(ChannelCursor(cid: "messaging:room", epoch: epoch, seq: 4))
            #expect(near.reset == nil && near.events.map(\.seq) == [5, 6, 7, 8, 9])
        }
    }

    @Test("Two raw clients exchange messages, reactions, reads and typing over the WebSocket")
    func twoClientsExchangeEvents() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob"], channel: "messaging:room", members: ["bob"])
            let alice = try await server.socket("alice")
            let bob = try await server.socket("bob")
            for socket in [alice, bob] {
                try socket.send(.subscribe(SubscribeFrame(cids: ["messaging:room"])))
                try await socket.waitFor("subscribed") {
                    $0 == .subscribed(SubscribedFrame(cids: ["messaging:room"], refused: []))
                }
            }

            _ = try await server.send("hi bob", id: "m1", in: "messaging:room", as: "alice")
            try await bob.waitFor("message.new") {
                if case .event(let event) = $0 { event.type == .messageNew && event.message?.text == "hi bob" } else { false }
            }
            try bob.send(.typing(TypingFrame(cid: "messaging:room", isTyping: true)))
            try await alice.waitFor("typing") {
                $0 == .typing(TypingEvent(cid: "messaging:room", userId: "bob", isTyping: true))
            }
            _ = try await server.ok(
                WriteResponse.self, .post, WirePath.reactions("m1"), as: "bob", body: AddReactionRequest(type: "love"))
            _ = try await server.send("hi alice", id: "m2", in: "messaging:room", as: "bob")
            _ = try await server.ok(WriteResponse.self, .post, WirePath.read("messaging:room"), as: "alice")
            try await bob.waitFor("message.read") {
                if case .event(let event) = $0 { event.type == .messageRead && event.read?.userId == "alice" } else { false }
            }
            try await alice.waitFor("message.read") {
                if case .event(let event) = $0 { event.type == .messageRead } else { false }
            }
            // Both saw the same stream, in order, without duplicates.
            #expect(alice.events.map(\.seq) == [3, 4, 5, 6])
            #expect(bob.events.map(\.seq) == alice.events.map(\.seq))
            #expect(bob.events.map(\.type) == [.messageNew, .reactionNew, .messageNew, .messageRead])
            // The typist does not hear their own typing.
            #expect(!bob.frames.contains { if case .typing = $0 { true } else { false } })

            // Over the socket, sync answers in order with the request's id.
            let epoch = bob.events.first?.epoch
            try bob.send(.sync(SyncRequest(requestId: "r1", cursors: [ChannelCursor(cid: "messaging:room", epoch: epoch, seq: 4)])))
            let answer = try await bob.waitFor("sync_result") { if case .syncResult = $0 { true } else { false } }
            guard case .syncResult(let sync) = answer else { return }
            #expect(sync.requestId == "r1")
            #expect(sync.channels.first?.events.map(\.seq) == [5, 6], "\(sync)")
            await alice.close()
            await bob.close()
        }
    }

    @Test("A removed member's open socket stops receiving the channel at once; an added one is told on the feed")
    func removalStopsDelivery() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob", "carol"], channel: "messaging:room", members: ["bob"])
            let bob = try await server.socket("bob")
            let carol = try await server.socket("carol")
            try bob.send(.subscribe(SubscribeFrame(cids: ["messaging:room"])))
            try await bob.waitFor("subscribed") { if case .subscribed = $0 { true } else { false } }

            _ = try await server.ok(
                WriteResponse.self, .post, WirePath.members("messaging:room"), as: "alice", body: MembersRequest(userIds: ["carol"]))
            try await carol.waitFor("feed joined") {
                if case .feed(let feed) = $0 { feed.kind == .channelJoined && feed.cid == "messaging:room" } else { false }
            }

            _ = try await server.ok(
                WriteResponse.self, .post, WirePath.removeMembers("messaging:room"), as: "alice",
                body: MembersRequest(userIds: ["bob"]))
            _ = try await server.send("after bob left", id: "secret", in: "messaging:room", as: "alice")
            try await bob.waitFor("feed left") {
                if case .feed(let feed) = $0 { feed.kind == .channelLeft } else { false }
            }
            try bob.send(.ping(PingFrame(nonce: "p")))
            try await bob.waitFor("pong") { $0 == .pong(PingFrame(nonce: "p")) }
            #expect(bob.events.last?.type == .memberRemoved)
            #expect(!bob.events.contains { $0.message?.id == "secret" })
            #expect(!bob.events.contains { $0.message?.text == "Alice removed Bob" })

            // Nor can bob subscribe again or sync the channel.
            try bob.send(.subscribe(SubscribeFrame(cids: ["messaging:room"])))
            try await bob.waitFor("refused") {
                $0 == .subscribed(SubscribedFrame(cids: [], refused: ["messaging:room"]))
            }
            let sync = try await server.failure(
                .post, WirePath.sync, as: "bob", body: SyncRequest(cursors: [ChannelCursor(cid: "messaging:room", epoch: nil, seq: 0)]))
            #expect(sync.code == .channelNotFound)
            await bob.close()
            await carol.close()
        }
    }
}
