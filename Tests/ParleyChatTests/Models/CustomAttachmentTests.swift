import Foundation
import Testing
@testable import ParleyChat

extension AttachmentType {
    fileprivate static let location = Self(rawValue: "location")
}

/// An app's payload, as Stream's custom attachments guide defines one.
private struct Place: AttachmentPayload, Hashable {
    static let type = AttachmentType.location
    var name: String
    var latitude: Double
    var longitude: Double
}

/// A payload that only fits under its cap if `note` is short.
private struct Note: AttachmentPayload {
    static let type: AttachmentType = "note"
    var note: String
}

/// A payload claiming one of the SDK's own types.
private struct FakeImage: AttachmentPayload {
    static let type = AttachmentType.image
    var x: Int
}

@Suite struct CustomAttachmentTests {
    fileprivate let harbour = Place(name: "Harbour", latitude: 54.3233, longitude: 10.1228)

    @Test func attachmentTypesAreAnOpenSetOfNamesEncodedAsStrings() throws {
        let literal: AttachmentType = "location"
        #expect(literal == .location && AttachmentType.location.rawValue == "location")
        #expect(AttachmentType.image.isBuiltIn && !AttachmentType.location.isBuiltIn && !AttachmentType.unknown.isBuiltIn)
        #expect(String(decoding: try JSONEncoder().encode([AttachmentType.file, .location]), as: UTF8.self) == #"["file","location"]"#)
        #expect(try JSONDecoder().decode(AttachmentType.self, from: Data(#""poll""#.utf8)) == "poll")
    }

    @Test func anAppsPayloadIsSentAsACustomAttachmentAndReadBackTyped() throws {
        let sent = try AnyAttachmentPayload(payload: harbour)
        #expect(sent.type == .location && sent.localFileURL == nil)
        let custom = try #require(sent.messageAttachment.customPayload)
        #expect(String(decoding: custom.data, as: UTF8.self) == #"{"latitude":54.3233,"longitude":10.1228,"name":"Harbour"}"#)

        let message = ChatMessage(
            id: "m1", cid: ChannelId(type: .messaging, id: "c"), text: "here", author: ChatUser(id: "a", name: "A"), createdAt: Date(),
            attachments: [
                ChatMessageAttachment(id: 0, payload: .link(LinkAttachmentPayload(url: try #require(URL(string: "https://swift.org"))))),
                ChatMessageAttachment(id: 1, payload: sent.payload),
                // Same type, JSON that does not fit `Place`: skipped by the typed read, not a crash.
                ChatMessageAttachment(id: 2, payload: .custom(CustomAttachmentPayload(received: .location, data: Data(#"{"name":3}"#.utf8)))),
                ChatMessageAttachment(id: 3, payload: .custom(CustomAttachmentPayload(received: .location, data: Data("not json".utf8)))),
            ])
        let places = message.attachments(payloadType: Place.self)
        #expect(places.map(\.payload) == [harbour] && places.map(\.id) == [1] && places.first?.type == .location)
        #expect(message.attachments(payloadType: LinkAttachmentPayload.self).map(\.payload.url.host) == ["swift.org"])
        #expect(message.attachments(payloadType: ImageAttachmentPayload.self).isEmpty)
        #expect(message.attachmentCounts == [.link: 1, .location: 3])
    }

    @Test func theSDKsOwnPayloadsStayWhatTheyAreThroughTheGenericInitializer() throws {
        let link = LinkAttachmentPayload(url: try #require(URL(string: "https://swift.org")), title: "Swift")
        let sent = try AnyAttachmentPayload(payload: link)
        #expect(sent.payload == .link(link) && sent.type == .link)
    }

    @Test func anOversizePayloadIsRefusedWithItsSizeAndTheLimit() throws {
        let fits = try AnyAttachmentPayload(payload: Note(note: String(repeating: "a", count: 5_000)))
        #expect(fits.messageAttachment.customPayload?.data.count ?? 0 <= CustomAttachmentPayload.maximumSize)
        let error = #expect(throws: ChatError.self) { try AnyAttachmentPayload(payload: Note(note: String(repeating: "a", count: 6_000))) }
        #expect(error == .attachmentPayloadTooLarge(type: "note", size: 6_011, limit: 5_120))
        #expect(error?.description.contains("6011 bytes") == true && error?.description.contains("at most 5120") == true)
    }

    @Test func aPayloadMustBeAJSONObjectUnderATypeOfItsOwn() {
        #expect(throws: ChatError.invalidAttachmentPayload(type: .image, reason: "\"image\" is one of the SDK's own types")) {
            try AnyAttachmentPayload(payload: FakeImage(x: 1))
        }
        #expect(throws: ChatError.invalidAttachmentPayload(type: "poll", reason: "its payload is not a JSON object")) {
            try CustomAttachmentPayload(type: "poll", data: Data("[1, 2]".utf8))
        }
        #expect(throws: ChatError.self) { try CustomAttachmentPayload(type: "two words", data: Data("{}".utf8)) }
        #expect(throws: ChatError.self) { try CustomAttachmentPayload(type: "", data: Data("{}".utf8)) }
    }

    @Test func customAttachmentsRoundTripThroughTheStoresColumnAndCodable() throws {
        let attachments = [
            ChatMessageAttachment(id: 0, payload: try AnyAttachmentPayload(payload: harbour).payload),
            ChatMessageAttachment(id: 1, payload: .custom(CustomAttachmentPayload(received: "poll", data: Data(#"{"q":"Lunch?"}"#.utf8)))),
        ]
        #expect(JSONColumn.decodeAttachments(JSONColumn.encodeAttachments(attachments)) == attachments)
        let coded = try JSONDecoder().decode([ChatMessageAttachment].self, from: JSONEncoder().encode(attachments))
        #expect(coded == attachments)
    }

    @Test func rowsWrittenBeforeCustomAttachmentsReadAsTheyDid() throws {
        // The column's format is unchanged for the SDK's types (no migration): a row as written before reads
        // the same and is written back byte for byte.
        let before = #"[{"height":480,"title":"a.png","type":"image","url":"file:\/\/\/tmp\/a.png","width":640},"#
            + #"{"site":"Swift.org","title":"Swift","type":"link","url":"https:\/\/swift.org"}]"#
        let image = ImageAttachmentPayload(localURL: URL(fileURLWithPath: "/tmp/a.png"), title: "a.png", width: 640, height: 480)
        let link = LinkAttachmentPayload(url: try #require(URL(string: "https://swift.org")), title: "Swift", siteName: "Swift.org")
        #expect(JSONColumn.decodeAttachments(before) == [
            ChatMessageAttachment(id: 0, payload: .image(image)), ChatMessageAttachment(id: 1, payload: .link(link)),
        ])
        #expect(JSONColumn.encodeAttachments(JSONColumn.decodeAttachments(before)) == before)
    }

    @Test func theEmbeddedStoreKeepsACustomAttachmentAcrossReopening() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("chat.sqlite")
        let cid: ChannelId
        let id: MessageId
        do {
            let client = try makeClient(url: url)
            try await addCast(client)
            // Custom attachments need no upload capability: a channel without uploads takes them.
            cid = try await makeChannel(client, config: ChannelConfig(uploadsEnabled: false))
            id = try await client.sendMessage("", in: cid, attachments: [try AnyAttachmentPayload(payload: harbour).messageAttachment])
            let oversize = ChatMessageAttachment(payload: .custom(CustomAttachmentPayload(
                received: "note", data: Data(("{\"n\":\"" + String(repeating: "x", count: 6_000) + "\"}").utf8))))
            await #expect(throws: ChatError.attachmentPayloadTooLarge(type: "note", size: 6_008, limit: 5_120)) {
                try await client.sendMessage("big", in: cid, attachments: [oversize])
            }
        }
        let reopened = try makeClient(url: url)
        let message = try #require(try reopened.message(id: id))
        #expect(message.attachments(payloadType: Place.self).map(\.payload) == [harbour])
    }
}
