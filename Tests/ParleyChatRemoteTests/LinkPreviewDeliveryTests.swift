import Foundation
import ParleyChat
import ParleyChatUI
import ParleyLinkPreview
import ParleyProtocol
import Testing

/// Link previews delivered: the embedded backend and the server fetch the page of a sent
/// message's link after the send and add a `.link` attachment, which the message list draws.
@MainActor
@Suite(.serialized) struct LinkPreviewDeliveryTests {
    let cid = ChannelId(type: .messaging, id: "links")

    static func link(of message: ChatMessage?) -> LinkAttachmentPayload? {
        message?.attachments.lazy.compactMap { if case .link(let link) = $0.payload { link } else { nil } }.first
    }

    /// An embedded client of alice's that fetches previews with `fetcher`, with the channel.
    func embeddedClient(fetching fetcher: any LinkPreviewFetching) async throws -> (ChatClient, EmbeddedChatBackend) {
        var config = ChatClientConfig(currentUserId: "alice")
        config.linkPreviewFetcher = fetcher
        let client = try ChatClient(opening: config)
        try await client.upsertUsers([ChatUser(id: "alice", name: "Alice")])
        _ = try await client.createChannel(ChannelCreationRequest(cid: cid, name: "Links"))
        return (client, try #require(client.embeddedBackend))
    }

    @Test(.timeLimit(.minutes(1)))
    func theEmbeddedBackendAddsThePreviewAfterTheSendAndTheListDrawsIt() async throws {
        try await LinkPreviewPageServer.run { pages in
            let fetcher = RecordingLinkPreviewFetcher(HTTPLinkPreviewFetcher())
            let (client, backend) = try await embeddedClient(fetching: fetcher)
            let screen = ChannelScreen(client: client, cid: cid)

            let good = try await client.sendMessage("Read \(pages.url("/good")), it is short", in: cid)
            await backend.waitForLinkPreviews()
            let link = try #require(Self.link(of: try client.message(id: good)))
            #expect(link.url == pages.url("/good"))
            #expect(link.title == "Parley 1.0 is out" && link.text == "Chat on Linux, drawn with Cairo." && link.siteName == "Parley Blog")
            // The page's og:image is downloaded into the attachments folder, and the row draws it.
            let picture = try #require(link.imageURL)
            let folder = backend.attachmentsDirectory.standardizedFileURL.path + "/"
            #expect(picture.isFileURL && picture.standardizedFileURL.path.hasPrefix(folder), "\(picture)")
            #expect(try Data(contentsOf: picture) == pages.picture)
            #expect(fetcher.imageURLs == [pages.url("/card.png")])
            await screen.eventually("the row draws the preview and its picture") {
                let preview = (screen.row(good)?.attachmentViewInjector as? LinkAttachmentViewInjector)?.linkPreviewView
                return preview?.titleLabel.text == "Parley 1.0 is out" && preview?.authorLabel.text == "Parley Blog"
                    && preview?.imagePreview.isHidden == false && preview?.imagePreview.image != nil
            }

            // A page that answers after five seconds: the send does not wait, the fetch gives up.
            let start = ContinuousClock.now
            let slow = try await client.sendMessage("Slow: \(pages.url("/slow"))", in: cid)
            #expect(ContinuousClock.now - start < .seconds(1), "the send waited for the page")
            #expect(try client.message(id: slow)?.localState == .synced)
            await backend.waitForLinkPreviews()
            #expect(ContinuousClock.now - start < .seconds(3))
            #expect(try client.message(id: slow)?.attachments.isEmpty == true)

            // Not a page, not http: no preview, and a local file is never asked for.
            let png = try await client.sendMessage("\(pages.url("/png"))", in: cid)
            let file = try await client.sendMessage("Local: file:///etc/passwd", in: cid)
            await backend.waitForLinkPreviews()
            #expect(try client.message(id: png)?.attachments.isEmpty == true)
            #expect(try client.message(id: file)?.attachments.isEmpty == true)
            #expect(fetcher.urls == [pages.url("/good"), pages.url("/slow"), pages.url("/png")])

            // A message that has its link attachment already is not fetched again; an edit is not fetched.
            let own = LinkAttachmentPayload(url: pages.url("/plain"), title: "Mine")
            let attached = try await client.sendMessage(
                "\(pages.url("/plain"))", in: cid, attachments: [ChatMessageAttachment(payload: .link(own))])
            try await client.editMessage(id: png, text: "now \(pages.url("/good"))")
            await backend.waitForLinkPreviews()
            #expect(Self.link(of: try client.message(id: attached)) == own)
            #expect(try client.message(id: png)?.attachments.isEmpty == true)
            #expect(fetcher.urls.count == 3)
        }
    }

    /// Pictures that are not to keep (HTML, a 404, 20 MB, a decompression bomb's header) leave
    /// the preview without one; an og:image on a file address is never asked for.
    @Test(.timeLimit(.minutes(1)))
    func aPreviewKeepsNoPictureThatIsNotOne() async throws {
        try await LinkPreviewPageServer.run { pages in
            let fetcher = RecordingLinkPreviewFetcher(HTTPLinkPreviewFetcher())
            let (client, backend) = try await embeddedClient(fetching: fetcher)
            let names = ["not-a-picture", "missing.png", "huge.png", "bomb.png", "file%3A%2F%2F%2Fetc%2Fhostname"]
            var ids: [MessageId] = []
            for name in names {
                ids.append(try await client.sendMessage("See \(pages.url("/picture?image=\(name)"))", in: cid))
            }
            await backend.waitForLinkPreviews()
            for (name, id) in zip(names, ids) {
                let link = try #require(Self.link(of: try client.message(id: id)), "\(name)")
                #expect(link.title == "With a picture", "\(name)")
                #expect(link.imageURL == nil, "\(name)")
            }
            #expect(Set(fetcher.imageURLs) == Set(names.prefix(4).map { pages.url("/" + $0) }))
            #expect(!fetcher.imageURLs.contains { $0.isFileURL })
            let folder = backend.attachmentsDirectory.path
            let kept = FileManager.default.fileExists(atPath: folder) ? try FileManager.default.subpathsOfDirectory(atPath: folder) : []
            #expect(!kept.contains { $0.hasSuffix(".png") || $0.contains("link-preview") }, "\(kept)")
        }
    }

    @Test func withoutAFetcherNothingIsFetched() async throws {
        let client = try ChatClient(opening: ChatClientConfig(currentUserId: "alice"))
        try await client.upsertUsers([ChatUser(id: "alice", name: "Alice")])
        _ = try await client.createChannel(ChannelCreationRequest(cid: cid, name: "Links"))
        let id = try await client.sendMessage("http://127.0.0.1:9/never", in: cid)
        await client.embeddedBackend?.waitForLinkPreviews()
        #expect(try client.message(id: id)?.attachments.isEmpty == true)
    }

    /// The server fetches the page, adds the attachment and appends `message.updated`: another
    /// client of the server gets the preview.
    @Test(.timeLimit(.minutes(1)))
    func theServerAddsThePreviewAndAnotherClientSyncsIt() async throws {
        try await LinkPreviewPageServer.run { pages in
            try await LoopbackServer.run(linkPreviewFetcher: HTTPLinkPreviewFetcher()) { @MainActor server in
                let (alice, _) = try await server.client("alice")
                let (bob, bobBackend) = try await server.client("bob")
                _ = try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "Links", memberIds: ["bob"]))
                try await until("bob sees the channel") { try bob.channel(cid) != nil }
                let start = ContinuousClock.now
                let id = try await alice.sendMessage("Look: \(pages.url("/good"))", in: cid)
                let slow = try await alice.sendMessage("And \(pages.url("/slow"))", in: cid)
                let bomb = try await alice.sendMessage("Bomb \(pages.url("/picture?image=bomb.png"))", in: cid)
                #expect(ContinuousClock.now - start < .seconds(1.5), "the sends waited for the pages")
                try await until("bob has the preview") { Self.link(of: try bob.message(id: id)) != nil }
                let link = try #require(Self.link(of: try bob.message(id: id)))
                #expect(link.title == "Parley 1.0 is out" && link.siteName == "Parley Blog" && link.text == "Chat on Linux, drawn with Cairo.")
                try await until("alice has it too") { Self.link(of: try alice.message(id: id)) == link }
                // The picture is an upload on the server; bob's backend downloads it into its cache.
                let picture = try #require(link.imageURL)
                #expect(WirePath.uploadId(in: picture) != nil && link.remoteImageURL == picture, "\(picture)")
                #expect(bobBackend.canDownload(picture))
                let file = try await bobBackend.download(picture)
                #expect(try Data(contentsOf: file) == pages.picture)
                try await until("the bomb's preview arrives") { Self.link(of: try bob.message(id: bomb)) != nil }
                #expect(Self.link(of: try bob.message(id: bomb))?.imageURL == nil, "a bomb's header is refused")

                // A channel whose config has no uploads gets the preview without its picture.
                let gaming = ChannelId(type: .gaming, id: "match")
                _ = try await alice.createChannel(ChannelCreationRequest(cid: gaming, name: "Match", memberIds: ["bob"]))
                let noUploads = try await alice.sendMessage("GG \(pages.url("/good"))", in: gaming)
                try await until("the gaming preview arrives") { Self.link(of: try alice.message(id: noUploads)) != nil }
                #expect(Self.link(of: try alice.message(id: noUploads))?.title == "Parley 1.0 is out")
                #expect(Self.link(of: try alice.message(id: noUploads))?.imageURL == nil)
                try await Task.sleep(for: .seconds(2.5))
                #expect(try bob.message(id: slow)?.attachments.isEmpty == true, "the slow page gave no preview")
            }
        }
    }
}
