import Foundation
import Parley
import ParleyTesting
import Testing

/// Records the files it is asked to open instead of running `xdg-open`.
final class FakeFileOpener: FileOpening, @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [URL] = []
    var opened: [URL] { lock.lock(); defer { lock.unlock() }; return urls }
    func open(_ url: URL) throws {
        lock.lock(); defer { lock.unlock() }
        urls.append(url)
    }
}

/// Records what a row reports.
@MainActor
final class RecordingAttachmentDelegate: ChatMessageContentViewDelegate, GalleryContentViewDelegate {
    var links: [URL] = []
    var galleryTaps: [(ChatMessageAttachment, Int)] = []
    func messageContentView(_ view: ChatMessageContentView, didTapOnLink url: URL) { links.append(url) }
    func galleryMessageContentView(_ view: ChatMessageContentView, didTapAttachmentPreview attachment: ChatMessageAttachment,
                                   previews: [ChatMessageAttachment]) {
        galleryTaps.append((attachment, previews.count))
    }
}

@MainActor
final class FileTapDelegate: FileActionContentViewDelegate {
    var files: [ChatMessageAttachment] = []
    func messageContentView(_ view: ChatMessageContentView, didTapOnAttachment attachment: ChatMessageAttachment) { files.append(attachment) }
}

/// The attachment views: the catalog and injectors, the gallery, files and link previews.
@MainActor
@Suite struct AttachmentViewTests {
    typealias A = AttachmentFixtures
    typealias F = MessageRowFixtures

    static var pdf: ChatMessageAttachment.Payload {
        .file(FileAttachmentPayload(localURL: A.file("report.pdf", bytes: Data(repeating: 1, count: 2048)), title: "Q3 report.pdf",
                                    fileSize: 1_234_567, mimeType: "application/pdf"))
    }
    static var link: ChatMessageAttachment.Payload {
        .link(LinkAttachmentPayload(url: URL(string: "https://parley.chat/blog/attachments")!, title: "Attachments arrive in Parley",
                                    text: "Pictures, files and link previews, drawn by injectors you can replace.", siteName: "Parley Blog"))
    }

    @Test func catalogPicksTheInjectorByAttachmentKinds() {
        let components = Components()
        let picture = A.image(A.picture("catalog.png"))
        func injector(_ payloads: [ChatMessageAttachment.Payload], deleted: Bool = false) -> String? {
            var message = A.message("m", "hi", by: F.ana, payloads)
            if deleted { message.deletedAt = F.start }
            return AttachmentViewCatalog.attachmentViewInjectorClassFor(message: message, components: components).map { String(describing: $0) }
        }
        #expect(injector([]) == nil)
        #expect(injector([picture]) == "GalleryAttachmentViewInjector")
        #expect(injector([picture, Self.link]) == "GalleryAttachmentViewInjector")
        #expect(injector([Self.pdf]) == "FilesAttachmentViewInjector")
        #expect(injector([Self.pdf, Self.link]) == "FilesAttachmentViewInjector")
        #expect(injector([picture, Self.pdf]) == "MixedAttachmentViewInjector")
        #expect(injector([Self.link]) == "LinkAttachmentViewInjector")
        #expect(injector([picture], deleted: true) == nil)
    }

    /// An app's catalog and injector (Stream's customization points) draw a message their way.
    @Test func customCatalogAndInjectorAreUsed() throws {
        final class LocationInjector: AttachmentViewInjector {
            static var calls: [String] = []
            let card = UILabel()
            override func contentViewDidLayout(options: ChatMessageLayoutOptions) {
                Self.calls.append("layout")
                contentView.bubbleContentContainer.insertArrangedSubview(card, at: 0)
            }
            override func contentViewDidUpdateContent() {
                Self.calls.append("update")
                card.text = "📍 " + (contentView.content?.text ?? "")
            }
        }
        final class LocationCatalog: AttachmentViewCatalog {
            override class func attachmentViewInjectorClassFor(message: ChatMessage, components: Components) -> AttachmentViewInjector.Type? {
                message.text.hasPrefix("loc:") ? LocationInjector.self : super.attachmentViewInjectorClassFor(message: message, components: components)
            }
        }
        var components = A.components
        components.attachmentViewCatalog = LocationCatalog.self
        LocationInjector.calls = []
        let row = A.row(0, in: [F.message("l", "loc:Lisbon", by: F.ana)], components: components)
        let injector = try #require(row.attachmentViewInjector as? LocationInjector)
        #expect(LocationInjector.calls.first == "layout")
        #expect(LocationInjector.calls.contains("update"))
        #expect(row.bubbleContentContainer.arrangedSubviews.first === injector.card)
        #expect(injector.card.text == "📍 loc:Lisbon")
        // Other messages keep the default injectors.
        let plain = A.row(0, in: [A.message("p", "", by: F.ana, [Self.link])], components: components)
        #expect(plain.attachmentViewInjector is LinkAttachmentViewInjector)
    }

    @Test func galleryLayoutsForOneToFivePictures() throws {
        let gallery = ChatMessageGalleryView(frame: CGRect(x: 0, y: 0, width: 202, height: 102))
        let bounds = gallery.bounds
        #expect(gallery.tileFrames(count: 1, in: bounds) == [bounds])
        #expect(gallery.tileFrames(count: 2, in: bounds) == [CGRect(x: 0, y: 0, width: 100, height: 102), CGRect(x: 102, y: 0, width: 100, height: 102)])
        #expect(gallery.tileFrames(count: 3, in: bounds) == [CGRect(x: 0, y: 0, width: 100, height: 102), CGRect(x: 102, y: 0, width: 100, height: 50),
                                                            CGRect(x: 102, y: 52, width: 100, height: 50)])
        #expect(gallery.tileFrames(count: 7, in: bounds).count == 4)

        let pictures = (0..<5).map { A.image(A.picture("g\($0).png", palette: $0)) }
        for count in 1...5 {
            let row = A.row(0, in: [A.message("g", "", by: F.ana, Array(pictures.prefix(count)))])
            let injector = try #require(row.attachmentViewInjector as? GalleryAttachmentViewInjector)
            #expect(injector.galleryView.previews.count == min(count, 4))
            #expect(injector.galleryView.moreItemsOverlay.isHidden == (count <= 4))
            if count == 5 { #expect(injector.galleryView.moreItemsOverlay.text == "+1") }
            // Every shown picture was decoded (synchronously here) to its tile.
            for preview in injector.imagePreviews.prefix(count) {
                #expect(preview.imageView.image != nil)
                // Decoded to fill the tile (2 pixels a point, the test scale), no larger.
                let image = try #require(preview.imageView.image)
                let fill = min(image.size.width * image.scale / preview.bounds.width, image.size.height * image.scale / preview.bounds.height)
                #expect(fill <= 2.05)
            }
        }
    }

    /// The gallery's height comes from the attachments' declared sizes: a row measures the same
    /// before and after its picture arrives (decoded off the main thread).
    @Test func rowHeightDoesNotChangeWhenThePictureArrives() async throws {
        var components = Components()
        let loader = ChatImageLoader()
        components.imageLoader = loader
        let url = A.picture("arrives.png", width: 400, height: 300, palette: 1)
        let messages = [A.message("a", "Look at this", by: F.ana, [A.image(url, width: 400, height: 300)])]
        let row = A.row(0, in: messages, components: components)
        let before = row.frame.height
        let injector = try #require(row.attachmentViewInjector as? GalleryAttachmentViewInjector)
        let preview = try #require(injector.imagePreviews.first)
        #expect(preview.imageView.image == nil)
        #expect(abs(injector.galleryView.bounds.width / injector.galleryView.bounds.height - 4.0 / 3.0) < 0.02)
        for _ in 0..<200 where preview.imageView.image == nil {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(preview.imageView.image != nil)
        #expect(A.height(of: row, width: 360) == before)
        #expect(loader.cache.count == 1)
    }

    /// Corrupt, truncated, empty and bomb pictures leave the placeholder (no crash).
    @Test func undecodablePicturesKeepThePlaceholder() throws {
        let png = try #require(UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), scale: 1).image { _ in }.pngData())
        var bomb = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        bomb += Data([0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 8, 6, 0, 0, 0, 0, 0, 0, 0])
        let files = [
            A.file("zero.png", bytes: Data()),
            A.file("truncated.png", bytes: png.prefix(png.count / 2)),
            A.file("corrupt.jpg", bytes: Data([0xFF, 0xD8, 0xFF]) + Data(repeating: 0x42, count: 300)),
            A.file("bomb.png", bytes: bomb),
            directoryMissing,
        ]
        let row = A.row(0, in: [A.message("c", "", by: F.ana, files.map { A.image($0, width: nil, height: nil) })])
        let injector = try #require(row.attachmentViewInjector as? GalleryAttachmentViewInjector)
        #expect(injector.imagePreviews.count == 4)
        for preview in injector.imagePreviews {
            #expect(preview.imageView.image == nil)
            #expect(!preview.placeholderIconView.isHidden)
        }
        // Without declared sizes the gallery takes Stream's 1.32.
        #expect(abs(injector.galleryView.bounds.width / injector.galleryView.bounds.height - 1.32) < 0.02)
    }

    var directoryMissing: URL { A.directory.appendingPathComponent("no-such-file.png") }

    @Test func filesShowTypeNameAndSizeAndOpenThroughTheOpener() throws {
        var components = A.components
        let opener = FakeFileOpener()
        components.fileOpener = opener
        let unknown = ChatMessageAttachment.Payload.file(FileAttachmentPayload(
            localURL: A.file("blob.xyz", bytes: Data([1, 2, 3])), title: "blob.xyz", fileSize: 3, mimeType: "application/x-parley-unknown"))
        let row = A.row(0, in: [A.message("f", "", by: F.ana, [Self.pdf, unknown])], components: components)
        let injector = try #require(row.attachmentViewInjector as? FilesAttachmentViewInjector)
        let items = injector.fileAttachmentView.containerStackView.arrangedSubviews.compactMap { $0 as? ChatMessageFileAttachmentListView.ItemView }
        #expect(items.count == 2)
        #expect(items[0].fileNameLabel.text == "Q3 report.pdf")
        #expect(items[0].fileSizeLabel.text == "1.2 MB")
        #expect(items[0].fileIconView.kind == .pdf)
        // An unknown MIME type is shown as a plain file.
        #expect(items[1].fileIconView.kind == .generic)
        #expect(items[1].fileIconView.label.text == "FILE")
        #expect(items[1].fileSizeLabel.text == "3 bytes")

        injector.fileAttachmentView.didTapOnAttachment?(try #require(items[0].content))
        #expect(opener.opened == [A.directory.appendingPathComponent("report.pdf")])
        // A delegate that handles files gets the tap instead.
        let delegate = FileTapDelegate()
        row.delegate = delegate
        injector.fileAttachmentView.didTapOnAttachment?(try #require(items[1].content))
        #expect(delegate.files.count == 1 && opener.opened.count == 1)
    }

    @Test func xdgOpenerRunsItsCommandWithTheFilePath() throws {
        try XDGFileOpener(command: "true").open(A.file("open-me.txt", bytes: Data("x".utf8)))
        #expect(throws: (any Error).self) { try XDGFileOpener(command: "true").open(URL(string: "https://parley.chat")!) }
    }

    @Test func unknownAndImageMIMETypesOfFilesAreFileKinds() {
        #expect(FileKind(mimeType: "application/x-nonsense", fileName: "data.bin") == .generic)
        #expect(FileKind(mimeType: nil, fileName: "notes.md") == .text)
        #expect(FileKind(mimeType: nil, fileName: "archive.tar.gz") == .archive)
        #expect(FileKind(mimeType: "image/png", fileName: "x") == .image)
        #expect(FileKind(mimeType: nil, fileName: "sheet.xlsx") == .spreadsheet)
    }

    @Test func fileSizesReadAsByteCountFormatterWritesThem() {
        let formatter = DefaultFileSizeFormatter()
        let cases: [(Int64, String)] = [(0, "0 bytes"), (1, "1 byte"), (532, "532 bytes"), (999, "999 bytes"), (1000, "1 KB"),
                                        (14_300, "14 KB"), (999_499, "999 KB"), (999_999, "1 MB"), (1_234_567, "1.2 MB"),
                                        (3_000_000_000, "3 GB"), (-5, "0 bytes")]
        for (bytes, text) in cases { #expect(formatter.format(bytes) == text, "\(bytes)") }
    }

    /// File names are shown safely: control characters and direction overrides become U+FFFD.
    @Test func fileNamesWithControlAndOverrideCharactersAreShownSafely() {
        typealias Item = ChatMessageFileAttachmentListView.ItemView
        #expect(Item.displayName("a\u{0}b.txt") == "a\u{FFFD}b.txt")
        #expect(Item.displayName("invoice\u{202E}fdp.exe") == "invoice\u{FFFD}fdp.exe")
        #expect(Item.displayName("../../etc/passwd") == "../../etc/passwd")
        #expect(Item.displayName("line\nbreak") == "line\u{FFFD}break")
    }

    @Test func linkPreviewShowsThePayloadAndTapsOpenTheLink() throws {
        let row = A.row(0, in: [A.message("l", "New post: https://parley.chat/blog/attachments", by: F.ana, [Self.link])])
        let injector = try #require(row.attachmentViewInjector as? LinkAttachmentViewInjector)
        let preview = injector.linkPreviewView
        #expect(preview.authorLabel.text == "Parley Blog")
        #expect(preview.titleLabel.text == "Attachments arrive in Parley")
        #expect(preview.bodyTextView.text?.hasPrefix("Pictures, files") == true)
        #expect(preview.imagePreview.isHidden)
        // The link in the text stays tappable.
        #expect(row.textItems.contains { if case .link = $0.kind { true } else { false } })
        let delegate = RecordingAttachmentDelegate()
        row.delegate = delegate
        preview.sendActions(for: .touchUpInside)
        #expect(delegate.links == [URL(string: "https://parley.chat/blog/attachments")!])
    }

    @Test func galleryTapsReachTheDelegate() throws {
        let pictures = (0..<3).map { A.image(A.picture("t\($0).png", palette: $0)) }
        let row = A.row(0, in: [A.message("t", "", by: F.ana, pictures)])
        let delegate = RecordingAttachmentDelegate()
        row.delegate = delegate
        let injector = try #require(row.attachmentViewInjector as? GalleryAttachmentViewInjector)
        injector.handleTapOnAttachment(try #require(injector.imagePreviews[1].content))
        #expect(delegate.galleryTaps.count == 1 && delegate.galleryTaps[0].0.id == 1 && delegate.galleryTaps[0].1 == 3)
    }

    @Test func imageCacheIsBoundedByBytes() {
        let cache = ChatImageCache(byteLimit: 100 * 100 * 4 * 3)
        func image() -> UIImage { UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), scale: 1).image { _ in } }
        for index in 0..<3 { cache.insert(image(), forKey: "\(index)") }
        #expect(cache.count == 3 && cache.totalBytes == 120_000)
        _ = cache.image(forKey: "0") // recently used: kept
        cache.insert(image(), forKey: "3")
        #expect(cache.count == 3 && cache.totalBytes <= cache.byteLimit)
        #expect(cache.image(forKey: "0") != nil && cache.image(forKey: "1") == nil)
        // A picture bigger than the whole cache is not kept.
        cache.insert(UIGraphicsImageRenderer(size: CGSize(width: 400, height: 400), scale: 1).image { _ in }, forKey: "big")
        #expect(cache.image(forKey: "big") == nil)
    }

    /// A reused row showing a message without attachments drops the injector and its views.
    @Test func reusedRowDropsTheInjector() throws {
        let row = A.row(0, in: [A.message("a", "pic", by: F.ana, [A.image(A.picture("reuse.png"))])])
        #expect(row.attachmentViewInjector is GalleryAttachmentViewInjector)
        row.setUpLayoutIfNeeded(options: row.layoutOptions ?? [], attachmentViewInjectorType: nil)
        #expect(row.attachmentViewInjector == nil)
        #expect(!row.bubbleContentContainer.arrangedSubviews.contains { $0 is ChatMessageGalleryView })
    }
}
