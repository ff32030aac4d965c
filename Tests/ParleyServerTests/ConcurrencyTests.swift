import Foundation
import ParleyProtocol
import Testing
@testable import ParleyServer

@Suite("Server under concurrent writers", .timeLimit(.minutes(1)))
struct ConcurrencyTests {
    @Test("Concurrent sends and retries from three users: every message stored once, sequence numbers gapless and unique")
    func concurrentSendsAndRetries() async throws {
        try await ServerHarness.run(limits: WireLimits(requestsPerSecond: 10_000, requestBurst: 10_000)) { server in
            let users = ["alice", "bob", "carol"]
            try await server.setUp(users: users, channel: "messaging:burst", members: ["bob", "carol"])
            let perUser = 40
            let acknowledged = try await withThrowingTaskGroup(of: [ChannelEvent].self) { group in
                for user in users {
                    for index in 0..<perUser {
                        // Every message is sent twice at once: the retry must never duplicate it.
                        for _ in 0..<2 {
                            group.addTask {
                                try await server.send("\(user) \(index)", id: "\(user)-\(index)", in: "messaging:burst", as: user).events
                            }
                        }
                    }
                }
                var events: [ChannelEvent] = []
                for try await batch in group { events += batch }
                return events
            }
            #expect(acknowledged.count == users.count * perUser)
            #expect(Set(acknowledged.compactMap(\.message?.id)).count == users.count * perUser)

            let sync = try await server.ok(
                SyncResponse.self, .post, WirePath.sync, as: "alice",
                body: SyncRequest(cursors: [ChannelCursor(cid: "messaging:burst", epoch: nil, seq: 0)]))
            let events = try #require(sync.channels.first).events
            #expect(events.map(\.seq) == Array(1...Int64(3 + users.count * perUser)))
            #expect(events.filter { $0.type == .messageNew }.count == users.count * perUser)
        }
    }

    @Test("Deleting a channel ends its stream for subscribers and members; unknown endpoints answer the wire's errors")
    func channelDeletionAndUnknownRoutes() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob"], channel: "messaging:gone", members: ["bob"])
            let bob = try await server.socket("bob")
            try bob.send(.subscribe(SubscribeFrame(cids: ["messaging:gone"])))
            try await bob.waitFor("subscribed") { if case .subscribed = $0 { true } else { false } }

            let refused = try await server.failure(.delete, WirePath.channel("messaging:gone"), as: "bob")
            #expect(refused.code == .missingCapability && refused.capability == "delete-channel")
            _ = try await server.ok(WriteResponse.self, .delete, WirePath.channel("messaging:gone"), as: "alice")
            try await bob.waitFor("channel.deleted") {
                if case .event(let event) = $0 { event.type == .channelDeleted } else { false }
            }
            try await bob.waitFor("feed deleted") {
                if case .feed(let feed) = $0 { feed.kind == .channelDeleted && feed.cid == "messaging:gone" } else { false }
            }
            let sync = try await server.failure(
                .post, WirePath.sync, as: "bob", body: SyncRequest(cursors: [ChannelCursor(cid: "messaging:gone", epoch: nil, seq: 0)]))
            #expect(sync.code == .channelNotFound)
            await bob.close()

            let unknown = try await server.failure(.get, "/v1/nothing", as: "alice")
            #expect(unknown.code == .notFound && unknown.status == 404)
            let anonymous = try await server.failure(.get, "/v1/nothing", as: nil)
            #expect(anonymous.code == .unauthorized)
            let garbage = try await server.failure(.post, WirePath.channelMessages("messaging:x"), as: "alice", body: ["text": 1])
            #expect(garbage.code == .badRequest)
        }
    }
}
