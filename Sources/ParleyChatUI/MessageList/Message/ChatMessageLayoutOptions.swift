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
/// A *group* is a run of consecutive messages of one author, each sent within
/// `maxTimeIntervalBetweenMessagesInGroup` of the next, on the same day, with no system message
/// in between. Only the last (newest) message of a group shows the avatar, the author's name, the
/// time and the delivery status; the others keep the avatar's room empty and join their bubbles.
///
/// Subclass it and set an instance to `Components.default.messageLayoutOptionsResolver` to change
/// the decisions:
///
/// ```swift
/// final class LeadingResolver: ChatMessageLayoutOptionsResolver {
///     override func optionsForMessage(at index: Int, in channel: ChatChannel, with messages: [ChatMessage],
///                                     appearance: Appearance) -> ChatMessageLayoutOptions {
///         var options = super.optionsForMessage(at: index, in: channel, with: messages, appearance: appearance)
///         options.remove(.flipped)
///         return options
///     }
/// }
/// ```
@MainActor
open class ChatMessageLayoutOptionsResolver {
    /// Messages of one author closer than this (seconds) form a group.
    public var maxTimeIntervalBetweenMessagesInGroup: TimeInterval

    /// The calendar whose days split groups (a group never spans midnight).
    public var calendar: Calendar

    /// How many emoji (with no other text) a message may have to be shown large, without a bubble.
    public var maxEmojiOnlyCount: Int = 3

    /// A resolver grouping messages of one author within `maxTimeIntervalBetweenMessagesInGroup`.
    public init(maxTimeIntervalBetweenMessagesInGroup: TimeInterval = 60, calendar: Calendar = .current) {
        self.maxTimeIntervalBetweenMessagesInGroup = maxTimeIntervalBetweenMessagesInGroup
        self.calendar = calendar
    }

    /// The options of the message at `index` of `messages` (oldest first) in `channel`; empty for an
    /// index outside `messages`.
    open func optionsForMessage(
        at index: Int,
        in channel: ChatChannel,
        with messages: [ChatMessage],
        appearance: Appearance
    ) -> ChatMessageLayoutOptions {
        guard messages.indices.contains(index) else { return [] }
        let message = messages[index]
        if message.type == .system { return [.centered, .text] }

        let isOwn = message.isSentByCurrentUser
        let isLast = isLastInGroup(at: index, in: messages)
        var options: ChatMessageLayoutOptions = []
        if isOwn { options.insert(.flipped) }
        if isLast {
            options.insert(.timestamp)
            if !isOwn { options.insert(.avatar) }
        } else {
            options.insert(.continuousBubble)
            if !isOwn { options.insert(.avatarSizePadding) }
        }

        if message.isDeleted {
            options.insert([.deletedPlaceholder, .bubble])
            return options
        }

        // Any character that is not white space (a scan that stops at the first, without the
        // copy `trimmingCharacters` makes).
        let hasText = message.text.contains { !$0.isWhitespace }
        if hasText { options.insert(.text) }
        if message.quotedMessage != nil { options.insert(.quotedMessage) }
        if hasText, message.quotedMessage == nil, Self.isEmojiOnly(message.text, maxCount: maxEmojiOnlyCount) {
            options.insert(.emojiOnly)
        } else {
            options.insert(.bubble)
        }
        if isLast {
            if !isOwn, Self.memberCount(of: channel) > 2 { options.insert(.authorName) }
        }
        let failed = message.localState == .sendingFailed || message.type == .error
        if failed {
            options.insert(.errorIndicator)
        } else if isLast, isOwn {
            options.insert(.deliveryStatusIndicator)
        }
        if message.type == .ephemeral { options.insert(.onlyVisibleToYouIndicator) }
        if message.replyCount > 0, message.parentMessageId == nil, !isShownInItsThread(at: index, in: messages) {
            options.insert(.threadInfo)
        }
        if channel.config.reactionsEnabled,
           message.reactionGroups.keys.contains(where: { appearance.images.availableReactions[$0] != nil }) {
            options.insert(.reactions)
        }
        return options
    }

    /// The gap the list puts below a row with `options`: 2 points inside a group (the row joins the
    /// next one), 12 after a group's last message or a system message. Rows have no vertical
    /// padding of their own.
    open func spacing(below options: ChatMessageLayoutOptions) -> CGFloat {
        options.contains(.continuousBubble) ? 2 : 12
    }

    /// Whether the message at `index` ends its group: the next message is by someone else, too
    /// late, on another day or a system message (or there is none).
    open func isLastInGroup(at index: Int, in messages: [ChatMessage]) -> Bool {
        guard messages.indices.contains(index), messages.indices.contains(index + 1) else { return true }
        return !belongToOneGroup(messages[index], messages[index + 1])
    }

    /// Whether `next`, sent right after `message`, continues its group.
    open func belongToOneGroup(_ message: ChatMessage, _ next: ChatMessage) -> Bool {
        guard message.type != .system, next.type != .system, message.author.id == next.author.id else { return false }
        let gap = next.createdAt.timeIntervalSince(message.createdAt)
        guard gap >= 0, gap <= maxTimeIntervalBetweenMessagesInGroup else { return false }
        return calendar.isDate(message.createdAt, inSameDayAs: next.createdAt)
    }

    /// A thread's list starts with its root followed by its replies: the root shows no
    /// "N replies" there.
    private func isShownInItsThread(at index: Int, in messages: [ChatMessage]) -> Bool {
        let id = messages[index].id
        return messages.indices.contains(index + 1) && messages[index + 1].parentMessageId == id
            || messages.indices.contains(index - 1) && messages[index - 1].parentMessageId == id
    }

    private static func memberCount(of channel: ChatChannel) -> Int {
        max(channel.memberCount, channel.members.count)
    }

    /// Whether `text` is one to `maxCount` emoji and nothing else (whitespace between them is
    /// allowed).
    public nonisolated static func isEmojiOnly(_ text: String, maxCount: Int = 3) -> Bool {
        var count = 0
        for character in text where !character.isWhitespace {
            guard character.isEmojiCharacter else { return false }
            count += 1
            if count > maxCount { return false }
        }
        return count > 0
    }
}

extension Character {
    /// Whether the character is shown as an emoji: a pictograph with emoji presentation, or a
    /// sequence made an emoji by a variation selector, a skin tone, a keycap or a joiner. Digits,
    /// `#` and `*` (which have the Emoji property for keycaps) are not emoji on their own.
    var isEmojiCharacter: Bool {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        return scalars.count > 1 && first.properties.isEmoji
    }
}
