import AsyncHTTPClient
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ParleyChat
import ParleyProtocol

// Older history from the server, and the outbox of queued messages.
extension RemoteChatBackend {
    // MARK: History

    /// A reload replaced the channel's messages with its latest ones: older history is on the
    /// server unless the reload brought fewer than it asked for (`complete`).
    func historyReset(_ cid: ChannelId, complete: Bool) {
        state.withLock { state in
            if complete { state.completeHistory.insert(cid) } else { state.completeHistory.remove(cid) }
        }
    }

    /// Whether the server may have messages of `cid` older than the store's: until a page of
    /// history (or a reload) reached the channel's first message.
    public func mayHaveOlderMessages(in cid: ChannelId) -> Bool {
        !state.withLock { $0.completeHistory.contains(cid) }
    }

    /// Fetches up to `limit` messages older than the store's oldest from the server into the
    /// store; returns whether older ones remain there.
    public func loadOlderMessages(in cid: ChannelId, limit: Int) async throws(ChatError) -> Bool {
        guard let sync else { throw ChatError.notConnected(reason: "the backend is not attached to a client") }
        var path = WirePath.channelMessages(cid.rawValue) + "?limit=\(max(1, min(limit, 200)))"
        if let oldest = try sync.oldestSyncedMessageId(in: cid) {
            path += "&before=" + Self.query(oldest)
        }
        let page: MessagesResponse = try await http.send(.GET, path)
        try await sync.storeOlderMessages(page.messages.compactMap(WireMapping.message))
        if page.reachedStart { historyReset(cid, complete: true) }
        return !page.reachedStart
    }

    /// Whether the server may have replies to `parentId` older than the store's: until a page of
    /// them reached the thread's first reply.
    public func mayHaveOlderReplies(to parentId: MessageId, in cid: ChannelId) -> Bool {
        !state.withLock { $0.completeThreads.contains(parentId) }
    }

    /// Fetches up to `limit` replies to `parentId` older than the store's oldest from the server
    /// into the store; returns whether older ones remain there.
    public func loadOlderReplies(to parentId: MessageId, in cid: ChannelId, limit: Int) async throws(ChatError) -> Bool {
        guard let sync else { throw ChatError.notConnected(reason: "the backend is not attached to a client") }
        var path = WirePath.channelMessages(cid.rawValue) + "?limit=\(max(1, min(limit, 200)))&parent=" + Self.query(parentId)
        if let oldest = try sync.oldestSyncedReplyId(to: parentId) { path += "&before=" + Self.query(oldest) }
        let page: MessagesResponse = try await http.send(.GET, path)
        try await sync.storeOlderMessages(page.messages.compactMap(WireMapping.message))
        if page.reachedStart { _ = state.withLock { $0.completeThreads.insert(parentId) } }
        return !page.reachedStart
    }

    /// A query parameter's value, percent-encoded.
    static func query(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+"))) ?? value
    }

    // MARK: Outbox

    /// Sends the queued messages, oldest first, then the queued reactions, until none is left or
    /// the connection drops. A message the server refuses for good is marked failed (the UI
    /// offers to resend it).
    func drain() async {
        guard let sync else { return }
        let started = state.withLock { state -> Bool in
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        guard started else { return }
        var failures = 0
        while true {
            // The local store failing (a full disk, a read-only file) stops this drain; the
            // queued messages stay queued for the next one (the next reconnect or send).
            var storeFailed = false
            var requestFailed = false
            // A page of the outbox at a time: reading all of a long outbox for every message
            // sent made draining thousands of queued messages quadratic.
            while isConnected, !storeFailed, !requestFailed {
                let page: [OutgoingMessage]
                do {
                    page = try sync.queuedMessages(limit: Self.drainPage)
                } catch {
                    logger.error("remote: reading the outbox failed: \(error)")
                    storeFailed = true
                    break
                }
                if page.isEmpty { break }
                for next in page {
                    guard isConnected else { break }
                    do {
                        try await post(next)
                        failures = 0
                    } catch where error.isConnectionFailure {
                        await backOff(&failures)
                        requestFailed = true
                        break
                    } catch {
                        do {
                            try await sync.markSendFailed(next.id)
                        } catch let storeError {
                            // Not marked failed: sending it again now would loop on the same refusal.
                            logger.error("remote: marking \(next.id) failed did not stick: \(storeError)")
                            storeFailed = true
                            break
                        }
                    }
                }
            }
            // Then the queued reactions (a reaction may be to a message that was queued too).
            if isConnected, !storeFailed, !requestFailed {
                (storeFailed, requestFailed) = await drainReactions(sync, failures: &failures)
            }
            // A send that came in while draining was queued: look once more before stopping.
            var more = false
            if !storeFailed && isConnected {
                do {
                    more = try !sync.queuedMessages(limit: 1).isEmpty || !sync.queuedReactions(limit: 1).isEmpty
                } catch {
                    logger.error("remote: reading the outbox failed: \(error)")
                }
            }
            let stop = state.withLock { state -> Bool in
                if !more { state.isDraining = false }
                return !more
            }
            if stop { return }
        }
    }

    /// After a request failed for the connection: the socket may still be up while requests
    /// fail, so the drain waits as a reconnect would (longer after each failure in a row).
    func backOff(_ failures: inout Int) async {
        failures += 1
        try? await Task.sleep(for: configuration.reconnectDelay(attempt: failures - 1))
    }

    /// How many queued messages a drain reads at once.
    static let drainPage = 64

    /// Uploads the message's files (see ``uploadingAttachments(of:)``), then posts it.
    func post(_ message: OutgoingMessage) async throws(ChatError) {
        let sendable = try await uploadingAttachments(of: message)
        let response: WriteResponse = try await http.send(
            .POST, WirePath.channelMessages(message.cid.rawValue), body: WireMapping.sendRequest(sendable))
        state.withLock { state in
            for index in message.attachments.indices { state.uploaded["\(message.id)#\(index)"] = nil }
        }
        try await applyWrite(response, in: message.cid)
    }
}
