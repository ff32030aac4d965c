import Foundation
import ParleyProtocol
import Testing
@testable import ParleyServer

@Suite("Server authorization", .timeLimit(.minutes(1)))
struct AuthorizationTests {
    @Test("Another user's channel is indistinguishable from a missing one: read, page, sync, search, subscribe")
    func guessingAChannelLeaksNothing() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob", "eve"], channel: "messaging:secret", members: ["bob"])
            _ = try await server.send("the launch code is 1234", id: "m1", in: "messaging:secret", as: "alice")

            for cid in ["messaging:secret", "messaging:nothing-here"] {
                let state = try await server.failure(.get, WirePath.channel(cid), as: "eve")
                #expect(state.code == .channelNotFound && state.status == 404)
                #expect(state.message == "There is no channel \(cid). Check the id, or create the channel first.")
                let page = try await server.failure(.get, WirePath.channelMessages(cid), as: "eve")
                #expect(page.code == .channelNotFound)
                let sync = try await server.failure(
                    .post, WirePath.sync, as: "eve", body: SyncRequest(cursors: [ChannelCursor(cid: cid, epoch: nil, seq: 0)]))
                #expect(sync.code == .channelNotFound)
                let search = try await server.failure(.get, "\(WirePath.search)?q=launch&cid=\(cid)", as: "eve")
                #expect(search.code == .channelNotFound)
                let read = try await server.failure(.post, WirePath.read(cid), as: "eve")
                #expect(read.code == .channelNotFound)
            }
            // A search across "all my channels" finds nothing of channels eve is not in.
            let everywhere = try await server.ok(MessagesResponse.self, .get, "\(WirePath.search)?q=launch", as: "eve")
            #expect(everywhere.messages.isEmpty)
            let bobs = try await server.ok(MessagesResponse.self, .get, "\(WirePath.search)?q=launch", as: "bob")
            #expect(bobs.messages.map(\.id) == ["m1"])

            let socket = try await server.socket("eve")
            try socket.send(.subscribe(SubscribeFrame(cids: ["messaging:secret", "messaging:nothing-here"])))
            let answer = try await socket.waitFor("subscribed") { if case .subscribed = $0 { true } else { false } }
            #expect(answer == .subscribed(SubscribedFrame(cids: [], refused: ["messaging:secret", "messaging:nothing-here"])))
            _ = try await server.send("still secret", id: "m2", in: "messaging:secret", as: "alice")
            try socket.send(.ping(PingFrame(nonce: "after")))
            try await socket.waitFor("pong") { $0 == .pong(PingFrame(nonce: "after")) }
            #expect(socket.events.isEmpty)
            await socket.close()
        }
    }

    @Test("Message ids: a retry is idempotent; another user's id or the same id in another channel is refused")
    func messageIdReplay() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob"], channel: "messaging:a", members: ["bob"])
            _ = try await server.ok(
                WriteResponse.self, .post, WirePath.channels, as: "alice", body: CreateChannelRequest(cid: "messaging:b"))
            let first = try await server.send("hello", id: "m1", in: "messaging:a", as: "alice")
            #expect(first.events.map(\.type) == [.messageNew])
            let retry = try await server.send("hello", id: "m1", in: "messaging:a", as: "alice")
            #expect(retry.events.isEmpty)
            #expect(retry.message == first.message)

            let stolen = try await server.failure(
                .post, WirePath.channelMessages("messaging:a"), as: "bob", body: SendMessageRequest(id: "m1", text: "mine now"))
            #expect(stolen.code == .duplicateId && stolen.status == 409)
            let moved = try await server.failure(
                .post, WirePath.channelMessages("messaging:b"), as: "alice", body: SendMessageRequest(id: "m1", text: "again"))
            #expect(moved.code == .duplicateId)

            let page = try await server.ok(MessagesResponse.self, .get, WirePath.channelMessages("messaging:a"), as: "bob")
            #expect(page.messages.filter { $0.type == "regular" }.map(\.text) == ["hello"])
            let other = try await server.ok(MessagesResponse.self, .get, WirePath.channelMessages("messaging:b"), as: "alice")
            #expect(other.messages.isEmpty)
        }
    }

    @Test("Quoting, replying and reacting across channels are refused; a message of a hidden channel is not found")
    func crossChannelReferences() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob"], channel: "messaging:hidden")
            _ = try await server.send("alice only", id: "hidden-1", in: "messaging:hidden", as: "alice")
            _ = try await server.ok(
                WriteResponse.self, .post, WirePath.channels, as: "bob", body: CreateChannelRequest(cid: "messaging:bobs"))
            _ = try await server.ok(
                WriteResponse.self, .post, WirePath.channels, as: "bob", body: CreateChannelRequest(cid: "messaging:bobs2"))
            _ = try await server.send("bob's", id: "bob-1", in: "messaging:bobs2", as: "bob")

            let quote = try await server.failure(
                .post, WirePath.channelMessages("messaging:bobs"), as: "bob",
                body: SendMessageRequest(id: "q1", text: "look", quotedMessageId: "hidden-1"))
            #expect(quote.code == .messageNotFound)
            let reply = try await server.failure(
                .post, WirePath.channelMessages("messaging:bobs"), as: "bob",
                body: SendMessageRequest(id: "r1", text: "re", parentId: "hidden-1"))
            #expect(reply.code == .messageNotFound)
            let react = try await server.failure(
                .post, WirePath.reactions("hidden-1"), as: "bob", body: AddReactionRequest(type: "like"))
            #expect(react.code == .messageNotFound)
            let nonexistent = try await server.failure(
                .post, WirePath.reactions("no-such-message"), as: "bob", body: AddReactionRequest(type: "like"))
            #expect(nonexistent.message == react.message.replacingOccurrences(of: "hidden-1", with: "no-such-message"))
            let thread = try await server.failure(
                .get, "\(WirePath.channelMessages("messaging:bobs"))?parent=hidden-1", as: "bob")
            #expect(thread.code == .messageNotFound)

            // Across two channels bob sees: the rule's own error.
            let visibleQuote = try await server.failure(
                .post, WirePath.channelMessages("messaging:bobs"), as: "bob",
                body: SendMessageRequest(id: "q2", text: "look", quotedMessageId: "bob-1"))
            #expect(visibleQuote.code == .invalidQuotedMessage)
            let visibleReply = try await server.failure(
                .post, WirePath.channelMessages("messaging:bobs"), as: "bob",
                body: SendMessageRequest(id: "r2", text: "re", parentId: "bob-1"))
            #expect(visibleReply.code == .invalidThreadParent)
        }
    }

    @Test("Editing or deleting others' messages needs the capability; moderators have it")
    func othersMessages() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob"], channel: "messaging:room", members: ["bob"])
            _ = try await server.send("alice wrote this", id: "a1", in: "messaging:room", as: "alice")
            _ = try await server.send("bob wrote this", id: "b1", in: "messaging:room", as: "bob")

            let edit = try await server.failure(.patch, WirePath.message("a1"), as: "bob", body: EditMessageRequest(text: "pwned"))
            #expect(edit.code == .notOwnMessage && edit.status == 403)
            let delete = try await server.failure(.delete, WirePath.message("a1"), as: "bob")
            #expect(delete.code == .notOwnMessage)

            let own = try await server.ok(
                WriteResponse.self, .patch, WirePath.message("b1"), as: "bob", body: EditMessageRequest(text: "bob edited"))
            #expect(own.message?.text == "bob edited" && own.events.map(\.type) == [.messageUpdated])
            // Alice owns the channel: she moderates it.
            let moderated = try await server.ok(WriteResponse.self, .delete, WirePath.message("b1"), as: "alice")
            #expect(moderated.message?.type == "deleted" && moderated.message?.text == "")
            let again = try await server.failure(.delete, WirePath.message("b1"), as: "alice")
            #expect(again.code == .messageDeleted)
        }
    }

    @Test("A frozen channel refuses posting, replying and reacting by members, with channel_frozen")
    func frozenChannel() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob"], channel: "messaging:ice", members: ["bob"])
            _ = try await server.send("before", id: "m1", in: "messaging:ice", as: "alice")
            let refused = try await server.failure(
                .put, WirePath.frozen("messaging:ice"), as: "bob", body: SetFlagRequest(value: true))
            #expect(refused.code == .missingCapability && refused.capability == "freeze-channel")
            _ = try await server.ok(
                WriteResponse.self, .put, WirePath.frozen("messaging:ice"), as: "alice", body: SetFlagRequest(value: true))

            let send = try await server.failure(
                .post, WirePath.channelMessages("messaging:ice"), as: "bob", body: SendMessageRequest(id: "m2", text: "hi"))
            #expect(send.code == .channelFrozen && send.cid == "messaging:ice")
            let reply = try await server.failure(
                .post, WirePath.channelMessages("messaging:ice"), as: "bob",
                body: SendMessageRequest(id: "m3", text: "hi", parentId: "m1"))
            #expect(reply.code == .channelFrozen)
            let react = try await server.failure(.post, WirePath.reactions("m1"), as: "bob", body: AddReactionRequest(type: "like"))
            #expect(react.code == .channelFrozen)
        }
    }

    @Test("Limits: message length, body and frame size, sync cursor count")
    func limits() async throws {
        let limits = WireLimits(maxFrameBytes: 16 * 1024, maxSyncCursors: 3)
        try await ServerHarness.run(limits: limits) { server in
            try await server.setUp(users: ["alice"], channel: "messaging:big")
            let long = try await server.failure(
                .post, WirePath.channelMessages("messaging:big"), as: "alice",
                body: SendMessageRequest(id: "m1", text: String(repeating: "x", count: 5_001)))
            #expect(long.code == .messageTooLong && long.length == 5_001 && long.limit == 5_000)
            _ = try await server.send(String(repeating: "x", count: 5_000), id: "m2", in: "messaging:big", as: "alice")

            let huge = try await server.failure(
                .post, WirePath.channelMessages("messaging:big"), as: "alice",
                body: SendMessageRequest(id: "m3", text: "x", attachments: Array(
                    repeating: WireAttachment(type: "link", url: URL(string: "https://example.com/\(String(repeating: "a", count: 500))")!),
                    count: 40)))
            #expect(huge.code == .payloadTooLarge && huge.status == 413)

            let cursors = (0..<4).map { ChannelCursor(cid: "messaging:c\($0)", epoch: nil, seq: 0) }
            let tooMany = try await server.failure(.post, WirePath.sync, as: "alice", body: SyncRequest(cursors: cursors))
            #expect(tooMany.code == .tooManyCursors && tooMany.limit == 3)

            let socket = try await server.socket("alice")
            socket.sendRaw(#"{"type":"ping","data":{"nonce":""# + String(repeating: "x", count: 20 * 1024) + #""}}"#)
            let frame = try await socket.waitFor("error") { if case .error = $0 { true } else { false } }
            guard case .error(let error) = frame else { return }
            #expect(error.error.code == .payloadTooLarge)
            socket.sendRaw("not json")
            try await socket.waitFor("bad request") {
                if case .error(let error) = $0 { error.error.code == .badRequest } else { false }
            }
            await socket.close()
        }
    }

    @Test("A flood from one user is rate limited without slowing another user")
    func rateLimit() async throws {
        try await ServerHarness.run(limits: WireLimits(requestsPerSecond: 5, requestBurst: 10)) { server in
            try await server.setUp(users: ["alice", "bob"])
            let alice = try await server.token("alice")
            var statuses: [Int] = []
            let flood = ContinuousClock.now
            for _ in 0..<30 { statuses.append(try await server.call(.get, WirePath.channels, token: alice).status) }
            let elapsed = Double((ContinuousClock.now - flood).components.seconds) + 1
            #expect(statuses.contains(429))
            // At most the burst plus what the rate refilled meanwhile got through.
            #expect(statuses.filter { $0 == 200 }.count <= 10 + Int(5 * elapsed))
            let limited = try await server.failure(.get, WirePath.channels, as: nil, token: alice)
            #expect(limited.code == .rateLimited && (limited.retryAfterMilliseconds ?? 0) > 0)

            let bob = try await server.token("bob")
            let started = ContinuousClock.now
            for _ in 0..<5 { #expect(try await server.call(.get, WirePath.channels, token: bob).status == 200) }
            #expect(ContinuousClock.now - started < .seconds(2))
        }
    }
}
