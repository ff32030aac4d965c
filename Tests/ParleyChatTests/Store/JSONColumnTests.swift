import Foundation
import Testing
@testable import ParleyChat

@Suite struct JSONColumnTests {
    @Test(arguments: [[], ["alice"], ["a\"b", "back\\slash", "new\nline", "tab\tx", "\u{01}", "émoji 🎉", ""]])
    func handWrittenStringArraysRoundTrip(_ strings: [String]) throws {
        let json = JSONColumn.encodeStrings(strings)
        #expect(try JSONDecoder().decode([String].self, from: Data(json.utf8)) == strings)
        #expect(JSONColumn.decodeStrings(json) == strings)
    }

    @Test func attachmentsRoundTrip() throws {
        let attachments = [
            ChatMessageAttachment(id: 0, payload: .image(ImageAttachmentPayload(
                localURL: URL(fileURLWithPath: "/tmp/a b.png"), title: "Photo \"1\"", width: 640, height: 480))),
            ChatMessageAttachment(id: 1, payload: .image(ImageAttachmentPayload(localURL: URL(fileURLWithPath: "/tmp/x.png")))),
            ChatMessageAttachment(id: 2, payload: .file(FileAttachmentPayload(
                localURL: URL(fileURLWithPath: "/tmp/r.pdf"), title: "Report.pdf", fileSize: 5_000_000_000, mimeType: "application/pdf"))),
            ChatMessageAttachment(id: 3, payload: .link(LinkAttachmentPayload(
                url: try #require(URL(string: "https://example.com/a?b=c")), title: "Ex", text: "Ünïcode ✨", siteName: "Example"))),
            ChatMessageAttachment(id: 4, payload: .link(LinkAttachmentPayload(url: try #require(URL(string: "https://swift.org"))))),
            // A link's picture: a file here, and the upload it came from on a server.
            ChatMessageAttachment(id: 5, payload: .link(LinkAttachmentPayload(
                url: try #require(URL(string: "https://swift.org/blog")), imageURL: URL(fileURLWithPath: "/tmp/m1/link-preview.png"),
                remoteImageURL: URL(string: "/v1/uploads/ab-12")))),
            // Uploaded attachments keep their server URL.
            ChatMessageAttachment(id: 6, payload: .image(ImageAttachmentPayload(
                localURL: URL(fileURLWithPath: "/tmp/up.png"), remoteURL: URL(string: "http://127.0.0.1:8080/v1/uploads/ab-12")))),
            ChatMessageAttachment(id: 7, payload: .file(FileAttachmentPayload(
                localURL: try #require(URL(string: "http://h/v1/uploads/cd-34")), title: "r.pdf", fileSize: 3,
                remoteURL: URL(string: "http://h/v1/uploads/cd-34")))),
        ]
        #expect(JSONColumn.decodeAttachments(JSONColumn.encodeAttachments(attachments)) == attachments)
        #expect(JSONColumn.decodeAttachments("not json").isEmpty)
        #expect(JSONColumn.decodeAttachments("[{\"type\":\"hologram\",\"url\":\"x:y\"}]").isEmpty)
    }
}
