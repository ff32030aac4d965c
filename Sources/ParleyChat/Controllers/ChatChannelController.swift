import Foundation

/// Receives a ``ChatChannelController``'s changes on the main actor.
@MainActor
public protocol ChatChannelControllerDelegate: AnyObject {
    /// The message list changed; `controller.messages` already holds the new list.
    func channelController(_ controller: ChatChannelController, didUpdateMessages changes: ListChange<MessageId>)
    /// The channel changed (name, members, unread count, typing users, …).
    func channelController(_ controller: ChatChannelController, didUpdateChannel channel: ChatChannel)
}

extension ChatChannelControllerDelegate {
    /// Does nothing.
    public func channelController(_ controller: ChatChannelController, didUpdateMessages changes: ListChange<MessageId>) {}
    /// Does nothing.
    public func channelController(_ controller: ChatChannelController, didUpdateChannel channel: ChatChannel) {}
}

/// One channel: its messages, paged 25 at a time in both directions, and everything one can do
/// in it.
///
/// ``messages`` is a window of the channel, **oldest first**, that grows with
/// ``loadPreviousMessages(limit:)`` and ``loadNextMessages(limit:)`` and jumps with
/// ``loadPageAroundMessageId(_:limit:)``. While the window reaches the newest message
/// (``hasLoadedAllNextMessages``), new messages are appended as they arrive. Every change is
/// delivered as a ``ListChange`` of message ids, to the delegate and to every ``changes()``
/// stream; nothing is ever reloaded wholesale.
///
/// Reads are synchronous (a page is well under a millisecond); actions are `async` and their
/// effects arrive through the same change path as everyone else's.
@MainActor
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

    /// The channel's id.
    public let cid: ChannelId
    /// The client the controller reads and acts through.
    public let client: ChatClient
    /// The channel, once ``synchronize()`` ran.
    public private(set) var channel: ChatChannel?
    /// The loaded messages, oldest first.
    public private(set) var messages: [ChatMessage] = []
    /// Whether the oldest message of the channel is loaded.
    public private(set) var hasLoadedAllPreviousMessages = false
    /// Whether the newest message of the channel is loaded (new messages then appear live).
    public private(set) var hasLoadedAllNextMessages = true
    /// Receives changes.
    public weak var delegate: (any ChatChannelControllerDelegate)?

    private var isSynchronized = false
    private var listener: StoreListener?
    private let fanOut = ChangeFanOut<Change>()
    private var lastTypingEventAt: Date?
    private var channelRefreshPending = false

    /// Creates a controller; call ``synchronize()`` to load the channel and its newest page.
    public init(cid: ChannelId, client: ChatClient) {
        self.cid = cid
        self.client = client
        listener = StoreListener(store: client.store) { [weak self] change in self?.apply(change) }
    }

    /// A stream of every change from now on, in order. Ends when the controller is released.
    public func changes() -> AsyncStream<Change> { fanOut.makeStream() }

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
        hasLoadedAllPreviousMessages = rows.count < limit
        hasLoadedAllNextMessages = true
        replaceChannel(channel)
        replaceMessages(mergingOutbox(into: rows))
    }

    /// Loads up to `limit` messages older than the oldest loaded one.
    public func loadPreviousMessages(limit: Int = ChatChannelController.pageSize) throws(ChatError) {
        guard isSynchronized, !hasLoadedAllPreviousMessages, limit > 0 else { return }
        let oldest = messages.first?.orderKey
        let page = try client.reader { reader in
            try reader.messages(from: reader.channelRows(cid: cid, before: oldest, limit: limit))
        }
        hasLoadedAllPreviousMessages = page.count < limit
        let known = Set(messages.map(\.id))
        replaceMessages(page.filter { !known.contains($0.id) } + messages)
    }

    /// Loads up to `limit` messages newer than the newest loaded one.
    public func loadNextMessages(limit: Int = ChatChannelController.pageSize) throws(ChatError) {
        guard isSynchronized, !hasLoadedAllNextMessages, limit > 0 else { return }
        guard let newest = messages.last(where: { $0.orderKey.sequence != .max })?.orderKey else {
            try synchronize()
            return
        }
        let page = try client.reader { reader in
            try reader.messages(from: reader.channelRows(cid: cid, after: newest, including: false, limit: limit))
        }
        hasLoadedAllNextMessages = page.count < limit
        let known = Set(messages.map(\.id))
        var combined = messages + page.filter { !known.contains($0.id) }
        if hasLoadedAllNextMessages { combined = mergingOutbox(into: combined) }
        replaceMessages(combined)
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
        var window = result.older + result.newer
        if hasLoadedAllNextMessages { window = mergingOutbox(into: window) }
        replaceMessages(window)
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

    // MARK: Live updates

    private func apply(_ change: StoreChange) {
        guard isSynchronized else { return }
        applyMessages(change)
        if change.channels.contains(cid) || change.members.contains(cid) || !change.users.isEmpty {
            scheduleChannelRefresh()
        }
    }

    /// Rebuilds the channel summary in a main-actor job of its own, right after the one that
    /// delivered the message diff (what the user is waiting for). Refreshes requested while one is
    /// pending coalesce; each reads the store's latest state, so a deferred one is never stale.
    private func scheduleChannelRefresh() {
        guard !channelRefreshPending else { return }
        channelRefreshPending = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            channelRefreshPending = false
            if let channel = try? client.channel(cid) { replaceChannel(channel) }
        }
    }

    private func applyMessages(_ change: StoreChange) {
        let mine = change.messages.filter { $0.ref.cid == cid }
        let refetchWindow = change.readStates.contains(cid) || !change.users.isEmpty
        guard !mine.isEmpty || refetchWindow else { return }

        var ids = mine.map(\.ref.id)
        if refetchWindow { ids += messages.map(\.id) }
        guard let fetched = try? client.messages(ids: Array(Set(ids))) else { return }

        var window = messages
        var index: [MessageId: Int] = [:]
        for (offset, message) in window.enumerated() { index[message.id] = offset }
        var removed = Set<MessageId>()
        var additions: [ChatMessage] = []
        for id in Set(ids) {
            let current = fetched[id]
            if let offset = index[id] {
                if let current, current.isShownInChannel {
                    window[offset] = current
                } else {
                    removed.insert(id)
                }
            } else if let current, current.isShownInChannel, belongsInWindow(current) {
                additions.append(current)
            }
        }
        if !removed.isEmpty { window.removeAll { removed.contains($0.id) } }
        if !additions.isEmpty {
            window += additions
            window.sort { $0.orderKey < $1.orderKey }
        }
        replaceMessages(window)
    }

    /// Whether a message not in the window falls inside its range.
    private func belongsInWindow(_ message: ChatMessage) -> Bool {
        guard let first = messages.first, let last = messages.last else {
            return hasLoadedAllNextMessages && hasLoadedAllPreviousMessages
        }
        if message.orderKey < first.orderKey && !hasLoadedAllPreviousMessages { return false }
        if message.orderKey > last.orderKey && !hasLoadedAllNextMessages { return false }
        return true
    }

    private func mergingOutbox(into window: [ChatMessage]) -> [ChatMessage] {
        let held = client.outbox.messages(in: cid, parentId: nil)
        guard !held.isEmpty else { return window }
        let heldIds = Set(held.map(\.id))
        return (window.filter { !heldIds.contains($0.id) } + held).sorted { $0.orderKey < $1.orderKey }
    }

    private func replaceMessages(_ new: [ChatMessage]) {
        let change = ListChange<MessageId>.between(messages, new)
        messages = new
        guard !change.isEmpty else { return }
        delegate?.channelController(self, didUpdateMessages: change)
        fanOut.send(.messages(change, snapshot: new))
    }

    private func replaceChannel(_ new: ChatChannel) {
        guard new != channel else { return }
        channel = new
        delegate?.channelController(self, didUpdateChannel: new)
        fanOut.send(.channel(new))
    }
}

extension ChatMessage {
    /// Whether the message appears in its channel's message list.
    var isShownInChannel: Bool { parentMessageId == nil || showReplyInChannel }
}
