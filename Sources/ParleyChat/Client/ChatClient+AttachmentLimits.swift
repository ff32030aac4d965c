import Foundation

// The size limit of attached files, as the backend in use sets it.
extension ChatClient {
    /// The largest file the backend in use accepts as an attachment, in bytes
    /// (``ChatBackend/maxAttachmentSize``); `nil` while it is not known.
    public var maxAttachmentSize: Int64? { backend.maxAttachmentSize }

    /// Removes new message `id` after the backend refused one of its files as too large: sent
    /// again as it is, it would be refused again. Should the store refuse the removal, the message
    /// stays in the list as failed, where the user sees it and can delete it.
    func discardRefused(_ id: MessageId) async {
        if let entry = outbox.remove(id) { publishOutboxChange(entry.outgoing, kind: .removed) }
        do {
            try await removeUnsentRow(id)
        } catch {
            // Kept as sendingFailed (see above): nothing is lost or hidden.
        }
    }
}
