import Foundation

// The size limit of attached files, the same for the embedded backend and `parley serve`.
extension ChatRules {
    /// The largest attached file the embedded backend and `parley serve` accept unless configured
    /// otherwise: 20 MB, 20,000,000 bytes in the decimal units file sizes are shown in
    /// (``ChatClientConfig/maxAttachmentSize``, `parley serve --max-upload-bytes`).
    public static let defaultMaxAttachmentSize: Int64 = 20_000_000

    /// Checks that each picture and file of `attachments` still to be uploaded (a local file
    /// without a remote URL) is at most `limit` bytes; its size is read from the file's attributes,
    /// so a 2 GB file is refused without reading it. `nil` (the limit is not known) accepts any
    /// size; files that are missing are left to the other checks.
    ///
    /// - Throws: ``ChatError/attachmentTooLarge(fileName:size:limit:)`` for the first file over
    ///   the limit.
    public static func checkAttachmentSizes(_ attachments: [ChatMessageAttachment], limit: Int64?) throws(ChatError) {
        guard let limit else { return }
        for attachment in attachments {
            let file: URL?
            switch attachment.payload {
            case .image(let image) where image.remoteURL == nil: file = image.localURL
            case .file(let payload) where payload.remoteURL == nil: file = payload.localURL
            default: file = nil
            }
            guard let file, file.isFileURL, let size = AnyAttachmentPayload.fileSize(atPath: file.path), size > limit else { continue }
            throw ChatError.attachmentTooLarge(fileName: file.lastPathComponent, size: size, limit: limit)
        }
    }
}
