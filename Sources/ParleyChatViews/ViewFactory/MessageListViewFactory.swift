import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The message list's slots of ``ViewFactory``: a message's row and its parts (avatar, text,
/// date, reactions, replies, attachments), the list's modifiers, background and indicators.
///
/// A custom factory conforms to ``ViewFactory``, which refines this protocol, and implements
/// only the slots it changes: every slot has a default in an extension of ``ViewFactory``.
@preconcurrency @MainActor
public protocol MessageListViewFactory: AnyObject {
    // MARK: Channel

    /// Decorates the channel screen's navigation item.
    associatedtype ChannelHeaderViewModifierType: ChatChannelHeaderViewModifier
    /// The header of ``ChatChannelView`` for `channel` (`nil` while unknown).
    func makeChannelHeaderViewModifier(for channel: ChatChannel?) -> ChannelHeaderViewModifierType

    /// A message's row.
    associatedtype MessageContainerViewType: Component
    /// The whole row of `message` in the message list (seed 002's `makeMessageContainerView`).
    ///
    /// - Parameters:
    ///   - channel: the chat channel where the message was sent.
    ///   - message: the chat message that's going to be displayed.
    ///   - width: the available width for the message.
    ///   - showsAllInfo: whether all info is shown for the message (the last message of a group of
    ///     one author's consecutive messages shows avatar, name and time).
    ///   - isInThread: whether the message is shown in a thread.
    ///   - scrolledId: the id the list is scrolled to; set it to scroll to a message (loaded or not).
    ///   - quotedMessage: the message the composer quotes; set it to reply to a message.
    ///   - onLongPress: call it when the message is long pressed (the screen shows the reactions overlay).
    ///   - isLast: whether it is the newest message of the list (e.g. to apply extra padding).
    func makeMessageContainerView(
        channel: ChatChannel,
        message: ChatMessage,
        width: CGFloat?,
        showsAllInfo: Bool,
        isInThread: Bool,
        scrolledId: Binding<String?>,
        quotedMessage: Binding<ChatMessage?>,
        onLongPress: @escaping (MessageDisplayInfo) -> (),
        isLast: Bool
    ) -> MessageContainerViewType

    /// A system message's row.
    associatedtype SystemMessageViewType: Component
    /// A system message ("Jordan added Sam"): the default container shows these instead of a
    /// bubble. A custom container must handle system messages itself.
    func makeSystemMessageView(message: ChatMessage) -> SystemMessageViewType

    /// A message's text.
    associatedtype MessageTextViewType: Component
    /// The text of `message` inside its bubble.
    ///
    /// - Parameters:
    ///   - isFirst: whether the message shows all info (the last of its group).
    ///   - availableWidth: the widest the text may be.
    ///   - scrolledId: the list's scrolled id.
    func makeMessageTextView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat, scrolledId: Binding<String?>) -> MessageTextViewType

    /// A message author's avatar.
    associatedtype MessageAvatarViewType: Component
    /// The avatar of `user` beside their messages.
    func makeMessageAvatarView(for user: ChatUser) -> MessageAvatarViewType

    /// A message's time.
    associatedtype MessageDateViewType: Component
    /// The time under the last message of a group (and the author's name in groups).
    func makeMessageDateView(for message: ChatMessage) -> MessageDateViewType

    /// The separator between days.
    associatedtype DateIndicatorViewType: Component
    /// The header above the first message of a day.
    func makeDateIndicatorView(date: Date) -> DateIndicatorViewType

    /// The day separator of the message list.
    associatedtype MessageListDateIndicatorViewType: Component
    /// The separator ``ChatChannelView`` shows above the first message of each day (when
    /// `MessageListConfig.dateIndicatorPlacement` is not `.none`); by default the factory's
    /// ``makeDateIndicatorView(date:)``.
    func makeMessageListDateIndicator(date: Date) -> MessageListDateIndicatorViewType

    /// What a deleted message shows.
    associatedtype DeletedMessageViewType: Component
    /// The placeholder of a deleted `message` inside its bubble ("Message deleted").
    ///
    /// - Parameters:
    ///   - message: the deleted message.
    ///   - isFirst: whether it is the newest message of its group.
    ///   - availableWidth: the widest the placeholder may be.
    func makeDeletedMessageView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat) -> DeletedMessageViewType

    /// What shows above the last message of a group.
    associatedtype LastInGroupHeaderView: Component
    /// A header above `message`, the last of its group (empty by default; the author's name in
    /// group channels is part of the default container).
    func makeLastInGroupHeaderView(for message: ChatMessage) -> LastInGroupHeaderView

    /// The author and time under a message in a group channel.
    associatedtype MessageAuthorAndDateViewType: Component
    /// What shows under the last message of a group from another member of a group channel;
    /// by default the factory's ``makeMessageDateView(for:)`` (the author's name is above the
    /// bubble).
    func makeMessageAuthorAndDateView(for message: ChatMessage) -> MessageAuthorAndDateViewType

    /// A quoted message inside a reply.
    associatedtype QuotedMessageViewType: Component
    /// The message `quotedMessage` shown inside a reply; tapping it sets `scrolledId` to it.
    func makeQuotedMessageView(quotedMessage: ChatMessage, isSentByCurrentUser: Bool, scrolledId: Binding<String?>) -> QuotedMessageViewType

    /// The "N replies" line under a thread's root.
    associatedtype MessageRepliesViewType: Component
    /// "N replies" under `message`; `onTap` opens its thread.
    func makeMessageRepliesView(channel: ChatChannel, message: ChatMessage, replyCount: Int, onTap: @escaping @MainActor () -> Void) -> MessageRepliesViewType

    /// The reactions under a message.
    associatedtype MessageReactionViewType: Component
    /// The reactions of `message`; `onTapGesture` opens the reactions overlay.
    func makeMessageReactionView(message: ChatMessage, onTapGesture: @escaping @MainActor () -> Void) -> MessageReactionViewType

    /// What a long press on a message shows over the screen.
    associatedtype ReactionsOverlayViewType: Component
    /// The long-press overlay: laid out at the screen's size over everything.
    ///
    /// - Parameters:
    ///   - channel: the channel.
    ///   - messageDisplayInfo: the message pressed and its frame on screen.
    ///   - onReaction: toggles the current user's reaction of a type on the message (the overlay closes).
    ///   - onReply: puts the composer in reply mode for the message (the overlay closes).
    ///   - onBackgroundTap: closes the overlay.
    func makeReactionsOverlayView(
        channel: ChatChannel,
        messageDisplayInfo: MessageDisplayInfo,
        onReaction: @escaping @MainActor (MessageReactionType) -> Void,
        onReply: @escaping @MainActor () -> Void,
        onBackgroundTap: @escaping @MainActor () -> Void
    ) -> ReactionsOverlayViewType

    /// "Alice is typing…" under the newest message.
    associatedtype TypingIndicatorBottomViewType: Component
    /// The typing indicator for the users typing in `channel` (other than `currentUserId`).
    func makeTypingIndicatorBottomView(channel: ChatChannel, currentUserId: UserId?) -> TypingIndicatorBottomViewType

    /// What an empty channel shows.
    associatedtype EmptyMessagesViewType: Component
    /// What ``ChatChannelView`` shows when `channel` has no messages; `colors` are the screens'.
    func makeEmptyMessagesView(for channel: ChatChannel, colors: ColorPalette) -> EmptyMessagesViewType

    /// What the message list is drawn over.
    associatedtype MessageListBackground: Component
    /// The background of ``ChatChannelView``'s message list (any view: a colour, a gradient, an
    /// image), laid out at the list's size behind its rows.
    ///
    /// - Parameters:
    ///   - colors: the screens' colours.
    ///   - isInThread: whether the list is a thread's.
    func makeMessageListBackground(colors: ColorPalette, isInThread: Bool) -> MessageListBackground

    // MARK: Message list: the SwiftUI chat SDK's further slots

    /// Changes the message list.
    associatedtype MessageListModifier: ViewModifier
    /// A modifier of the message list (none by default).
    func makeMessageListModifier() -> MessageListModifier

    /// Changes the message list's container.
    associatedtype MessageListContainerModifier: ViewModifier
    /// A modifier of the list's container (none by default).
    func makeMessageListContainerModifier() -> MessageListContainerModifier

    /// Changes a message's bubble.
    associatedtype MessageViewModifier: ViewModifier
    /// The bubble of a message: its background colour and rounded corners.
    func makeMessageViewModifier(for messageModifierInfo: MessageModifierInfo) -> MessageViewModifier

    /// The actions of a bounced message.
    associatedtype BouncedMessageActionsModifierType: ViewModifier
    /// A modifier offering a bounced message's actions (none by default: Parley has no moderation).
    func makeBouncedMessageActionsModifier(viewModel: ChatChannelViewModel) -> BouncedMessageActionsModifierType

    /// A message author's avatar, from their display info.
    associatedtype UserAvatar: Component
    /// The avatar of a message's author (the SDK's signature); by default the initials in the
    /// user's colour, 32 points.
    func makeMessageAvatarView(for userDisplayInfo: UserDisplayInfo) -> UserAvatar

    /// The avatar in a quoted message.
    associatedtype QuotedUserAvatar: Component
    /// The avatar of a quoted message's author, `size` points.
    func makeQuotedMessageAvatarView(for userDisplayInfo: UserDisplayInfo, size: CGSize) -> QuotedUserAvatar

    /// Decorates the channel screen's navigation item, for a known channel.
    associatedtype ChatHeaderViewModifier: ChatChannelHeaderViewModifier
    /// The header of ``ChatChannelView`` for `channel` (the SDK's signature); by default the
    /// factory's ``makeChannelHeaderViewModifier(for:)`` with an optional channel.
    func makeChannelHeaderViewModifier(for channel: ChatChannel) -> ChatHeaderViewModifier

    /// Shows or hides the bars.
    associatedtype ChangeBarsVisibilityModifier: ViewModifier
    /// A modifier showing (`shouldShow`) or hiding the navigation bar (none by default).
    func makeChannelBarsVisibilityViewModifier(shouldShow: Bool) -> ChangeBarsVisibilityModifier

    /// What the channel screen shows while loading.
    associatedtype ChannelLoadingViewType: Component
    /// The channel's loading view (the factory's ``makeLoadingView()``).
    func makeChannelLoadingView() -> ChannelLoadingViewType

    /// Decorates a thread screen's navigation item.
    associatedtype ThreadHeaderViewModifier: MessageThreadHeaderViewModifier
    /// The header of a thread screen ("Thread reply").
    func makeMessageThreadHeaderViewModifier() -> ThreadHeaderViewModifier

    /// A note under a translated message.
    associatedtype MessageTranslationFooterViewType: Component
    /// What shows under a translated message (Parley translates nothing: "Edited" under an
    /// edited message, nothing otherwise).
    func makeMessageTranslationFooterView(messageViewModel: MessageViewModel) -> MessageTranslationFooterViewType

    /// A message's images.
    associatedtype ImageAttachmentViewType: Component
    /// The images of `message` (issue 22 draws them; by default a line per image).
    func makeImageAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                 scrolledId: Binding<String?>) -> ImageAttachmentViewType

    /// A message's GIF.
    associatedtype GiphyAttachmentViewType: Component
    /// The GIF of `message` (Parley has no GIFs: its images' lines).
    func makeGiphyAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                 scrolledId: Binding<String?>) -> GiphyAttachmentViewType

    /// A message's link preview.
    associatedtype LinkAttachmentViewType: Component
    /// The link previews of `message` (issue 22 draws them; by default a line per link).
    func makeLinkAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                scrolledId: Binding<String?>) -> LinkAttachmentViewType

    /// A message's files.
    associatedtype FileAttachmentViewType: Component
    /// The files of `message` (issue 22 draws them; by default a line per file).
    func makeFileAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                scrolledId: Binding<String?>) -> FileAttachmentViewType

    /// A message's video.
    associatedtype VideoAttachmentViewType: Component
    /// The videos of `message` (Parley's messages carry none: its files' lines).
    func makeVideoAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                 scrolledId: Binding<String?>) -> VideoAttachmentViewType

    /// The full-screen gallery.
    associatedtype GalleryViewType: Component
    /// The gallery of a message's images.
    func makeGalleryView(mediaAttachments: [MediaAttachment], message: ChatMessage, isShown: Binding<Bool>,
                         options: MediaViewsOptions) -> GalleryViewType

    /// The gallery's header.
    associatedtype GalleryHeaderViewType: Component
    /// The gallery's header: title, subtitle and a close button.
    func makeGalleryHeaderView(title: String, subtitle: String, shown: Binding<Bool>) -> GalleryHeaderViewType

    /// The video player.
    associatedtype VideoPlayerViewType: Component
    /// The player of a video attachment (Parley plays no video: its header and title).
    func makeVideoPlayerView(attachment: ChatMessageVideoAttachment, message: ChatMessage, isShown: Binding<Bool>,
                             options: MediaViewsOptions) -> VideoPlayerViewType

    /// The video player's header.
    associatedtype VideoPlayerHeaderViewType: Component
    /// The video player's header: title, subtitle and a close button.
    func makeVideoPlayerHeaderView(title: String, subtitle: String, shown: Binding<Bool>) -> VideoPlayerHeaderViewType

    /// The video player's footer.
    associatedtype VideoPlayerFooterViewType: Component
    /// The video player's footer: the video's title.
    func makeVideoPlayerFooterView(attachment: ChatMessageVideoAttachment, shown: Binding<Bool>) -> VideoPlayerFooterViewType

    /// A message of emoji only.
    associatedtype EmojiTextViewType: Component
    /// A message made only of emoji, drawn large without a bubble.
    func makeEmojiTextView(message: ChatMessage, scrolledId: Binding<String?>, isFirst: Bool) -> EmojiTextViewType

    /// A voice message.
    associatedtype VoiceRecordingViewType: Component
    /// A voice message (Parley records none: its files' lines).
    func makeVoiceRecordingView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                scrolledId: Binding<String?>) -> VoiceRecordingViewType

    /// An app's own attachment.
    associatedtype CustomAttachmentViewType: Component
    /// An attachment the app defines (nothing by default).
    func makeCustomAttachmentViewType(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                      scrolledId: Binding<String?>) -> CustomAttachmentViewType

    /// The button back to the newest message.
    associatedtype ScrollToBottomButtonType: Component
    /// The round button that scrolls the list to its newest message, with the unread count.
    func makeScrollToBottomButton(unreadCount: Int, onScrollToBottom: @escaping () -> Void) -> ScrollToBottomButtonType

    /// The day separator, from a formatted day.
    associatedtype DateIndicatorStringViewType: Component
    /// The separator showing `dateString` (the SDK's signature).
    func makeDateIndicatorView(dateString: String) -> DateIndicatorStringViewType

    /// The GIF badge.
    associatedtype GiphyBadgeViewType: Component
    /// The "GIPHY" badge on a GIF (nothing by default: Parley has no GIFs).
    func makeGiphyBadgeViewType(for message: ChatMessage, availableWidth: CGFloat) -> GiphyBadgeViewType

    /// "N replies", without a tap handler.
    associatedtype MessageRepliesNoTapViewType: Component
    /// "N replies" under `message` (the SDK's signature): tapping it opens the thread.
    func makeMessageRepliesView(channel: ChatChannel, message: ChatMessage, replyCount: Int) -> MessageRepliesNoTapViewType

    /// "Replied to a thread" on a reply also sent to the channel.
    associatedtype MessageRepliesShownInChannelViewType: Component
    /// The note on a thread reply also shown in the channel; tapping it opens the thread.
    func makeMessageRepliesShownInChannelView(channel: ChatChannel, message: ChatMessage, parentMessage: ChatMessage,
                                              replyCount: Int) -> MessageRepliesShownInChannelViewType
}
