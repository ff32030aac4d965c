import Foundation
import Parley

/// Messages with attachments (issue 22): galleries of 1, 2, 3 and 5 pictures, files and link
/// previews; and markdown text. Pictures are drawn here into a temporary folder (nothing comes
/// from the network) and decoded synchronously, so the render shows them.
enum AttachmentScenes {
    static let scenes: [RenderScene] = [
        RenderScene(name: "attachments", summary: "Messages with pictures (1, 2, 3, 5), files and link previews",
                    defaultSize: CGSize(width: 390, height: 1320)) { size in
            AttachmentColumnView(frame: CGRect(origin: .zero, size: size), messages: attachmentMessages)
        },
        RenderScene(name: "attachments-transfers", summary: "An outgoing message's picture and file uploading; a remote file downloading, one failed",
                    defaultSize: CGSize(width: 390, height: 560)) { size in
            AttachmentColumnView(frame: CGRect(origin: .zero, size: size), messages: transferMessages)
        },
        RenderScene(name: "markdown", summary: "Markdown messages: bold, italic, strike, code, code blocks, links, lists, quotes, headings",
                    defaultSize: CGSize(width: 390, height: 560)) { size in
            AttachmentColumnView(frame: CGRect(origin: .zero, size: size), messages: markdownMessages)
        },
        LocationScene.scene,
        ChannelListAttachmentsScene.scene,
    ]

    static let cid = ChannelId(type: .messaging, id: "attachments")
    static let epoch = Date(timeIntervalSince1970: 1_700_000_000)
    static let me = ChatUser(id: "alice", name: "Alice Liddell", avatarColor: ChatAvatarColor(rgb: 0x3F8FD9))
    static let bob = ChatUser(id: "bob", name: "Bob Builder", avatarColor: ChatAvatarColor(rgb: 0xE55B5B))
    static let channel = ChatChannel(cid: cid, name: "Attachments", memberCount: 3)

    /// The folder the scene's pictures and files are written to.
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-scenes-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A landscape drawn in colour `index`, written as a PNG.
    @MainActor
    static func picture(_ index: Int, width: Int = 320, height: Int = 240) -> ChatMessageAttachment.Payload {
        let url = directory.appendingPathComponent("picture-\(index)-\(width)x\(height).png")
        if !FileManager.default.fileExists(atPath: url.path) {
            try? DemoPictures.png(index: index, width: width, height: height)?.write(to: url)
        }
        return .image(ImageAttachmentPayload(localURL: url, title: url.lastPathComponent, width: width, height: height))
    }

    static func file(_ name: String, size: Int64, mime: String?) -> ChatMessageAttachment.Payload {
        let url = directory.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: url.path) { try? Data(repeating: 0x20, count: 16).write(to: url) }
        return .file(FileAttachmentPayload(localURL: url, title: name, fileSize: size, mimeType: mime))
    }

    static func message(_ id: String, _ text: String, by author: ChatUser, at seconds: TimeInterval,
                        _ payloads: [ChatMessageAttachment.Payload] = []) -> ChatMessage {
        ChatMessage(id: id, cid: cid, text: text, author: author, createdAt: epoch.addingTimeInterval(seconds),
                    attachments: payloads.enumerated().map { ChatMessageAttachment(id: $0.offset, payload: $0.element) },
                    isSentByCurrentUser: author.id == me.id)
    }

    @MainActor
    static var attachmentMessages: [ChatMessage] {
        [
            message("a1", "Sunset from the ridge", by: bob, at: 0, [picture(0, width: 240, height: 320)]),
            message("a2", "", by: bob, at: 100, [picture(1), picture(2)]),
            message("a3", "Three of the lake", by: me, at: 200, [picture(3), picture(4), picture(0)]),
            message("a4", "All five", by: bob, at: 300, (0..<5).map { picture($0) }),
            message("a5", "Minutes and the budget", by: me, at: 400, [
                file("Minutes 2025-03-12.pdf", size: 182_400, mime: "application/pdf"),
                file("budget.xlsx", size: 2_300_000, mime: nil),
            ]),
            message("a6", "Have you seen https://parley.chat/blog/attachments", by: bob, at: 500, [
                .link(LinkAttachmentPayload(url: URL(string: "https://parley.chat/blog/attachments")!, title: "Attachments arrive in Parley",
                                            text: "Pictures, files and link previews, drawn by injectors you can replace.",
                                            siteName: "Parley Blog")),
            ]),
        ]
    }

    /// Messages whose attachments are on their way, with their states recorded in
    /// ``ChatAttachmentTransfers/shared`` (as a remote backend records them).
    @MainActor
    static var transferMessages: [ChatMessage] {
        let transfers = ChatAttachmentTransfers.shared
        let uploading = message("t1", "Photos from the offsite", by: me, at: 0, [
            picture(1), file("Offsite agenda.pdf", size: 3_400_000, mime: "application/pdf"),
        ])
        for (index, progress) in [0.7, 0.15].enumerated() {
            transfers.setUploadingState(
                AttachmentUploadingState(localFileURL: directory, state: .uploading(progress: progress)), messageId: uploading.id,
                attachmentId: index)
        }
        let slides = URL(string: "http://127.0.0.1:8080/v1/uploads/scene-slides")!
        let sheet = URL(string: "http://127.0.0.1:8080/v1/uploads/scene-sheet")!
        transfers.setDownloadingState(AttachmentDownloadingState(localFileURL: nil, state: .downloading(progress: 0.45)), for: slides)
        transfers.setDownloadingState(AttachmentDownloadingState(localFileURL: nil, state: .downloadingFailed), for: sheet)
        let downloading = message("t2", "The slides and the numbers", by: bob, at: 100, [
            .file(FileAttachmentPayload(localURL: slides, title: "Kickoff slides.pdf", fileSize: 8_400_000, mimeType: "application/pdf",
                                        remoteURL: slides)),
            .file(FileAttachmentPayload(localURL: sheet, title: "numbers.csv", fileSize: 12_000, mimeType: "text/csv", remoteURL: sheet)),
        ])
        return [uploading, downloading]
    }

    static var markdownMessages: [ChatMessage] {
        [
            message("m1", "# Release 2.0\nNow with **bold**, *italic*, ~~strike~~ and `code`.", by: bob, at: 0),
            message("m2", "> Quoted text stays as typed: <b> &amp;\n- first\n- second\n  - nested\n1. one\n2. two", by: me, at: 100),
            message("m3", "```\nfunc greet() {\n    print(\"hi\")\n}\n```\nSee [the docs](https://parley.chat/docs).", by: bob, at: 200),
        ]
    }
}

/// Message rows stacked as the list stacks them, with their attachment injectors.
@MainActor
final class AttachmentColumnView: UIView {
    /// The rows of `messages`; `catalog` replaces `Components.default.attachmentViewCatalog`.
    init(frame: CGRect, messages: [ChatMessage], catalog: AttachmentViewCatalog.Type? = nil) {
        super.init(frame: frame)
        backgroundColor = Appearance.default.colorPalette.background
        var components = Components.default
        components.imageLoader = ChatImageLoader(decodesSynchronously: true)
        if let catalog { components.attachmentViewCatalog = catalog }
        let resolver = ChatMessageLayoutOptionsResolver()
        let newestFirst = AnyRandomAccessCollection(Array(messages.reversed()))
        var y: CGFloat = 16
        for (index, message) in messages.enumerated() {
            let options = resolver.optionsForMessage(at: IndexPath(item: messages.count - 1 - index, section: 0), in: AttachmentScenes.channel,
                                                     with: newestFirst, appearance: .default)
            let row = components.messageContentView.init(frame: .zero)
            row.components = components
            let injector = components.attachmentViewCatalog.attachmentViewInjectorClassFor(message: message, components: components)
            row.setUpLayoutIfNeeded(options: options, attachmentViewInjectorType: injector)
            row.channel = AttachmentScenes.channel
            row.content = message
            let height = row.systemLayoutSizeFitting(CGSize(width: frame.width, height: 0), withHorizontalFittingPriority: .required,
                                                     verticalFittingPriority: .fittingSizeLevel).height
            row.frame = CGRect(x: 0, y: y, width: frame.width, height: height)
            addSubview(row)
            y += height + resolver.spacing(below: options)
        }
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }
}
