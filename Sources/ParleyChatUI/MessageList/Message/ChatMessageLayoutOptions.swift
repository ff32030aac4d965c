import Foundation
import ParleyChat
import ParleyUIKit

/// What a message's row shows and how: a set of ``ChatMessageLayoutOption``s (which side, bubble,
/// avatar, name, timestamp and so on).
///
/// A plain `Set`, so `contains`, `insert`, `remove`, `union` and literals such as
/// `[.bubble, .text]` work as on any set; `insert(_:)` and `remove(_:)` also take a set.
public typealias ChatMessageLayoutOptions = Set<ChatMessageLayoutOption>

extension Set where Element == ChatMessageLayoutOption {
    /// A stable text naming the options (their raw values sorted and joined by `-`): equal sets
    /// give equal ids, whatever their order.
    public var id: String {
        map(\.rawValue).sorted().joined(separator: "-")
    }

    /// Adds every option of `options`.
    public mutating func insert(_ options: ChatMessageLayoutOptions) {
        formUnion(options)
    }

    /// Removes every option of `options`.
    public mutating func remove(_ options: ChatMessageLayoutOptions) {
        subtract(options)
    }
}

/// One thing a message's row shows or one way it is laid out, named by a string.
///
/// Apps add their own options with `static let`, set them in a resolver subclass and read them in
/// a content view subclass:
///
/// ```swift
/// extension ChatMessageLayoutOption {
///     static let pinnedBadge: Self = "pinnedBadge"
/// }
/// ```
public struct ChatMessageLayoutOption: RawRepresentable, Hashable, ExpressibleByStringLiteral, Sendable {
    /// The option's name.
    public let rawValue: String

    /// The option named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The option named by a string literal.
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}

extension ChatMessageLayoutOption {
    /// The message is the current user's: laid out on the trailing side.
    public static let flipped: Self = "flipped"
    /// Centred (system messages).
    public static let centered: Self = "centered"
    /// The text sits in a bubble.
    public static let bubble: Self = "bubble"
    /// The bubble joins the next message's bubble of the same group (no tail corner).
    public static let continuousBubble: Self = "continuousBubble"
    /// Shows the author's avatar (the last message of a group of others).
    public static let avatar: Self = "avatar"
    /// Keeps the avatar's space empty (messages of others that are not last of their group).
    public static let avatarSizePadding: Self = "avatarSizePadding"
    /// Shows the author's name (last of a group, channels of more than two members).
    public static let authorName: Self = "authorName"
    /// Shows the time (last of a group).
    public static let timestamp: Self = "timestamp"
    /// Shows the text.
    public static let text: Self = "text"
    /// Shows the quoted message of a reply.
    public static let quotedMessage: Self = "quotedMessage"
    /// Shows "N replies" for a thread's root.
    public static let threadInfo: Self = "threadInfo"
    /// Shows the reactions bubble.
    public static let reactions: Self = "reactions"
    /// Shows the failed-to-send indicator.
    public static let errorIndicator: Self = "errorIndicator"
    /// Shows sent/read checkmarks (the current user's last message of a group).
    public static let deliveryStatusIndicator: Self = "deliveryStatusIndicator"
    /// Shows "Only visible to you" (ephemeral messages).
    public static let onlyVisibleToYouIndicator: Self = "onlyVisibleToYouIndicator"
    /// The message was deleted: shows a placeholder instead of its text.
    public static let deletedPlaceholder: Self = "deletedPlaceholder"
    /// The text is only emoji (up to a few): shown large and without a bubble.
    public static let emojiOnly: Self = "emojiOnly"
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
///     override func optionsForMessage(at indexPath: IndexPath, in channel: ChatChannel,
///                                     with messages: AnyRandomAccessCollection<ChatMessage>,
///                                     appearance: Appearance) -> ChatMessageLayoutOptions {
///         var options = super.optionsForMessage(at: indexPath, in: channel, with: messages, appearance: appearance)
///         options.remove(.flipped)
///         return options
///     }
/// }
/// ```
@preconcurrency @MainActor
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

    /// The options of the message at `indexPath.item` of `messages` in `channel`; empty for an
    /// item outside `messages`.
    ///
    /// `messages` runs newest first, as the list shows them from the bottom: item 0 is the
    /// newest message, `item - 1` the one sent after the message, `item + 1` the one before.
    open func optionsForMessage(
        at indexPath: IndexPath,
        in channel: ChatChannel,
        with messages: AnyRandomAccessCollection<ChatMessage>,
        appearance: Appearance
    ) -> ChatMessageLayoutOptions {
        let item = indexPath.item
        guard let message = messages.message(at: item) else { return [] }
        if message.type == .system { return [.centered, .text] }

        let isOwn = message.isSentByCurrentUser
        let isLast = isMessageLastInSequence(messageIndexPath: indexPath, messages: messages)
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
        if hasText, message.quotedMessage == nil, message.attachments.isEmpty, Self.isEmojiOnly(message.text, maxCount: maxEmojiOnlyCount) {
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
        if message.replyCount > 0, message.parentMessageId == nil, !isShownInItsThread(at: item, in: messages) {
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

    /// Whether the message at `messageIndexPath.item` of `messages` (newest first) ends its
    /// group: the message sent after it (`item - 1`) is by someone else, too late, on another day
    /// or a system message (or there is none).
    open func isMessageLastInSequence(
        messageIndexPath: IndexPath,
        messages: AnyRandomAccessCollection<ChatMessage>
    ) -> Bool {
        let item = messageIndexPath.item
        guard let message = messages.message(at: item), let next = messages.message(at: item - 1) else { return true }
        return !belongToOneGroup(message, next)
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
    private func isShownInItsThread(at item: Int, in messages: AnyRandomAccessCollection<ChatMessage>) -> Bool {
        guard let id = messages.message(at: item)?.id else { return false }
        return messages.message(at: item - 1)?.parentMessageId == id || messages.message(at: item + 1)?.parentMessageId == id
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

extension AnyRandomAccessCollection where Element == ChatMessage {
    /// The message `offset` places from the start, or `nil` outside the collection.
    func message(at offset: Int) -> ChatMessage? {
        guard offset >= 0, offset < count else { return nil }
        return self[index(startIndex, offsetBy: offset)]
    }
}
