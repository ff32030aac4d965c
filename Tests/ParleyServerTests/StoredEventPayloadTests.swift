import Foundation
import NIOCore
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// The fan-out's frames carry the events' JSON as stored, not a second encoding of each event.
@Suite("Stored event payloads", .timeLimit(.minutes(1)), .postgresWatchdog(seconds: 90))
struct StoredEventPayloadTests {
    @Test("A frame around an event's stored JSON is byte for byte the frame encoded from the event")
    func frameFromPayload() throws {
        let message = WireMessage(
            id: "m", cid: "messaging:a", type: "regular", text: "héllo \"quoted\" \\ /path <b>&amp;</b> \u{202E}",
            user: WireUser(id: "u", name: "Ü"), createdAt: .ms(1_000), updatedAt: .ms(2_000))
        let event = ChannelEvent(
            cid: "messaging:a", seq: 7, epoch: "e", type: .messageNew, actorId: "u", createdAt: .ms(3_000), message: message)
        let stored = try Wire.encoder().encode(event)
        let spliced = EncodedFrame(event, payload: stored).text
        let encoded = EncodedFrame(.event(event)).text
        #expect(Array(spliced.readableBytesView) == Array(encoded.readableBytesView))
        #expect(Array(EncodedFrame(event, payload: nil).text.readableBytesView) == Array(encoded.readableBytesView))
    }

    @Test("A write's answer around its events' stored JSON is byte for byte the encoded answer")
    func answerFromPayloads() throws {
        let message = WireMessage(
            id: "m", cid: "messaging:a", type: "regular", text: "<b>&amp;</b> \u{202E} \"q\" 😀",
            user: WireUser(id: "u", name: "Ü"), createdAt: .ms(1_000), updatedAt: .ms(2_000))
        let events = (1...2).map {
            ChannelEvent(cid: "messaging:a", seq: Int64($0), epoch: "e", type: .messageNew, actorId: "u", createdAt: .ms(3_000), message: message)
        }
        let channel = WireChannel(cid: "messaging:a", name: "A", createdAt: .ms(1), updatedAt: .ms(2), epoch: "e", lastSeq: 2)
        let encoder = Wire.encoder()
        // The first event's JSON was stored; the second has none and is encoded for the answer.
        let payloads = [StoredEventPayloads.key("messaging:a", 1): try encoder.encode(events[0])]
        for response in [
            WriteResponse(events: events, message: message), WriteResponse(events: events, message: message, channel: channel),
            WriteResponse(events: [], channel: channel), WriteResponse(events: []),
        ] {
            let written = ChatService.Written(response: response, payloads: payloads)
            #expect(try written.encoded(with: encoder) == (try encoder.encode(response)))
        }
    }

    @Test("Appending an event records its stored JSON under its channel and sequence", arguments: StorageConformanceTests.Engine.allCases)
    func appendRecords(engine: StorageConformanceTests.Engine) async throws {
        try await StorageConformanceTests.with(engine) { storage in
            let cid = ChannelId(type: .messaging, id: "a")
            let (seq, payloads) = try await storage.write({ tx in
                try tx.insertChannel(StorageConformanceTests.channel("a", at: tx.now))
                let seq = try StorageConformanceTests.event(tx, cid).seq
                return (seq, tx.storedPayloads.take())
            }, afterCommit: { _ in })
            let stored = try await storage.read { tx in try tx.events(cid, after: 0, limit: 10) }
            let payload = try #require(payloads[StoredEventPayloads.key(cid.rawValue, seq)])
            #expect(try Wire.decoder().decode(ChannelEvent.self, from: payload) == stored.first)
            #expect(payloads.count == 1)
        }
    }

    @Test("A delivery routed from stored JSON, its header alone decoded, matches the delivery of the event itself")
    func deliveryFromHeader() throws {
        let events = [
            EventHubTests.event("messaging:a", 3, .messageNew),
            EventHubTests.event("messaging:a", 4, .messageRead, only: "bob"),
            EventHubTests.event("messaging:a\"q", 5, .memberRemoved, member: "carol"),
            EventHubTests.event("team:b", 9, .channelDeleted),
        ]
        for event in events {
            let stored = try Wire.encoder().encode(event)
            let routed = EventHub.Delivery(try Wire.decoder().decode(StoredEventHeader.self, from: stored), payload: stored)
            let direct = EventHub.Delivery(event, payload: nil)
            #expect(routed.cid == event.cid && routed.seq == event.seq && routed.type == event.type)
            #expect(routed.onlyForUserId == event.onlyForUserId)
            #expect(routed.memberUserId == event.member?.user.id)
            #expect(Array(routed.frame.text.readableBytesView) == Array(direct.frame.text.readableBytesView))
        }
    }
}
