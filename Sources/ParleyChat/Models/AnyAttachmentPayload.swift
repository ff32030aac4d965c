import Foundation

/// An attachment on its way into a message, as Stream's `AnyAttachmentPayload`: its type, its
/// payload, and the local file to upload when the message is sent (the composer holds these in
/// `ComposerVC.Content.attachments`).
public struct AnyAttachmentPayload: Sendable, Hashable {
    /// The attachment's kind.
    public let type: AttachmentType
    /// What the attachment holds (pointing at ``localFileURL`` until it is uploaded).
    public let payload: ChatMessageAttachment.Payload
    /// The file to upload, for images and files.
    public let localFileURL: URL?

    /// An attachment for a payload: images and files upload their ``localFileURL`` when sent,
    /// link previews and custom payloads need no upload.
    public init(payload: ChatMessageAttachment.Payload) {
        self.payload = payload
        self.type = ChatMessageAttachment(payload: payload).type
        switch payload {
        case .image(let image): localFileURL = image.localURL
        case .file(let file): localFileURL = file.localURL
        case .link, .custom: localFileURL = nil
        }
    }

    /// An attachment holding `payload`, as Stream's `init(payload:)`: an app's own payload is
    /// encoded as a ``CustomAttachmentPayload`` of its ``AttachmentPayload/type``; the SDK's image,
    /// file and link payloads stay what they are.
    ///
    /// - Throws: ``ChatError/attachmentPayloadTooLarge(type:size:limit:)`` when the JSON is larger
    ///   than ``CustomAttachmentPayload/maximumSize``; ``ChatError/invalidAttachmentPayload(type:reason:)``
    ///   when it cannot be encoded or its type is one of the SDK's own.
    public init<Payload: AttachmentPayload>(payload: Payload) throws(ChatError) {
        if let image = payload as? ImageAttachmentPayload {
            self.init(payload: .image(image))
        } else if let file = payload as? FileAttachmentPayload {
            self.init(payload: .file(file))
        } else if let link = payload as? LinkAttachmentPayload {
            self.init(payload: .link(link))
        } else {
            self.init(payload: .custom(try CustomAttachmentPayload(payload)))
        }
    }

    /// An image or file attachment for the file at `localFileURL`, as Stream's
    /// `init(localFileURL:attachmentType:)`: reads the file's size (not its bytes); an image
    /// keeps the pixel size it is given (`width`, `height`) so the message list can size its tile
    /// before decoding.
    ///
    /// - Throws: ``ChatError/attachmentFileMissing(_:)`` when the path is not a readable regular
    ///   file.
    public init(localFileURL: URL, attachmentType: AttachmentType, width: Int? = nil, height: Int? = nil) throws(ChatError) {
        let path = localFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              FileManager.default.isReadableFile(atPath: path) else {
            throw ChatError.attachmentFileMissing(localFileURL)
        }
        let name = localFileURL.lastPathComponent
        switch attachmentType {
        case .image:
            self.init(payload: .image(ImageAttachmentPayload(localURL: localFileURL, title: name, width: width, height: height)))
        default:
            self.init(payload: .file(FileAttachmentPayload(
                localURL: localFileURL, title: name, fileSize: Self.fileSize(atPath: path) ?? 0,
                mimeType: Self.mimeType(forExtension: localFileURL.pathExtension))))
        }
    }

    /// The size of the file at `path` in bytes, read from its attributes (never its contents).
    public static func fileSize(atPath path: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
    }

    /// The attachment type a file's extension suggests: images for the formats the message list
    /// decodes, files for everything else.
    public static func attachmentType(forExtension pathExtension: String) -> AttachmentType {
        ["png", "jpg", "jpeg", "gif", "bmp", "webp"].contains(pathExtension.lowercased()) ? .image : .file
    }

    /// The MIME type of common extensions; nil for others.
    public static func mimeType(forExtension pathExtension: String) -> String? {
        switch pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "pdf": "application/pdf"
        case "txt", "md": "text/plain"
        case "zip": "application/zip"
        case "json": "application/json"
        case "mp3": "audio/mpeg"
        case "mp4": "video/mp4"
        default: nil
        }
    }

    /// The attachment as stored in a message.
    public var messageAttachment: ChatMessageAttachment { ChatMessageAttachment(payload: payload) }
}
