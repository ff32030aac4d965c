import Foundation

/// Receives a ``ChatMessageController``'s changes on the main actor.
@MainActor
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
@MainActor
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
    public private(set) var replies: [ChatMessage] = []
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

    private var isSynchronized = false
    private var listener: StoreListener?
    private let fanOut = ChangeFanOut<Change>()
    private var lastTypingEventAt: Date?

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
        hasLoadedAllPreviousReplies = page.count < limit
        hasLoadedAllReactions = reactionPage.count < limit
        replaceMessage(message)
        replaceReplies(mergingOutbox(into: page))
        replaceReactions(reactionPage)
        replaceTyping(typing)
    }

    /// Loads up to `limit` replies older than the oldest loaded one.
    public func loadPreviousReplies(limit: Int = ChatMessageController.pageSize) throws(ChatError) {
        guard isSynchronized, !hasLoadedAllPreviousReplies, limit > 0 else { return }
        let oldest = replies.first?.orderKey
        let messageId = self.messageId
        let page = try client.reader { reader in
            try reader.messages(from: reader.threadRows(parentId: messageId, before: oldest, limit: limit))
        }
        hasLoadedAllPreviousReplies = page.count < limit
        let known = Set(replies.map(\.id))
        replaceReplies(page.filter { !known.contains($0.id) } + replies)
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

    private func apply(_ change: StoreChange) {
        guard isSynchronized else { return }
        let usersChanged = !change.users.isEmpty
        let readsChanged = change.readStates.contains(cid)
        let messageTouched = usersChanged || readsChanged || change.messages.contains { $0.ref.id == messageId }
        if messageTouched, let current = try? client.message(id: messageId) { replaceMessage(current) }

        let replyRefs = change.messages.filter { $0.ref.parentId == messageId }.map(\.ref.id)
        if !replyRefs.isEmpty || usersChanged || readsChanged {
            var ids = replyRefs
            if usersChanged || readsChanged { ids += replies.map(\.id) }
            if let fetched = try? client.messages(ids: Array(Set(ids))) {
                var window = replies
                var index: [MessageId: Int] = [:]
                for (offset, reply) in window.enumerated() { index[reply.id] = offset }
                var removed = Set<MessageId>()
                var additions: [ChatMessage] = []
                for id in Set(ids) {
                    if let offset = index[id] {
                        if let current = fetched[id] { window[offset] = current } else { removed.insert(id) }
                    } else if let current = fetched[id], current.parentMessageId == messageId,
                              hasLoadedAllPreviousReplies || (replies.first.map { current.orderKey > $0.orderKey } ?? false)
                    {
                        additions.append(current)
                    }
                }
                window.removeAll { removed.contains($0.id) }
                if !additions.isEmpty {
                    window += additions
                    window.sort { $0.orderKey < $1.orderKey }
                }
                replaceReplies(window)
            }
        }

        if change.reactions.contains(messageId) || usersChanged {
            let count = max(reactions.count, Self.pageSize)
            let messageId = self.messageId
            if let page = try? client.reader({ try $0.reactions(messageId: messageId, limit: count, offset: 0) }) {
                replaceReactions(page)
            }
        }
        if change.channels.contains(cid) {
            let cid = self.cid
            let messageId = self.messageId
            if let typing = try? client.reader({ try $0.typingUsers(cid: cid, parentId: messageId) }) {
                replaceTyping(typing)
            }
        }
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

    private func replaceReplies(_ new: [ChatMessage]) {
        let change = ListChange<MessageId>.between(replies, new)
        replies = new
        guard !change.isEmpty else { return }
        delegate?.messageController(self, didChangeReplies: change)
        fanOut.send(.replies(change, snapshot: new))
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
    @MainActor
    public func channelListController() -> ChatChannelListController { ChatChannelListController(client: self) }

    /// A controller for one channel.
    @MainActor
    public func channelController(for cid: ChannelId) -> ChatChannelController { ChatChannelController(cid: cid, client: self) }

    /// A controller for one message and its thread.
    @MainActor
    public func messageController(cid: ChannelId, messageId: MessageId) -> ChatMessageController {
        ChatMessageController(cid: cid, messageId: messageId, client: self)
    }
}
