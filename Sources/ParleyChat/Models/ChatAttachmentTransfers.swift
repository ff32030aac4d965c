import Foundation

/// The uploads and downloads of attachments under way, for the UI to show (thread-safe).
///
/// A remote backend reports each attachment's ``AttachmentUploadingState`` while it sends a
/// message and each remote file's ``AttachmentDownloadingState`` while it downloads one; every
/// change posts ``didChangeNotification`` on the main queue (progress at most once per percent),
/// and views read the states they show again.
public final class ChatAttachmentTransfers: @unchecked Sendable {
    /// The transfers of this process.
    public static let shared = ChatAttachmentTransfers()

    /// Posted on the main queue after a state changed; `object` is the ``ChatAttachmentTransfers``.
    public static let didChangeNotification = Notification.Name("ParleyChatAttachmentTransfersDidChange")

    private struct UploadKey: Hashable {
        var messageId: MessageId
        var attachmentId: Int
    }

    private struct WeakDownloader {
        weak var downloader: (any ChatAttachmentDownloading)?
    }

    private let lock = NSLock()
    private var uploads: [UploadKey: AttachmentUploadingState] = [:]
    private var downloads: [URL: AttachmentDownloadingState] = [:]
    private var downloaders: [WeakDownloader] = []
    private var notificationPending = false

    /// An empty registry (tests; the app uses ``shared``).
    public init() {}

    /// The upload state of attachment `attachmentId` (its position) of message `messageId`;
    /// `nil` when it is not being uploaded by this process.
    public func uploadingState(messageId: MessageId, attachmentId: Int) -> AttachmentUploadingState? {
        lock.withLock { uploads[UploadKey(messageId: messageId, attachmentId: attachmentId)] }
    }

    /// Records an upload's state (`nil` forgets it).
    public func setUploadingState(_ state: AttachmentUploadingState?, messageId: MessageId, attachmentId: Int) {
        let key = UploadKey(messageId: messageId, attachmentId: attachmentId)
        let changed = lock.withLock { () -> Bool in
            let old = uploads[key]
            uploads[key] = state
            return Self.visiblyDifferent(old?.state.progress, state?.state.progress)
                || old?.state.withoutProgress != state?.state.withoutProgress
        }
        if changed { postChange() }
    }

    /// The download state of the remote attachment at `url`; `nil` when it was not downloaded by this process.
    public func downloadingState(for url: URL) -> AttachmentDownloadingState? {
        lock.withLock { downloads[url] }
    }

    /// Records a download's state (`nil` forgets it).
    public func setDownloadingState(_ state: AttachmentDownloadingState?, for url: URL) {
        let changed = lock.withLock { () -> Bool in
            let old = downloads[url]
            downloads[url] = state
            return Self.visiblyDifferent(old?.state.progress, state?.state.progress)
                || old?.state.withoutProgress != state?.state.withoutProgress || old?.localFileURL != state?.localFileURL
        }
        if changed { postChange() }
    }

    /// Adds a downloader (kept weakly: it stops counting when it goes away).
    public func register(_ downloader: any ChatAttachmentDownloading) {
        lock.withLock {
            downloaders.removeAll { $0.downloader == nil || $0.downloader === downloader }
            downloaders.append(WeakDownloader(downloader: downloader))
        }
    }

    /// Removes a downloader.
    public func unregister(_ downloader: any ChatAttachmentDownloading) {
        lock.withLock { downloaders.removeAll { $0.downloader == nil || $0.downloader === downloader } }
    }

    /// The downloader for `url`: one whose own server it is, else the latest registered that can fetch it.
    public func downloader(for url: URL) -> (any ChatAttachmentDownloading)? {
        let all = lock.withLock { downloaders.compactMap(\.downloader) }
        return all.last { $0.canDownload(url) && $0.isOwnServer(url) } ?? all.last { $0.canDownload(url) }
    }

    /// Whether two progress values differ by at least a percent (or one is missing).
    private static func visiblyDifferent(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return a != nil || b != nil }
        return abs(a - b) >= 0.01 || (b >= 1 && a < 1)
    }

    private func postChange() {
        let post = lock.withLock { () -> Bool in
            defer { notificationPending = true }
            return !notificationPending
        }
        guard post else { return }
        DispatchQueue.main.async { [self] in
            lock.withLock { notificationPending = false }
            NotificationCenter.default.post(name: Self.didChangeNotification, object: self)
        }
    }
}

extension LocalAttachmentState {
    /// The progress of an upload under way.
    var progress: Double? {
        if case .uploading(let progress) = self { return progress }
        return nil
    }

    /// The state with any progress set to 0 (compares cases).
    var withoutProgress: Self {
        if case .uploading = self { return .uploading(progress: 0) }
        return self
    }
}

extension LocalAttachmentDownloadState {
    /// The progress of a download under way.
    var progress: Double? {
        if case .downloading(let progress) = self { return progress }
        return nil
    }

    /// The state with any progress set to 0 (compares cases).
    var withoutProgress: Self {
        if case .downloading = self { return .downloading(progress: 0) }
        return self
    }
}
