import Foundation

/// Where an attachment's upload stands, as Stream's `LocalAttachmentState`.
public enum LocalAttachmentState: Sendable, Hashable {
    /// Waiting for its turn (the message is queued, or another attachment is uploading).
    case pendingUpload
    /// Uploading; `progress` runs from 0 to 1.
    case uploading(progress: Double)
    /// The upload failed (the message is marked failed and can be resent).
    case uploadingFailed
    /// On the server.
    case uploaded
}

/// The upload of one attachment of an outgoing message, as Stream's `AttachmentUploadingState`.
public struct AttachmentUploadingState: Sendable, Hashable {
    /// The file being uploaded.
    public var localFileURL: URL
    /// Where the upload stands.
    public var state: LocalAttachmentState

    /// Describes an upload.
    public init(localFileURL: URL, state: LocalAttachmentState) {
        self.localFileURL = localFileURL
        self.state = state
    }
}

/// Where the download of a remote attachment stands, as Stream's `LocalAttachmentDownloadState`.
public enum LocalAttachmentDownloadState: Sendable, Hashable {
    /// Downloading; `progress` runs from 0 to 1.
    case downloading(progress: Double)
    /// The download failed.
    case downloadingFailed
    /// In the cache, at ``AttachmentDownloadingState/localFileURL``.
    case downloaded
}

/// The download of one remote attachment, as Stream's `AttachmentDownloadingState`.
public struct AttachmentDownloadingState: Sendable, Hashable {
    /// The file in the cache (once downloaded).
    public var localFileURL: URL?
    /// Where the download stands.
    public var state: LocalAttachmentDownloadState

    /// Describes a download.
    public init(localFileURL: URL?, state: LocalAttachmentDownloadState) {
        self.localFileURL = localFileURL
        self.state = state
    }
}

/// Something that brings a remote attachment's bytes onto this machine (a remote backend: it
/// knows the server and the token). Registered with ``ChatAttachmentTransfers/register(_:)``.
public protocol ChatAttachmentDownloading: AnyObject, Sendable {
    /// Whether `url` is an attachment this downloader fetches.
    func canDownload(_ url: URL) -> Bool
    /// Whether `url` is on this downloader's own server (preferred when several could fetch it).
    func isOwnServer(_ url: URL) -> Bool
    /// The cached file of `url`, if it is on disk already (no network).
    func cachedFile(for url: URL) -> URL?
    /// The file holding `url`'s bytes, downloaded into the cache first when needed; progress goes
    /// to ``ChatAttachmentTransfers/downloadingState(for:)``.
    func download(_ url: URL) async throws(ChatError) -> URL
}
