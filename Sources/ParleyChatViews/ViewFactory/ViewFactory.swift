import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The slots of the declarative chat screens: each method makes one part of a screen, and a
/// custom factory overrides only the parts it wants to change.
///
/// Every slot has a default implementation (in an extension of this protocol), so a factory
/// starts as an empty class, and its methods return `some View`, as in SwiftUI:
///
/// ```swift
/// final class CustomFactory: ViewFactory {
///     static let shared = CustomFactory()
///
///     // Seed 002: a livestream-style list (Twitch): plain left-aligned text rows.
///     func makeMessageContainerView(
///         channel: ChatChannel,
///         message: ChatMessage,
///         width: CGFloat?,
///         showsAllInfo: Bool,
///         isInThread: Bool,
///         scrolledId: Binding<String?>,
///         quotedMessage: Binding<ChatMessage?>,
///         onLongPress: @escaping (MessageDisplayInfo) -> (),
///         isLast: Bool
///     ) -> some View {
///         HStack {
///             Text(message.text)
///             Spacer()
///         }
///         .padding(.horizontal, 8)
///         .padding(.bottom, showsAllInfo ? 8 : 2)
///         .padding(.top, isLast ? 8 : 0)
///     }
/// }
///
/// @main
/// struct ChatApp: App {
///     var body: some Scene {
///         WindowGroup { ChatChannelListView(viewFactory: CustomFactory.shared) }
///     }
/// }
/// ```
///
/// ## Views and components
///
/// The slots' views come from ParleySwiftUI, the SwiftUI-compatible layer (`View`, `@State`,
/// `HStack`, `Text`, `Image(systemName:)`, `Button`, `Color`, the modifiers). Every view is a
/// ParleyComponent ``Component`` — the same engine the UIKit-style screens put their rows in — so
/// a slot may also return a component written for that engine (`-> some Component`): the slots'
/// associated types only ask for a component.
///
/// ## Nested slots
///
/// The default implementations ask the same factory for their parts: the default message
/// container asks `self` for the avatar (``makeMessageAvatarView(for:)``), the text
/// (``makeMessageTextView(for:isFirst:availableWidth:scrolledId:)``), the date, the reactions and
/// system messages, so overriding ``makeMessageAvatarView(for:)`` changes every avatar while the
/// rest stays the default. Overriding a slot means implementing the method with exactly the
/// signature below: a method with other labels is a new method, not an override.
///
/// Components are laid out on the main actor; the factory is a class (`AnyObject`) so that one
/// instance (`CustomFactory.shared`) can be shared by every screen.
@preconcurrency @MainActor
public protocol ViewFactory: AnyObject {
    /// The client the factory's views use (by default ``InjectedValues/chatClient``; factories
    /// often declare `@Injected(\.chatClient) var chatClient`).
    var chatClient: ChatClient { get }

    // MARK: Channel list

    /// The row of a channel in the channel list.
    associatedtype ChannelListItemType: Component
    /// The row of `channel` in ``ChatChannelListView``; `onItemTap` opens the channel.
    ///
    /// - Parameters:
    ///   - channel: the channel.
    ///   - channelName: its display name (a direct message's partner, a group's name).
    ///   - currentUserId: the user the list is for.
    ///   - onItemTap: call it when the row is tapped.
    func makeChannelListItem(
        channel: ChatChannel, channelName: String, currentUserId: UserId?, onItemTap: @escaping @MainActor (ChatChannel) -> Void
    ) -> ChannelListItemType

    /// A channel's avatar.
    associatedtype ChannelAvatarViewType: Component
    /// The avatar of `channel` (the partner's in a direct message), `size` points square.
    func makeChannelAvatarView(for channel: ChatChannel, currentUserId: UserId?, size: CGFloat) -> ChannelAvatarViewType

    /// The line between two channel rows.
    associatedtype ChannelListDividerItemType: Component
    /// The divider ``ChatChannelListView`` puts between two rows (return `EmptyView()` for none).
    func makeChannelListDividerItem() -> ChannelListDividerItemType

    /// What a channel row is drawn over.
    associatedtype ChannelListItemBackground: Component
    /// The background of `channel`'s row in ``ChatChannelListView``, laid out at the row's size
    /// behind it; `isSelected` is whether the row is the selected one (Parley's list has no
    /// selection on a phone: `false`).
    func makeChannelListItemBackground(channel: ChatChannel, isSelected: Bool) -> ChannelListItemBackground

    /// What the channel list shows above its rows.
    associatedtype ChannelListTopViewType: Component
    /// The view above the rows of ``ChatChannelListView`` (a search bar): writing `searchText`
    /// shows only the channels whose name contains it. Empty by default.
    func makeChannelListTopView(searchText: Binding<String>) -> ChannelListTopViewType

    /// What the channel list shows after its rows.
    associatedtype ChannelListFooterViewType: Component
    /// The view after the last row of ``ChatChannelListView``. Empty by default.
    func makeChannelListFooterView() -> ChannelListFooterViewType

    /// What the channel list shows without channels.
    associatedtype NoChannelsViewType: Component
    /// What ``ChatChannelListView`` shows when the user has no channels.
    func makeNoChannelsView() -> NoChannelsViewType

    /// What a screen shows while loading.
    associatedtype LoadingViewType: Component
    /// What ``ChatChannelListView`` shows while its first page loads.
    func makeLoadingView() -> LoadingViewType

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

    // MARK: Composer

    /// The composer.
    associatedtype MessageComposerViewType: Component
    /// The composer at the bottom of ``ChatChannelView``.
    ///
    /// - Parameters:
    ///   - channelController: the channel to send to.
    ///   - quotedMessage: the message being replied to; clear it after sending.
    ///   - onMessageSent: call it after a message was sent (the list scrolls to it).
    func makeMessageComposerViewType(
        with channelController: ChatChannelController,
        quotedMessage: Binding<ChatMessage?>,
        onMessageSent: @escaping @MainActor () -> Void
    ) -> MessageComposerViewType

    /// The trailing part of the composer.
    /// A text input for composers.
    associatedtype ComposerTextInputViewType: Component
    /// A text input bound to `text` showing `placeholder` while empty (a ``TextField``), for
    /// custom composers; the default composer keeps the toolkit's multi-line input view.
    ///
    /// - Parameters:
    ///   - text: the text being composed.
    ///   - height: the input's height (Parley's field is one line: it is not written).
    ///   - selectedRangeLocation: the caret's location (not written).
    ///   - placeholder: shown while the text is empty.
    ///   - editable: whether the user may type.
    ///   - maxMessageLength: the longest text the input keeps (`nil`: no limit).
    ///   - currentHeight: the input's current height.
    func makeComposerTextInputView(
        text: Binding<String>,
        height: Binding<CGFloat>,
        selectedRangeLocation: Binding<Int>,
        placeholder: String,
        editable: Bool,
        maxMessageLength: Int?,
        currentHeight: CGFloat
    ) -> ComposerTextInputViewType

    associatedtype TrailingComposerViewType: Component
    /// What the default composer shows after its input (the send button).
    ///
    /// - Parameters:
    ///   - enabled: whether there is something to send.
    ///   - cooldownDuration: the seconds left before the user may send again (slow mode; Parley's
    ///     composer has none, so it is 0).
    ///   - onTap: sends the text.
    func makeTrailingComposerView(enabled: Bool, cooldownDuration: Int, onTap: @escaping () -> Void) -> TrailingComposerViewType

    /// What the channel list is drawn over.
    associatedtype ChannelListBackground: Component
    /// The background of ``ChatChannelListView`` (any view), laid out at the list's size behind its rows.
    func makeChannelListBackground(colors: ColorPalette) -> ChannelListBackground

    /// The composer's send button.
    associatedtype SendMessageButtonType: Component
    /// The send button of the default composer; `onTap` sends the text.
    func makeSendMessageButton(enabled: Bool, onTap: @escaping @MainActor () -> Void) -> SendMessageButtonType

    // MARK: Channel list: the SwiftUI chat SDK's further slots

    /// The title display mode of the screens' navigation bars.
    func navigationBarDisplayMode() -> NavigationBarItem.TitleDisplayMode

    /// Decorates the channel list's navigation item.
    associatedtype HeaderViewModifier: ChannelListHeaderViewModifier
    /// The header of ``ChatChannelListView``, titled `title`.
    func makeChannelListHeaderViewModifier(title: String) -> HeaderViewModifier

    /// A channel row with every argument of the SwiftUI chat SDK's slot.
    associatedtype ChannelListItemFullType: Component
    /// The row of `channel` (the SDK's full signature); by default the factory's
    /// ``makeChannelListItem(channel:channelName:currentUserId:onItemTap:)``.
    ///
    /// - Parameters:
    ///   - channel: the channel.
    ///   - channelName: its display name.
    ///   - avatar: its avatar image (Parley draws initials: an empty image).
    ///   - onlineIndicatorShown: whether the avatar shows the online dot.
    ///   - disabled: whether taps are ignored.
    ///   - selectedChannel: the selected channel.
    ///   - swipedChannelId: the id of the row swiped open.
    ///   - channelDestination: makes the screen the row opens.
    ///   - onItemTap: call it when the row is tapped.
    ///   - trailingSwipeRightButtonTapped: the trailing swipe area's right button.
    ///   - trailingSwipeLeftButtonTapped: the trailing swipe area's left button.
    ///   - leadingSwipeButtonTapped: the leading swipe area's button.
    func makeChannelListItem(
        channel: ChatChannel,
        channelName: String,
        avatar: UIImage,
        onlineIndicatorShown: Bool,
        disabled: Bool,
        selectedChannel: Binding<ChannelSelectionInfo?>,
        swipedChannelId: Binding<String?>,
        channelDestination: @escaping (ChannelSelectionInfo) -> ChannelDestination,
        onItemTap: @escaping (ChatChannel) -> Void,
        trailingSwipeRightButtonTapped: @escaping (ChatChannel) -> Void,
        trailingSwipeLeftButtonTapped: @escaping (ChatChannel) -> Void,
        leadingSwipeButtonTapped: @escaping (ChatChannel) -> Void
    ) -> ChannelListItemFullType

    /// A channel avatar drawn with options.
    associatedtype ChannelAvatarWithOptionsType: Component
    /// The avatar of `channel` as `options` ask (size, online dot, image).
    func makeChannelAvatarView(for channel: ChatChannel, with options: ChannelAvatarViewOptions) -> ChannelAvatarWithOptionsType

    /// The "more" actions of a channel.
    associatedtype MoreActionsView: Component
    /// The sheet of `channel`'s actions (``supportedMoreChannelActions(for:onDismiss:onError:)``).
    func makeMoreChannelActionsView(
        for channel: ChatChannel,
        swipedChannelId: Binding<String?>,
        onDismiss: @escaping () -> Void,
        onError: @escaping (Error) -> Void
    ) -> MoreActionsView

    /// The actions the "more" sheet of `channel` offers.
    func supportedMoreChannelActions(
        for channel: ChatChannel,
        onDismiss: @escaping () -> Void,
        onError: @escaping (Error) -> Void
    ) -> [ChannelAction]

    /// What a row swiped to the left shows.
    associatedtype TrailingSwipeActionsViewType: Component
    /// The buttons behind a row swiped to the left (more, delete), `buttonWidth` points each.
    func makeTrailingSwipeActionsView(
        channel: ChatChannel,
        offsetX: CGFloat,
        buttonWidth: CGFloat,
        swipedChannelId: Binding<String?>,
        leftButtonTapped: @escaping (ChatChannel) -> Void,
        rightButtonTapped: @escaping (ChatChannel) -> Void
    ) -> TrailingSwipeActionsViewType

    /// What a row swiped to the right shows.
    associatedtype LeadingSwipeActionsViewType: Component
    /// The button behind a row swiped to the right (empty by default).
    func makeLeadingSwipeActionsView(
        channel: ChatChannel,
        offsetX: CGFloat,
        buttonWidth: CGFloat,
        swipedChannelId: Binding<String?>,
        buttonTapped: @escaping (ChatChannel) -> Void
    ) -> LeadingSwipeActionsViewType

    /// What stays under the channel list.
    associatedtype ChannelListStickyFooterViewType: Component
    /// The view pinned under ``ChatChannelListView``'s rows (a tab bar). Empty by default.
    func makeChannelListStickyFooterView() -> ChannelListStickyFooterViewType

    /// The channel list's search results.
    associatedtype ChannelListSearchResultsViewType: Component
    /// The results of a search in the channel list.
    func makeSearchResultsView(
        selectedChannel: Binding<ChannelSelectionInfo?>,
        searchResults: [ChannelSelectionInfo],
        loadingSearchResults: Bool,
        onlineIndicatorShown: @escaping (ChatChannel) -> Bool,
        channelNaming: @escaping (ChatChannel) -> String,
        imageLoader: @escaping (ChatChannel) -> UIImage,
        onSearchResultTap: @escaping (ChannelSelectionInfo) -> Void,
        onItemAppear: @escaping (Int) -> Void
    ) -> ChannelListSearchResultsViewType

    /// One search result.
    associatedtype ChannelListSearchResultItem: Component
    /// The row of one search result.
    func makeChannelListSearchResultItem(
        searchResult: ChannelSelectionInfo,
        onlineIndicatorShown: Bool,
        channelName: String,
        avatar: UIImage,
        onSearchResultTap: @escaping (ChannelSelectionInfo) -> Void,
        channelDestination: @escaping (ChannelSelectionInfo) -> ChannelDestination
    ) -> ChannelListSearchResultItem

    /// Changes the channel list's content (rows, header and footer).
    associatedtype ChannelListContentModifier: ViewModifier
    /// A modifier of the list's content (none by default).
    func makeChannelListContentModifier() -> ChannelListContentModifier

    /// Changes the channel list.
    associatedtype ChannelListModifier: ViewModifier
    /// A modifier of the whole list (none by default).
    func makeChannelListModifier() -> ChannelListModifier

    // MARK: Navigation

    /// The screen a channel row opens.
    associatedtype ChannelDestination: Component
    /// Makes the screen a selected channel opens (by default a ``ChatChannelScreen``).
    func makeChannelDestination() -> (ChannelSelectionInfo) -> ChannelDestination

    /// The screen a thread opens.
    associatedtype MessageThreadDestination: Component
    /// Makes the screen of a message's thread (by default a ``ChatChannelScreen`` of the thread).
    func makeMessageThreadDestination() -> (ChatChannel, ChatMessage) -> MessageThreadDestination

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

    /// The composer, with the SDK's full signature.
    associatedtype MessageComposerFullViewType: Component
    /// The composer (the SDK's signature: a thread's message controller and the edited message);
    /// by default the factory's ``makeMessageComposerViewType(with:quotedMessage:onMessageSent:)``.
    func makeMessageComposerViewType(
        with channelController: ChatChannelController,
        messageController: ChatMessageController?,
        quotedMessage: Binding<ChatMessage?>,
        editedMessage: Binding<ChatMessage?>,
        onMessageSent: @escaping () -> Void
    ) -> MessageComposerFullViewType

    /// The leading part of the composer.
    associatedtype LeadingComposerViewType: Component
    /// What the composer shows before its input (the attachments button; issue 22 wires it).
    func makeLeadingComposerView(state: Binding<PickerTypeState>, channelConfig: ChannelConfig?) -> LeadingComposerViewType

    /// The composer's input area.
    associatedtype ComposerInputViewType: Component
    /// The composer's middle: the quoted message, the added attachments and the text input.
    func makeComposerInputView(
        text: Binding<String>,
        selectedRangeLocation: Binding<Int>,
        command: Binding<ComposerCommand?>,
        addedAssets: [AddedAsset],
        addedFileURLs: [URL],
        addedCustomAttachments: [CustomAttachment],
        quotedMessage: Binding<ChatMessage?>,
        maxMessageLength: Int?,
        cooldownDuration: Int,
        onCustomAttachmentTap: @escaping (CustomAttachment) -> Void,
        shouldScroll: Bool,
        removeAttachmentWithId: @escaping (String) -> Void
    ) -> ComposerInputViewType

    /// What the composer shows while recording.
    associatedtype ComposerRecordingViewType: Component
    /// The composer while a voice message is recorded (Parley records none: "Recording…").
    func makeComposerRecordingView(viewModel: MessageComposerViewModel, gestureLocation: CGPoint) -> ComposerRecordingViewType

    /// What the composer shows while a recording is locked.
    associatedtype ComposerRecordingLockedViewType: Component
    /// The composer while a locked recording goes on.
    func makeComposerRecordingLockedView(viewModel: MessageComposerViewModel) -> ComposerRecordingLockedViewType

    /// The recording tip.
    associatedtype ComposerRecordingTipViewType: Component
    /// "Hold to record, release to send."
    func makeComposerRecordingTipView() -> ComposerRecordingTipViewType

    /// Changes the whole composer.
    associatedtype ComposerViewModifier: ViewModifier
    /// A modifier of the composer (none by default).
    func makeComposerViewModifier() -> ComposerViewModifier

    /// The attachment source picker.
    associatedtype AttachmentSourcePickerViewType: Component
    /// The row of attachment sources (photos, files, camera); issue 22 wires the pickers.
    func makeAttachmentSourcePickerView(selected: AttachmentPickerState,
                                        onPickerStateChange: @escaping (AttachmentPickerState) -> Void) -> AttachmentSourcePickerViewType

    /// The file picker.
    associatedtype FilePickerViewType: Component
    /// The file picker (issue 22; by default the files added so far).
    func makeFilePickerView(filePickerShown: Binding<Bool>, addedFileURLs: Binding<[URL]>) -> FilePickerViewType

    /// The camera picker.
    associatedtype CameraPickerViewType: Component
    /// The camera (Parley has none: a note saying so).
    func makeCameraPickerView(selected: Binding<AttachmentPickerState>, cameraPickerShown: Binding<Bool>,
                              cameraImageAdded: @escaping (AddedAsset) -> Void) -> CameraPickerViewType

    /// An app's own attachment picker.
    associatedtype CustomComposerAttachmentViewType: Component
    /// The picker of the app's own attachments (nothing by default).
    func makeCustomAttachmentView(addedCustomAttachments: [CustomAttachment],
                                  onCustomAttachmentTap: @escaping (CustomAttachment) -> Void) -> CustomComposerAttachmentViewType

    /// The preview of an app's own attachments in the composer.
    associatedtype CustomAttachmentPreviewViewType: Component
    /// The preview of added custom attachments (nothing by default).
    func makeCustomAttachmentPreviewView(addedCustomAttachments: [CustomAttachment],
                                         onCustomAttachmentTap: @escaping (CustomAttachment) -> Void) -> CustomAttachmentPreviewViewType

    /// What asks for access to the photos.
    associatedtype AssetsAccessPermissionViewType: Component
    /// The note asking for access to the photo library.
    func makeAssetsAccessPermissionView() -> AssetsAccessPermissionViewType

    /// The actions the long-press overlay offers on `message`.
    func supportedMessageActions(for message: ChatMessage, channel: ChatChannel,
                                 onFinish: @escaping (MessageActionInfo) -> Void,
                                 onError: @escaping (Error) -> Void) -> [MessageAction]

    /// "Also send in channel" under a thread's composer.
    associatedtype SendInChannelViewType: Component
    /// The checkbox that also sends a thread reply to the channel.
    func makeSendInChannelView(showReplyInChannel: Binding<Bool>, isDirectMessage: Bool) -> SendInChannelViewType

    /// The message actions.
    associatedtype MessageActionsViewType: Component
    /// The list of ``supportedMessageActions(for:channel:onFinish:onError:)``.
    func makeMessageActionsView(for message: ChatMessage, channel: ChatChannel,
                                onFinish: @escaping (MessageActionInfo) -> Void,
                                onError: @escaping (Error) -> Void) -> MessageActionsViewType

    /// Who reacted.
    associatedtype ReactionsUsersViewType: Component
    /// The users who reacted to `message`, at most `maxHeight` points tall.
    func makeReactionsUsersView(message: ChatMessage, maxHeight: CGFloat) -> ReactionsUsersViewType

    /// Reactions under the bubble.
    associatedtype ReactionsBottomViewType: Component
    /// The reactions drawn under a message.
    func makeBottomReactionsView(message: ChatMessage, showsAllInfo: Bool, onTap: @escaping () -> Void,
                                 onLongPress: @escaping () -> Void) -> ReactionsBottomViewType

    /// The reactions over a message, with a long press.
    associatedtype MessageReactionLongPressViewType: Component
    /// The reactions of `message` (the SDK's signature); by default the factory's
    /// ``makeMessageReactionView(message:onTapGesture:)``, with `onLongPressGesture` on a long press.
    func makeMessageReactionView(message: ChatMessage, onTapGesture: @escaping () -> Void,
                                 onLongPressGesture: @escaping () -> Void) -> MessageReactionLongPressViewType

    /// The long-press overlay, with the SDK's signature.
    associatedtype ReactionsOverlayFullViewType: Component
    /// The long-press overlay (the SDK's signature): the reactions picker, the message and its
    /// actions over a dimmed screen.
    func makeReactionsOverlayView(
        channel: ChatChannel,
        currentSnapshot: UIImage,
        messageDisplayInfo: MessageDisplayInfo,
        onBackgroundTap: @escaping () -> Void,
        onActionExecuted: @escaping (MessageActionInfo) -> Void
    ) -> ReactionsOverlayFullViewType

    /// What the overlay is drawn over.
    associatedtype ReactionsBackground: Component
    /// The overlay's backdrop: the screen dimmed.
    func makeReactionsBackgroundView(currentSnapshot: UIImage, popInAnimationInProgress: Bool) -> ReactionsBackground

    /// The reactions picker.
    associatedtype ReactionsContentView: Component
    /// The row of reactions to choose from, for `message`.
    func makeReactionsContentView(message: ChatMessage, contentRect: CGRect,
                                  onReactionTap: @escaping (MessageReactionType) -> Void) -> ReactionsContentView

    /// The reply bar of the composer.
    associatedtype QuotedMessageHeaderViewType: Component
    /// "Reply to message" above the composer, with a close button.
    func makeQuotedMessageHeaderView(quotedMessage: Binding<ChatMessage?>) -> QuotedMessageHeaderViewType

    /// A quoted message, with the SDK's signature.
    associatedtype QuotedMessageFullViewType: Component
    /// The quoted message in a reply or the composer (the SDK's signature); by default the
    /// factory's ``makeQuotedMessageView(quotedMessage:isSentByCurrentUser:scrolledId:)``.
    func makeQuotedMessageView(quotedMessage: ChatMessage, fillAvailableSpace: Bool, isInComposer: Bool,
                               scrolledId: Binding<String?>) -> QuotedMessageFullViewType

    /// The content of a quoted message.
    associatedtype QuotedMessageContentViewType: Component
    /// The quoted message's author and text.
    func makeQuotedMessageContentView(options: QuotedMessageContentViewOptions) -> QuotedMessageContentViewType

    /// A quoted custom attachment.
    associatedtype CustomAttachmentQuotedViewType: Component
    /// A quoted message's custom attachment (nothing by default).
    func makeCustomAttachmentQuotedView(for message: ChatMessage) -> CustomAttachmentQuotedViewType

    /// The edit bar of the composer.
    associatedtype EditedMessageHeaderViewType: Component
    /// "Edit message" above the composer, with a close button.
    func makeEditedMessageHeaderView(editedMessage: Binding<ChatMessage?>) -> EditedMessageHeaderViewType

    /// The commands above the composer.
    associatedtype CommandsContainerViewType: Component
    /// The suggestions of a command being typed (nothing by default: Parley has no commands).
    func makeCommandsContainerView(suggestions: [String: Any], handleCommand: @escaping ([String: Any]) -> Void) -> CommandsContainerViewType

    /// The read indicator.
    associatedtype MessageReadIndicatorViewType: Component
    /// The ticks beside the current user's message: one when sent, two when read.
    func makeMessageReadIndicatorView(channel: ChatChannel, message: ChatMessage) -> MessageReadIndicatorViewType

    /// The new messages separator.
    associatedtype NewMessagesIndicatorViewType: Component
    /// "N new messages" above the first unread message.
    func makeNewMessagesIndicatorView(newMessagesStartId: Binding<String?>, count: Int) -> NewMessagesIndicatorViewType

    /// The jump to unread button.
    associatedtype JumpToUnreadButtonType: Component
    /// "Jump to unread" at the top of the list, with a close button.
    func makeJumpToUnreadButton(channel: ChatChannel, onJumpToMessage: @escaping () -> Void,
                                onClose: @escaping () -> Void) -> JumpToUnreadButtonType

    /// The poll composer.
    associatedtype ComposerPollViewType: Component
    /// The poll composer (Parley has no polls: a note saying so).
    func makeComposerPollView(channelController: ChatChannelController,
                              messageController: ChatMessageController?) -> ComposerPollViewType

    /// A poll.
    associatedtype PollViewType: Component
    /// A poll: its question and answers.
    func makePollView(message: ChatMessage, poll: Poll, isFirst: Bool) -> PollViewType

    // MARK: Threads

    /// The screen a thread row opens.
    associatedtype ThreadDestination: Component
    /// Makes the screen of a thread (the factory's ``makeMessageThreadDestination()``).
    func makeThreadDestination() -> (ChatThread) -> ThreadDestination

    /// A thread row.
    associatedtype ThreadListItemType: Component
    /// The row of `thread`: the channel, the root message and the latest reply.
    func makeThreadListItem(thread: ChatThread, threadDestination: @escaping (ChatThread) -> ThreadDestination,
                            selectedThread: Binding<ThreadSelectionInfo?>) -> ThreadListItemType

    /// What the thread list shows without threads.
    associatedtype NoThreads: Component
    /// "No threads yet".
    func makeNoThreadsView() -> NoThreads

    /// The thread list's error banner.
    associatedtype ThreadListErrorBannerView: Component
    /// "Error loading threads" with a retry button.
    func makeThreadsListErrorBannerView(onRefreshAction: @escaping () -> Void) -> ThreadListErrorBannerView

    /// What the thread list shows while loading.
    associatedtype ThreadListLoadingView: Component
    /// The thread list's loading view (the factory's ``makeLoadingView()``).
    func makeThreadListLoadingView() -> ThreadListLoadingView

    /// Wraps the thread list.
    associatedtype ThreadListContainerModifier: ViewModifier
    /// A modifier of the thread list (none by default).
    func makeThreadListContainerViewModifier(viewModel: ChatThreadListViewModel) -> ThreadListContainerModifier

    /// The thread list's navigation header.
    associatedtype ThreadListHeaderViewModifier: ViewModifier
    /// The thread list's title.
    func makeThreadListHeaderViewModifier(title: String) -> ThreadListHeaderViewModifier

    /// Above the threads.
    associatedtype ThreadListHeaderView: Component
    /// A spinner while loading, else "N new threads" when there are.
    func makeThreadListHeaderView(viewModel: ChatThreadListViewModel) -> ThreadListHeaderView

    /// Below the threads.
    associatedtype ThreadListFooterView: Component
    /// Nothing (a spinner while the next page loads).
    func makeThreadListFooterView(viewModel: ChatThreadListViewModel) -> ThreadListFooterView

    /// What the thread list is drawn over.
    associatedtype ThreadListBackground: Component
    /// The palette's background colour.
    func makeThreadListBackground(colors: ColorPalette) -> ThreadListBackground

    /// What a thread row is drawn over.
    associatedtype ThreadListItemBackground: Component
    /// Nothing (a highlight when selected).
    func makeThreadListItemBackground(thread: ChatThread, isSelected: Bool) -> ThreadListItemBackground

    /// The line between two thread rows.
    associatedtype ThreadListDividerItem: Component
    /// A hairline in the palette's border colour.
    func makeThreadListDividerItem() -> ThreadListDividerItem

    /// The "add users" view.
    associatedtype AddUsersViewType: Component
    /// The users that can be added to a channel.
    func makeAddUsersView(options: AddUsersOptions, onUserTap: @escaping (ChatUser) -> Void) -> AddUsersViewType

    /// An attachment's text.
    associatedtype AttachmentTextViewType: Component
    /// The text shown with a message's attachments (the factory's message text).
    func makeAttachmentTextView(options: AttachmentTextViewOptions) -> AttachmentTextViewType
}

/// Decorates the channel screen's navigation item (the declarative screens' form of SwiftUI's
/// toolbar view modifier).
@preconcurrency @MainActor
public protocol ChatChannelHeaderViewModifier {
    /// Sets up `navigationItem` (title view, bar buttons) for `channel`.
    func apply(to navigationItem: UINavigationItem, channel: ChatChannel?, currentUserId: UserId?)
}

/// The factory with every default: the screens use it unless given another.
@preconcurrency @MainActor
public final class DefaultViewFactory: ViewFactory {
    /// The shared default factory.
    public static let shared = DefaultViewFactory()

    private init() {}
}
