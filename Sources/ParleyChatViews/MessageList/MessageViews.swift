import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// A system message ("Jordan added Sam"): centred low-emphasis text across the row (seed 002's
/// `SystemMessageView(message: message.text)`).
public struct SystemMessageView: View {
    /// The text shown.
    public let message: String

    /// A system message showing `message`.
    public init(message: String) { self.message = message }

    /// Centred footnote text.
    public var body: some View {
        let appearance = Appearance.default
        return HStack(justifyContent: .center) {
            Text(message, font: appearance.fonts.footnote, textColor: appearance.colorPalette.textLowEmphasis, textAlignment: .center)
        }
        .padding(.horizontal, 24)
        .padding(.vertical, 6)
    }
}

/// The default message text: the body font in the text colour.
public struct MessageTextView: View {
    /// The message.
    public let message: ChatMessage

    /// The text of `message`.
    public init(message: ChatMessage) { self.message = message }

    /// The text (emoji-only messages in the large emoji font).
    public var body: some View {
        let appearance = Appearance.default
        let emojiOnly = ChatMessageLayoutOptionsResolver.isEmojiOnly(message.text)
        return Text(message.text, font: emojiOnly ? appearance.fonts.emoji : appearance.fonts.body, textColor: appearance.colorPalette.text)
    }
}

/// The default message avatar: a `Components.default.avatarView` (a round image or initials),
/// `size` points square.
public struct MessageAvatarView: View {
    /// The user.
    public let user: ChatUser
    /// The side length.
    public let size: CGFloat

    /// The avatar of `user`.
    public init(user: ChatUser, size: CGFloat = 32) {
        self.user = user
        self.size = size
    }

    /// A hosted avatar view, reused among rows.
    public var body: some View {
        let user = self.user
        return ViewComponent(generator: { Components.default.avatarView.init(frame: .zero) })
            .update { $0.content = user }
            .size(width: size, height: size)
            .reuseKey("parley-message-avatar")
    }
}

/// The default time under a message ("14:05"), from `Appearance.default.formatters.messageTimestamp`.
public struct MessageDateView: View {
    /// The message.
    public let message: ChatMessage

    /// The time of `message`.
    public init(message: ChatMessage) { self.message = message }

    /// Caption text; "Edited" follows an edited message's time.
    public var body: some View {
        let appearance = Appearance.default
        var text = appearance.formatters.messageTimestamp.format(message.createdAt)
        if message.isEdited, !message.isDeleted { text = appearance.l10n.tr("message.edited", .string(text)) }
        return Text(text, font: appearance.fonts.caption1, textColor: appearance.colorPalette.textLowEmphasis, numberOfLines: 1)
    }
}

/// The default day separator: the date in a capsule, centred.
public struct DateIndicatorView: View {
    /// The day.
    public let date: Date

    /// The separator for `date`'s day.
    public init(date: Date) { self.date = date }

    /// A capsule with `Appearance.default.formatters.messageDateSeparator`'s text.
    public var body: some View {
        let appearance = Appearance.default
        return HStack(justifyContent: .center) {
            Text(appearance.formatters.messageDateSeparator.format(date), font: appearance.fonts.footnoteBold,
                 textColor: appearance.colorPalette.textLowEmphasis, numberOfLines: 1)
                .inset(h: 10, v: 4)
                .background(appearance.colorPalette.background3, cornerRadius: 11)
        }
        .padding(.vertical, 8)
    }
}

/// The default quoted message inside a reply: author and two lines of text on a tinted card;
/// tapping it scrolls to the quoted message.
public struct QuotedMessageView: View {
    /// The quoted message.
    public let quotedMessage: ChatMessage
    /// The list's scrolled id.
    public let scrolledId: Binding<String?>

    /// The card for `quotedMessage`.
    public init(quotedMessage: ChatMessage, scrolledId: Binding<String?>) {
        self.quotedMessage = quotedMessage
        self.scrolledId = scrolledId
    }

    /// A card with the author and the text.
    public var body: some View {
        let appearance = Appearance.default
        let palette = appearance.colorPalette
        let quoted = quotedMessage
        let scrolledId = self.scrolledId
        let author = quoted.author.name.isEmpty ? quoted.author.id : quoted.author.name
        let text = quoted.isDeleted ? appearance.l10n.tr("message.deleted") : quoted.text
        return VStack(spacing: 2) {
            Text(author, font: appearance.fonts.caption1Bold, textColor: palette.text, numberOfLines: 1)
            Text(text, font: appearance.fonts.footnote, textColor: palette.textLowEmphasis, numberOfLines: 2)
        }
        .inset(h: 10, v: 6)
        .background(palette.background7, cornerRadius: 10)
        .tappable { scrolledId.wrappedValue = quoted.id }
    }
}

/// The default "N replies" line under a thread's root, in the tint colour.
public struct MessageRepliesView: View {
    /// How many replies.
    public let replyCount: Int
    /// Opens the thread.
    public let onTap: @MainActor () -> Void

    /// "`replyCount` replies".
    public init(replyCount: Int, onTap: @escaping @MainActor () -> Void) {
        self.replyCount = replyCount
        self.onTap = onTap
    }

    /// A tappable line with the thread icon.
    public var body: some View {
        let appearance = Appearance.default
        let label = appearance.l10n.plural("message.threads.count", count: replyCount)
        return HStack(spacing: 4, alignItems: .center) {
            Image(appearance.images.threadIcon).size(width: 14, height: 14)
            Text(label, font: appearance.fonts.footnoteBold, textColor: appearance.colorPalette.accentPrimary, numberOfLines: 1)
        }
        .inset(h: 4, v: 2)
        .tappable(onTap)
    }
}

/// The default reactions under a message: each type's icon and count in a capsule; the current
/// user's reactions in the tint colour, others' in `inactiveTint`.
public struct ReactionsView: View {
    /// The message.
    public let message: ChatMessage
    /// What a tap does.
    public let onTap: @MainActor () -> Void

    /// The reactions of `message`.
    public init(message: ChatMessage, onTap: @escaping @MainActor () -> Void) {
        self.message = message
        self.onTap = onTap
    }

    /// The capsule.
    public var body: some View {
        let appearance = Appearance.default
        let palette = appearance.colorPalette
        let groups = message.reactionGroups
            .filter { appearance.images.availableReactions[$0.key] != nil && $0.value.count > 0 }
            .sorted { $0.key.rawValue < $1.key.rawValue }
        return HStack(spacing: 6, alignItems: .center) {
            for (type, data) in groups {
                HStack(spacing: 3, alignItems: .center) {
                    Image(appearance.images.availableReactions[type]?.smallIcon, tintColor: data.isChosenByCurrentUser ? nil : palette.inactiveTint)
                        .size(width: 16, height: 16)
                    Text("\(data.count)", font: appearance.fonts.footnoteBold, textColor: palette.textLowEmphasis, numberOfLines: 1)
                }
            }
        }
        .inset(h: 8, v: 4)
        .background(palette.background1, cornerRadius: 12)
        .tappable(onTap)
    }
}

/// The default typing indicator: "Alice is typing…" in low-emphasis text.
public struct TypingIndicatorBottomView: View {
    /// The text shown.
    public let text: String

    /// An indicator showing `text`.
    public init(text: String) { self.text = text }

    /// An indicator for the users typing in `channel` other than `currentUserId` (empty text when
    /// nobody types).
    public init(channel: ChatChannel, currentUserId: UserId?) {
        let names = channel.currentlyTypingUsers.filter { $0.id != currentUserId }
            .map { $0.name.isEmpty ? $0.id : $0.name }
            .sorted()
        text = L10n.default.typing(names) ?? ""
    }

    /// Footnote text with room around it.
    public var body: some View {
        let appearance = Appearance.default
        return Text(text, font: appearance.fonts.footnote, textColor: appearance.colorPalette.textLowEmphasis, numberOfLines: 1)
            .padding(.horizontal, 16)
            .padding(.vertical, 6)
    }
}

/// The default empty-channel view: an icon and "No messages yet", centred.
public struct EmptyMessagesView: View {
    /// An empty-channel view.
    public init() {}

    /// The icon and the text.
    public var body: some View {
        let appearance = Appearance.default
        return VStack(spacing: 8, justifyContent: .center, alignItems: .center) {
            Image(appearance.images.smiley, tintColor: appearance.colorPalette.inactiveTint).size(width: 40, height: 40)
            Text(appearance.l10n.tr("messageList.empty.title"), font: appearance.fonts.subheadline, textColor: appearance.colorPalette.textLowEmphasis)
            Text(appearance.l10n.tr("messageList.empty.subtitle"), font: appearance.fonts.footnote, textColor: appearance.colorPalette.textLowEmphasis)
        }
        .padding(.vertical, 40)
    }
}

/// The author's name and the time under a message from another member of a group (the SwiftUI
/// chat SDK's author-and-date view).
public struct MessageAuthorAndDateView: View {
    /// The message.
    public let message: ChatMessage

    /// The author and time of `message`.
    public init(message: ChatMessage) { self.message = message }

    /// The name in bold caption text, then the time.
    public var body: some View {
        let appearance = Appearance.default
        return HStack(alignment: .center, spacing: 4) {
            Text(message.author.name, font: appearance.fonts.footnoteBold, textColor: appearance.colorPalette.textLowEmphasis, numberOfLines: 1)
            MessageDateView(message: message)
        }
    }
}
