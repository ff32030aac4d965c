import Foundation
import Logging
import ParleyChat
import ParleyChatRemote
import ParleyChatUI
import ParleyProtocol
@testable import ParleyServer
import ParleyUIKit
import Testing

/// Attachments between machines: two clients of one in-process server, each with its own cache.
@Suite(.serialized, .timeLimit(.minutes(1))) struct RemoteAttachmentTests {
    let cid = ChannelId(type: .messaging, id: "files")

    /// A client of `server` acting as `user`, its attachment cache in `cache`.
    static func client(_ user: UserId, of server: LoopbackServer, cache: URL, cacheLimit: Int = 512 << 20) async throws -> (ChatClient, RemoteChatBackend) {
        var configuration = RemoteChatConfiguration(
            serverURL: server.url, token: try await server.tokens.sign(userId: user), initialReconnectDelay: .milliseconds(50),
            maximumReconnectDelay: .milliseconds(500))
        configuration.attachmentCacheDirectory = cache
        configuration.attachmentCacheByteLimit = cacheLimit
        let backend = RemoteChatBackend(configuration: configuration)
        let client = try ChatClient(config: ChatClientConfig(currentUserId: user), backend: backend)
        try await client.upsertUsers([ChatUser(id: user, name: user.capitalized)])
        try await until("\(user) connects") { client.connectionStatus == .connected }
        return (client, backend)
    }

    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-remote-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A PNG picture of `width × height` written to `url`.
    @MainActor static func writePicture(to url: URL, width: Int, height: Int) throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: width, height: height), scale: 1).image { context in
            UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1).setFill()
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
        try #require(image.pngData()).write(to: url)
    }

    @Test func anImageAndAFileSentByOneClientAreUploadedAndTheOtherClientLoadsTheirBytesFromTheServer() async throws {
        let files = try Self.temporaryDirectory("files")
        let aliceCache = try Self.temporaryDirectory("alice-cache")
        let bobCache = try Self.temporaryDirectory("bob-cache")
        defer { for url in [files, aliceCache, bobCache] { try? FileManager.default.removeItem(at: url) } }
        let picture = files.appendingPathComponent("sunset.png")
        try await Self.writePicture(to: picture, width: 64, height: 48)
        let document = files.appendingPathComponent("..notes \u{202E}fdp.txt")
        let documentBytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try documentBytes.write(to: document)

        try await LoopbackServer.run { server in
            let (alice, _) = try await Self.client("alice", of: server, cache: aliceCache)
            let (bob, bobBackend) = try await Self.client("bob", of: server, cache: bobCache)
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "Files", memberIds: ["bob"]))
            try await until("bob sees the channel") { try bob.channel(cid) != nil }

            let attachments = [
                ChatMessageAttachment(id: 0, payload: .image(ImageAttachmentPayload(localURL: picture, title: "sunset.png", width: 64, height: 48))),
                ChatMessageAttachment(id: 1, payload: .file(FileAttachmentPayload(
                    localURL: document, title: "notes.pdf", fileSize: Int64(documentBytes.count), mimeType: "application/pdf"))),
            ]
            let id = try await alice.sendMessage("Two things", in: cid, attachments: attachments)
            try await until("bob gets the message with both attachments") { try bob.message(id: id)?.attachments.count == 2 }

            // The sender's uploads went through the states Stream names, ending uploaded.
            for index in 0..<2 {
                #expect(ChatAttachmentTransfers.shared.uploadingState(messageId: id, attachmentId: index)?.state == .uploaded)
            }

            let received = try #require(try bob.message(id: id))
            let image = try #require(received.attachments[0].imagePayload)
            let file = try #require(received.attachments[1].filePayload)
            let imageURL = try #require(image.remoteURL)
            let fileURL = try #require(file.remoteURL)
            // What travels is the server's upload URL, never the sender's path.
            #expect(WirePath.uploadId(in: imageURL) != nil && WirePath.uploadId(in: fileURL) != nil)
            #expect(!imageURL.isFileURL && imageURL.host == "127.0.0.1")
            #expect(!received.attachments.contains { ($0.imagePayload?.localURL ?? $0.filePayload?.localURL)?.path == picture.path })
            #expect(image.title == "sunset.png" && image.width == 64 && file.title == "notes.pdf" && file.mimeType == "application/pdf")

            // Bob's backend downloads both into his cache, inside it, with the server's sanitized name.
            #expect(bobBackend.cachedFile(for: fileURL) == nil)
            let fileCopy = try await bobBackend.download(fileURL)
            #expect(try Data(contentsOf: fileCopy) == documentBytes)
            #expect(fileCopy.standardizedFileURL.path.hasPrefix(bobCache.standardizedFileURL.path + "/"))
            #expect(!fileCopy.lastPathComponent.contains("\u{202E}") && !fileCopy.lastPathComponent.hasPrefix("."))
            #expect(ChatAttachmentTransfers.shared.downloadingState(for: fileURL)?.state == .downloaded)
            #expect(bobBackend.cachedFile(for: fileURL) == fileCopy)
            let imageCopy = try await bobBackend.download(imageURL)
            #expect(try Data(contentsOf: imageCopy) == Data(contentsOf: picture))

            // The image loader fetches a remote picture through the registered downloader and decodes it.
            let decoded = try await Self.load(imageURL)
            #expect(decoded?.size == CGSize(width: 32, height: 24))

            // The sender's own copy is seeded into its cache at upload: nothing to download.
            let aliceImage = try #require(try alice.message(id: id)?.attachments[0].imagePayload?.remoteURL)
            #expect(aliceImage == imageURL)
            #expect(try FileManager.default.contentsOfDirectory(atPath: aliceCache.path).count == 2)
            let seeded = try #require(try alice.message(id: id)?.attachments[1].filePayload?.remoteURL)
            let aliceFiles = try FileManager.default.subpathsOfDirectory(atPath: aliceCache.path).filter { !$0.hasSuffix("/") && $0.contains("/") }
            #expect(aliceFiles.count == 2)
            #expect(seeded == fileURL)
        }
    }

    @MainActor static func load(_ url: URL) async throws -> UIImage? {
        let loader = ChatImageLoader()
        return await withCheckedContinuation { continuation in
            loader.loadImage(at: url, pointSize: CGSize(width: 32, height: 24), scale: 1) { continuation.resume(returning: $0) }
        }
    }

    @Test func aFileTheServerRefusesMarksTheMessageFailedWithTheServersReason() async throws {
        let files = try Self.temporaryDirectory("refused")
        defer { try? FileManager.default.removeItem(at: files) }
        let script = files.appendingPathComponent("run.sh")
        try Data("#!/bin/sh\n".utf8).write(to: script)
        try await LoopbackServer.run { server in
            let (alice, _) = try await Self.client("alice", of: server, cache: files.appendingPathComponent("cache"))
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "Files"))
            let attachment = ChatMessageAttachment(payload: .file(FileAttachmentPayload(
                localURL: script, title: "run.sh", fileSize: 10, mimeType: "application/x-sh")))
            await #expect(throws: ChatError.serverError(code: "unsupported_media_type", message: "Uploads of type application/x-sh are not accepted.")) {
                try await alice.sendMessage("a script", in: cid, attachments: [attachment])
            }
        }
    }

    @Test func aFileOverTheServersUploadLimitIsRefusedWithThatLimitAndNothingIsKept() async throws {
        let files = try Self.temporaryDirectory("too-large")
        defer { try? FileManager.default.removeItem(at: files) }
        let big = files.appendingPathComponent("site-plan.pdf")
        try Data(repeating: 0x25, count: 50_000).write(to: big)
        let small = files.appendingPathComponent("notes.txt")
        try Data(repeating: 0x41, count: 500).write(to: small)
        @Sendable func attachment(_ url: URL) -> ChatMessageAttachment {
            ChatMessageAttachment(payload: .file(FileAttachmentPayload(
                localURL: url, title: url.lastPathComponent, fileSize: 1, mimeType: "application/pdf")))
        }
        let tooLarge = ChatError.attachmentTooLarge(fileName: "site-plan.pdf", size: 50_000, limit: 10_000)
        // A server that does not name its limit when a client connects (an older one).
        try await LoopbackServer.run(uploads: UploadPolicy(maxBytes: 10_000), advertisesUploadLimit: false) { server in
            let (alice, backend) = try await Self.client("alice", of: server, cache: files.appendingPathComponent("cache"))
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "Files"))
            #expect(backend.maxAttachmentSize == nil, "unknown until the server says")

            // The server's 413 is the specific error, carrying its limit; the message is not kept.
            await #expect(throws: tooLarge) {
                try await alice.sendMessage("plans", in: cid, attachments: [attachment(small), attachment(big)])
            }
            #expect(backend.maxAttachmentSize == 10_000 && alice.maxAttachmentSize == 10_000, "the limit is learned")
            let kept = try await MainActor.run { () throws -> [ChatMessage] in
                let channel = ChatChannelController(cid: cid, client: alice)
                try channel.synchronize()
                return channel.messages
            }
            #expect(kept.isEmpty, "nothing kept: \(kept.map(\.text))")

            // Known now, the limit refuses the file before the message is stored or anything uploaded.
            await #expect(throws: tooLarge) {
                try await alice.sendMessage("plans again", in: cid, attachments: [attachment(big)])
            }
            // Files within it still go through.
            let id = try await alice.sendMessage("notes", in: cid, attachments: [attachment(small)])
            #expect(try alice.message(id: id)?.attachments.first?.filePayload?.remoteURL != nil)
        }

        // A limit the app configures applies from the start (before the server says its own).
        try await LoopbackServer.run(uploads: UploadPolicy(maxBytes: 10_000), advertisesUploadLimit: false) { server in
            var configuration = RemoteChatConfiguration(serverURL: server.url, token: try await server.tokens.sign(userId: "bob"))
            configuration.maxAttachmentSize = 20_000
            configuration.attachmentCacheDirectory = files.appendingPathComponent("bob-cache")
            let bob = try ChatClient(config: ChatClientConfig(currentUserId: "bob"), backend: RemoteChatBackend(configuration: configuration))
            try await bob.upsertUsers([ChatUser(id: "bob", name: "Bob")])
            try await until("bob connects") { bob.connectionStatus == .connected }
            try await bob.createChannel(ChannelCreationRequest(cid: cid, name: "Files"))
            await #expect(throws: ChatError.attachmentTooLarge(fileName: "site-plan.pdf", size: 50_000, limit: 20_000)) {
                try await bob.sendMessage("plans", in: cid, attachments: [attachment(big)])
            }
        }
    }

    @Test func theServersWelcomeNamesItsUploadLimitSoALargerFileIsRefusedBeforeAnyUpload() async throws {
        let files = try Self.temporaryDirectory("welcome-limit")
        defer { try? FileManager.default.removeItem(at: files) }
        let big = files.appendingPathComponent("site-plan.pdf")
        try Data(repeating: 0x25, count: 50_000).write(to: big)
        try await LoopbackServer.run(uploads: UploadPolicy(maxBytes: 10_000)) { server in
            let (alice, backend) = try await Self.client("alice", of: server, cache: files.appendingPathComponent("cache"))
            #expect(backend.maxAttachmentSize == 10_000 && alice.maxAttachmentSize == 10_000, "known once connected")
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "Files"))
            let attachment = ChatMessageAttachment(payload: .file(FileAttachmentPayload(
                localURL: big, title: "site-plan.pdf", fileSize: 1, mimeType: "application/pdf")))
            await #expect(throws: ChatError.attachmentTooLarge(fileName: "site-plan.pdf", size: 50_000, limit: 10_000)) {
                try await alice.sendMessage("plans", in: cid, attachments: [attachment])
            }
        }
    }

    @Test func theDownloadCacheStaysWithinItsByteLimit() async throws {
        let files = try Self.temporaryDirectory("bounded")
        defer { try? FileManager.default.removeItem(at: files) }
        let cache = files.appendingPathComponent("cache")
        try await LoopbackServer.run { server in
            let (alice, _) = try await Self.client("alice", of: server, cache: files.appendingPathComponent("alice"))
            let (bob, bobBackend) = try await Self.client("bob", of: server, cache: cache, cacheLimit: 250_000)
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "Files", memberIds: ["bob"]))
            var urls: [URL] = []
            for index in 0..<4 {
                let file = files.appendingPathComponent("part\(index).bin")
                try Data(repeating: UInt8(index), count: 100_000).write(to: file)
                let id = try await alice.sendMessage("part \(index)", in: cid, attachments: [ChatMessageAttachment(payload: .file(
                    FileAttachmentPayload(localURL: file, title: "part\(index).bin", fileSize: 100_000)))])
                try await until("bob gets part \(index)") { try bob.message(id: id)?.attachments.first?.filePayload?.remoteURL != nil }
                urls.append(try #require(try bob.message(id: id)?.attachments.first?.filePayload?.remoteURL))
            }
            for url in urls {
                _ = try await bobBackend.download(url)
                try await Task.sleep(for: .milliseconds(20))
            }
            let sizes = try FileManager.default.subpathsOfDirectory(atPath: cache.path).compactMap { path in
                (try? FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(path).path))
                    .flatMap { $0[.type] as? FileAttributeType == .typeRegular ? ($0[.size] as? NSNumber)?.intValue : nil }
            }
            #expect(sizes.reduce(0, +) <= 250_000)
            #expect(sizes.count == 2)
            // The newest stayed; the oldest went.
            #expect(bobBackend.cachedFile(for: urls[3]) != nil)
            #expect(bobBackend.cachedFile(for: urls[0]) == nil)
        }
    }
}
