import Foundation
import ParleyProtocol
import Testing
@testable import ParleyServer

/// Reaction operations carry the client's operation id: the same id again (a retry after a lost
/// answer) applies nothing and answers the message as it is; a new id (a deliberate repeat)
/// applies again; no id (an older client) always applies.
@Suite("Reaction operations", .timeLimit(.minutes(1)))
struct ReactionOperationTests {
    @Test("An operation id applies once; a new id or none applies again")
    func aRepeatedOperationIdAppliesOnce() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob"], channel: "messaging:ops", members: ["bob"])
            _ = try await server.send("react to me", id: "m1", in: "messaging:ops", as: "alice")
            let like = AddReactionRequest(type: "like", operationId: "op-1")
            let first = try await server.ok(WriteResponse.self, .post, WirePath.reactions("m1"), as: "bob", body: like)
            #expect(first.events.map(\.type) == [.reactionNew])
            #expect(first.message?.reactionScores == ["like": 1])
            let retry = try await server.ok(WriteResponse.self, .post, WirePath.reactions("m1"), as: "bob", body: like)
            #expect(retry.events.isEmpty, "a retry appends no event")
            #expect(retry.message?.reactionScores == ["like": 1], "and adds no score")

            // A deliberate repeat has a new id; an old client sends none: both add.
            let repeated = AddReactionRequest(type: "like", operationId: "op-2")
            _ = try await server.ok(WriteResponse.self, .post, WirePath.reactions("m1"), as: "bob", body: repeated)
            let old = try await server.ok(
                WriteResponse.self, .post, WirePath.reactions("m1"), as: "bob", body: AddReactionRequest(type: "like"))
            #expect(old.message?.reactionScores == ["like": 3])

            // Another user's operation ids are their own.
            let alices = try await server.ok(WriteResponse.self, .post, WirePath.reactions("m1"), as: "alice", body: like)
            #expect(alices.events.count == 1)
            #expect(alices.message?.reactionScores == ["like": 4])

            // Removal: a retried removal after the reaction was added again removes nothing.
            let remove = WirePath.reaction("m1", type: "like", operationId: "op-3")
            let removed = try await server.ok(WriteResponse.self, .delete, remove, as: "bob")
            #expect(removed.events.map(\.type) == [.reactionDeleted])
            _ = try await server.ok(
                WriteResponse.self, .post, WirePath.reactions("m1"), as: "bob", body: AddReactionRequest(type: "like", operationId: "op-4"))
            let removedAgain = try await server.ok(WriteResponse.self, .delete, remove, as: "bob")
            #expect(removedAgain.events.isEmpty)
            #expect(removedAgain.message?.reactionScores == ["like": 2], "alice's 1 and bob's new 1")

            // The same id on another message is refused; an empty or overlong id is a bad request.
            _ = try await server.send("another", id: "m2", in: "messaging:ops", as: "alice")
            let reused = try await server.failure(.post, WirePath.reactions("m2"), as: "bob", body: like)
            #expect(reused.code == .duplicateId)
            let empty = try await server.failure(
                .post, WirePath.reactions("m2"), as: "bob", body: AddReactionRequest(type: "like", operationId: ""))
            #expect(empty.status == 400)
            let long = try await server.failure(
                .post, WirePath.reactions("m2"), as: "bob",
                body: AddReactionRequest(type: "like", operationId: String(repeating: "x", count: 129)))
            #expect(long.status == 400)

            // The stream holds one reaction.new per applied operation.
            let sync = try await server.ok(
                SyncResponse.self, .post, WirePath.sync, as: "bob",
                body: SyncRequest(cursors: [ChannelCursor(cid: "messaging:ops", epoch: nil, seq: 0)]))
            let types = sync.channels.first?.events.map(\.type) ?? []
            #expect(types.filter { $0 == .reactionNew }.count == 5)
            #expect(types.filter { $0 == .reactionDeleted }.count == 1)
        }
    }
}
