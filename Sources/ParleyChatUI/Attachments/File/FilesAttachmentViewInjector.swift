import Foundation
import ParleyChat
import ParleyUIKit

/// What a message row reports when one of its files is tapped.
@preconcurrency @MainActor
public protocol FileActionContentViewDelegate: ChatMessageContentViewDelegate {
    /// The file `attachment` of the row's message was tapped.
    func messageContentView(_ view: ChatMessageContentView, didTapOnAttachment attachment: ChatMessageAttachment)
}

/// Puts a ``ChatMessageFileAttachmentListView`` at the top of the bubble for a message's files.
///
/// A tapped file goes to the delegate when it is a ``FileActionContentViewDelegate``; otherwise
/// `components.fileOpener` opens it (`xdg-open` by default).
@preconcurrency @MainActor
open class FilesAttachmentViewInjector: AttachmentViewInjector {
    /// The list of files.
    open private(set) lazy var fileAttachmentView: ChatMessageFileAttachmentListView = {
        let list = prepared(contentView.components.fileAttachmentListView.init(frame: .zero))
        list.didTapOnAttachment = { [weak self] attachment in self?.handleTapOnAttachment(attachment) }
        return list
    }()

    /// The error the last opening raised, if it failed.
    public private(set) var lastOpenError: (any Error)?

    /// Puts the files at the top of the bubble.
    open override func contentViewDidLayout(options: ChatMessageLayoutOptions) {
        super.contentViewDidLayout(options: options)
        contentView.bubbleContentContainer.insertArrangedSubview(fileAttachmentView, at: 0)
    }

    /// Shows the message's files.
    open override func contentViewDidUpdateContent() {
        super.contentViewDidUpdateContent()
        fileAttachmentView.content = attachments(ofType: .file)
    }

    /// The delegate's, or `components.fileOpener` opens the file.
    open func handleTapOnAttachment(_ attachment: ChatMessageAttachment) {
        if let delegate = contentView.delegate as? FileActionContentViewDelegate {
            delegate.messageContentView(contentView, didTapOnAttachment: attachment)
            return
        }
        guard let url = attachment.filePayload?.localURL else { return }
        do {
            try contentView.components.fileOpener.open(url)
            lastOpenError = nil
        } catch {
            lastOpenError = error
        }
    }
}
