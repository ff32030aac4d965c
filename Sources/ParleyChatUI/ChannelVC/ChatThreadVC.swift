import Foundation
import ParleyChat
import ParleyUIKit

/// A thread: its parent message on top, the replies under it (oldest first) and a composer that
/// replies in the thread (`content.threadMessage` is the parent).
///
/// ``ChatChannelVC`` pushes one (from `components.threadVC`) when a message's "N replies" is
/// tapped; set ``messageController`` (and ``channelController`` for the channel's details)
/// before the view loads.
@preconcurrency @MainActor
open class ChatThreadVC: _ViewController, ChatMessageListVCDataSource, ChatMessageListVCDelegate, ChatMessageControllerDelegate {
    /// The thread's parent message and replies.
    public var messageController: ChatMessageController!
    /// The channel of the thread (its details decide how messages show; the composer sends
    /// through it).
    public var channelController: ChatChannelController?

    /// The title view: "Thread" and the channel's name.
    open private(set) lazy var headerView: ChatThreadHeaderView = ChatThreadHeaderView(frame: .zero)
    /// The list of the parent and its replies (a child controller).
    open private(set) lazy var messageListVC: ChatMessageListVC = components.messageListVC.init()
    /// The composer (a child controller), replying in the thread.
    open private(set) lazy var messageComposerVC: ComposerVC = components.messageComposerVC.init()

    /// The error of the last load, if it failed.
    public private(set) var lastError: ChatError?

    /// Page Up and Page Down scroll the messages from anywhere on the screen (the composer too).
    open override var keyCommands: [UIKeyCommand]? { messageListVC.pageKeyCommands() }

    /// Becomes the delegate of the message controller and loads the thread.
    open override func setUp() {
        super.setUp()
        title = appearance.l10n.tr("message.threads.title")
        headerView.appearance = appearance
        headerView.components = components
        messageListVC.dataSource = self
        messageListVC.delegate = self
        messageListVC.appearance = appearance
        messageListVC.components = components
        messageComposerVC.appearance = appearance
        messageComposerVC.components = components
        guard let messageController else { return }
        if channelController == nil {
            // The composer replies through a channel controller; make one for the thread's channel.
            let channel = messageController.client.channelController(for: messageController.cid)
            do {
                try channel.synchronize()
            } catch {
                lastError = error  // the header then has no channel; the thread itself still loads
            }
            channelController = channel
        }
        messageComposerVC.channelController = channelController
        headerView.currentUserId = messageController.client.currentUserId
        headerView.content = channelController?.channel
        messageController.delegate = self
        do {
            try messageController.synchronize()
        } catch {
            lastError = error
        }
        messageComposerVC.content.threadMessage = messageController.message
    }

    /// The header in the navigation bar; the list above the composer.
    open override func setUpLayout() {
        super.setUpLayout()
        navigationItem.titleView = headerView
        embedMessageList(messageListVC, above: messageComposerVC)
    }

    /// The background colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = appearance.colorPalette.background
    }

    // MARK: ChatMessageListVCDataSource

    /// The channel of the thread.
    open func channel(for vc: ChatMessageListVC) -> ChatChannel? {
        channelController?.channel ?? (try? messageController?.client.channel(messageController.cid)) ?? nil
    }

    /// The parent, then the replies.
    open func messages(for vc: ChatMessageListVC) -> [ChatMessage] {
        guard let messageController, let parent = messageController.message else { return [] }
        return [parent] + messageController.replies
    }

    /// Who is typing in this thread.
    open func typingUsers(for vc: ChatMessageListVC) -> [ChatUser] {
        Array(messageController?.currentlyTypingUsers ?? [])
    }

    // MARK: ChatMessageListVCDelegate

    /// Loads older replies.
    open func chatMessageListVCDidScrollNearTop(_ vc: ChatMessageListVC) {
        guard let messageController, !messageController.hasLoadedAllPreviousReplies else { return }
        do {
            try messageController.loadPreviousReplies()
        } catch {
            lastError = error
        }
    }

    /// No "N unread" button in a thread: the channel's read state is not the thread's.
    open func chatMessageListShouldShowJumpToUnread(_ vc: ChatMessageListVC) -> Bool { false }

    /// Puts the composer in quote mode for the message.
    open func chatMessageListVC(_ vc: ChatMessageListVC, didSwipeToReplyTo message: ChatMessage) {
        messageComposerVC.content.quoteMessage(message)
    }

    /// Opens the message popup: the reaction picker (when allowed), the message and its actions.
    open func chatMessageListVC(_ vc: ChatMessageListVC, didLongPressOn message: ChatMessage, messageView: ChatMessageContentView) {
        presentMessagePopup(for: message, messageView: messageView, showsReactionAuthors: false)
    }

    /// Opens the message popup with the reaction authors.
    open func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnReactionsOf message: ChatMessage, messageView: ChatMessageContentView) {
        presentMessagePopup(for: message, messageView: messageView, showsReactionAuthors: true)
    }

    /// Routes the popup's reply and edit to the thread's composer (see ChatThreadVC+MessagePopup.swift).
    open func chatMessageActionsVC(_ vc: ChatMessageActionsVC, message: ChatMessage, didTapOnActionItem actionItem: ChatMessageActionItem) {
        routeMessageAction(actionItem, for: message)
    }

    // MARK: ChatMessageControllerDelegate

    /// Updates the parent's row (reply count, reactions, edits).
    open func messageController(_ controller: ChatMessageController, didChangeMessage message: ChatMessage) {
        messageComposerVC.content.threadMessage = message
        messageListVC.updateMessages(with: ListChange(updated: [message.id]))
    }

    /// Inserts, removes and updates replies.
    open func messageController(_ controller: ChatMessageController, didChangeReplies changes: ListChange<MessageId>) {
        messageListVC.updateMessages(with: changes)
    }

    /// Shows or hides the typing indicator.
    open func messageController(_ controller: ChatMessageController, didChangeTypingUsers users: Set<ChatUser>) {
        messageListVC.channelDidChange()
    }
}
