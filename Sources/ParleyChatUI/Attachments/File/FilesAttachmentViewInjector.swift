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
/// `components.fileOpener` opens it (`xdg-open` by default), a remote file once it is downloaded
/// into the cache (its row shows the download's progress).
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
        fileAttachmentView.messageId = contentView.content?.id
        fileAttachmentView.content = attachments(ofType: .file)
    }

    /// The delegate's, or `components.fileOpener` opens the file.
    open func handleTapOnAttachment(_ attachment: ChatMessageAttachment) {
        if let delegate = contentView.delegate as? FileActionContentViewDelegate {
            delegate.messageContentView(contentView, didTapOnAttachment: attachment)
            return
        }
        guard let file = attachment.filePayload else { return }
        guard !file.localURL.isFileURL, let remote = file.remoteURL else {
            open(file.localURL)
            return
        }
        // A remote file is downloaded into the cache first (its row shows the progress).
        guard let downloader = transfers.downloader(for: remote) else {
            lastOpenError = ChatError.notConnected(reason: "no backend can download \(remote)")
            return
        }
        if let cached = downloader.cachedFile(for: remote) {
            open(cached)
            return
        }
        Task { @MainActor [weak self] in
            do {
                let local = try await downloader.download(remote)
                self?.open(local)
            } catch {
                self?.lastOpenError = error
            }
        }
    }

    /// Where remote files are downloaded from (``ChatAttachmentTransfers/shared`` by default).
    public var transfers: ChatAttachmentTransfers = .shared

    /// Opens a local file with `components.fileOpener`, keeping the error if it fails.
    open func open(_ url: URL) {
        do {
            try contentView.components.fileOpener.open(url)
            lastOpenError = nil
        } catch {
            lastOpenError = error
        }
    }
}
