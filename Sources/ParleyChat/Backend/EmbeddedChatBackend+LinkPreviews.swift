import Foundation
import GRDB

/// Link previews in the embedded backend: after a message with an http(s) link and no link
/// attachment is accepted, the page of its first link is fetched with
/// ``ChatClientConfig/linkPreviewFetcher`` (off when that is nil) and, if it says something, the
/// message gets a ``AttachmentType/link`` attachment. The page's picture (`og:image`), when the
/// fetcher gives one, is kept as `<attachmentsDirectory>/<message id>/link-preview.<ext>` and is the
/// payload's ``LinkAttachmentPayload/imageURL``. The send never waits for the page; a message
/// edited later is not fetched again.
extension EmbeddedChatBackend {
    /// Starts fetching the preview of `message` (just accepted) in the background.
    func startLinkPreview(for message: OutgoingMessage) {
        guard let fetcher = linkPreviewFetcher,
              let url = LinkPreviewLinks.link(for: message.text, attachments: message.attachments) else { return }
        let folder = attachmentsDirectory.standardizedFileURL.appendingPathComponent(Self.safeFileName(message.id), isDirectory: true)
        let task = Task.detached { [store, clock] in
            guard let metadata = await fetcher.metadata(for: url), var payload = metadata.linkPayload(for: url) else { return }
            if let imageURL = metadata.imageURL, let image = await fetcher.image(at: imageURL) {
                do {
                    payload.imageURL = try Self.keepLinkPreviewImage(image, in: folder)
                } catch {
                    linkPreviewLog("could not keep the picture of the link preview of message \(message.id): \(error)")
                }
            }
            do {
                let attached = try await Self.attachLinkPreview(payload, to: message.id, store: store, now: clock.now())
                if !attached, let file = payload.imageURL {
                    // The message was deleted or got a preview meanwhile: its picture is nobody's.
                    do {
                        try FileManager.default.removeItem(at: file)
                    } catch {
                        linkPreviewLog("could not remove the unused link preview picture \(file.path): \(error)")
                    }
                }
            } catch {
                linkPreviewLog("could not store the link preview of message \(message.id): \(error)")
            }
        }
        linkPreviewTasks.withLock { $0.append(task) }
    }

    /// Waits until every preview started so far is fetched and stored (or given up): tests and
    /// demos that want the preview in place before they look.
    public func waitForLinkPreviews() async {
        let tasks = linkPreviewTasks.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
        for task in tasks { await task.value }
    }

    /// Writes `image` into `folder` (a message's folder of the attachments directory) under its
    /// fixed, safe name, through a partial file renamed when complete; the file's address.
    static func keepLinkPreviewImage(_ image: LinkPreviewImage, in folder: URL) throws -> URL {
        let files = FileManager.default
        let target = folder.appendingPathComponent(safeFileName(image.fileName))
        let partial = folder.appendingPathComponent(".partial-" + target.lastPathComponent)
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        try image.data.write(to: partial)
        if files.fileExists(atPath: target.path) { try files.removeItem(at: target) }
        try files.moveItem(at: partial, to: target)
        return target
    }

    /// Appends the link attachment to the message, unless it was deleted or got one meanwhile;
    /// whether it did.
    @discardableResult
    static func attachLinkPreview(_ payload: LinkAttachmentPayload, to id: MessageId, store: ChatStore, now: Date) async throws(ChatError) -> Bool {
        try await store.write { db in
            guard let row = try StoreReader(db: db, currentUserId: "", now: now).messageRow(id: id), row.type != .deleted,
                  LinkPreviewLinks.link(for: row.text, attachments: row.attachments) != nil else { return false }
            var attachments = row.attachments
            attachments.append(ChatMessageAttachment(id: attachments.count, payload: .link(payload)))
            try db.execute(
                sql: "UPDATE message SET attachments = ?, updated_at = ? WHERE pk = ?",
                arguments: [JSONColumn.encodeAttachments(attachments), now.millisecondsSince1970, row.pk])
            return true
        }
    }
}

/// One line on standard error about a preview that could not be made.
func linkPreviewLog(_ line: String) {
    FileHandle.standardError.write(Data("parley link preview: \(line)\n".utf8))
}
