import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The slots of ``ViewFactory`` around a message: its actions, the reactions overlay, quoted
/// and edited messages, read and unread indicators, polls, and the thread list.
///
/// A custom factory conforms to ``ViewFactory``, which refines this protocol, and implements
/// only the slots it changes: every slot has a default in an extension of ``ViewFactory``.
@preconcurrency @MainActor
public protocol MessageActionsViewFactory: AnyObject {
    /// The actions the long-press overlay offers on `message`.
    func supportedMessageActions(for message: ChatMessage, channel: ChatChannel,
                                 onFinish: @escaping (MessageActionInfo) -> Void,
                                 onError: @escaping (Error) -> Void) -> [MessageAction]

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
