import Foundation
import ParleyChat
import ParleyUIKit

/// What a message row reports when its link preview is tapped.
@preconcurrency @MainActor
public protocol LinkPreviewViewDelegate: ChatMessageContentViewDelegate {
    /// The link preview `attachment` of the row's message was tapped.
    func messageContentView(_ view: ChatMessageContentView, didTapOnLinkAttachment attachment: ChatMessageAttachment)
}

/// Puts a ``ChatMessageLinkPreviewView`` under the text for a message's first link preview.
///
/// A tap goes to the delegate when it is a ``LinkPreviewViewDelegate``; otherwise to
/// `messageContentView(_:didTapOnLink:)`, as a tap on the link in the text would. The links in
/// the text stay tappable as they are.
@preconcurrency @MainActor
open class LinkAttachmentViewInjector: AttachmentViewInjector {
    /// The preview.
    open private(set) lazy var linkPreviewView: ChatMessageLinkPreviewView = {
        let preview = prepared(contentView.components.linkPreviewView.init(frame: .zero))
        preview.addAction(UIAction { [weak self] _ in self?.handleTapOnAttachment() }, for: .touchUpInside)
        return preview
    }()

    /// A link preview hugs its text: the bubble is not widened for it.
    public required init(_ contentView: ChatMessageContentView) {
        super.init(contentView)
        fillAllAvailableWidth = false
    }

    /// Puts the preview at the bottom of the bubble.
    open override func contentViewDidLayout(options: ChatMessageLayoutOptions) {
        super.contentViewDidLayout(options: options)
        contentView.bubbleContentContainer.addArrangedSubview(linkPreviewView)
    }

    /// Shows the message's first link preview.
    open override func contentViewDidUpdateContent() {
        super.contentViewDidUpdateContent()
        linkPreviewView.content = attachments(ofType: .link).first
    }

    /// Tells the delegate the preview was tapped.
    open func handleTapOnAttachment() {
        guard let attachment = linkPreviewView.content, let link = attachment.linkPayload else { return }
        if let delegate = contentView.delegate as? LinkPreviewViewDelegate {
            delegate.messageContentView(contentView, didTapOnLinkAttachment: attachment)
        } else {
            contentView.delegate?.messageContentView(contentView, didTapOnLink: link.url)
        }
    }
}
