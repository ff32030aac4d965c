/// Something the current user may do in a channel; ``ChatChannel/ownCapabilities`` lists them.
///
/// Capabilities follow from the channel type, the channel config, whether it is frozen, the
/// user's membership and roles. The embedded backend checks the same rules, so a UI that hides
/// an action when the capability is missing never meets ``ChatError/missingCapability(_:cid:)``.
public struct ChannelCapability: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The capability's name, for example `send-message`.
    public let rawValue: String
    /// Creates a capability from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a capability from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Send messages.
    public static let sendMessage: ChannelCapability = "send-message"
    /// Send thread replies.
    public static let sendReply: ChannelCapability = "send-reply"
    /// Quote a message in a new message.
    public static let quoteMessage: ChannelCapability = "quote-message"
    /// Add reactions.
    public static let sendReaction: ChannelCapability = "send-reaction"
    /// Send typing events.
    public static let sendTypingEvents: ChannelCapability = "send-typing-events"
    /// Mark the channel read; have a read state.
    public static let readEvents: ChannelCapability = "read-events"
    /// Attach images and files.
    public static let uploadFile: ChannelCapability = "upload-file"
    /// Edit one's own messages.
    public static let updateOwnMessage: ChannelCapability = "update-own-message"
    /// Edit anyone's messages.
    public static let updateAnyMessage: ChannelCapability = "update-any-message"
    /// Delete one's own messages.
    public static let deleteOwnMessage: ChannelCapability = "delete-own-message"
    /// Delete anyone's messages.
    public static let deleteAnyMessage: ChannelCapability = "delete-any-message"
    /// Rename the channel or change its image.
    public static let updateChannel: ChannelCapability = "update-channel"
    /// Add and remove members.
    public static let updateChannelMembers: ChannelCapability = "update-channel-members"
    /// Freeze and unfreeze the channel.
    public static let freezeChannel: ChannelCapability = "freeze-channel"
    /// Mute the channel.
    public static let muteChannel: ChannelCapability = "mute-channel"
    /// Delete the channel with its messages.
    public static let deleteChannel: ChannelCapability = "delete-channel"

    /// The capability's name.
    public var description: String { rawValue }

    /// Decodes the value from a single string.

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the value as a single string.

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
