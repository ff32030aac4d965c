import Foundation
import Parley
import ParleyTesting
import Testing

/// The full-screen picture viewer: opened by tapping a picture in a message, next/previous with
/// the buttons and arrow keys, Escape closes; zoom (wheel, double-click, keys) and pan; "Save a
/// copy"; golden images light and dark.
extension HeadlessWindowTests {
@MainActor
@Suite(.serialized) struct GalleryVCTests {
    typealias A = AttachmentFixtures
    typealias F = MessageRowFixtures

    func message() -> ChatMessage {
        A.message("g3", "Three from the hike", by: F.ana, at: 0, (0..<3).map { index in
            A.image(A.picture("gallery-\(index).png", width: index == 1 ? 240 : 320, height: index == 1 ? 320 : 240, palette: index),
                    width: index == 1 ? 240 : 320, height: index == 1 ? 320 : 240)
        })
    }

    @Test func tappingAPictureOpensItFullScreenAndTheKeysPageAndClose() throws {
        let backend = HeadlessBackend.install()
        let list = ChatMessageListVC()
        list.components = A.components
        let window = backend.openWindow(size: CGSize(width: 480, height: 360), rootViewController: list)
        backend.advance(by: 0.05)
        let row = A.row(0, in: [message()])
        row.delegate = list
        let injector = try #require(row.attachmentViewInjector as? GalleryAttachmentViewInjector)
        #expect(injector.imagePreviews.count == 3)
        injector.handleTapOnAttachment(try #require(row.content?.attachments[1]))
        backend.advance(by: 0.5)
        let gallery = try #require(list.presentedViewController as? GalleryVC)
        #expect(gallery.view.frame.size == window.bounds.size, "over the whole window")
        #expect(gallery.content.currentPage == 1)
        #expect(gallery.pageLabel.text == "2 / 3")
        #expect(gallery.userLabel.text == "Ana Lopez")
        #expect(gallery.imageView.image != nil)
        let portrait = try #require(gallery.imageView.image?.size)
        #expect(portrait.height > portrait.width, "the second picture is the portrait one")

        backend.press(.keyboardRightArrow)
        #expect(gallery.content.currentPage == 2)
        #expect(!gallery.nextButton.isEnabled)
        backend.press(.keyboardRightArrow)
        #expect(gallery.content.currentPage == 2, "stays on the last")
        backend.press(.keyboardLeftArrow)
        backend.press(.keyboardLeftArrow)
        #expect(gallery.content.currentPage == 0)
        #expect(!gallery.previousButton.isEnabled)
        backend.tap(at: gallery.nextButton.convert(CGPoint(x: 20, y: 20), to: window))
        #expect(gallery.content.currentPage == 1)

        backend.press(.keyboardEscape)
        backend.advance(by: 0.5)
        #expect(list.presentedViewController == nil)
    }

    /// The wheel zooms about the pointer (the point under it stays put), a drag pans the zoomed
    /// picture, a double-click toggles 2.5× at the pointer, + − 0 zoom from the keyboard, paging
    /// resets the zoom, and the zoom stays within 1…6×.
    @Test func theWheelDoubleClickAndKeysZoomAndADragPans() throws {
        let backend = HeadlessBackend.install()
        let gallery = GalleryVC()
        gallery.components = A.components
        gallery.content = GalleryVC.Content(message: message(), currentPage: 0)
        let window = backend.openWindow(size: CGSize(width: 480, height: 360), rootViewController: gallery)
        backend.advance(by: 0.1)
        let scroll = gallery.scrollView
        #expect(scroll.zoomScale == 1)
        #expect(gallery.imageView.frame == window.bounds)

        // Two wheel notches up at (120, 90): ×1.25², the content point under the pointer stays.
        backend.scroll(by: CGPoint(x: 0, y: -48), at: CGPoint(x: 120, y: 90), precise: false)
        backend.scroll(by: CGPoint(x: 0, y: -48), at: CGPoint(x: 120, y: 90), precise: false)
        backend.advance(by: 0.1)
        #expect(abs(scroll.zoomScale - 1.5625) < 0.001)
        #expect(abs(gallery.imageView.frame.width - 480 * 1.5625) < 0.5)
        let under = gallery.imageView.convert(CGPoint(x: 120, y: 90), from: window)
        #expect(abs(under.x - 120) < 0.5 && abs(under.y - 90) < 0.5, "the picture's point (120, 90) is still under the pointer: \(under)")

        // A drag pans the zoomed picture.
        let before = scroll.contentOffset
        backend.drag(from: CGPoint(x: 300, y: 200), to: CGPoint(x: 240, y: 160), duration: 0.5, steps: 10)
        backend.advance(by: 1)
        #expect(scroll.contentOffset.x > before.x + 30 && scroll.contentOffset.y > before.y + 20, "\(before) → \(scroll.contentOffset)")
        #expect(gallery.content.currentPage == 0, "panning does not page")

        // Zooming out past fitted stops at 1 with the whole picture in view.
        for _ in 0..<6 { backend.scroll(by: CGPoint(x: 0, y: 48), at: CGPoint(x: 240, y: 180), precise: false) }
        #expect(scroll.zoomScale == 1)
        #expect(scroll.contentOffset == .zero, "\(scroll.contentOffset) \(scroll.contentSize) \(scroll.bounds)")

        // A double-click zooms to 2.5× at the pointer; another goes back.
        backend.tap(at: CGPoint(x: 360, y: 270), count: 2)
        backend.advance(by: 0.3)
        #expect(abs(scroll.zoomScale - 2.5) < 0.001)
        let clicked = gallery.imageView.convert(CGPoint(x: 360, y: 270), from: window)
        #expect(abs(clicked.x - 360) < 1 && abs(clicked.y - 270) < 1, "\(clicked)")
        backend.tap(at: CGPoint(x: 200, y: 200), count: 2)
        backend.advance(by: 0.3)
        #expect(scroll.zoomScale == 1)

        // Keys: + twice, − once, 0 back; never beyond 6×.
        backend.press(.keyboardEqualSign, characters: "+")
        backend.press(.keyboardEqualSign, characters: "+")
        #expect(abs(scroll.zoomScale - 2.25) < 0.001)
        backend.press(.keyboardHyphen, characters: "-")
        #expect(abs(scroll.zoomScale - 1.5) < 0.001)
        for _ in 0..<10 { backend.press(.keyboardEqualSign, characters: "=") }
        #expect(scroll.zoomScale == 6)
        backend.press(.keyboard0, characters: "0")
        #expect(scroll.zoomScale == 1)

        // The next picture starts fitted.
        backend.press(.keyboardEqualSign, characters: "+")
        backend.press(.keyboardRightArrow)
        #expect(gallery.content.currentPage == 1)
        #expect(scroll.zoomScale == 1)
        #expect(gallery.imageView.frame == window.bounds)
    }

    /// A zoomed picture is decoded again at the zoom's step (2×, 4×, 6×, up to its own pixels), so
    /// it stays sharp; the fitted one is decoded at the view's size.
    @Test func aZoomedPictureIsDecodedSharper() throws {
        let backend = HeadlessBackend.install()
        let big = A.picture("gallery-big.png", width: 1600, height: 1200, palette: 3)
        let gallery = GalleryVC()
        gallery.components = A.components
        gallery.content = GalleryVC.Content(message: A.message("gz", "", by: F.ana, at: 0, [A.image(big, width: 1600, height: 1200)]))
        _ = backend.openWindow(size: CGSize(width: 480, height: 360), rootViewController: gallery)
        backend.advance(by: 0.1)
        func pixelWidth() -> CGFloat { (gallery.imageView.image?.size.width ?? 0) * (gallery.imageView.image?.scale ?? 0) }
        #expect(pixelWidth() == 480, "fitted: the view's pixels")
        gallery.scrollView.setZoomScale(1.5, animated: false)
        backend.advance(by: 0.1)
        #expect(pixelWidth() == 960, "1.5× is decoded for 2×")
        gallery.scrollView.setZoomScale(3, animated: false)
        backend.advance(by: 0.1)
        #expect(pixelWidth() == 1600, "4× would be 1,920: the picture's own 1,600 pixels")
        #expect(abs(gallery.imageView.frame.width - 480 * 3) < 0.5, "the decoded size does not change the zoom")
    }

    /// "Save a copy" writes the shown picture's bytes into `saveDirectory` under a safe name,
    /// never over another file and never outside the folder, and says where.
    @Test func saveACopyWritesThePictureIntoTheFolderUnderASafeName() throws {
        let backend = HeadlessBackend.install()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-save-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = A.picture("gallery-save.png", width: 64, height: 48, palette: 2)
        let hostile = "../../\u{202E}gnp.evil\u{0}.png"
        let message = A.message("gs", "", by: F.ana, at: 0, [A.image(source, width: 64, height: 48, title: hostile)])
        let gallery = GalleryVC()
        gallery.components = A.components
        gallery.saveDirectory = folder
        gallery.content = GalleryVC.Content(message: message)
        let window = backend.openWindow(size: CGSize(width: 480, height: 360), rootViewController: gallery)
        backend.advance(by: 0.1)
        #expect(gallery.saveNoteLabel.isHidden)

        backend.tap(at: gallery.saveButton.convert(CGPoint(x: 10, y: 10), to: window))
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(saved == ["gnp.evil.png"], "the overrides, NUL and folders are gone: \(saved)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("gnp.evil.png")) == Data(contentsOf: source))
        #expect(!gallery.saveNoteLabel.isHidden)
        #expect(gallery.saveNoteLabel.text == "Saved to \(folder.appendingPathComponent("gnp.evil.png").path)")

        let second = try #require(gallery.saveCopy())
        #expect(second.lastPathComponent == "gnp.evil 2.png", "a second copy does not replace the first")
        #expect(second.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)

        // A folder that cannot be written: the label says so, nothing crashes.
        gallery.saveDirectory = URL(fileURLWithPath: "/proc/parley-cannot-write-here")
        #expect(gallery.saveCopy() == nil)
        #expect(gallery.saveNoteLabel.text?.hasPrefix("The picture couldn't be saved:") == true)
    }

    @Test func goldenImages() {
        let gallery = GalleryVC()
        gallery.components = A.components
        gallery.content = GalleryVC.Content(message: message(), currentPage: 0)
        gallery.view.frame = CGRect(x: 0, y: 0, width: 480, height: 320)
        gallery.view.layoutIfNeeded()
        #expect(gallery.imageView.image != nil)
        Snapshot.assert(gallery.view, named: "gallery-viewer-light", size: gallery.view.frame.size, scale: 2, style: .light)
        Snapshot.assert(gallery.view, named: "gallery-viewer-dark", size: gallery.view.frame.size, scale: 2, style: .dark)

        // Zoomed 2.5× about the sun, after "Save a copy" (the note under the author).
        let folder = URL(fileURLWithPath: "/tmp/parley-gallery-golden", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        gallery.saveDirectory = folder
        #expect(gallery.saveCopy() != nil)
        gallery.scrollView.zoom(to: 2.5, keeping: CGPoint(x: 330, y: 90))
        gallery.view.layoutIfNeeded()
        #expect(!gallery.saveNoteLabel.isHidden && gallery.saveNoteLabel.frame.width > 100, "\(gallery.saveNoteLabel.frame) \(gallery.saveNoteLabel.isHidden) \(gallery.saveNoteLabel.text ?? "-")")
        Snapshot.assert(gallery.view, named: "gallery-viewer-zoomed-light", size: gallery.view.frame.size, scale: 2, style: .light)
        Snapshot.assert(gallery.view, named: "gallery-viewer-zoomed-dark", size: gallery.view.frame.size, scale: 2, style: .dark)
    }
}
}
