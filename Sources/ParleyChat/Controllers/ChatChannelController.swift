import Foundation

/// Receives a ``ChatChannelController``'s changes on the main actor.
@preconcurrency @MainActor
public protocol ChatChannelControllerDelegate: AnyObject {
    /// The message list changed; `controller.messages` already holds the new list.
    func channelController(_ controller: ChatChannelController, didUpdateMessages changes: ListChange<MessageId>)
    /// The channel changed (name, members, unread count, typing users, …).
    func channelController(_ controller: ChatChannelController, didUpdateChannel channel: ChatChannel)
    /// The users typing in the channel changed (Stream's name; called after
    /// ``channelController(_:didUpdateChannel:)`` for the same change).
    func channelController(_ controller: ChatChannelController, didChangeTypingUsers typingUsers: Set<ChatUser>)
}

extension ChatChannelControllerDelegate {
    /// Does nothing.
    public func channelController(_ controller: ChatChannelController, didUpdateMessages changes: ListChange<MessageId>) {}
    /// Does nothing.
    public func channelController(_ controller: ChatChannelController, didUpdateChannel channel: ChatChannel) {}
    /// Does nothing.
    public func channelController(_ controller: ChatChannelController, didChangeTypingUsers typingUsers: Set<ChatUser>) {}
}

/// One channel: its messages, paged 25 at a time in both directions, and everything one can do
/// in it.
///
/// ``messages`` is a window of the channel, **oldest first**, that grows with
/// ``loadPreviousMessages(limit:)`` and ``loadNextMessages(limit:)`` up to
/// ``maxLoadedMessages`` (then the far end is dropped), and jumps with
/// ``loadPageAroundMessageId(_:limit:)``. While the window reaches the newest message
/// (``hasLoadedAllNextMessages``), new messages are inserted as they arrive. Every change is
/// delivered as a ``ListChange`` of message ids, to the delegate and to every ``changes()``
/// stream; nothing is ever reloaded wholesale.
///
/// A live change costs O(changed messages): the store says which rows changed and their
/// ``ChatMessage/version``; the controller reads only the rows whose version moved, puts each at
/// its place by binary search, and reports exactly what it did. ``index(ofMessageId:)`` finds a
/// row's position in O(log n).
///
/// Reads are synchronous (a page is well under a millisecond); actions are `async` and their
/// effects arrive through the same change path as everyone else's.
@preconcurrency @MainActor
public final class ChatChannelController {
    /// What a ``changes()`` stream delivers.
    public enum Change: Sendable {
        /// The message list changed; the snapshot is the list after the change.
        case messages(ListChange<MessageId>, snapshot: [ChatMessage])
        /// The channel changed.
        case channel(ChatChannel)
    }

    /// Messages per page.
    public static let pageSize = 25

    /// The default of ``maxLoadedMessages``: 40 pages, dozens of screens of scrolling either way,
    /// a few megabytes of messages.
    public static let defaultMaxLoadedMessages = 1_000

    /// The channel's id.
    public let cid: ChannelId
    /// The client the controller reads and acts through.
    public let client: ChatClient
    /// The channel, once ``synchronize()`` ran.
    public private(set) var channel: ChatChannel?
    /// The loaded messages, oldest first.
    public var messages: [ChatMessage] { window.messages }
    /// Whether the oldest message of the channel is loaded.
    public internal(set) var hasLoadedAllPreviousMessages = false
    /// Whether the newest message of the channel is loaded (new messages then appear live).
    public internal(set) var hasLoadedAllNextMessages = true
    /// Receives changes.
    public weak var delegate: (any ChatChannelControllerDelegate)?

    /// How many messages the window holds at most (``defaultMaxLoadedMessages`` unless set), so
    /// memory does not grow with how far the user scrolls. Loading older messages past it drops
    /// the newest ones (``hasLoadedAllNextMessages`` becomes false, and new messages are no longer
    /// inserted until ``loadNextMessages(limit:)`` reaches the newest again); loading newer ones,
    /// or new messages arriving, drops the oldest (``hasLoadedAllPreviousMessages`` becomes
    /// false). Dropped ids are in the `removed` ids of the same ``ListChange``. Raise it for a
    /// window that must hold a whole long channel (tests, benchmarks); values under
    /// ``pageSize`` count as ``pageSize``. A smaller value applies at the next load.
    public var maxLoadedMessages = ChatChannelController.defaultMaxLoadedMessages

    var window = MessageWindow()
    var isSynchronized = false
    private var listener: StoreListener?
    private let fanOut = ChangeFanOut<Change>()
    private var lastTypingEventAt: Date?
    var channelRefreshPending = false
    /// Ids whose read failed during a live change: read again with the next change, so a
    /// transient storage error delays an update instead of losing it.
    var retryIds: Set<MessageId> = []
    /// Set when the window could not be re-read after an unresolved change: the next change
    /// re-reads it.
    var needsReload = false

    /// Creates a controller; call ``synchronize()`` to load the channel and its newest page.
    public init(cid: ChannelId, client: ChatClient) {
        self.cid = cid
        self.client = client
        listener = StoreListener(store: client.store) { [weak self] change in self?.apply(change) }
    }

    /// A stream of every change from now on, in order. Ends when the controller is released.
    public func changes() -> AsyncStream<Change> { fanOut.makeStream() }

    /// The position of `id` in ``messages``, or nil if it is not loaded. O(log n): call it for
    /// each inserted or updated id of a ``ListChange``.
    public func index(ofMessageId id: MessageId) -> Int? { window.index(of: id) }

    /// ``maxLoadedMessages``, at least a page.
    var limit: Int { max(maxLoadedMessages, Self.pageSize) }

    // MARK: Loading

    /// Loads the channel and its newest page of messages (jumping back to the newest messages if
    /// the window was elsewhere).
    ///
    /// - Throws: ``ChatError/channelNotFound(_:)``, storage errors.
    public func synchronize() throws(ChatError) {
        guard let channel = try client.channel(cid) else { throw ChatError.channelNotFound(cid) }
        let limit = Self.pageSize
        let rows = try client.reader { reader in
            try reader.messages(from: reader.channelRows(cid: cid, before: nil, limit: limit))
        }
        isSynchronized = true
        hasLoadedAllPreviousMessages = rows.count < limit && !client.backend.mayHaveOlderMessages(in: cid)
        hasLoadedAllNextMessages = true
        retryIds = []
        replaceChannel(channel)
        window.replaceAll(with: mergingOutbox(into: rows))
        publishMessages()
    }

    /// Loads up to `limit` messages older than the oldest loaded one (dropping the newest loaded
    /// ones past ``maxLoadedMessages``). When the store runs out but the backend keeps older
    /// history (a server), the rest comes in a moment: the backend fetches it into the store and
    /// the controller loads it, as a change like any other.
    public func loadPreviousMessages(limit: Int = ChatChannelController.pageSize) throws(ChatError) {
        guard isSynchronized, !hasLoadedAllPreviousMessages, limit > 0 else { return }
        let oldest = window.first?.orderKey
        let page = try client.reader { reader in
            try reader.messages(from: reader.channelRows(cid: cid, before: oldest, limit: limit))
        }
        let storeRanOut = page.count < limit
        hasLoadedAllPreviousMessages = storeRanOut && !client.backend.mayHaveOlderMessages(in: cid)
        window.prepend(page)
        if window.count > self.limit {
            window.dropNewest(window.count - self.limit)
            hasLoadedAllNextMessages = false
        }
        publishMessages()
        if storeRanOut && !hasLoadedAllPreviousMessages { loadOlderHistory(limit: limit - page.count) }
    }

    /// The backend's fetch of history older than the store's, while it runs.
    var olderHistoryFetch: Task<Void, Never>?

    /// Whether older messages are being fetched from the backend (see ``loadPreviousMessages(limit:)``).
    public var isLoadingOlderHistory: Bool { olderHistoryFetch != nil }

    /// Returns when the fetch of older history running now (see ``isLoadingOlderHistory``) has
    /// ended and what it brought is loaded; at once when none runs.
    public func olderHistoryFetched() async { await olderHistoryFetch?.value }

    /// Why the last fetch of older history (or loading what it brought) failed, or nil after a
    /// success: the next ``loadPreviousMessages(limit:)`` at the top of the window tries again.
    public private(set) var olderHistoryError: ChatError?

    /// Has the backend bring older history into the store, then loads `limit` of it into the
    /// window. A failed fetch leaves ``hasLoadedAllPreviousMessages`` false: the next call retries.
    private func loadOlderHistory(limit: Int) {
        guard olderHistoryFetch == nil else { return }
        let client = self.client
        let cid = self.cid
        olderHistoryFetch = Task { [weak self] in
            do throws(ChatError) {
                _ = try await client.backend.loadOlderMessages(in: cid, limit: max(limit, 4 * Self.pageSize))
                guard let self else { return }
                self.olderHistoryFetch = nil
                self.olderHistoryError = nil
                try self.loadPreviousMessages(limit: limit)
            } catch {
                self?.olderHistoryFetch = nil
                self?.olderHistoryError = error
            }
        }
    }

    /// Loads up to `limit` messages newer than the newest loaded one (dropping the oldest loaded
    /// ones past ``maxLoadedMessages``).
    public func loadNextMessages(limit: Int = ChatChannelController.pageSize) throws(ChatError) {
        guard isSynchronized, !hasLoadedAllNextMessages, limit > 0 else { return }
        guard let newest = window.messages.last(where: { $0.orderKey.sequence != .max })?.orderKey else {
            try synchronize()
            return
        }
        let page = try client.reader { reader in
            try reader.messages(from: reader.channelRows(cid: cid, after: newest, including: false, limit: limit))
        }
        hasLoadedAllNextMessages = page.count < limit
        window.append(page)
        if hasLoadedAllNextMessages {
            for held in client.outbox.messages(in: cid, parentId: nil) { window.upsert(held) }
        }
        dropOldestPastLimit()
        publishMessages()
    }

    /// Replaces the window with a page of `limit` messages centred on `messageId` (a thread-only
    /// reply is located by its thread root).
    ///
    /// - Throws: ``ChatError/messageNotFound(_:)`` if the message is not in this channel.
    public func loadPageAroundMessageId(_ messageId: MessageId, limit: Int = ChatChannelController.pageSize) throws(ChatError) {
        if channel == nil { try synchronizeChannelOnly() }
        let cid = self.cid
        let before = max(0, (limit - 1) / 2)
        let after = max(1, limit - before)
        let result = try client.reader { reader -> (older: [ChatMessage], newer: [ChatMessage])? in
            guard var anchor = try reader.anchor(of: messageId), anchor.cid == cid.rawValue else { return nil }
            if !anchor.shownInChannel, let parentId = anchor.parentId, let parent = try reader.anchor(of: parentId) {
                anchor = parent
            }
            let older = try reader.channelRows(cid: cid, before: anchor.key, limit: before)
            let newer = try reader.channelRows(cid: cid, after: anchor.key, including: true, limit: after)
            let built = try reader.messages(from: older + newer)  // one pass: shared lookups
            return (Array(built.prefix(older.count)), Array(built.dropFirst(older.count)))
        }
        guard let result else { throw ChatError.messageNotFound(messageId) }
        isSynchronized = true
        hasLoadedAllPreviousMessages = result.older.count < before
        hasLoadedAllNextMessages = result.newer.count < after
        retryIds = []
        var page = result.older + result.newer
        if hasLoadedAllNextMessages { page = mergingOutbox(into: page) }
        window.replaceAll(with: page)
        publishMessages()
    }

    private func synchronizeChannelOnly() throws(ChatError) {
        guard let channel = try client.channel(cid) else { throw ChatError.channelNotFound(cid) }
        replaceChannel(channel)
    }

    /// Members of the channel in join order, paged.
    public func loadMembers(limit: Int = 30, offset: Int = 0) throws(ChatError) -> [ChatChannelMember] {
        let cid = self.cid
        return try client.reader { try $0.members(cid, limit: limit, offset: offset) }
    }

    // MARK: Actions

    /// Sends a message. If the window is not at the newest messages, it jumps there first so the
    /// new message is visible.
    @discardableResult
    public func createNewMessage(
        text: String, quotedMessageId: MessageId? = nil, mentionedUserIds: [UserId] = [],
        attachments: [ChatMessageAttachment] = []
    ) async throws(ChatError) -> MessageId {
        if !hasLoadedAllNextMessages { try synchronize() }
        lastTypingEventAt = nil
        return try await client.sendMessage(
            text, in: cid, quotedMessageId: quotedMessageId, mentionedUserIds: mentionedUserIds, attachments: attachments)
    }

    /// Edits a message's text.
    public func editMessage(id: MessageId, text: String) async throws(ChatError) {
        try await client.editMessage(id: id, text: text)
    }

    /// Deletes a message (soft delete; unsent messages are removed).
    public func deleteMessage(id: MessageId) async throws(ChatError) {
        try await client.deleteMessage(id: id)
    }

    /// Resends a `sendingFailed` message with the same id.
    public func resendMessage(id: MessageId) async throws(ChatError) {
        try await client.resendMessage(id: id)
    }

    /// Adds a reaction; with `enforceUnique`, the current user's other reactions on the message
    /// are replaced.
    public func addReaction(
        _ type: MessageReactionType, to messageId: MessageId, score: Int = 1, enforceUnique: Bool = false
    ) async throws(ChatError) {
        try await client.addReaction(type, to: messageId, score: score, enforceUnique: enforceUnique)
    }

    /// Removes the current user's reaction of `type`.
    public func removeReaction(_ type: MessageReactionType, from messageId: MessageId) async throws(ChatError) {
        try await client.removeReaction(type, from: messageId)
    }

    /// Marks the channel read. Does nothing where read events are disabled or the current user
    /// is not a member (there is no read state to move).
    public func markRead() async throws(ChatError) {
        if channel == nil { try synchronizeChannelOnly() }
        guard let channel, channel.config.readEventsEnabled, channel.membership != nil else { return }
        try await client.markRead(cid)
    }

    /// Call on every keystroke in the composer: sends a typing event at most every half typing
    /// timeout. Does nothing where typing events are disabled.
    public func sendKeystrokeEvent(parentMessageId: MessageId? = nil) async throws(ChatError) {
        if channel == nil { try synchronizeChannelOnly() }
        guard let channel, channel.can(.sendTypingEvents) else { return }
        let now = client.clock.now()
        if let last = lastTypingEventAt, now.timeIntervalSince(last) < EmbeddedChatBackend.typingTimeout / 2 { return }
        lastTypingEventAt = now
        try await client.startTyping(in: cid, parentMessageId: parentMessageId)
    }

    /// Call when the composer is cleared or loses focus.
    public func sendStopTypingEvent() async throws(ChatError) {
        guard lastTypingEventAt != nil else { return }
        lastTypingEventAt = nil
        try await client.stopTyping(in: cid)
    }

    /// Adds members.
    public func addMembers(userIds: [UserId]) async throws(ChatError) {
        try await client.addMembers(userIds, to: cid)
    }

    /// Removes members.
    public func removeMembers(userIds: [UserId]) async throws(ChatError) {
        try await client.removeMembers(userIds, from: cid)
    }

    /// Renames the channel or changes its image.
    public func updateChannel(name: String? = nil, imageURL: URL? = nil) async throws(ChatError) {
        try await client.updateChannel(cid, name: name, imageURL: imageURL)
    }

    /// Freezes or unfreezes the channel.
    public func setFrozen(_ isFrozen: Bool) async throws(ChatError) {
        try await client.setFrozen(isFrozen, cid: cid)
    }

    /// Mutes the channel for the current user (``ChatChannel/isMuted``).
    public func muteChannel() async throws(ChatError) {
        try await client.muteChannel(cid)
    }

    /// Unmutes the channel for the current user.
    public func unmuteChannel() async throws(ChatError) {
        try await client.unmuteChannel(cid)
    }

    /// Deletes the channel with its messages (owners, moderators and admins).
    public func deleteChannel() async throws(ChatError) {
        try await client.deleteChannel(cid)
    }

    func mergingOutbox(into window: [ChatMessage]) -> [ChatMessage] {
        let held = client.outbox.messages(in: cid, parentId: nil)
        guard !held.isEmpty else { return window }
        let heldIds = Set(held.map(\.id))
        return (window.filter { !heldIds.contains($0.id) } + held).sorted { $0.orderKey < $1.orderKey }
    }

    /// Delivers what the window's edits since the last call changed, if anything.
    func publishMessages() {
        let change = window.takeChange()
        guard !change.isEmpty else { return }
        delegate?.channelController(self, didUpdateMessages: change)
        fanOut.send(.messages(change, snapshot: window.messages))
    }

    func replaceChannel(_ new: ChatChannel) {
        guard new != channel else { return }
        let typingBefore = channel?.currentlyTypingUsers ?? []
        channel = new
        delegate?.channelController(self, didUpdateChannel: new)
        if new.currentlyTypingUsers != typingBefore {
            delegate?.channelController(self, didChangeTypingUsers: new.currentlyTypingUsers)
        }
        fanOut.send(.channel(new))
    }
}

extension ChatMessage {
    /// Whether the message appears in its channel's message list.
    var isShownInChannel: Bool { parentMessageId == nil || showReplyInChannel }
}
