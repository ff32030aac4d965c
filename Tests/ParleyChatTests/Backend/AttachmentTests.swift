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

    @MainActor @Test func aFileOverTheLimitIsRefusedBeforeAnythingIsKeptByTheClientAndTheBackend() async throws {
        let directory = try TemporaryDirectory()
        let small = directory.file("small.txt")
        let big = directory.file("big.bin")
        try Data(repeating: 1, count: 1_000).write(to: small)
        try Data(repeating: 2, count: 1_001).write(to: big)
        var config = ChatClientConfig(currentUserId: "alice")
        config.maxAttachmentSize = 1_000
        let client = ChatClient(config: config)
        try await addCast(client)
        let cid = try await makeChannel(client)
        #expect(client.maxAttachmentSize == 1_000 && client.embeddedBackend?.maxAttachmentSize == 1_000)
        func file(_ url: URL) -> ChatMessageAttachment {
            ChatMessageAttachment(payload: .file(FileAttachmentPayload(localURL: url, title: url.lastPathComponent, fileSize: 1)))
        }
        // The size is read from the file, not from what the payload claims.
        await #expect(throws: ChatError.attachmentTooLarge(fileName: "big.bin", size: 1_001, limit: 1_000)) {
            try await client.sendMessage("two", in: cid, attachments: [file(small), file(big)])
        }
        let channel = ChatChannelController(cid: cid, client: client)
        try channel.synchronize()
        #expect(channel.messages.isEmpty, "nothing kept")
        let storage = try #require(client.embeddedBackend?.attachmentsDirectory)
        let copied = FileManager.default.fileExists(atPath: storage.path) ? try FileManager.default.contentsOfDirectory(atPath: storage.path) : []
        #expect(copied.isEmpty, "no file was copied")
        // The backend refuses it too when called directly (the simulated peers and the server's rules share it).
        let backend = try #require(client.embeddedBackend)
        await #expect(throws: ChatError.attachmentTooLarge(fileName: "big.bin", size: 1_001, limit: 1_000)) {
            try await backend.sendMessage(OutgoingMessage(id: "direct", cid: cid, text: "x", attachments: [file(big)], createdAt: Date()), by: "alice")
        }
        // At the limit is fine; links and files already uploaded are not local files to measure.
        let id = try await client.sendMessage("one", in: cid, attachments: [file(small)])
        #expect(try client.message(id: id)?.attachments.count == 1)
        try ChatRules.checkAttachmentSizes([file(big)], limit: nil)
        var uploaded = FileAttachmentPayload(localURL: big, title: "big.bin", fileSize: 1_001)
        uploaded.remoteURL = URL(string: "https://files.example/big.bin")
        try ChatRules.checkAttachmentSizes([ChatMessageAttachment(payload: .file(uploaded))], limit: 1_000)
        #expect(ChatClientConfig(currentUserId: "x").maxAttachmentSize == 20_000_000)
    }
}
