import Foundation
import ParleyChat
@testable import ParleyChatRemote
import ParleyProtocol
import ParleyServer
import Testing

/// The wire as ParleyChat sees it, and the reconnect schedule.
/// An upload the server refuses from its headers is answered before the body is sent; asked again
/// with the body held back, that answer always arrives (AsyncHTTPClient can lose it to a race
/// while a file is streaming), and a server that would take the upload gives no answer in time.
@Suite(.timeLimit(.minutes(1))) struct UploadRefusalTests {
    @Test func aRefusalFromTheHeadersArrivesAndAnAcceptableUploadGivesNone() async throws {
        try await LoopbackServer.run(uploads: UploadPolicy(maxBytes: 1_000)) { server in
            let (alice, _) = try await server.client("alice")
            let cid = ChannelId(type: .messaging, id: "probe")
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "Probe"))
            let transport = HTTPTransport(serverURL: server.url, token: try await server.tokens.sign(userId: "alice"))
            let request = transport.uploadRequest(name: "big.bin", mimeType: "application/pdf", cid: cid)
            let refusal = try #require(await transport.refusalBeforeBody(request, size: 50_000))
            #expect(refusal.0 == 413)
            let error = try Wire.decoder().decode(WireErrorResponse.self, from: refusal.1).error
            #expect(error.code == .payloadTooLarge && error.limit == 1_000)
            let started = Date()
            #expect(await transport.refusalBeforeBody(request, size: 500) == nil, "the server waits for a body it would take")
            #expect(Date().timeIntervalSince(started) < 12)
        }
    }
}

@Suite struct WireMappingTests {
    let at = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func uploadURLsBecomeRemoteURLsAndOutgoingAttachmentsCarryThem() throws {
        let upload = try #require(URL(string: "http://10.0.0.2:8080/v1/uploads/0f3a-77"))
        let image = try #require(WireMapping.attachment(WireAttachment(type: "image", url: upload, title: "a.png", width: 4, height: 3)))
        #expect(image.imagePayload?.remoteURL == upload && image.imagePayload?.localURL == upload)
        let file = try #require(WireMapping.attachment(WireAttachment(type: "file", url: upload, title: "r.pdf", fileSize: 9)))
        #expect(file.filePayload?.remoteURL == upload)
        // Anything else is not an upload: no remote URL (a path, or ids that could walk out of a folder).
        for other in ["file:///tmp/a.png", "http://h/v1/uploads/..", "http://h/v2/uploads/x", "http://h/v1/files/x"] {
            let url = try #require(URL(string: other))
            #expect(WireMapping.attachment(WireAttachment(type: "image", url: url))?.imagePayload?.remoteURL == nil, "\(other)")
        }
        let outgoing = ChatMessageAttachment(payload: .file(FileAttachmentPayload(
            localURL: URL(fileURLWithPath: "/home/me/secret/r.pdf"), title: "r.pdf", fileSize: 9, remoteURL: upload)))
        #expect(WireMapping.attachment(outgoing).url == upload)
    }

    /// A link's picture crosses the wire only as an upload: from the server it is both the
    /// payload's `imageURL` (until downloaded) and `remoteImageURL`; a local file never leaves.
    @Test func aLinkPictureCrossesTheWireAsAnUpload() throws {
        let page = try #require(URL(string: "https://parley.chat/tour"))
        let upload = try #require(URL(string: "/v1/uploads/0f3a-77"))
        let link = try #require(WireMapping.attachment(WireAttachment(type: "link", url: page, title: "Tour", imageURL: upload))?.linkPayload)
        #expect(link.imageURL == upload && link.remoteImageURL == upload)
        for other in ["https://evil.example/x.png", "file:///etc/hostname", "/v1/uploads/.."] {
            let wire = WireAttachment(type: "link", url: page, imageURL: URL(string: other))
            #expect(WireMapping.attachment(wire)?.linkPayload?.imageURL == nil, "\(other)")
        }
        let local = LinkAttachmentPayload(url: page, imageURL: URL(fileURLWithPath: "/home/me/.parley/link-preview.png"))
        #expect(WireMapping.attachment(ChatMessageAttachment(payload: .link(local))).imageURL == nil)
        var uploaded = local
        uploaded.remoteImageURL = upload
        #expect(WireMapping.attachment(ChatMessageAttachment(payload: .link(uploaded))).imageURL == upload)
    }

    @Test func channelCommandsCrossTheWireAndAnOlderServerMeansTheDefaults() {
        let config = ChannelConfig(commands: [.giphy, Command(name: "ban", description: "Ban a user", set: "moderation_set", args: "[@username]")])
        let wire = WireMapping.config(config)
        #expect(wire.commands?.map(\.name) == ["giphy", "ban"])
        #expect(WireMapping.config(wire) == config)
        #expect(WireMapping.config(WireChannelConfig()).commands == Command.defaultCommands)
        #expect(WireMapping.config(WireChannelConfig(commands: [])).commands.isEmpty)
    }

    @Test func eventsBecomeSyncChangesAndUnknownKindsStillCount() throws {
        let user = WireUser(id: "bob", name: "Bob")
        let message = WireMessage(
            id: "m1", cid: "messaging:general", type: "regular", text: "hi", user: user, createdAt: at, updatedAt: at,
            reactionScores: ["like": 2], reactionCounts: ["like": 1])
        let event = ChannelEvent(cid: "messaging:general", seq: 7, epoch: "e1", type: .messageNew, actorId: "bob", createdAt: at, message: message)
        let mapped = try #require(WireMapping.event(event))
        #expect(mapped.sequence == 7 && mapped.epoch == "e1" && mapped.cid == ChannelId(type: .messaging, id: "general"))
        guard case .message(let synced) = mapped.change else { Issue.record("expected a message"); return }
        #expect(synced.text == "hi" && synced.author.id == "bob" && synced.reactionScores == [.like: 2])

        let future = ChannelEvent(cid: "messaging:general", seq: 8, epoch: "e1", type: "poll.closed", actorId: "bob", createdAt: at)
        #expect(WireMapping.event(future)?.change == .unknown)
        #expect(WireMapping.event(ChannelEvent(cid: "nonsense", seq: 9, epoch: "e1", type: .messageNew, actorId: "x", createdAt: at)) == nil)
    }

    @Test func customAttachmentsKeepTheirJSONAndUnknownTypesWithoutItStillLoad() throws {
        let place = #"{"latitude":1.5,"name":"Here"}"#
        let custom = try #require(WireMapping.attachment(WireAttachment(type: "location", url: nil, json: place)))
        #expect(custom.type == "location" && custom.customPayload?.data == Data(place.utf8))
        #expect(WireMapping.attachment(custom) == WireAttachment(type: "location", url: nil, json: place))
        // A type from a newer server without a payload: a custom attachment with an empty object.
        let future = try #require(WireMapping.attachment(WireAttachment(type: "video", url: URL(string: "https://h/v.mp4"))))
        #expect(future.type == "video" && future.customPayload?.data == Data("{}".utf8))
        // A built-in type without its URL is dropped, as any malformed field.
        #expect(WireMapping.attachment(WireAttachment(type: "image", url: nil)) == nil)
    }

    @Test func serverErrorsBecomeTheRulesErrors() {
        let cid = ChannelId(type: .messaging, id: "general")
        #expect(WireMapping.error(WireError(code: .channelFrozen, message: "", status: 403, cid: cid.rawValue)) == .channelFrozen(cid))
        #expect(WireMapping.error(WireError(code: .notOwnMessage, message: "", status: 403, messageId: "m1")) == .notOwnMessage("m1"))
        #expect(WireMapping.error(WireError(code: .messageTooLong, message: "", status: 400, length: 5001, limit: 5000))
            == .messageTooLong(length: 5001, limit: 5000))
        #expect(WireMapping.error(WireError(code: "brand_new", message: "later", status: 400)) == .serverError(code: "brand_new", message: "later"))
        // A custom payload over its cap names its type; a body over the frame limit stays the server's error.
        #expect(WireMapping.error(WireError(code: .payloadTooLarge, message: "", status: 413, length: 6010, limit: 5120, attachmentType: "note"))
            == .attachmentPayloadTooLarge(type: "note", size: 6010, limit: 5120))
        #expect(WireMapping.error(WireError(code: .payloadTooLarge, message: "big", status: 413, limit: 1 << 20))
            == .serverError(code: "payload_too_large", message: "big"))
    }

    @Test func reconnectsBackOffExponentiallyWithJitterUpToTheCap() {
        let config = RemoteChatConfiguration(
            serverURL: URL(string: "http://127.0.0.1:8080/")!, token: "a.b.c", initialReconnectDelay: .milliseconds(100),
            maximumReconnectDelay: .seconds(2))
        #expect(config.reconnectDelay(attempt: 0, random: 1) == .milliseconds(100))
        #expect(config.reconnectDelay(attempt: 0, random: 0) == .milliseconds(50))
        #expect(config.reconnectDelay(attempt: 3, random: 1) == .milliseconds(800))
        #expect(config.reconnectDelay(attempt: 10, random: 1) == .seconds(2))
        #expect(config.reconnectDelay(attempt: 10, random: 0) == .seconds(1))
        #expect(config.webSocketURL == "ws://127.0.0.1:8080/v1/ws?token=a.b.c")
    }
}
