import Foundation
import ParleyChat
import ParleyUIKit

/// Why a file was not attached, as Stream's `AttachmentValidationError`.
public enum AttachmentValidationError: Error, Sendable, Equatable {
    /// The file is larger than ``ComposerVC/maxAttachmentSize(for:)``.
    case maxFileSizeExceeded
    /// The message already has ``ComposerVC/maxAttachmentCount`` attachments.
    case maxAttachmentsCountPerMessageExceeded(limit: Int)

    /// The size limit when nothing sets another: 100 MB, as Stream's.
    public static let fileSizeMaxLimitFallback: Int64 = 100 * 1024 * 1024
}

/// Attaching files to ``ComposerVC``: checking them before they are attached, the error lines,
/// and the file chooser, drop and paste (files and pictures) delegates (each ends in ``ComposerVC/addAttachments(from:)``).
extension ComposerVC: UIDocumentPickerDelegate, UIDropInteractionDelegate, InputTextViewClipboardAttachmentDelegate {
    /// The payload for the file at `url`, after the checks of
    /// ``addAttachmentToContent(from:type:)``: the count, the file (a readable regular file) and
    /// its size (read from its attributes, so a 2 GB file is refused without reading it). An
    /// image's pixel size is read from its header, so the message list sizes it before decoding.
    func validatedAttachment(from url: URL, type: AttachmentType) throws -> AnyAttachmentPayload {
        guard content.attachments.count < maxAttachmentCount else {
            throw AttachmentValidationError.maxAttachmentsCountPerMessageExceeded(limit: maxAttachmentCount)
        }
        let probe = try AnyAttachmentPayload(localFileURL: url, attachmentType: .file)
        guard case .file(let file) = probe.payload, file.fileSize <= maxAttachmentSize(for: type) else {
            throw AttachmentValidationError.maxFileSizeExceeded
        }
        guard type == .image else { return probe }
        let size = Self.imagePixelSize(at: url)
        return try AnyAttachmentPayload(
            localFileURL: url, attachmentType: .image, width: size.map { Int($0.width) }, height: size.map { Int($0.height) })
    }

    /// The pixel size an image file's header declares (its first 256 KB read), or nil.
    static func imagePixelSize(at url: URL) -> CGSize? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 256 * 1024) else { return nil }
        return UIImage.pixelSize(ofImageData: head)
    }

    /// The line shown when `url` was not attached because of `error`.
    func attachmentErrorMessage(for url: URL, error: Error) -> String {
        let l10n = appearance.l10n
        let name = ChatMessageFileAttachmentListView.ItemView.displayName(url.lastPathComponent)
        switch error {
        case AttachmentValidationError.maxFileSizeExceeded:
            let limit = maxAttachmentSize(for: AnyAttachmentPayload.attachmentType(forExtension: url.pathExtension))
            return l10n.tr("composer.attachment.too-large", .string(name), .string(appearance.formatters.fileSize.format(limit)))
        case AttachmentValidationError.maxAttachmentsCountPerMessageExceeded(let limit):
            return l10n.plural("composer.attachment.too-many", count: limit)
        default:
            return l10n.tr("composer.attachment.unreadable", .string(name))
        }
    }

    /// The error line when an attached file is gone or unreadable since it was attached (the send
    /// is refused and everything stays in the composer), or nil when every file is there.
    func missingAttachmentRefusal() -> String? {
        guard let missing = content.attachments.compactMap(\.localFileURL).first(where: { !FileManager.default.isReadableFile(atPath: $0.path) })
        else { return nil }
        return attachmentErrorMessage(for: missing, error: ChatError.attachmentFileMissing(missing))
    }

    /// Gives the file chooser the composer's strings.
    func configurePicker(_ picker: UIDocumentPickerViewController) {
        picker.delegate = self
        picker.allowsMultipleSelection = true
        picker.titleText = appearance.l10n.tr("composer.attach")
        picker.cancelTitle = appearance.l10n.tr("composer.cancel")
        picker.openTitle = appearance.l10n.tr("composer.attachment.open")
    }

    /// Attaches the picked files and remembers their folder.
    public func documentPicker(_ controller: UIDocumentPickerViewController, didPickDocumentsAt urls: [URL]) {
        attachmentsPickerDirectory = urls.first?.deletingLastPathComponent() ?? attachmentsPickerDirectory
        addAttachments(from: urls)
    }

    /// Nothing is attached.
    public func documentPickerWasCancelled(_ controller: UIDocumentPickerViewController) {}

    /// Attaches pasted file paths.
    public func inputTextView(_ inputTextView: InputTextView, didPasteFiles urls: [URL]) {
        addAttachments(from: urls)
    }

    /// Attaches a pasted picture as a PNG file ("Pasted image.png" in English, in a folder of its own under
    /// the temporary folder, so the name never clashes); says why when it cannot be written.
    public func inputTextView(_ inputTextView: InputTextView, didPasteImage image: UIImage) {
        guard isAttachmentsEnabled else { return }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("parley-pasted-images", isDirectory: true)
            .appendingPathComponent(UUID().uuidString, isDirectory: true)
        let name = GalleryVC.safeFileName(appearance.l10n.tr("composer.attachment.pasted-image"), fallback: "")
        let url = folder.appendingPathComponent((name.isEmpty ? UUID().uuidString : name) + ".png")
        do {
            guard let png = image.pngData() else { throw CocoaError(.fileWriteUnknown) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try png.write(to: url)
        } catch {
            errorMessage = attachmentErrorMessage(for: url, error: error)
            return
        }
        addAttachments(from: [url])
    }

    /// Takes dropped files while attachments are enabled.
    public func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool {
        isAttachmentsEnabled && session.hasFileURLs
    }

    /// Attaches dropped files.
    public func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession) {
        addAttachments(from: session.items.map(\.fileURL))
    }
}
