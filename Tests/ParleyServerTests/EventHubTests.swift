import Foundation
import ParleyProtocol
import Testing
@testable import ParleyServer

@Suite("Event hub")
struct EventHubTests {
    static func event(_ cid: String, _ seq: Int64, _ type: ChannelEventType = .messageRead, only: String? = nil, member: String? = nil) -> ChannelEvent {
        ChannelEvent(
            cid: cid, seq: seq, epoch: "e", type: type, actorId: "alice", createdAt: Date(timeIntervalSince1970: 0),
            member: member.map { WireMember(user: WireUser(id: $0, name: $0), role: "member", createdAt: Date(timeIntervalSince1970: 0)) },
            onlyForUserId: only)
    }

    /// The frames queued so far (the stream is finished first so reading ends).
    static func drain(_ connection: ClientConnection) async -> [ServerFrame] {
        connection.finish()
        var frames: [ServerFrame] = []
        for await frame in connection.frames { frames.append(frame) }
        return frames
    }

    @Test("A connection that cannot keep up loses the channel and is marked for a reset, not silently skipped")
    func slowConsumerIsReset() async {
        let hub = EventHub()
        let slow = ClientConnection(userId: "bob", queueLimit: 2)
        hub.register(slow)
        hub.subscribe(slow, to: "messaging:a")
        hub.publish((Int64(1)...5).map { Self.event("messaging:a", $0) })
        #expect(!hub.isSubscribed(slow.id, to: "messaging:a"))
        #expect(slow.takePendingResets() == ["messaging:a"])
        let frames = await Self.drain(slow)
        let seqs: [Int64] = frames.compactMap { if case .event(let event) = $0 { event.seq } else { nil } }
        #expect(seqs == [1, 2])
    }

    @Test("Events for one user reach only that user; member.removed ends the removed user's subscription after itself")
    func routing() async {
        let hub = EventHub()
        let alice = ClientConnection(userId: "alice")
        let bob = ClientConnection(userId: "bob")
        for connection in [alice, bob] {
            hub.register(connection)
            hub.subscribe(connection, to: "messaging:a")
        }
        hub.publish([
            Self.event("messaging:a", 1, .memberUpdated, only: "alice"),
            Self.event("messaging:a", 2, .memberRemoved, member: "bob"),
            Self.event("messaging:a", 3),
        ])
        hub.publishTyping(TypingEvent(cid: "messaging:a", userId: "alice", isTyping: true))
        let aliceSeqs: [Int64] = await Self.drain(alice).compactMap { if case .event(let event) = $0 { event.seq } else { nil } }
        let bobFrames = await Self.drain(bob)
        #expect(aliceSeqs == [1, 2, 3])
        #expect(bobFrames == [.event(Self.event("messaging:a", 2, .memberRemoved, member: "bob"))])
    }
}
