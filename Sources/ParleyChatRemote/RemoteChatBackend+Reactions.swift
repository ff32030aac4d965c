import Foundation
import NIOHTTP1
import ParleyChat
import ParleyProtocol

// Reactions go through an outbox in the store, each with an operation id chosen once: a retry
// after a lost answer (or a restart) carries the same id, and the server applies it only once.
extension RemoteChatBackend {
    /// Adds a reaction. The operation is queued in the store with a new operation id and sent;
    /// offline (or behind earlier queued reactions) it throws ``ChatError/notConnected(reason:)``
    /// and stays queued: it is sent, with the same id, once the connection is back.
    public func addReaction(
        _ type: MessageReactionType, score: Int, enforceUnique: Bool, to messageId: MessageId, by userId: UserId
    ) async throws(ChatError) {
        try ChatRules.validateReaction(type, score: score)
        try await send(QueuedReaction(
            operationId: Self.newOperationId(), messageId: messageId, type: type, score: score,
            enforceUnique: enforceUnique), by: userId)
    }

    /// Removes the user's reaction; queued and retried as ``addReaction(_:score:enforceUnique:to:by:)``.
    public func removeReaction(_ type: MessageReactionType, from messageId: MessageId, by userId: UserId) async throws(ChatError) {
        try await send(
            QueuedReaction(operationId: Self.newOperationId(), messageId: messageId, type: type, isRemoval: true), by: userId)
    }

    static func newOperationId() -> String { "reaction-" + UUID().uuidString.lowercased() }

    /// Queues `reaction`, then sends it now when connected and nothing older waits.
    func send(_ reaction: QueuedReaction, by userId: UserId) async throws(ChatError) {
        let sync = try actor(userId)
        try await sync.queueReaction(reaction)
        let (connected, draining) = state.withLock { ($0.isConnected, $0.isDraining) }
        // Queued messages go first (the reaction may be to one of them), then older reactions.
        let messageQueued = connected && !draining ? try !sync.queuedMessages(limit: 1).isEmpty : true
        let oldest = connected && !draining ? try sync.queuedReactions(limit: 1).first?.operationId : nil
        guard connected, !draining, !messageQueued, oldest == reaction.operationId else {
            if connected { Task { await self.drain() } }
            throw ChatError.notConnected(reason: connected ? "queued behind earlier writes" : "offline: queued")
        }
        do {
            try await post(reaction)
        } catch where error.isConnectionFailure {
            // The server may have applied it: the drain sends it again with the same id.
            if isConnected { Task { await self.drain() } }
            throw error
        } catch {
            try? await sync.removeQueuedReaction(reaction.operationId)
            throw error
        }
        try await sync.removeQueuedReaction(reaction.operationId)
    }

    /// Sends one reaction operation and applies the answer.
    func post(_ reaction: QueuedReaction) async throws(ChatError) {
        let response: WriteResponse
        if reaction.isRemoval {
            response = try await http.send(
                .DELETE, WirePath.reaction(reaction.messageId, type: reaction.type.rawValue, operationId: reaction.operationId))
        } else {
            response = try await http.send(
                .POST, WirePath.reactions(reaction.messageId),
                body: AddReactionRequest(
                    type: reaction.type.rawValue, score: reaction.score, enforceUnique: reaction.enforceUnique,
                    operationId: reaction.operationId))
        }
        if let cid = (response.message?.cid ?? response.events.first?.cid).flatMap({ try? ChannelId(cid: $0) }) {
            try await applyWrite(response, in: cid)
        }
    }

    /// Sends the queued reactions, oldest first, until none is left or a request fails for the
    /// connection; one the server refuses for good is dropped. Returns whether the store or a
    /// request failed.
    func drainReactions(_ sync: ChatSyncStore, failures: inout Int) async -> (storeFailed: Bool, requestFailed: Bool) {
        while isConnected {
            let page: [QueuedReaction]
            do {
                page = try sync.queuedReactions(limit: Self.drainPage)
            } catch {
                logger.error("remote: reading the reaction outbox failed: \(error)")
                return (true, false)
            }
            if page.isEmpty { return (false, false) }
            for next in page {
                guard isConnected else { return (false, false) }
                if Self.isExpired(next, now: Date()) {
                    // Past the retry window the server may have forgotten the id: sent again, a
                    // reaction it applied (its answer lost) would apply twice. Dropped instead.
                    logger.error("remote: reaction \(next.operationId) waited past the retry window; dropped unsent")
                } else {
                    do {
                        try await post(next)
                        failures = 0
                    } catch where error.isConnectionFailure {
                        await backOff(&failures)
                        return (false, true)
                    } catch {
                        logger.error("remote: the server refused reaction \(next.operationId): \(error)")
                    }
                }
                do {
                    try await sync.removeQueuedReaction(next.operationId)
                } catch {
                    logger.error("remote: removing reaction \(next.operationId) from the outbox failed: \(error)")
                    return (true, false)
                }
            }
        }
        return (false, false)
    }
}

extension RemoteChatBackend {
    /// Whether `reaction` was queued longer ago than a client may retry it
    /// (``WirePath/operationRetryWindow``).
    static func isExpired(_ reaction: QueuedReaction, now: Date) -> Bool {
        let window = WirePath.operationRetryWindow.components
        return now.timeIntervalSince(reaction.queuedAt) > Double(window.seconds) + Double(window.attoseconds) / 1e18
    }
}
