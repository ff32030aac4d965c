/// How many messages of a channel the current user has not read, and how many of those mention
/// them. Kept by the store from read states; always ``noUnread`` when read events are disabled.
public struct ChannelUnreadCount: Hashable, Sendable, Codable {
    /// Unread messages (other users' messages shown in the channel, after the last read).
    public var messages: Int
    /// Unread messages that mention the current user.
    public var mentions: Int

    /// Creates an unread count.
    public init(messages: Int, mentions: Int) {
        self.messages = messages
        self.mentions = mentions
    }

    /// Nothing unread.
    public static let noUnread = ChannelUnreadCount(messages: 0, mentions: 0)
}
