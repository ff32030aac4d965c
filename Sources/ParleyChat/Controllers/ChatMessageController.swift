import Foundation

/// Receives a ``ChatMessageController``'s changes on the main actor.
@preconcurrency @MainActor
public protocol ChatMessageControllerDelegate: AnyObject {
    /// The message itself changed (text, reactions, reply count, deletion, …).
    func messageController(_ controller: ChatMessageController, didChangeMessage message: ChatMessage)
    /// The thread's replies changed; `controller.replies` already holds the new list.
    func messageController(_ controller: ChatMessageController, didChangeReplies changes: ListChange<MessageId>)
    /// The reactions list changed; `controller.reactions` already holds the new list.
    func messageController(_ controller: ChatMessageController, didChangeReactions changes: ListChange<String>)
    /// Who is typing in the thread changed.
    func messageController(_ controller: ChatMessageController, didChangeTypingUsers users: Set<ChatUser>)
}

extension ChatMessageControllerDelegate {
    /// Does nothing.
    public func messageController(_ controller: ChatMessageController, didChangeMessage message: ChatMessage) {}
    /// Does nothing.
    public func messageController(_ controller: ChatMessageController, didChangeReplies changes: ListChange<MessageId>) {}
    /// Does nothing.
    public func messageController(_ controller: ChatMessageController, didChangeReactions changes: ListChange<String>) {}
    /// Does nothing.
    public func messageController(_ controller: ChatMessageController, didChangeTypingUsers users: Set<ChatUser>) {}
}

/// One message: the message itself, its thread replies (paged 25, oldest first, new replies
/// appended live) and its reactions (paged 25, newest first, for a reaction authors view).
@preconcurrency @MainActor
public final class ChatMessageController {
    /// What a ``changes()`` stream delivers.
    public enum Change: Sendable {
        /// The message changed.
        case message(ChatMessage)
        /// The replies changed; the snapshot is the list after the change.
        case replies(ListChange<MessageId>, snapshot: [ChatMessage])
        /// The reactions changed; the snapshot is the list after the change.
        case reactions(ListChange<String>, snapshot: [ChatMessageReaction])
        /// Who is typing in the thread changed.
        case typingUsers(Set<ChatUser>)
    }

    /// Replies and reactions per page.
    public static let pageSize = 25

    /// The message's channel.
    public let cid: ChannelId
    /// The message's id.
    public let messageId: MessageId
    /// The client the controller reads and acts through.
    public let client: ChatClient
    /// The message, once ``synchronize()`` ran.
    public private(set) var message: ChatMessage?
    /// The loaded replies, oldest first.
    public var replies: [ChatMessage] { window.messages }
    /// Whether the thread's first reply is loaded.
    public private(set) var hasLoadedAllPreviousReplies = false
    /// The loaded reactions, newest first.
    public private(set) var reactions: [ChatMessageReaction] = []
    /// Whether every reaction is loaded.
    public private(set) var hasLoadedAllReactions = false
    /// Other users typing in this thread.
    public private(set) var currentlyTypingUsers: Set<ChatUser> = []
    /// Receives changes.
    public weak var delegate: (any ChatMessageControllerDelegate)?

    private var window = MessageWindow()
    private var isSynchronized = false
    private var listener: StoreListener?
    private let fanOut = ChangeFanOut<Change>()
    private var lastTypingEventAt: Date?
    /// Reads that failed during a live change, tried again with the next change (see
    /// ``ChatChannelController``).
    private var retryIds: Set<MessageId> = []
    private var retryMessage = false
    private var retryReactions = false
    private var retryTyping = false
    /// The backend's fetch of replies older than the store's, while it runs.
    private var olderRepliesFetch: Task<Void, Never>?

    /// Creates a controller; call ``synchronize()`` to load the message, its newest replies and
    /// its newest reactions.
    public init(cid: ChannelId, messageId: MessageId, client: ChatClient) {
        self.cid = cid
        self.messageId = messageId
        self.client = client
        listener = StoreListener(store: client.store) { [weak self] change in self?.apply(change) }
    }

    /// A stream of every change from now on, in order. Ends when the controller is released.
    public func changes() -> AsyncStream<Change> { fanOut.makeStream() }

    // MARK: Loading

    /// Loads the message, its newest page of replies and its newest page of reactions.
    ///
    /// - Throws: ``ChatError/messageNotFound(_:)`` if there is no such message in the channel.
    public func synchronize() throws(ChatError) {
        guard let message = try client.message(id: messageId), message.cid == cid else {
            throw ChatError.messageNotFound(messageId)
        }
        let limit = Self.pageSize
        let messageId = self.messageId
        let cid = self.cid
        let (page, reactionPage, typing) = try client.reader { reader in
            (try reader.messages(from: reader.threadRows(parentId: messageId, before: nil, limit: limit)),
             try reader.reactions(messageId: messageId, limit: limit, offset: 0),
             try reader.typingUsers(cid: cid, parentId: messageId))
        }
        isSynchronized = true
        hasLoadedAllPreviousReplies = page.count < limit && !client.backend.mayHaveOlderReplies(to: messageId, in: cid)
        hasLoadedAllReactions = reactionPage.count < limit
        replaceMessage(message)
        retryIds = []
        window.replaceAll(with: mergingOutbox(into: page))
        publishReplies()
        replaceReactions(reactionPage)
        replaceTyping(typing)
    }

    /// Loads up to `limit` replies older than the oldest loaded one. When the store runs out but
    /// the backend keeps older replies (a server), the rest comes in a moment: the backend
    /// fetches them into the store and the controller loads them (as
    /// ``ChatChannelController/loadPreviousMessages(limit:)`` does for a channel).
    public func loadPreviousReplies(limit: Int = ChatMessageController.pageSize) throws(ChatError) {
        guard isSynchronized, !hasLoadedAllPreviousReplies, limit > 0 else { return }
        let oldest = replies.first?.orderKey
        let messageId = self.messageId
        let page = try client.reader { reader in
            try reader.messages(from: reader.threadRows(parentId: messageId, before: oldest, limit: limit))
        }
        let storeRanOut = page.count < limit
        hasLoadedAllPreviousReplies = storeRanOut && !client.backend.mayHaveOlderReplies(to: messageId, in: cid)
        window.prepend(page)
        publishReplies()
        if storeRanOut && !hasLoadedAllPreviousReplies { loadOlderReplyHistory(limit: limit - page.count) }
    }

    /// Whether older replies are being fetched from the backend (see ``loadPreviousReplies(limit:)``).
    public var isLoadingOlderReplies: Bool { olderRepliesFetch != nil }

    /// Why the last fetch of older replies failed, or nil after a success: the next
    /// ``loadPreviousReplies(limit:)`` tries again.
    public private(set) var olderRepliesError: ChatError?

    /// Has the backend bring older replies into the store, then loads `limit` of them.
    private func loadOlderReplyHistory(limit: Int) {
        guard olderRepliesFetch == nil else { return }
        let (client, cid, messageId) = (self.client, self.cid, self.messageId)
        olderRepliesFetch = Task { [weak self] in
            do throws(ChatError) {
                _ = try await client.backend.loadOlderReplies(to: messageId, in: cid, limit: max(limit, 4 * Self.pageSize))
                guard let self else { return }
                self.olderRepliesFetch = nil
                self.olderRepliesError = nil
                try self.loadPreviousReplies(limit: max(limit, 1))
            } catch {
                self?.olderRepliesFetch = nil
                self?.olderRepliesError = error
            }
        }
    }

    /// Loads up to `limit` more reactions (older than the loaded ones).
    public func loadNextReactions(limit: Int = ChatMessageController.pageSize) throws(ChatError) {
        guard isSynchronized, !hasLoadedAllReactions, limit > 0 else { return }
        let offset = reactions.count
        let messageId = self.messageId
        let page = try client.reader { try $0.reactions(messageId: messageId, limit: limit, offset: offset) }
        hasLoadedAllReactions = page.count < limit
        let known = Set(reactions.map(\.id))
        replaceReactions(reactions + page.filter { !known.contains($0.id) })
    }

    // MARK: Actions

    /// Replies in the thread; `showReplyInChannel` also shows the reply in the channel.
    @discardableResult
    public func createNewReply(
        text: String, showReplyInChannel: Bool = false, quotedMessageId: MessageId? = nil,
        mentionedUserIds: [UserId] = [], attachments: [ChatMessageAttachment] = []
    ) async throws(ChatError) -> MessageId {
        lastTypingEventAt = nil
        return try await client.sendMessage(
            text, in: cid, parentMessageId: messageId, showReplyInChannel: showReplyInChannel,
            quotedMessageId: quotedMessageId, mentionedUserIds: mentionedUserIds, attachments: attachments)
    }

    /// Edits the message's text.
    public func editMessage(text: String) async throws(ChatError) {
        try await client.editMessage(id: messageId, text: text)
    }

    /// Deletes the message.
    public func deleteMessage() async throws(ChatError) {
        try await client.deleteMessage(id: messageId)
    }

    /// Adds a reaction to the message.
    public func addReaction(_ type: MessageReactionType, score: Int = 1, enforceUnique: Bool = false) async throws(ChatError) {
        try await client.addReaction(type, to: messageId, score: score, enforceUnique: enforceUnique)
    }

    /// Removes the current user's reaction of `type`.
    public func removeReaction(_ type: MessageReactionType) async throws(ChatError) {
        try await client.removeReaction(type, from: messageId)
    }

    /// Call on every keystroke in the thread composer (throttled like the channel's).
    public func sendKeystrokeEvent() async throws(ChatError) {
        let now = client.clock.now()
        if let last = lastTypingEventAt, now.timeIntervalSince(last) < EmbeddedChatBackend.typingTimeout / 2 { return }
        guard let channel = try client.channel(cid), channel.can(.sendTypingEvents) else { return }
        lastTypingEventAt = now
        try await client.startTyping(in: cid, parentMessageId: messageId)
    }

    /// Call when the thread composer is cleared.
    public func sendStopTypingEvent() async throws(ChatError) {
        guard lastTypingEventAt != nil else { return }
        lastTypingEventAt = nil
        try await client.stopTyping(in: cid)
    }

    // MARK: Live updates

    /// Applies a committed change in O(changed), like ``ChatChannelController``: the message and
    /// its replies are read again only when their version moved (reactions, read states and
    /// reply counts bump it), and replies are put at their place by binary search.
    private func apply(_ change: StoreChange) {
        guard isSynchronized else { return }
        let viewer = client.currentUserId
        let usersChanged = !change.users.isEmpty
        var messageChanged = retryMessage || change.isUnresolved
            || (usersChanged && message.map { change.users.contains($0.author.id) } ?? false)
        var wanted = retryIds
        var removals: [MessageId] = []
        for event in change.messages {
            let id = event.ref.id
            if id == messageId {
                messageChanged = messageChanged || event.kind == .removed || event.version != message?.version
            }
            guard event.ref.parentId == messageId else { continue }
            if event.kind == .removed {
                if window.contains(id) { removals.append(id) }
            } else if let loaded = window.message(id) {
                if loaded.version != event.version { wanted.insert(id) }
            } else if event.isVisible(to: viewer), belongsInWindow(event.orderKey) {
                wanted.insert(id)
            }
        }
        if usersChanged || change.isUnresolved {
            for reply in window.messages where change.isUnresolved || change.users.contains(reply.author.id) {
                wanted.insert(reply.id)
            }
        }

        if messageChanged {
            do {
                if let current = try client.message(id: messageId) { replaceMessage(current) }
                retryMessage = false
            } catch {
                retryMessage = true
            }
        }

        if !wanted.isEmpty || !removals.isEmpty {
            for id in removals { window.remove(id) }
            if !wanted.isEmpty {
                do {
                    let fetched = try client.messages(ids: Array(wanted))
                    retryIds = []
                    for id in wanted { placeReply(id, fetched[id]) }
                } catch {
                    retryIds = wanted
                }
            }
            publishReplies()
        }

        // Reactions bump the message's version, so a moved version (or a renamed author) is
        // when the reactions list may differ.
        if messageChanged || usersChanged || retryReactions {
            let count = max(reactions.count, Self.pageSize)
            let messageId = self.messageId
            do {
                replaceReactions(try client.reader { try $0.reactions(messageId: messageId, limit: count, offset: 0) })
                retryReactions = false
            } catch {
                retryReactions = true
            }
        }
        if change.channels.contains(cid) || retryTyping || change.isUnresolved {
            let cid = self.cid
            let messageId = self.messageId
            do {
                replaceTyping(try client.reader { try $0.typingUsers(cid: cid, parentId: messageId) })
                retryTyping = false
            } catch {
                retryTyping = true
            }
        }
    }

    /// Puts the current state of reply `id` into the window: replaced, inserted at its place, or
    /// gone.
    private func placeReply(_ id: MessageId, _ current: ChatMessage?) {
        guard let current, current.parentMessageId == messageId else {
            window.remove(id)
            return
        }
        if window.contains(id) || belongsInWindow(current.orderKey) { window.upsert(current) }
    }

    /// Whether a reply not loaded falls inside the loaded range (the window always reaches the
    /// newest reply).
    private func belongsInWindow(_ key: MessageOrderKey) -> Bool {
        guard !hasLoadedAllPreviousReplies, let first = window.first else { return true }
        return key > first.orderKey
    }

    private func mergingOutbox(into window: [ChatMessage]) -> [ChatMessage] {
        let held = client.outbox.messages(in: cid, parentId: messageId)
        guard !held.isEmpty else { return window }
        let heldIds = Set(held.map(\.id))
        return (window.filter { !heldIds.contains($0.id) } + held).sorted { $0.orderKey < $1.orderKey }
    }

    private func replaceMessage(_ new: ChatMessage) {
        guard new != message else { return }
        message = new
        delegate?.messageController(self, didChangeMessage: new)
        fanOut.send(.message(new))
    }

    /// Delivers what the replies window's edits since the last call changed, if anything.
    private func publishReplies() {
        let change = window.takeChange()
        guard !change.isEmpty else { return }
        delegate?.messageController(self, didChangeReplies: change)
        fanOut.send(.replies(change, snapshot: window.messages))
    }

    private func replaceReactions(_ new: [ChatMessageReaction]) {
        let change = ListChange<String>.between(reactions, new)
        reactions = new
        guard !change.isEmpty else { return }
        delegate?.messageController(self, didChangeReactions: change)
        fanOut.send(.reactions(change, snapshot: new))
    }

    private func replaceTyping(_ new: Set<ChatUser>) {
        guard new != currentlyTypingUsers else { return }
        currentlyTypingUsers = new
        delegate?.messageController(self, didChangeTypingUsers: new)
        fanOut.send(.typingUsers(new))
    }
}

extension ChatClient {
    /// A controller for the current user's channel list.
    @preconcurrency @MainActor
    public func channelListController() -> ChatChannelListController { ChatChannelListController(client: self) }

    /// A controller for one channel.
    @preconcurrency @MainActor
    public func channelController(for cid: ChannelId) -> ChatChannelController { ChatChannelController(cid: cid, client: self) }

    /// A controller for one message and its thread.
    @preconcurrency @MainActor
    public func messageController(cid: ChannelId, messageId: MessageId) -> ChatMessageController {
        ChatMessageController(cid: cid, messageId: messageId, client: self)
    }
}
