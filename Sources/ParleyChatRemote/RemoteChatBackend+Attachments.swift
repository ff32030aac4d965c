import Foundation
import ParleyChat
import ParleyProtocol

// Attachments between machines: a message's files are uploaded before it is posted (the wire
// then carries the server's URL), and remote files are downloaded into a bounded cache before
// they are shown or opened.
extension RemoteChatBackend: ChatAttachmentDownloading {
    /// The cache downloaded attachments go to.
    var attachmentCache: RemoteAttachmentCache {
        RemoteAttachmentCache(
            directory: configuration.attachmentCacheDirectory
                ?? RemoteAttachmentCache.defaultDirectory(for: configuration.serverURL),
            byteLimit: configuration.attachmentCacheByteLimit)
    }

    // MARK: Uploads

    /// The server's upload limit: the one its last welcome frame named (``WireLimits/maxUploadBytes``)
    /// or it gave when it last refused a file as too large, else
    /// ``RemoteChatConfiguration/maxAttachmentSize``; `nil` while neither is known.
    public var maxAttachmentSize: Int64? {
        state.withLock { $0.serverMaxAttachmentSize } ?? configuration.maxAttachmentSize
    }

    /// `message` with every image and file not uploaded yet uploaded to the server, one after
    /// another, and its `remoteURL` set. Each attachment's ``AttachmentUploadingState`` goes to
    /// ``ChatAttachmentTransfers/shared``: pending, uploading with progress, uploaded or failed.
    ///
    /// - Throws: ``ChatError/attachmentFileMissing(_:)`` for a file that is gone;
    ///   ``ChatError/attachmentTooLarge(fileName:size:limit:)`` for one over ``maxAttachmentSize``
    ///   (checked before it is uploaded when the limit is known, else the server's 413, whose limit
    ///   is then kept); the server's other refusals (a type it does not take, uploads disabled); or
    ///   ``ChatError/notConnected(reason:)`` (the send is retried, and uploads already done are
    ///   not repeated).
    func uploadingAttachments(of message: OutgoingMessage) async throws(ChatError) -> OutgoingMessage {
        let transfers = ChatAttachmentTransfers.shared
        var uploaded = message
        let pending = message.attachments.indices.filter { Self.uploadSource(message.attachments[$0].payload) != nil }
        for index in pending {
            guard let (file, _, _) = Self.uploadSource(message.attachments[index].payload) else { continue }
            transfers.setUploadingState(
                AttachmentUploadingState(localFileURL: file, state: .pendingUpload), messageId: message.id, attachmentId: index)
        }
        for index in pending {
            guard let (file, name, mimeType) = Self.uploadSource(message.attachments[index].payload) else { continue }
            let key = "\(message.id)#\(index)"
            let remote: URL
            if let done = state.withLock({ $0.uploaded[key] }) {
                remote = done
            } else {
                do {
                    try ChatRules.checkAttachmentSizes([message.attachments[index]], limit: maxAttachmentSize)
                    remote = try await upload(file, name: name, mimeType: mimeType, for: message, index: index)
                } catch {
                    if case .attachmentTooLarge(_, _, let limit) = error { state.withLock { $0.serverMaxAttachmentSize = limit } }
                    transfers.setUploadingState(
                        AttachmentUploadingState(localFileURL: file, state: .uploadingFailed), messageId: message.id,
                        attachmentId: index)
                    throw error
                }
                state.withLock { $0.uploaded[key] = remote }
            }
            uploaded.attachments[index].payload = Self.payload(uploaded.attachments[index].payload, remoteURL: remote)
            transfers.setUploadingState(
                AttachmentUploadingState(localFileURL: file, state: .uploaded), messageId: message.id, attachmentId: index)
        }
        return uploaded
    }

    private func upload(
        _ file: URL, name: String, mimeType: String, for message: OutgoingMessage, index: Int
    ) async throws(ChatError) -> URL {
        let transfers = ChatAttachmentTransfers.shared
        let messageId = message.id
        let answer = try await http.upload(file, name: name, mimeType: mimeType, cid: message.cid) { progress in
            transfers.setUploadingState(
                AttachmentUploadingState(localFileURL: file, state: .uploading(progress: progress)), messageId: messageId,
                attachmentId: index)
        }
        guard WirePath.isValidUploadId(answer.id), let remote = URL(string: http.baseURL + WirePath.upload(answer.id)) else {
            throw ChatError.serverError(code: "bad_response", message: "the server answered an invalid upload id")
        }
        // The sender shows its own attachment from the cache, never downloading what it just sent.
        attachmentCache.seed(id: answer.id, from: file, name: answer.fileName)
        return remote
    }

    /// The local file, name and MIME type of an image or file that still has to be uploaded.
    static func uploadSource(_ payload: ChatMessageAttachment.Payload) -> (URL, String, String)? {
        switch payload {
        case .image(let image) where image.remoteURL == nil && image.localURL.isFileURL:
            let name = image.localURL.lastPathComponent
            return (image.localURL, name, AnyAttachmentPayload.mimeType(forExtension: image.localURL.pathExtension) ?? "image/png")
        case .file(let file) where file.remoteURL == nil && file.localURL.isFileURL:
            let name = file.localURL.lastPathComponent
            return (file.localURL, name, file.mimeType ?? AnyAttachmentPayload.mimeType(forExtension: file.localURL.pathExtension)
                ?? "application/octet-stream")
        default:
            return nil
        }
    }

    static func payload(_ payload: ChatMessageAttachment.Payload, remoteURL: URL) -> ChatMessageAttachment.Payload {
        switch payload {
        case .image(var image):
            image.remoteURL = remoteURL
            return .image(image)
        case .file(var file):
            file.remoteURL = remoteURL
            return .file(file)
        case .link, .custom:
            return payload
        }
    }

    // MARK: Downloads

    /// Whether `url` is an upload on a Parley server (`…/v1/uploads/{id}`). It is always fetched
    /// from this backend's own server, with its token: the token never goes to another host.
    public func canDownload(_ url: URL) -> Bool {
        WirePath.uploadId(in: url) != nil
    }

    /// Whether `url` is on this backend's server (scheme, host and port).
    public func isOwnServer(_ url: URL) -> Bool {
        let server = configuration.serverURL
        return url.scheme == server.scheme && url.host == server.host && url.port == server.port
    }

    /// The cached file of upload `url`, if it is on disk.
    public func cachedFile(for url: URL) -> URL? {
        WirePath.uploadId(in: url).flatMap(attachmentCache.file(for:))
    }

    /// The file holding upload `url`'s bytes: from the cache, else downloaded into it (requests
    /// for one upload share one download). Progress goes to ``ChatAttachmentTransfers/shared``.
    ///
    /// - Throws: ``ChatError/notConnected(reason:)`` when the server cannot be reached; the
    ///   server's refusal (an upload that is gone or in a channel the user cannot read); a
    ///   `payload_too_large` ``ChatError/serverError(code:message:)`` above
    ///   ``RemoteChatConfiguration/maxAttachmentDownloadBytes``.
    public func download(_ url: URL) async throws(ChatError) -> URL {
        guard let id = WirePath.uploadId(in: url) else {
            throw ChatError.serverError(code: "bad_request", message: "\(url) is not an upload")
        }
        let transfers = ChatAttachmentTransfers.shared
        let cache = attachmentCache
        if let file = cache.file(for: id) {
            transfers.setDownloadingState(AttachmentDownloadingState(localFileURL: file, state: .downloaded), for: url)
            return file
        }
        let task = state.withLock { state in
            if let running = state.downloads[id] { return running }
            let task = Task { [http, maxBytes = configuration.maxAttachmentDownloadBytes] () async throws -> URL in
                transfers.setDownloadingState(AttachmentDownloadingState(localFileURL: nil, state: .downloading(progress: 0)), for: url)
                let partial = try cache.partialFile(for: id)
                do {
                    let name = try await http.download(WirePath.upload(id), to: partial, maxBytes: maxBytes) { progress in
                        transfers.setDownloadingState(
                            AttachmentDownloadingState(localFileURL: nil, state: .downloading(progress: progress)), for: url)
                    }
                    let file = try cache.commit(partial, id: id, name: name ?? id)
                    transfers.setDownloadingState(AttachmentDownloadingState(localFileURL: file, state: .downloaded), for: url)
                    return file
                } catch {
                    try? FileManager.default.removeItem(at: partial)
                    transfers.setDownloadingState(AttachmentDownloadingState(localFileURL: nil, state: .downloadingFailed), for: url)
                    throw error
                }
            }
            state.downloads[id] = task
            return task
        }
        defer { _ = state.withLock { $0.downloads.removeValue(forKey: id) } }
        do {
            return try await task.value
        } catch let error as ChatError {
            throw error
        } catch {
            throw ChatError.notConnected(reason: String(describing: error))
        }
    }
}
