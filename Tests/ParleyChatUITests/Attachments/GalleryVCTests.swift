import Foundation
import Parley
import ParleyTesting
import Testing

/// The full-screen picture viewer: opened by tapping a picture in a message, next/previous with
/// the buttons and arrow keys, Escape closes; golden images light and dark.
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

    @Test func goldenImages() {
        let gallery = GalleryVC()
        gallery.components = A.components
        gallery.content = GalleryVC.Content(message: message(), currentPage: 0)
        gallery.view.frame = CGRect(x: 0, y: 0, width: 480, height: 320)
        gallery.view.layoutIfNeeded()
        #expect(gallery.imageView.image != nil)
        Snapshot.assert(gallery.view, named: "gallery-viewer-light", size: gallery.view.frame.size, scale: 2, style: .light)
        Snapshot.assert(gallery.view, named: "gallery-viewer-dark", size: gallery.view.frame.size, scale: 2, style: .dark)
    }
}
}
