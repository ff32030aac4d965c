import Foundation
import ParleyChat
import ParleyUIKit

/// The channel screen: the header (in the navigation bar), the message list and the composer
/// pinned at the bottom.
///
/// ```swift
/// let channelVC = Components.default.channelVC.init()
/// channelVC.channelController = client.channelController(for: cid)
/// navigationController.pushViewController(channelVC, animated: true)
/// ```
///
/// The controller is the list's data source and delegate and the channel controller's delegate:
/// it synchronizes the channel when its view loads, pages older messages when the list reaches
/// the top, marks the channel read while the newest message is visible, opens threads and hands
/// swipe-to-reply to the composer.
@preconcurrency @MainActor
open class ChatChannelVC: _ViewController, ChatMessageListVCDataSource, ChatMessageListVCDelegate, ChatChannelControllerDelegate {
    /// The channel shown; set before the view loads.
    public var channelController: ChatChannelController!

    /// The title view: name and subtitle.
    open private(set) lazy var headerView: ChatChannelHeaderView = components.channelHeaderView.init(frame: .zero)
    /// The message list (a child controller).
    open private(set) lazy var messageListVC: ChatMessageListVC = components.messageListVC.init()
    /// The composer (a child controller), pinned at the bottom.
    open private(set) lazy var messageComposerVC: ComposerVC = components.messageComposerVC.init()

    /// Opens threads: a `components.messageListRouter`.
    open lazy var router: ChatMessageListRouter = components.messageListRouter.init(rootViewController: self)

    /// The error of the last load or page, if it failed (the list shows what it has).
    public private(set) var lastError: ChatError?

    /// The client's connection; the header shows its status while not connected.
    public private(set) var connectionController: ChatConnectionController?

    /// Page Up and Page Down scroll the messages from anywhere on the screen (the composer too).
    open override var keyCommands: [UIKeyCommand]? { messageListVC.pageKeyCommands() }

    /// Becomes the delegate of the channel controller, the list's data source and delegate, and
    /// loads the channel's newest page.
    open override func setUp() {
        super.setUp()
        messageListVC.dataSource = self
        messageListVC.delegate = self
        messageListVC.appearance = appearance
        messageListVC.components = components
        messageComposerVC.appearance = appearance
        messageComposerVC.components = components
        messageComposerVC.channelController = channelController
        headerView.appearance = appearance
        headerView.components = components
        guard let channelController else { return }
        channelController.delegate = self
        headerView.currentUserId = channelController.client.currentUserId
        let connection = channelController.client.connectionController()
        connection.onStatusChange = { [weak self] status in
            self?.headerView.connectionStatus = status
            self?.updateContentIfNeeded()
        }
        headerView.connectionStatus = connection.connectionStatus
        connectionController = connection
        do {
            try channelController.synchronize()
        } catch {
            lastError = error
        }
    }

    /// The header as the navigation item's title view; the list above the composer.
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

    /// The header shows the channel.
    open override func updateContent() {
        super.updateContent()
        headerView.content = channelController?.channel
        headerView.invalidateIntrinsicContentSize()
        navigationItem.titleView = headerView
    }

    // MARK: ChatChannelControllerDelegate

    /// Hands the change to the list; marks the channel read when the list rests at the bottom.
    open func channelController(_ controller: ChatChannelController, didUpdateMessages changes: ListChange<MessageId>) {
        messageListVC.updateMessages(with: changes)
        if messageListVC.isScrolledToBottom { markReadIfNeeded() }
    }

    /// Updates the header and the typing indicator; marks the channel read when the list rests at
    /// the bottom (the unread count of a new message arrives with the channel, after the message).
    open func channelController(_ controller: ChatChannelController, didUpdateChannel channel: ChatChannel) {
        updateContentIfNeeded()
        messageListVC.channelDidChange()
        if messageListVC.isScrolledToBottom { markReadIfNeeded() }
    }

    // MARK: ChatMessageListVCDataSource

    /// The controller's channel.
    open func channel(for vc: ChatMessageListVC) -> ChatChannel? { channelController?.channel }

    /// The controller's messages (oldest first).
    open func messages(for vc: ChatMessageListVC) -> [ChatMessage] { channelController?.messages ?? [] }

    /// The controller's index of the message (O(1)).
    open func index(ofMessageId id: MessageId, for vc: ChatMessageListVC) -> Int? { channelController?.index(ofMessageId: id) }

    // MARK: ChatMessageListVCDelegate

    /// Loads the previous page, unless everything is loaded.
    open func chatMessageListVCDidScrollNearTop(_ vc: ChatMessageListVC) {
        page(unless: \.hasLoadedAllPreviousMessages) { (controller) throws(ChatError) in try controller.loadPreviousMessages() }
    }

    /// Loads the next page when the window stops short of the newest messages.
    open func chatMessageListVCDidScrollNearBottom(_ vc: ChatMessageListVC) {
        page(unless: \.hasLoadedAllNextMessages) { (controller) throws(ChatError) in try controller.loadNextMessages() }
    }

    /// Jumps back to the newest page when the window stops short of it.
    open func chatMessageListVCWillScrollToNewestMessage(_ vc: ChatMessageListVC) {
        page(unless: \.hasLoadedAllNextMessages) { (controller) throws(ChatError) in try controller.synchronize() }
    }

    /// Runs a paging call of the controller unless `done` says there is nothing to load; an error
    /// is kept in ``lastError``.
    private func page(unless done: KeyPath<ChatChannelController, Bool>, _ load: (ChatChannelController) throws(ChatError) -> Void) {
        guard let channelController, !channelController[keyPath: done] else { return }
        do {
            try load(channelController)
        } catch {
            lastError = error
        }
    }

    /// Marks the channel read.
    open func chatMessageListVCDidScrollToBottom(_ vc: ChatMessageListVC) {
        markReadIfNeeded()
    }

    /// The "N unread" button was dismissed: marks the channel read.
    open func chatMessageListDidDiscardUnreadMessages(_ vc: ChatMessageListVC) {
        markReadIfNeeded()
    }

    /// Opens the thread.
    open func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnThreadOf message: ChatMessage) {
        showThread(messageId: message.id)
    }

    /// Shows the quoted message, loading the page around it when it is not loaded.
    open func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnQuotedMessage quotedMessage: ChatMessage) {
        if vc.scrollToMessage(id: quotedMessage.id) { return }
        guard let channelController else { return }
        do {
            try channelController.loadPageAroundMessageId(quotedMessage.id)
            vc.scrollToMessage(id: quotedMessage.id)
        } catch {
            lastError = error
        }
    }

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

    /// Routes the popup's reply, thread reply and edit to the composer and the thread screen
    /// (see ChatChannelVC+MessagePopup.swift).
    open func chatMessageActionsVC(_ vc: ChatMessageActionsVC, message: ChatMessage, didTapOnActionItem actionItem: ChatMessageActionItem) {
        routeMessageAction(actionItem, for: message)
    }

    // MARK: Actions

    /// Opens the thread of `messageId` through ``router`` (by default a `components.threadVC`
    /// pushed on the navigation controller, else presented).
    open func showThread(messageId: MessageId) {
        guard let channelController else { return }
        guard let thread = router.showThread(messageId: messageId, cid: channelController.cid, client: channelController.client,
                                             channelController: channelController) else { return }
        focusComposerInSplitView(of: thread) { [unowned thread] in thread.messageComposerVC }
    }

    /// Marks the channel read when it has unread messages (and read events are on).
    open func markReadIfNeeded() {
        guard let channelController, let channel = channelController.channel, channel.unreadCount.messages > 0,
              channel.config.readEventsEnabled, channel.membership != nil, !isMarkingRead
        else { return }
        isMarkingRead = true
        Task { @MainActor [weak self] in
            let marked = (try? await channelController.markRead()) != nil
            guard let self else { return }
            isMarkingRead = false
            // A message that came while the request ran is read too, if the list is still at the bottom.
            if marked, messageListVC.isScrolledToBottom { markReadIfNeeded() }
        }
    }

    private var isMarkingRead = false
}
