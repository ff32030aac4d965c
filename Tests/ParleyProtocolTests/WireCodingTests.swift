import Foundation
import Testing
import ParleyProtocol

@Suite("Wire coding")
struct WireCodingTests {
    let date = Date(timeIntervalSince1970: 1_700_000_000.123)

    @Test("Frames round-trip with their type tag and dates in milliseconds")
    func framesRoundTrip() throws {
        let user = WireUser(id: "alice", name: "Alice")
        let message = WireMessage(id: "m1", cid: "messaging:general", type: "regular", text: "Hi", user: user, createdAt: date, updatedAt: date)
        let event = ChannelEvent(cid: "messaging:general", seq: 7, epoch: "e1", type: .messageNew, actorId: "alice", createdAt: date, message: message)
        let frames: [ServerFrame] = [
            .event(event),
            .syncResult(SyncResponse(requestId: "r", channels: [ChannelSyncResult(cid: "messaging:general", epoch: "e1", lastSeq: 9, events: [], reset: .gapTooLarge)])),
            .error(ErrorFrame(error: WireError(code: .rateLimited, message: "Slow down", status: 429, retryAfterMilliseconds: 20))),
        ]
        for frame in frames {
            let data = try Wire.encoder().encode(frame)
            #expect(try Wire.decoder().decode(ServerFrame.self, from: data) == frame)
        }
        let json = String(decoding: try Wire.encoder().encode(ServerFrame.event(event)), as: UTF8.self)
        #expect(json.contains(#""type":"event""#))
        #expect(json.contains(#""createdAt":1700000000123"#))
        let client = ClientFrame.sync(SyncRequest(cursors: [ChannelCursor(cid: "messaging:a", epoch: nil, seq: 0)]))
        #expect(try Wire.decoder().decode(ClientFrame.self, from: Wire.encoder().encode(client)) == client)
    }

    @Test("A custom attachment carries its JSON text and no url; an attachment of before still decodes")
    func customAttachments() throws {
        let custom = WireAttachment(type: "location", url: nil, json: #"{"name":"Harbour"}"#)
        let data = try Wire.encoder().encode(custom)
        #expect(try Wire.decoder().decode(WireAttachment.self, from: data) == custom)
        #expect(!String(decoding: data, as: UTF8.self).contains("url"))
        let before = try Wire.decoder().decode(WireAttachment.self, from: Data(#"{"type":"link","url":"https://swift.org","title":"Swift"}"#.utf8))
        #expect(before == WireAttachment(type: "link", url: URL(string: "https://swift.org"), title: "Swift") && before.json == nil)
    }

    @Test("An unknown frame type fails to decode instead of turning into another frame")
    func unknownFrameType() {
        #expect(throws: DecodingError.self) {
            try Wire.decoder().decode(ClientFrame.self, from: Data(#"{"type":"shutdown","data":{}}"#.utf8))
        }
    }

    @Test("Paths percent-encode ids so a slash cannot reach another route")
    func pathsEncodeSegments() {
        #expect(WirePath.channel("messaging:general") == "/v1/channels/messaging:general")
        #expect(WirePath.message("a/b?c") == "/v1/messages/a%2Fb%3Fc")
        #expect(WirePath.reaction("m1", type: "like") == "/v1/messages/m1/reactions/like")
    }
}
