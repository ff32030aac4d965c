import Foundation
import ParleyChat
import ParleyUIKit

/// What a message's row shows and how: which side, bubble, avatar, name, timestamp and so on.
public struct ChatMessageLayoutOptions: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The message is the current user's: laid out on the trailing side.
    public static let flipped = Self(rawValue: 1 << 0)
    /// Centred (system messages).
    public static let centered = Self(rawValue: 1 << 1)
    /// The text sits in a bubble.
    public static let bubble = Self(rawValue: 1 << 2)
    /// The bubble joins the next message's bubble of the same group (no tail corner).
    public static let continuousBubble = Self(rawValue: 1 << 3)
    /// Shows the author's avatar (the last message of a group of others).
    public static let avatar = Self(rawValue: 1 << 4)
    /// Keeps the avatar's space empty (messages of others that are not last of their group).
    public static let avatarSizePadding = Self(rawValue: 1 << 5)
    /// Shows the author's name (last of a group, channels of more than two members).
    public static let authorName = Self(rawValue: 1 << 6)
    /// Shows the time (last of a group).
    public static let timestamp = Self(rawValue: 1 << 7)
    /// Shows the text.
    public static let text = Self(rawValue: 1 << 8)
    /// Shows the quoted message of a reply.
    public static let quotedMessage = Self(rawValue: 1 << 9)
    /// Shows "N replies" for a thread's root.
    public static let threadInfo = Self(rawValue: 1 << 10)
    /// Shows the reactions bubble.
    public static let reactions = Self(rawValue: 1 << 11)
    /// Shows the failed-to-send indicator.
    public static let errorIndicator = Self(rawValue: 1 << 12)
    /// Shows sent/read checkmarks (the current user's last message of a group).
    public static let deliveryStatusIndicator = Self(rawValue: 1 << 13)
    /// Shows "Only visible to you" (ephemeral messages).
    public static let onlyVisibleToYouIndicator = Self(rawValue: 1 << 14)
    /// The message was deleted: shows a placeholder instead of its text.
    public static let deletedPlaceholder = Self(rawValue: 1 << 15)
    /// The text is only emoji (up to a few): shown large and without a bubble.
    public static let emojiOnly = Self(rawValue: 1 << 16)
}

/// Decides the layout options of each message in a list: grouping, which side, what to show.
///
/// Subclass it and set an instance to `Components.default.messageLayoutOptionsResolver` to change
/// the decisions.
@MainActor
open class ChatMessageLayoutOptionsResolver {
    /// Messages of one author closer than this (seconds) form a group.
    public var maxTimeIntervalBetweenMessagesInGroup: TimeInterval

    /// A resolver grouping messages of one author within `maxTimeIntervalBetweenMessagesInGroup`.
    public init(maxTimeIntervalBetweenMessagesInGroup: TimeInterval = 60) {
        self.maxTimeIntervalBetweenMessagesInGroup = maxTimeIntervalBetweenMessagesInGroup
    }

    /// The options of the message at `index` of `messages` (oldest first) in `channel`.
    open func optionsForMessage(
        at index: Int,
        in channel: ChatChannel,
        with messages: [ChatMessage],
        appearance: Appearance
    ) -> ChatMessageLayoutOptions {
        [.bubble, .text]
    }
}
