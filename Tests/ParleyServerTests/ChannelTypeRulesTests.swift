import Foundation
@testable import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// One table of who may do what, by channel type and membership, run against the embedded
/// backend (ParleyChat in-process) and the server over HTTP and its WebSocket: both answer from
/// ``ChatRules``, so they agree. In a livestream anyone may read, post and react without joining;
/// elsewhere a non-member may do nothing (and the server's refusals leak nothing: the channel is
/// "not found").
@Suite("Channel type rules on both backends", .timeLimit(.minutes(1)))
struct ChannelTypeRulesTests {
    enum Operation: String, CaseIterable, Sendable {
        case read, send, react, search, subscribe
    }

    static let types: [ChannelType] = [.messaging, .team, .livestream]

    /// The table: what a member ("bob") and a non-member ("carol") may do, per channel type.
    static let allowed: [ChannelType: (member: Set<Operation>, nonMember: Set<Operation>)] = [
        .messaging: (member: Set(Operation.allCases), nonMember: []),
        .team: (member: Set(Operation.allCases), nonMember: []),
        .livestream: (member: Set(Operation.allCases), nonMember: Set(Operation.allCases)),
    ]

    static func expected(_ type: ChannelType, member: Bool) -> Set<Operation> {
        let row = allowed[type]!
        return member ? row.member : row.nonMember
    }

    @Test("The embedded backend follows the table")
    func embeddedBackend() async throws {
        let client = try ChatClient(opening: ChatClientConfig(currentUserId: "alice"))
        try await client.upsertUsers(["alice", "bob", "carol"].map { ChatUser(id: $0, name: $0.capitalized) })
        for type in Self.types {
            let cid = ChannelId(type: type, id: "rules")
            try await client.createChannel(ChannelCreationRequest(cid: cid, memberIds: ["bob"]))
            let target = try await client.sendMessage("hello from alice", in: cid)
            for (user, isMember) in [("bob", true), ("carol", false)] {
                var outcome: Set<Operation> = []
                for operation in Operation.allCases {
                    let ok: Bool
                    switch operation {
                    case .read, .search, .subscribe:
                        // The embedded backend has no read path of its own (the app reads its own
                        // store): reading is the rule every backend asks.
                        let rules = try client.store.read { db in
                            try EmbeddedChatBackend.context(db, cid: cid, userId: user, now: Date()).rules
                        }
                        ok = (try? rules.checkRead()) != nil
                    case .send:
                        ok = await Self.succeeds {
                            try await client.backend.sendMessage(
                                OutgoingMessage(id: "\(type.rawValue)-\(user)", cid: cid, text: "hi", createdAt: Date()), by: user)
                        }
                    case .react:
                        ok = await Self.succeeds {
                            try await client.backend.addReaction(.like, score: 1, enforceUnique: false, to: target, by: user)
                        }
                    }
                    if ok { outcome.insert(operation) }
                }
                #expect(outcome == Self.expected(type, member: isMember), "\(type.rawValue), \(user)")
            }
        }
    }

    @Test("The server follows the table, and its refusals are channel_not_found")
    func server() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob", "carol"])
            for type in Self.types {
                let cid = "\(type.rawValue):rules"
                _ = try await server.ok(
                    WriteResponse.self, .post, WirePath.channels, as: "alice", body: CreateChannelRequest(cid: cid, memberIds: ["bob"]))
                let target = "\(type.rawValue)-target"
                _ = try await server.send("hello from alice", id: target, in: cid, as: "alice")
                for (user, isMember) in [("bob", true), ("carol", false)] {
                    let token = try await server.token(user)
                    var outcome: Set<Operation> = []
                    for operation in Operation.allCases {
                        let status: Int
                        switch operation {
                        case .read:
                            status = try await server.call(.get, WirePath.channel(cid), token: token).status
                        case .send:
                            status = try await server.call(
                                .post, WirePath.channelMessages(cid), token: token,
                                body: SendMessageRequest(id: "\(type.rawValue)-\(user)", text: "hi")).status
                        case .react:
                            status = try await server.call(
                                .post, WirePath.reactions(target), token: token, body: AddReactionRequest(type: "like")).status
                        case .search:
                            status = try await server.call(.get, "\(WirePath.search)?q=hello&cid=\(cid)", token: token).status
                        case .subscribe:
                            let socket = try await server.socket(user)
                            try socket.send(.subscribe(SubscribeFrame(cids: [cid])))
                            let answer = try await socket.waitFor("subscribed") { if case .subscribed = $0 { true } else { false } }
                            await socket.close()
                            status = answer == .subscribed(SubscribedFrame(cids: [cid], refused: [])) ? 200 : 404
                        }
                        if status < 300 {
                            outcome.insert(operation)
                        } else {
                            #expect(status == 404, "\(type.rawValue), \(user), \(operation): refused as not found")
                        }
                    }
                    #expect(outcome == Self.expected(type, member: isMember), "\(type.rawValue), \(user)")
                }
            }
        }
    }

    static func succeeds(_ body: () async throws -> Void) async -> Bool {
        do {
            try await body()
            return true
        } catch {
            return false
        }
    }
}
