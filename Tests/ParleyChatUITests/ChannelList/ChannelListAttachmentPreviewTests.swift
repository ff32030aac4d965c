import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// The channel list's previews of messages with attachments, as Stream words them (issue 22):
/// pictures, files, links, and an app's own kind through the row's hook; golden images light and
/// dark of the `channel-list-attachments` scene.
@MainActor
@Suite struct ChannelListAttachmentPreviewTests {
    let me = ChatUser(id: "me", name: "Me Myself")
    let ana = ChatUser(id: "ana", name: "Ana Lopez")
    let date = Date(timeIntervalSince1970: 1_741_788_000)

    func image(_ id: Int) -> ChatMessageAttachment {
        ChatMessageAttachment(id: id, payload: .image(ImageAttachmentPayload(localURL: URL(fileURLWithPath: "/tmp/\(id).png"))))
    }

    func file(_ title: String) -> ChatMessageAttachment {
        ChatMessageAttachment(payload: .file(FileAttachmentPayload(localURL: URL(fileURLWithPath: "/tmp/x.pdf"), title: title, fileSize: 10)))
    }

    func link(_ title: String?) -> ChatMessageAttachment {
        ChatMessageAttachment(payload: .link(LinkAttachmentPayload(url: URL(fileURLWithPath: "/pasteis"), title: title)))
    }

    func location(_ json: String = #"{"latitude":38.7112,"longitude":-9.1296,"name":"Alfama flat"}"#) throws -> ChatMessageAttachment {
        ChatMessageAttachment(payload: .custom(try CustomAttachmentPayload(type: .location, data: Data(json.utf8))))
    }

    /// The preview line of a direct message from Ana (no author prefix) in a row of `type`.
    func preview(_ text: String, _ attachments: [ChatMessageAttachment], row type: ChatChannelListItemView.Type = ChatChannelListItemView.self) -> String? {
        let message = ChatMessage(id: "m", cid: ChannelId(type: .messaging, id: "dm"), text: text, author: ana, createdAt: date,
                                  attachments: attachments)
        let members = [me, ana].map { ChatChannelMember(user: $0, role: .member, memberCreatedAt: date) }
        let channel = ChatChannel(cid: message.cid, members: members, memberCount: 2, lastMessageAt: date, previewMessage: message)
        let view = type.init(frame: CGRect(x: 0, y: 0, width: 390, height: 72))
        view.content = ChatChannelListItemView.Content(channel: channel, currentUserId: me.id)
        view.layoutIfNeeded()
        return view.subtitleText
    }

    @Test func picturesFilesAndLinksPreviewAsStreamWordsThem() throws {
        #expect(preview("", [image(0)]) == "📷 Photo")
        #expect(preview("", [image(0), image(1), image(2)]) == "📷 3 photos")
        #expect(preview("Beach day", [image(0), image(1)]) == "📷 Beach day")
        #expect(preview("", [file("report.pdf")]) == "📄 report.pdf")
        #expect(preview("the numbers", [file("report.pdf")]) == "📄 report.pdf")
        #expect(preview("the numbers", [file("")]) == "📄 the numbers")
        #expect(preview("", [file("")]) == "📄 File")
        #expect(preview("Recipe https://example.com", [link("Pastéis")]) == "Recipe https://example.com")
        #expect(preview("", [link("Pastéis")]) == "🔗 Pastéis")
        #expect(preview("Plain", []) == "Plain")
        // A picture's file name never reaches the preview unsanitized; a hostile title stays on one line.
        #expect(preview("", [file("a\nb\u{0}.pdf")]) == "📄 a b.pdf")
    }

    @Test func anAppsOwnKindGoesThroughTheOverridableHook() throws {
        // The SDK knows nothing of locations.
        #expect(preview("", [try location()]) == "📎 Attachment")
        #expect(preview("Here's where it is", [try location()]) == "📎 Here's where it is")
        // The demo app's row names the place; JSON it cannot decode falls back to the text.
        #expect(preview("Here's where it is", [try location()], row: DemoChannelListItemView.self) == "📍 Alfama flat")
        #expect(preview("Here", [try location(#"{"name":3}"#)], row: DemoChannelListItemView.self) == "📍 Here")
        // Other kinds in the demo's row keep the SDK's wording.
        let poll = ChatMessageAttachment(payload: .custom(try CustomAttachmentPayload(type: "poll", data: Data("{}".utf8))))
        #expect(preview("", [poll], row: DemoChannelListItemView.self) == "📎 Attachment")
        // A row overriding attachmentPreviewText decides for every kind.
        #expect(preview("Look", [image(0)], row: PlainPreviewRow.self) == "[1 attachment] Look")
        #expect(preview("Look", [], row: PlainPreviewRow.self) == "Look")
    }

    @Test func theDemoInstallsItsRow() {
        let saved = Components.default
        let registry = MixedAttachmentViewInjector.injectorsRegistry
        defer {
            Components.default = saved
            MixedAttachmentViewInjector.injectorsRegistry = registry
        }
        DemoAttachmentViewCatalog.install()
        #expect(Components.default.channelContentView == DemoChannelListItemView.self)
        #expect(Components.default.attachmentViewCatalog == DemoAttachmentViewCatalog.self)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func previewsGolden(style: UIUserInterfaceStyle) throws {
        let scene = try #require(SceneCatalog.scene(named: "channel-list-attachments"))
        let view = scene.make(scene.defaultSize)
        let rows = view.subviews.compactMap { $0 as? ChatChannelListItemView }
        #expect(rows.map { $0.subtitleLabel.text ?? "" } == [
            "📷 Photo", "Chloé Martin: 📷 New mockups for the onboarding", "Ben Carter: 📷 3 photos",
            "You: 📄 reading-list-2025.pdf", "Maya Patel: 📍 Alfama flat, Rua de São Miguel",
            "Ana Lopez: Recipe for tonight https://example.com/pasteis",
        ])
        Snapshot.assert(view, named: "channel-list-attachments-\(style == .dark ? "dark" : "light")", size: scene.defaultSize, scale: 2, style: style)
    }
}

/// A row that words every attachment message its own way.
final class PlainPreviewRow: ChatChannelListItemView {
    override func attachmentPreviewText(for previewMessage: ChatMessage, messageText: String) -> String? {
        previewMessage.attachments.isEmpty ? nil : "[\(previewMessage.attachments.count) attachment] \(messageText)"
    }
}
