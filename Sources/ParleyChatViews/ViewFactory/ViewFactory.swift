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
