import Foundation

/// A thread: a message with replies, its channel, its latest reply and how many replies the
/// current user has not read.
///
/// Values are snapshots built from the store by a ``ChatThreadListController``.
public struct ChatThread: Sendable, Hashable, Identifiable {
    /// The thread's root message.
    public var parentMessage: ChatMessage
    /// The channel the thread is in.
    public var channel: ChatChannel
    /// How many replies the thread has.
    public var replyCount: Int
    /// The newest replies, newest first (the latest one).
    public var latestReplies: [ChatMessage]
    /// When the newest reply was sent.
    public var lastMessageAt: Date?
    /// Replies by others sent after the current user last read the channel.
    public var unreadRepliesCount: Int

    /// Creates a thread value.
    public init(parentMessage: ChatMessage, channel: ChatChannel, replyCount: Int, latestReplies: [ChatMessage],
                lastMessageAt: Date?, unreadRepliesCount: Int) {
        self.parentMessage = parentMessage
        self.channel = channel
        self.replyCount = replyCount
        self.latestReplies = latestReplies
        self.lastMessageAt = lastMessageAt
        self.unreadRepliesCount = unreadRepliesCount
    }

    /// The root message's id (also the thread's id).
    public var parentMessageId: MessageId { parentMessage.id }
    /// The root message's id.
    public var id: MessageId { parentMessage.id }
}

/// Which threads a ``ChatThreadListController`` lists.
public struct ThreadListQuery: Sendable, Hashable {
    /// How many threads to load at most.
    public var limit: Int

    /// A query for the current user's threads, at most `limit` of them.
    public init(limit: Int = 20) {
        self.limit = limit
    }
}
