import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// The channel screen's gallery: the factory's `makeGalleryView`, presented full screen when an
// image of a message is tapped.

extension ChatChannelView {
    /// The images of `message`, as the gallery slot takes them.
    static func mediaAttachments(of message: ChatMessage) -> [MediaAttachment] {
        message.attachments.compactMap { attachment in
            guard case .image(let image) = attachment.payload else { return nil }
            return MediaAttachment(url: image.localURL, title: image.title)
        }
    }

    /// Presents the factory's
    /// ``ViewFactory/makeGalleryView(mediaAttachments:message:isShown:options:)`` of the images
    /// of `message`, opened at the image `index`; it closes when the gallery sets `isShown` to
    /// `false`. Nothing happens for a message without images.
    public func showGallery(of message: ChatMessage, at index: Int = 0) {
        let media = Self.mediaAttachments(of: message)
        guard !media.isEmpty else { return }
        let gallery = GalleryViewController()
        let isShown = Binding<Bool>(get: { [weak gallery] in gallery?.presentingViewController != nil }, set: { [weak gallery] shown in
            if !shown { gallery?.dismiss(animated: true) }
        })
        gallery.galleryView.component = viewFactory.makeGalleryView(
            mediaAttachments: media, message: message, isShown: isShown,
            options: MediaViewsOptions(selectedIndex: min(max(0, index), media.count - 1)))
        gallery.view.backgroundColor = appearance.colorPalette.background
        gallery.modalPresentationStyle = .fullScreen
        present(gallery, animated: true)
    }

    /// Presents the gallery of `message` from the newest channel screen showing its channel (what
    /// a tap on the default image attachment view does); `false` when no screen shows it.
    @discardableResult
    public static func showGallery(of message: ChatMessage, at index: Int = 0) -> Bool {
        guard let screen = newestScreen(showing: message.cid) else { return false }
        screen.showGallery(of: message, at: index)
        return true
    }
}

/// Hosts the factory's gallery over the whole screen.
final class GalleryViewController: UIViewController {
    /// The factory's gallery.
    let galleryView = ComponentView(frame: .zero)

    override func viewDidLoad() {
        super.viewDidLoad()
        galleryView.frame = view.bounds
        galleryView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        galleryView.backgroundColor = .clear
        view.addSubview(galleryView)
    }
}
