import Foundation
import ParleyChat
import ParleyUIKit

/// What a message row reports when one of its pictures is tapped.
@preconcurrency @MainActor
public protocol GalleryContentViewDelegate: ChatMessageContentViewDelegate {
    /// The picture `attachment` of the row's message was tapped; `previews` are all its pictures.
    func galleryMessageContentView(_ view: ChatMessageContentView, didTapAttachmentPreview attachment: ChatMessageAttachment,
                                   previews: [ChatMessageAttachment])
}

/// Puts a ``ChatMessageGalleryView`` at the top of the bubble for a message's pictures.
///
/// The gallery's height follows from its width and ``galleryViewAspectRatio``, which comes from
/// the attachments' declared sizes, never from the decoded pictures: a row keeps its height when
/// its pictures arrive.
@preconcurrency @MainActor
open class GalleryAttachmentViewInjector: AttachmentViewInjector {
    /// The gallery.
    open private(set) lazy var galleryView: ChatMessageGalleryView = prepared(contentView.components.galleryView.init(frame: .zero))

    /// The previews made so far (reused as the row shows other messages).
    public private(set) var imagePreviews: [ChatMessageGalleryView.ImagePreview] = []

    private var aspectConstraint: NSLayoutConstraint?

    /// The gallery's width over its height: one picture's own proportions (from its payload's
    /// `width` and `height`, kept within 0.6…2), else Stream's 1.32.
    open var galleryViewAspectRatio: CGFloat {
        let images = attachments(ofType: .image).compactMap(\.imagePayload)
        if images.count == 1, let width = images[0].width, let height = images[0].height, width > 0, height > 0 {
            return min(2, max(0.6, CGFloat(width) / CGFloat(height)))
        }
        return 1.32
    }

    /// Puts the gallery at the top of the bubble.
    open override func contentViewDidLayout(options: ChatMessageLayoutOptions) {
        super.contentViewDidLayout(options: options)
        contentView.bubbleContentContainer.insertArrangedSubview(galleryView, at: 0)
        updateAspectConstraint()
    }

    /// Shows the message's pictures.
    open override func contentViewDidUpdateContent() {
        super.contentViewDidUpdateContent()
        let images = attachments(ofType: .image)
        while imagePreviews.count < min(images.count, 4) {
            let preview = contentView.components.imageAttachmentGalleryPreview.init(frame: .zero)
            hand(contentView.appearance, contentView.components, to: preview)
            preview.didTapOnAttachment = { [weak self] attachment in self?.handleTapOnAttachment(attachment) }
            imagePreviews.append(preview)
        }
        var shown: [UIView] = []
        for (preview, attachment) in zip(imagePreviews, images) {
            preview.messageId = contentView.content?.id
            preview.content = attachment
            shown.append(preview)
        }
        // The hidden pictures count toward "+N" without previews of their own.
        shown += images.dropFirst(shown.count).map { _ in UIView() }
        galleryView.content = shown
        updateAspectConstraint()
    }

    /// Tells the delegate (a ``GalleryContentViewDelegate``) which picture was tapped.
    open func handleTapOnAttachment(_ attachment: ChatMessageAttachment) {
        (contentView.delegate as? GalleryContentViewDelegate)?
            .galleryMessageContentView(contentView, didTapAttachmentPreview: attachment, previews: attachments(ofType: .image))
    }

    private func updateAspectConstraint() {
        let ratio = galleryViewAspectRatio
        if let aspectConstraint, abs(aspectConstraint.multiplier - ratio) < 0.0001 { return }
        aspectConstraint?.isActive = false
        let constraint = galleryView.widthAnchor.constraint(equalTo: galleryView.heightAnchor, multiplier: ratio)
        constraint.isActive = true
        aspectConstraint = constraint
    }
}
