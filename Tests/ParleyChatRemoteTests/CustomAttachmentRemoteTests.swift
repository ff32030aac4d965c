import Foundation
import ParleyChat
import ParleyChatRemote
import ParleyProtocol
@testable import ParleyServer
import Testing

extension AttachmentType {
    fileprivate static let location = Self(rawValue: "location")
}

/// The app's location payload, as Stream's custom attachments guide has it.
private struct Location: AttachmentPayload, Hashable {
    static let type = AttachmentType.location
    var name: String
    var latitude: Double
    var longitude: Double
}

/// A custom attachment between machines (issue 22): sent from code by one client of an in-process
/// server, stored by the server, read back typed by the other.
@Suite(.serialized, .timeLimit(.minutes(1))) struct CustomAttachmentRemoteTests {
    let cid = ChannelId(type: .messaging, id: "trip")
    fileprivate let flat = Location(name: "Alfama flat", latitude: 38.7112, longitude: -9.1296)

    /// Alice and Bob, clients of one in-process server, both members of ``cid``.
    func withAliceAndBob(_ body: @Sendable (ChatClient, ChatClient) async throws -> Void) async throws {
        let caches = try RemoteAttachmentTests.temporaryDirectory("custom")
        defer { try? FileManager.default.removeItem(at: caches) }
        let cid = self.cid
        try await LoopbackServer.run { server in
            let (alice, _) = try await RemoteAttachmentTests.client("alice", of: server, cache: caches.appendingPathComponent("a"))
            let (bob, _) = try await RemoteAttachmentTests.client("bob", of: server, cache: caches.appendingPathComponent("b"))
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "Trip", memberIds: ["bob"]))
            try await until("bob sees the channel") { try bob.channel(cid) != nil }
            try await body(alice, bob)
        }
    }

    @Test func aLocationSentByOneClientReachesTheOtherAndDecodesAsTheAppsPayload() async throws {
        try await withAliceAndBob { alice, bob in
            let id = try await alice.sendMessage(
                "Here's where it is", in: cid, attachments: [try AnyAttachmentPayload(payload: flat).messageAttachment])
            try await until("bob gets the location") { try bob.message(id: id)?.attachments.count == 1 }
            let received = try #require(try bob.message(id: id))
            #expect(received.attachments(payloadType: Location.self).map(\.payload) == [flat])
            #expect(received.attachmentCounts == [.location: 1])
            // The sender's own copy, confirmed by the server, decodes the same.
            try await until("alice's message is sent") { try alice.message(id: id)?.localState == .synced }
            #expect(try alice.message(id: id)?.attachments(payloadType: Location.self).map(\.payload) == [flat])
        }
    }

    @Test func anOversizePayloadIsRefusedWithTheLimitInItsError() async throws {
        let caches = try RemoteAttachmentTests.temporaryDirectory("custom-big")
        defer { try? FileManager.default.removeItem(at: caches) }
        try await LoopbackServer.run { server in
            let (alice, _) = try await RemoteAttachmentTests.client("alice", of: server, cache: caches)
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "Trip"))
            // Built from received JSON, so only the backend's and the server's checks stand in the way.
            let big = Data(("{\"n\":\"" + String(repeating: "x", count: 6_000) + "\"}").utf8)
            let attachment = ChatMessageAttachment(payload: .custom(CustomAttachmentPayload(received: "note", data: big)))
            let error = await #expect(throws: ChatError.self) {
                try await alice.sendMessage("big", in: cid, attachments: [attachment])
            }
            #expect(error?.description.contains("at most 5120") == true, "\(String(describing: error))")
            // The server's 413 comes back as the case a local backend throws, with the type and the cap.
            guard case .attachmentPayloadTooLarge(let type, let size, let limit) = error else {
                Issue.record("not attachmentPayloadTooLarge: \(String(describing: error))")
                return
            }
            #expect(type == "note" && size > 5120 && limit == 5120)
        }
    }

    @Test func messagesWithTypesTheClientDoesNotKnowOrJSONItCannotDecodeStillLoad() async throws {
        try await withAliceAndBob { alice, bob in
            let poll = ChatMessageAttachment(id: 0, payload: .custom(try CustomAttachmentPayload(type: "poll", data: Data(#"{"q":"Lunch?"}"#.utf8))))
            let wrongShape = ChatMessageAttachment(
                id: 1, payload: .custom(try CustomAttachmentPayload(type: .location, data: Data(#"{"name":3}"#.utf8))))
            let id = try await alice.sendMessage("vote", in: cid, attachments: [poll, wrongShape])
            try await until("bob gets the message") { try bob.message(id: id)?.attachments.count == 2 }
            let received = try #require(try bob.message(id: id))
            #expect(received.text == "vote" && received.attachments.map(\.type) == ["poll", .location])
            #expect(received.attachments(payloadType: Location.self).isEmpty)
            #expect(received.attachments.first?.customPayload?.data == Data(#"{"q":"Lunch?"}"#.utf8))
        }
    }
}
