import Foundation
import Parley
import ParleyTesting
import Testing

/// Golden images (2×, light and dark) of messages with pictures, files and link previews, and of
/// markdown text.
@MainActor
@Suite struct AttachmentSnapshotTests {
    typealias A = AttachmentFixtures
    typealias F = MessageRowFixtures

    static func pictures(_ count: Int, from start: Int = 0) -> [ChatMessageAttachment.Payload] {
        (start..<(start + count)).map { A.image(A.picture("snap\($0).png", width: 320, height: 240, palette: $0), width: 320, height: 240) }
    }

    static var galleries: [ChatMessage] {
        [
            A.message("g1", "", by: F.ana, at: 0, [A.image(A.picture("tall.png", width: 240, height: 320, palette: 2), width: 240, height: 320)]),
            A.message("g2", "Two from the hike", by: F.ana, at: 100, pictures(2)),
            A.message("g3", "", by: F.me, at: 200, pictures(3, from: 1)),
            A.message("g5", "All of them", by: F.ben, at: 300, pictures(5)),
        ]
    }

    static var filesAndLinks: [ChatMessage] {
        [
            A.message("f1", "The report and the raw data", by: F.ana, at: 0, [
                .file(FileAttachmentPayload(localURL: A.file("q3.pdf", bytes: Data([1])), title: "Q3 report.pdf", fileSize: 1_234_567, mimeType: "application/pdf")),
                .file(FileAttachmentPayload(localURL: A.file("raw.csv", bytes: Data([1])), title: "raw-data-2025-export.csv", fileSize: 48_200, mimeType: "text/csv")),
            ]),
            A.message("f2", "", by: F.me, at: 100, [
                .file(FileAttachmentPayload(localURL: A.file("thing.xyz", bytes: Data([1])), title: "thing.xyz", fileSize: 912, mimeType: "application/x-unknown")),
            ]),
            A.message("l1", "Read this: https://parley.chat/blog/attachments", by: F.ben, at: 200, [
                .link(LinkAttachmentPayload(url: URL(string: "https://parley.chat/blog/attachments")!, title: "Attachments arrive in Parley",
                                            text: "Pictures, files and link previews, drawn by injectors you can replace.", siteName: "Parley Blog")),
            ]),
            A.message("l2", "With a picture https://parley.chat/tour", by: F.me, at: 300, [
                .link(LinkAttachmentPayload(url: URL(string: "https://parley.chat/tour")!, title: "A tour of Parley",
                                            text: "Ten minutes from install to chat.", siteName: "parley.chat",
                                            imageURL: A.picture("og.png", width: 382, height: 200, palette: 4))),
            ]),
        ]
    }

    /// The same preview twice: its picture not (yet) there, a placeholder of the picture's box,
    /// and drawn.
    static var linkPictures: [ChatMessage] {
        func preview(_ picture: URL) -> ChatMessageAttachment.Payload {
            .link(LinkAttachmentPayload(url: URL(string: "https://parley.chat/tour")!, title: "A tour of Parley",
                                        text: "Ten minutes from install to chat.", siteName: "Parley Blog", imageURL: picture))
        }
        return [
            A.message("p1", "The tour: https://parley.chat/tour", by: F.ben, at: 0, [preview(A.directory.appendingPathComponent("not-there.png"))]),
            A.message("p2", "The tour: https://parley.chat/tour", by: F.ana, at: 100, [preview(A.picture("og-card.png", width: 382, height: 200, palette: 1))]),
        ]
    }

    static var markdown: [ChatMessage] {
        [
            F.message("md1", "# Release notes\nWe now have **bold**, *italic*, ~~strike~~ and `inline code`.\n> Quoted: <b> & &amp; stay as typed", by: F.ana, at: 0),
            F.message("md2", "Steps:\n1. Install with `scripts/install-deps`\n2. Run **parley demo**\n- see [the docs](https://parley.chat/docs)", by: F.me, at: 100),
            F.message("md3", "```\nlet answer = 42\nprint(answer)\n```", by: F.ben, at: 200),
        ]
    }

    static func name(_ base: String, _ style: UIUserInterfaceStyle) -> String { "\(base)_\(style == .dark ? "dark" : "light")" }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func galleries(style: UIUserInterfaceStyle) {
        let view = A.column(Self.galleries)
        Snapshot.assert(view, named: Self.name("attachments_galleries", style), size: view.frame.size, scale: 2, style: style)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func filesAndLinks(style: UIUserInterfaceStyle) {
        let view = A.column(Self.filesAndLinks)
        Snapshot.assert(view, named: Self.name("attachments_files_links", style), size: view.frame.size, scale: 2, style: style)
    }

    /// A link preview's picture has a fixed 1.91 : 1 box: the row is as tall before it arrives as
    /// after.
    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func linkPreviewPicture(style: UIUserInterfaceStyle) throws {
        let view = A.column(Self.linkPictures)
        let rows = view.subviews.compactMap { $0 as? ChatMessageContentView }
        #expect(rows.count == 2)
        let previews = rows.compactMap { ($0.attachmentViewInjector as? LinkAttachmentViewInjector)?.linkPreviewView }
        #expect(previews.count == 2)
        #expect(previews.first?.imagePreview.image == nil && previews.last?.imagePreview.image != nil)
        #expect(rows.first?.frame.height == rows.last?.frame.height, "the picture changed the row's height")
        for (index, row) in rows.enumerated() {
            // Measured again now that the picture is in its view: still the height it had before.
            #expect(A.height(of: row, width: 360) == row.frame.height, "row \(index)")
        }
        let box = try #require(previews.first?.imagePreview.bounds.size)
        #expect(box.width > 100 && abs(box.width / box.height - 1.91) < 0.02)
        Snapshot.assert(view, named: Self.name("link_preview_picture", style), size: view.frame.size, scale: 2, style: style)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func markdown(style: UIUserInterfaceStyle) {
        let view = A.column(Self.markdown)
        Snapshot.assert(view, named: Self.name("markdown_rows", style), size: view.frame.size, scale: 2, style: style)
    }

    /// Markdown in a row: the text as shown, the `[text](url)` link tappable, `<b>` literal; off
    /// with `appearance.formatters.isMarkdownEnabled`.
    @Test func markdownInARow() throws {
        let messages = [F.message("m", "**bold** and [docs](https://parley.chat/docs) <b>&amp;</b>", by: F.ana)]
        let row = A.row(0, in: messages)
        let styled = try #require(row.textView?.styledText)
        #expect(styled.string == "bold and docs <b>&amp;</b>")
        #expect(row.textItems.contains(ChatMessageTextItem(kind: .link(URL(string: "https://parley.chat/docs")!), range: NSRange(location: 9, length: 4))))

        let plain = ChatMessageContentView(frame: .zero)
        var appearance = F.appearance
        appearance.formatters.isMarkdownEnabled = false
        plain.appearance = appearance
        plain.setUpLayoutIfNeeded(options: row.layoutOptions ?? [])
        plain.content = messages[0]
        #expect(plain.textView?.text == messages[0].text)
    }
}
