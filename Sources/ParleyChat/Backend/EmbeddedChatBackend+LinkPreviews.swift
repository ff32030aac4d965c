import Foundation
import GRDB

/// Link previews in the embedded backend: after a message with an http(s) link and no link
/// attachment is accepted, the page of its first link is fetched with
/// ``ChatClientConfig/linkPreviewFetcher`` (off when that is nil) and, if it says something, the
/// message gets a ``AttachmentType/link`` attachment. The send never waits for the page; a message
/// edited later is not fetched again.
extension EmbeddedChatBackend {
    /// Starts fetching the preview of `message` (just accepted) in the background.
    func startLinkPreview(for message: OutgoingMessage) {
        guard let fetcher = linkPreviewFetcher,
              let url = LinkPreviewLinks.link(for: message.text, attachments: message.attachments) else { return }
        let task = Task.detached { [store, clock] in
            guard let metadata = await fetcher.metadata(for: url), let payload = metadata.linkPayload(for: url) else { return }
            do {
                try await Self.attachLinkPreview(payload, to: message.id, store: store, now: clock.now())
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

    /// Appends the link attachment to the message, unless it was deleted or got one meanwhile.
    static func attachLinkPreview(_ payload: LinkAttachmentPayload, to id: MessageId, store: ChatStore, now: Date) async throws(ChatError) {
        try await store.write { db in
            guard let row = try StoreReader(db: db, currentUserId: "", now: now).messageRow(id: id), row.type != .deleted,
                  LinkPreviewLinks.link(for: row.text, attachments: row.attachments) != nil else { return }
            var attachments = row.attachments
            attachments.append(ChatMessageAttachment(id: attachments.count, payload: .link(payload)))
            try db.execute(
                sql: "UPDATE message SET attachments = ?, updated_at = ? WHERE pk = ?",
                arguments: [JSONColumn.encodeAttachments(attachments), now.millisecondsSince1970, row.pk])
        }
    }
}

/// One line on standard error about a preview that could not be made.
func linkPreviewLog(_ line: String) {
    FileHandle.standardError.write(Data("parley link preview: \(line)\n".utf8))
}
