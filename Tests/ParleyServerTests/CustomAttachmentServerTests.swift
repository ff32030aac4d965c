import Foundation
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// An app's own attachment types (issue 22): accepted with a capped JSON payload, stored as they
/// came by every storage engine.
@Suite("Custom attachments on the server", .timeLimit(.minutes(1)), .postgresWatchdog(seconds: 90))
struct CustomAttachmentServerTests {
    let place = #"{"latitude":38.7112,"longitude":-9.1296,"name":"Alfama flat"}"#

    @Test("Every engine stores a custom attachment's JSON beside a link, as it came", arguments: StorageConformanceTests.Engine.allCases)
    func storesTheJSON(engine: StorageConformanceTests.Engine) async throws {
        let attachments = [
            WireAttachment(type: "location", url: nil, json: place),
            WireAttachment(type: "link", url: URL(string: "https://swift.org"), title: "Swift"),
        ]
        try await StorageConformanceTests.with(engine) { storage in
            let cid = ChannelId(type: .messaging, id: "trip")
            _ = try await storage.write({ tx in
                try tx.upsertUser(UserRecord(id: "u", name: "U", role: .user, createdAt: tx.now))
                try tx.insertChannel(StorageConformanceTests.channel("trip", at: tx.now))
                try tx.insertMessage(MessageRecord(
                    id: "m", cid: cid, userId: "u", type: .regular, text: "here", createdAt: tx.now, updatedAt: tx.now,
                    parentId: nil, showInChannel: false, quotedId: nil, mentionedIds: [], attachments: attachments, replyCount: 0))
            }, afterCommit: { _ in })
            let stored = try await storage.read { tx in try tx.message("m") }
            #expect(stored?.attachments == attachments)
        }
    }

    @Test("A custom attachment is accepted with its JSON; an oversize one is refused with 413 and the limit")
    func acceptsAndCaps() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob"], channel: "messaging:trip", members: ["bob"])
            let sent = try await server.ok(
                WriteResponse.self, .post, WirePath.channelMessages("messaging:trip"), as: "alice",
                body: SendMessageRequest(id: "m1", text: "", attachments: [WireAttachment(type: "location", url: nil, json: place)]))
            #expect(sent.message?.attachments.first?.json == place)
            let page = try await server.ok(MessagesResponse.self, .get, WirePath.channelMessages("messaging:trip"), as: "bob")
            #expect(page.messages.first(where: { $0.id == "m1" })?.attachments == [WireAttachment(type: "location", url: nil, json: place)])

            let big = "{\"n\":\"" + String(repeating: "x", count: 6_000) + "\"}"
            let tooLarge = try await server.failure(
                .post, WirePath.channelMessages("messaging:trip"), as: "alice",
                body: SendMessageRequest(id: "m2", text: "", attachments: [WireAttachment(type: "note", url: nil, json: big)]))
            #expect(tooLarge.code == .payloadTooLarge && tooLarge.status == 413, "\(tooLarge)")
            #expect(tooLarge.length == 6_008 && tooLarge.limit == CustomAttachmentPayload.maximumSize && tooLarge.attachmentType == "note")
            #expect(tooLarge.message.contains("at most 5120"))

            let notAnObject = try await server.failure(
                .post, WirePath.channelMessages("messaging:trip"), as: "alice",
                body: SendMessageRequest(id: "m3", text: "", attachments: [WireAttachment(type: "note", url: nil, json: "[1]")]))
            #expect(notAnObject.code == .badRequest && notAnObject.message.contains("not a JSON object"))
            let noJSON = try await server.failure(
                .post, WirePath.channelMessages("messaging:trip"), as: "alice",
                body: SendMessageRequest(id: "m4", text: "x", attachments: [WireAttachment(type: "hologram", url: URL(string: "x:y"))]))
            #expect(noJSON.code == .badRequest && noJSON.message.contains("hologram"))
            let imageWithoutURL = try await server.failure(
                .post, WirePath.channelMessages("messaging:trip"), as: "alice",
                body: SendMessageRequest(id: "m5", text: "x", attachments: [WireAttachment(type: "image", url: nil)]))
            #expect(imageWithoutURL.code == .badRequest)
            // Nothing refused was stored.
            let after = try await server.ok(MessagesResponse.self, .get, WirePath.channelMessages("messaging:trip"), as: "bob")
            #expect(after.messages.filter { $0.type == "regular" }.map(\.id) == ["m1"])
        }
    }
}
