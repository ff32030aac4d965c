import Foundation

/// Something attached to a message: an image, a file, a link preview, or an app's own kind
/// (``CustomAttachmentPayload``, sent with an ``AnyAttachmentPayload`` made from an
/// ``AttachmentPayload``).
///
/// Images and files point at local files (`localURL`); the UI layer renders them. Sent through
/// a server, they also get a `remoteURL` (the upload's address): on the machines that receive
/// them `localURL` is that same address until a ``ChatAttachmentDownloading`` brings the bytes
/// into its cache. The embedded backend checks that local files exist.
public struct ChatMessageAttachment: Sendable, Hashable, Codable, Identifiable {
    /// Identifies the attachment within its message (its position).
    public var id: Int
    /// What is attached.
    public var payload: Payload

    /// Creates an attachment.
    public init(id: Int = 0, payload: Payload) {
        self.id = id
        self.payload = payload
    }

    /// The attachment's kind.
    public var type: AttachmentType {
        switch payload {
        case .image: .image
        case .file: .file
        case .link: .link
        case .custom(let custom): custom.type
        }
    }

    /// What an attachment holds.
    public enum Payload: Sendable, Hashable, Codable {
        /// An image file.
        case image(ImageAttachmentPayload)
        /// Any other file.
        case file(FileAttachmentPayload)
        /// A link with its preview.
        case link(LinkAttachmentPayload)
        /// An attachment of a type the SDK does not draw itself (a location, a poll…): its type
        /// and its JSON, read with ``ChatMessage/attachments(payloadType:)``.
        case custom(CustomAttachmentPayload)
    }

    /// A local file the attachment points at, if it has one.
    var localURL: URL? {
        switch payload {
        case .image(let image): image.localURL
        case .file(let file): file.localURL
        case .link, .custom: nil
        }
    }
}

/// An image attachment.
public struct ImageAttachmentPayload: Sendable, Hashable, Codable {
    /// The image file on this machine.
    public var localURL: URL
    /// A title or file name.
    public var title: String?
    /// The image's pixel width, if known (lets the UI size the cell before decoding).
    public var width: Int?
    /// The image's pixel height, if known.
    public var height: Int?
    /// Where the image was uploaded (a server's `/v1/uploads/{id}`), once it was.
    public var remoteURL: URL?

    /// Creates an image payload.
    public init(localURL: URL, title: String? = nil, width: Int? = nil, height: Int? = nil, remoteURL: URL? = nil) {
        self.localURL = localURL
        self.title = title
        self.width = width
        self.height = height
        self.remoteURL = remoteURL
    }
}

/// A file attachment.
public struct FileAttachmentPayload: Sendable, Hashable, Codable {
    /// The file on this machine.
    public var localURL: URL
    /// The file name to show.
    public var title: String
    /// The size in bytes.
    public var fileSize: Int64
    /// The MIME type, if known.
    public var mimeType: String?
    /// Where the file was uploaded (a server's `/v1/uploads/{id}`), once it was.
    public var remoteURL: URL?

    /// Creates a file payload.
    public init(localURL: URL, title: String, fileSize: Int64, mimeType: String? = nil, remoteURL: URL? = nil) {
        self.localURL = localURL
        self.title = title
        self.fileSize = fileSize
        self.mimeType = mimeType
        self.remoteURL = remoteURL
    }
}

/// A link preview.
public struct LinkAttachmentPayload: Sendable, Hashable, Codable {
    /// The link.
    public var url: URL
    /// The page title.
    public var title: String?
    /// A short description of the page.
    public var text: String?
    /// The site's name (for example "GitHub").
    public var siteName: String?
    /// The page's preview picture (its Open Graph image), as the image loader reads it: a file on
    /// this machine, or for a message from a server the picture's upload there (downloaded into
    /// the attachment cache when first shown, as image attachments are).
    public var imageURL: URL?
    /// Where the picture is kept on a server (an upload's `/v1/uploads/{id}`), when it is.
    public var remoteImageURL: URL?

    /// Creates a link payload.
    public init(
        url: URL, title: String? = nil, text: String? = nil, siteName: String? = nil, imageURL: URL? = nil,
        remoteImageURL: URL? = nil
    ) {
        self.url = url
        self.title = title
        self.text = text
        self.siteName = siteName
        self.imageURL = imageURL
        self.remoteImageURL = remoteImageURL
    }
}
