import Foundation

// Edits, deletions, reactions, read state and typing: the current user's changes to what is
// already there, each handed to the backend in use.
extension ChatClient {
    // MARK: Changing messages

    /// Edits a message's text.
    public func editMessage(id: MessageId, text: String) async throws(ChatError) {
        try await backend.editMessage(id, text: text, by: currentUserId)
    }

    /// Deletes a message: a soft delete for sent messages; an unsent message of the current user
    /// (never accepted by the backend) is removed for good.
    public func deleteMessage(id: MessageId) async throws(ChatError) {
        if let entry = outbox.remove(id) {
            publishOutboxChange(entry.outgoing, kind: .removed)
            // A pending row may also exist if marking it failed was what the store refused.
            try? await removeUnsentRow(id)
            return
        }
        let userId = currentUserId
        if let row = try reader({ try $0.messageRow(id: id) }), row.userId == userId, row.localState != .synced {
            try await removeUnsentRow(id)
            return
        }
        try await backend.deleteMessage(id, by: userId)
    }

    func removeUnsentRow(_ id: MessageId) async throws(ChatError) {
        let now = clock.now()
        let userId = currentUserId
        try await store.write { db in
            if let row = try StoreReader(db: db, currentUserId: userId, now: now).messageRow(id: id), row.localState != .synced {
                try StoreWriter(db: db, now: now).hardDeleteMessage(row)
            }
        }
    }

    /// Adds a reaction as the current user.
    public func addReaction(
        _ type: MessageReactionType, to messageId: MessageId, score: Int = 1, enforceUnique: Bool = false
    ) async throws(ChatError) {
        try await backend.addReaction(type, score: score, enforceUnique: enforceUnique, to: messageId, by: currentUserId)
    }

    /// Removes the current user's reaction of `type`.
    public func removeReaction(_ type: MessageReactionType, from messageId: MessageId) async throws(ChatError) {
        try await backend.removeReaction(type, from: messageId, by: currentUserId)
    }

    /// Marks a channel read by the current user.
    public func markRead(_ cid: ChannelId) async throws(ChatError) {
        try await backend.markRead(cid, by: currentUserId)
    }

    /// Says the current user is typing.
    public func startTyping(in cid: ChannelId, parentMessageId: MessageId? = nil) async throws(ChatError) {
        try await backend.startTyping(in: cid, parentMessageId: parentMessageId, by: currentUserId)
    }

    /// Says the current user stopped typing.
    public func stopTyping(in cid: ChannelId) async throws(ChatError) {
        try await backend.stopTyping(in: cid, by: currentUserId)
    }
}
