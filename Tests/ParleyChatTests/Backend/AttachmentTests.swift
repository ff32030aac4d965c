import Foundation
import Testing
@testable import ParleyChat

@Suite struct AttachmentTests {
    @Test func localFilesMustExistAndUploadsMustBeEnabled() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("photo.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: file)
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let image = ChatMessageAttachment(payload: .image(ImageAttachmentPayload(localURL: file, width: 640, height: 480)))
        let id = try await client.sendMessage("", in: cid, attachments: [image])  // attachments alone are enough
        let stored = try #require(try client.message(id: id))
        #expect(stored.attachments.map(\.type) == [.image])
        if case .image(let payload) = stored.attachments.first?.payload {
            // The embedded backend keeps its own copy of the file.
            let storage = try #require(client.embeddedBackend?.attachmentsDirectory)
            #expect(payload.localURL.path.hasPrefix(storage.path + "/") && payload.width == 640)
            #expect(FileManager.default.contents(atPath: payload.localURL.path) == Data([0x89, 0x50, 0x4E, 0x47]))
        } else {
            Issue.record("expected an image payload")
        }

        let missing = directory.file("missing.pdf")
        let document = ChatMessageAttachment(payload: .file(FileAttachmentPayload(localURL: missing, title: "missing.pdf", fileSize: 1)))
        await #expect(throws: ChatError.attachmentFileMissing(missing)) {
            try await client.sendMessage("see attached", in: cid, attachments: [document])
        }

        let noUploads = try await makeChannel(client, id: "no-uploads", config: ChannelConfig(uploadsEnabled: false))
        await #expect(throws: ChatError.featureDisabled(.uploads, cid: noUploads)) {
            try await client.sendMessage("pic", in: noUploads, attachments: [image])
        }
        let link = ChatMessageAttachment(payload: .link(LinkAttachmentPayload(
            url: try #require(URL(string: "https://swift.org")), title: "Swift", siteName: "Swift.org")))
        let linkId = try await client.sendMessage("https://swift.org", in: noUploads, attachments: [link])
        #expect(try client.message(id: linkId)?.attachments.first?.type == .link)
    }
}
