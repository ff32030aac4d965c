import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// The message list: every message of a channel or thread (oldest at the top), date separators
/// between days, the "Unread messages" separator, the typing indicator at the bottom and the
/// scroll-to-bottom button.
///
/// The list is a ``ChatMessageListView`` (a virtualized ``ComponentView``): each message is a
/// lazy row measured only when it comes near the screen, with a `components.messageContentView`
/// made only while it is on screen and reused by layout options. A channel of 100,000 messages
/// opens by measuring the rows of one screen.
///
/// What the user sees never jumps: older messages inserted above (paging) and new messages
/// arriving while scrolled up leave the visible rows where they are; at the bottom, new messages
/// scroll into view.
@preconcurrency @MainActor
open class ChatMessageListVC: _ViewController, UIScrollViewDelegate, UIGestureRecognizerDelegate, ChatMessageContentViewDelegate {
    /// Supplies the channel, the messages and the typing users.
    public weak var dataSource: (any ChatMessageListVCDataSource)?
    /// Receives scrolling, taps and swipes.
    public weak var delegate: (any ChatMessageListVCDelegate)?

    /// The list.
    open private(set) lazy var listView: ChatMessageListView = ChatMessageListView(frame: .zero)
    /// The button that scrolls to the newest message; shown while the list is scrolled up.
    open private(set) lazy var scrollToBottomButton: ScrollToBottomButton = components.scrollToBottomButton.init(frame: .zero)
    /// Recognizes a message dragged to the right (swipe to reply).
    open private(set) lazy var swipeToReplyGestureRecognizer: UIPanGestureRecognizer = UIPanGestureRecognizer()
    /// The reply arrow that appears beside a message being swiped, opaque at the threshold.
    open private(set) lazy var swipeToReplyIconView: UIImageView = UIImageView()
    /// The "N unread" button at the top, shown while the first unread message is off screen
    /// (`components.isJumpToUnreadEnabled`).
    open private(set) lazy var jumpToUnreadMessagesButton: JumpToUnreadMessagesButton = components.jumpToUnreadMessagesButton.init(frame: .zero)
    /// The quick actions (react, reply, thread, more) over the message under the pointer.
    open private(set) lazy var hoverActionsView = ChatMessageHoverActionsView(frame: .zero)
    /// The row the hover bar belongs to.
    weak var hoveredRow: ChatMessageContentView?

    /// Enter (actions of the focused message), Home/End, Page Up/Down.
    open override var keyCommands: [UIKeyCommand]? { messageListKeyCommands() }

    /// The date of the topmost visible message, floating at the top while the list scrolls
    /// (`components.messageListDateOverlayEnabled`).
    open private(set) lazy var dateOverlayView: ChatMessageListScrollOverlayView = components.messageListScrollOverlayView.init(frame: .zero)

    /// Whether the date overlay shows while the list scrolls.
    open var isDateOverlayEnabled: Bool { components.messageListDateOverlayEnabled }
    /// Whether date separators sit between the days.
    open var isDateSeparatorEnabled: Bool { components.messageListDateSeparatorEnabled }
    /// How long the date overlay stays after the list stops scrolling.
    open var dateOverlayHideDelay: TimeInterval { 1 }

    /// Space between messages of one group (same author, close in time).
    open var spacingInGroup: CGFloat { 2 }
    /// Space between groups.
    open var spacingBetweenGroups: CGFloat { 10 }
    /// How far a message is dragged to the right to reply to it.
    open var swipeToReplyThreshold: CGFloat { 60 }
    /// The height rows have before they are measured.
    open var estimatedMessageHeight: CGFloat { 56 }

    /// Whether the next layout scrolls to the newest message (the text size changed there).
    var scrollsToBottomAfterLayout = false

    /// Whether the list rests at its newest message.
    public var isScrolledToBottom: Bool {
        guard listView.contentSize.height > 0 else { return true }
        return distanceFromBottom <= 2
    }

    /// Messages from others that arrived while the list was scrolled up (the button's count);
    /// back to zero at the bottom.
    public internal(set) var newMessagesWhileScrolledUp = 0

    /// The messages shown, oldest first: the data source's.
    ///
    /// Read from the data source each time: the list keeps no copy, so the controller behind it
    /// can grow its array in place (a second reference would make every arrival copy every
    /// loaded message).
    public var messages: [ChatMessage] { dataSource?.messages(for: self) ?? [] }
    /// The newest message as of the last update (to tell arrivals at the bottom).
    var newestMessage: ChatMessage?
    /// The id of the newest message the list has applied.
    public var newestMessageId: MessageId? { newestMessage?.id }

    /// The message the "Unread messages" separator sits above, decided when the list first sees
    /// the channel's read state (it stays put while the screen is open, as in Slack).
    public var unreadSeparatorMessageId: MessageId? {
        get { rows.unreadSeparatorMessageId }
        set {
            hasDecidedUnreadSeparator = true
            rows.setUnreadSeparator(above: newValue, in: messages)
        }
    }

    // MARK: State

    /// The rows of the list, kept in step with ``messages`` one change at a time.
    lazy var rows = MessageListRows(makers: MessageListRows.Makers(
        message: { [unowned self] messages, index, startsGroup in self.messageRow(in: messages, at: index, startsGroup: startsGroup) },
        dateSeparator: { [unowned self] date, day in self.dateSeparatorRow(for: date, day: day) },
        unreadSeparator: { [unowned self] in self.unreadSeparatorRow() },
        typingIndicator: { [unowned self] users in self.typingIndicatorRow(users) }))
    /// The channel the rows were built for.
    var rowsChannel: ChatChannel? {
        get { rowsChannelBox.channel }
        set { rowsChannelBox = MessageRowChannel(newValue) }
    }
    /// ``rowsChannel`` in one shared box: each row keeps a reference to it instead of a copy of
    /// the channel (a struct holding its preview message, creator and membership inline).
    private(set) var rowsChannelBox = MessageRowChannel(nil)
    /// Sizing instances (one per reuse key, the most recently used ones), in a container outside
    /// the window: measuring a row never adds a view to the window, and never touches the view
    /// that shows the row.
    var sizingViews = SizingViewCache()
    let sizingContainer = UIView(frame: .zero)
    /// How many rows were measured (tests: only rows near the screen are).
    var measuredRowCount = 0
    var hasDecidedUnreadSeparator = false
    /// Starts false: the first layout that rests at the bottom tells the delegate (the channel is
    /// marked read when it opens at its newest message).
    var wasScrolledToBottom = false
    var isWaitingForOlderMessages = false
    /// The oldest and newest messages when older or newer ones were last asked for: a bounded
    /// window that drops a page at one end for each it loads at the other keeps its count, so the
    /// count cannot tell whether a page came.
    var oldestAtTopRequest: MessageId?
    var newestAtBottomRequest: MessageId?
    var isWaitingForNewerMessages = false
    weak var swipedView: UIView?
    var swipedMessage: ChatMessage?
    /// The jump-to-unread and date overlay state (ChatMessageListVC+JumpToUnread.swift).
    var features = MessageListFeatureState()

    // MARK: Lifecycle

    /// Wires the list, the button and the swipe gesture.
    open override func setUp() {
        super.setUp()
        listView.delegate = self
        listView.accessibilityContainerType = .list
        listView.didLayout = { [weak self] in self?.listDidLayout() }
        scrollToBottomButton.addAction(UIAction { [weak self] _ in self?.scrollToBottom(animated: true) }, for: .touchUpInside)
        swipeToReplyGestureRecognizer.name = "ChatMessageListVC swipe to reply"
        swipeToReplyGestureRecognizer.delegate = self
        swipeToReplyGestureRecognizer.addHandler { [weak self] recognizer in
            guard let self, let pan = recognizer as? UIPanGestureRecognizer else { return }
            self.handleSwipe(pan)
        }
        listView.addGestureRecognizer(swipeToReplyGestureRecognizer)
        setUpMessageLongPress()
        setUpDesktopInteractions()
        jumpToUnreadMessagesButton.addTarget { [weak self] in self?.jumpToUnreadMessage(animated: true) }
        jumpToUnreadMessagesButton.addDiscardButtonTarget { [weak self] in self?.discardJumpToUnread() }
    }

    /// The list fills the view; the button sits 16 pt from the trailing and bottom edges.
    open override func setUpLayout() {
        super.setUpLayout()
        listView.translatesAutoresizingMaskIntoConstraints = false
        scrollToBottomButton.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(listView)
        swipeToReplyIconView.isHidden = true
        swipeToReplyIconView.contentMode = .scaleAspectFit
        view.addSubview(swipeToReplyIconView)
        view.addSubview(scrollToBottomButton)
        hoverActionsView.appearance = appearance
        hoverActionsView.components = components
        view.addSubview(hoverActionsView)
        NSLayoutConstraint.activate([
            listView.topAnchor.constraint(equalTo: view.topAnchor),
            listView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            listView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            listView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollToBottomButton.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            scrollToBottomButton.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -16),
            scrollToBottomButton.widthAnchor.constraint(equalToConstant: 40),
            scrollToBottomButton.heightAnchor.constraint(equalToConstant: 40),
        ])
        scrollToBottomButton.isHidden = true
        setUpJumpToUnreadAndDateOverlayLayout()
    }

    /// A new text size measures every row again: a list resting at its newest message stays there
    /// (once the screen around it, whose composer grows too, is laid out).
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        let wasAtBottom = isViewLoaded && isScrolledToBottom
        super.traitCollectionDidChange(previousTraitCollection)
        guard wasAtBottom, previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory else { return }
        scrollsToBottomAfterLayout = true
        view.setNeedsLayout()
    }

    /// Scrolls to the newest message after a text size change that found the list there.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard scrollsToBottomAfterLayout else { return }
        scrollsToBottomAfterLayout = false
        scrollToBottom(animated: false)
    }

    /// The background colour; the list's name for screen readers.
    open override func setUpAppearance() {
        super.setUpAppearance()
        listView.accessibilityLabel = appearance.l10n.tr("messageList.accessibility-label")
        view.backgroundColor = appearance.colorPalette.background
        listView.backgroundColor = appearance.colorPalette.background
        swipeToReplyIconView.image = appearance.images.messageActionInlineReply
        swipeToReplyIconView.tintColor = appearance.colorPalette.textLowEmphasis
    }

    /// Reads the data source and rebuilds the rows.
    open override func updateContent() {
        super.updateContent()
        reloadData()
    }

    // MARK: Data

    /// Reads everything from the data source again and rebuilds the rows (O(messages): views that
    /// stay are updated in place; what the user sees stays put). Changes of the messages go
    /// through ``updateMessages(with:)``, changes of the channel through ``channelDidChange()``.
    open func reloadData() {
        guard isViewLoaded else { return }
        let messages = self.messages
        newestMessage = messages.last
        rowsChannel = dataSource?.channel(for: self)
        rows.calendar = dateSeparatorCalendar
        rows.showsDateSeparators = isDateSeparatorEnabled
        rows.reload(messages, unreadSeparatorAbove: decidedUnreadSeparator(in: messages), typingUsers: currentTypingUsers())
        if listView.list !== rows.list { listView.list = rows.list }
        updateScrollToBottomButton()
        updateJumpToUnreadButtonVisibility()
    }

    /// Applies a change of the data source's messages in place, in O(changed messages): rows are
    /// inserted, removed and updated without moving what the user sees. New messages at the
    /// bottom scroll into view when the list rests there (or when the current user sent them);
    /// otherwise they add to the scroll-to-bottom button's count.
    open func updateMessages(with changes: ListChange<MessageId>) {
        guard isViewLoaded else { return }
        guard listView.list === rows.list else { return reloadData() }
        let wasAtBottom = isScrolledToBottom
        let previousNewest = newestMessage
        let newMessages = messages
        let inserted = Set(changes.inserted)
        var appendedFromOthers = 0
        var appendedOwn = false
        if !inserted.isEmpty {
            for message in newMessages.reversed() {
                guard inserted.contains(message.id) else { break }
                if let previousNewest, message.createdAt < previousNewest.createdAt { break }
                if message.isSentByCurrentUser { appendedOwn = true } else { appendedFromOthers += 1 }
            }
        }
        newestMessage = newMessages.last
        rows.apply(changes, messages: newMessages, indexOf: dataSource.map { source in { [unowned self] in source.index(ofMessageId: $0, for: self) } })
        if !hasDecidedUnreadSeparator, let id = decidedUnreadSeparator(in: newMessages) { rows.setUnreadSeparator(above: id, in: newMessages) }
        updateScrollToBottomButton()
        updateJumpToUnreadButtonVisibility()
        if appendedOwn {
            scrollToBottom(animated: false)
        } else if !wasAtBottom && appendedFromOthers > 0 {
            newMessagesWhileScrolledUp += appendedFromOthers
            updateScrollToBottomButton()
        }
        // Screen readers hear that the list's rows changed.
        if !inserted.isEmpty { UIAccessibility.post(notification: .layoutChanged, argument: listView) }
    }

    /// The channel changed: the typing indicator follows its typing users and the unread
    /// separator its read state, in O(1); every row is rebuilt only when something all rows show
    /// changed (the member count decides author names, the config reactions and replies).
    open func channelDidChange() {
        guard isViewLoaded, listView.list === rows.list else { return reloadData() }
        let channel = dataSource?.channel(for: self)
        guard Self.rowsSignature(channel) == Self.rowsSignature(rowsChannel) else { return reloadData() }
        rowsChannel = channel
        rows.setTypingUsers(currentTypingUsers())
        if !hasDecidedUnreadSeparator {
            let messages = self.messages
            if let id = decidedUnreadSeparator(in: messages) { rows.setUnreadSeparator(above: id, in: messages) }
        }
    }

    /// Scrolls to the newest message and resets the button's count.
    open func scrollToBottom(animated: Bool) {
        // A window that no longer holds the newest messages jumps back to them first.
        delegate?.chatMessageListVCWillScrollToNewestMessage(self)
        listView.layoutIfNeeded()
        listView.scrollToBottom(animated: animated)
        if !animated { scrollDidSettleAtBottomIfNeeded() }
    }

    /// Scrolls so that the message with `id` is on screen (`false` when it is not loaded).
    @discardableResult
    open func scrollToMessage(id: MessageId, animated: Bool = false) -> Bool {
        listView.layoutIfNeeded()
        return listView.scrollTo(id: id, position: .center, animated: animated)
    }

    /// The layout options of the message with `id`, as the list's rows use them.
    public func layoutOptions(forMessageId id: MessageId) -> ChatMessageLayoutOptions? {
        let messages = self.messages
        guard let index = messages.firstIndex(where: { $0.id == id }) else { return nil }
        return layoutOptions(in: messages, at: index)
    }

    /// The row view showing the message with `id`, if it is on screen.
    public func contentView(forMessageId id: MessageId) -> ChatMessageContentView? {
        listView.visibleViews.lazy.compactMap { $0 as? ChatMessageContentView }.first { $0.content?.id == id && !$0.isHidden }
    }

    // MARK: Jump to unread

    /// Whether the "N unread" button shows: `components.isJumpToUnreadEnabled`, the delegate
    /// allows it, the list knows a first unread message, and that message has not been on screen
    /// (nor the button dismissed) since.
    open var isJumpToUnreadMessagesButtonVisible: Bool {
        guard components.isJumpToUnreadEnabled, delegate?.chatMessageListShouldShowJumpToUnread(self) ?? true,
              features.jumpToUnreadMessageId != nil, !features.isJumpToUnreadDone
        else { return false }
        return true
    }

    /// Shows or hides the "N unread" button; it goes for good once the first unread message has
    /// been on screen.
    open func updateJumpToUnreadButtonVisibility() {
        guard isViewLoaded else { return }
        if let id = features.jumpToUnreadMessageId, !features.isJumpToUnreadDone, isMessageOnScreen(id) {
            features.isJumpToUnreadDone = true
        }
        let show = isJumpToUnreadMessagesButtonVisible
        if jumpToUnreadMessagesButton.isHidden == show { jumpToUnreadMessagesButton.isHidden = !show }
        if show, jumpToUnreadMessagesButton.content != features.jumpToUnreadCount {
            jumpToUnreadMessagesButton.content = features.jumpToUnreadCount
        }
        if show { hideDateOverlay(animated: false) }
    }

    /// Scrolls so that the first unread message (with the "Unread messages" separator above it)
    /// sits at the top; `false` when there is none or it is not loaded.
    @discardableResult
    open func jumpToUnreadMessage(animated: Bool = true) -> Bool {
        guard let id = features.jumpToUnreadMessageId else { return false }
        listView.layoutIfNeeded()
        let target = rows.unreadSeparatorMessageId == id ? MessageListRows.unreadSeparatorID : id
        guard listView.scrollTo(id: target, position: .top, animated: animated) else { return false }
        features.isJumpToUnreadDone = true
        updateJumpToUnreadButtonVisibility()
        return true
    }

    // MARK: Separators

    /// The calendar that decides where days start (the date separator formatter's, when it is
    /// the default one).
    open var dateSeparatorCalendar: Calendar {
        (appearance.formatters.messageDateSeparator as? DefaultMessageDateSeparatorFormatter)?.environment.calendar ?? .current
    }

    /// The first message the current user has not read: from the channel's read state (after
    /// `lastReadAt`), else counting the unread messages back from the newest. `nil` when
    /// everything is read.
    open func firstUnreadMessageId(in messages: [ChatMessage], channel: ChatChannel) -> MessageId? {
        MessageListRows.firstUnreadMessageId(in: messages, channel: channel)
    }

    // MARK: Scrolling

    /// Tells the delegate, pages and shows or hides the button.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {
        delegate?.chatMessageListVC(self, scrollViewDidScroll: scrollView)
        updateScrollToBottomButton()
        requestOlderMessagesIfNeeded()
        scrollDidSettleAtBottomIfNeeded()
        updateJumpToUnreadButtonVisibility()
        updateDateOverlayForScroll()
    }

    // MARK: Swipe to reply

    /// Begins only for a drag to the right, mostly horizontal, that started on a message.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === swipeToReplyGestureRecognizer else { return true }
        guard components.messageSwipeToReplyEnabled else { return false }
        let translation = swipeToReplyGestureRecognizer.translation(in: listView)
        guard translation.x > 0, abs(translation.x) > abs(translation.y) * 1.5 else { return false }
        let location = swipeToReplyGestureRecognizer.location(in: listView)
        let start = CGPoint(x: location.x - translation.x, y: location.y - translation.y)
        guard let row = listView.visibleViews.first(where: { !$0.isHidden && $0.frame.contains(start) }) as? ChatMessageContentView,
              let message = row.content, message.type != .system, !message.isDeleted
        else { return false }
        swipedView = row
        swipedMessage = message
        return true
    }

    /// A mouse drag that starts on a message's text selects that text (part of it, to copy);
    /// swipe to reply takes drags on the rest of the row, and every drag on a touch screen.
    open func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard gestureRecognizer === swipeToReplyGestureRecognizer, touch.type == .indirectPointer else { return true }
        var candidate = touch.view
        while let view = candidate, !(view is ChatMessageContentView) {
            if view is UITextView { return false }
            candidate = view.superview
        }
        return true
    }

    // MARK: ChatMessageContentViewDelegate

    /// Forwards to the delegate.
    open func messageContentViewDidTapOnThread(_ message: ChatMessage) {
        delegate?.chatMessageListVC(self, didTapOnThreadOf: message)
    }

    /// Forwards to the delegate.
    open func messageContentViewDidTapOnQuotedMessage(_ quotedMessage: ChatMessage) {
        delegate?.chatMessageListVC(self, didTapOnQuotedMessage: quotedMessage)
    }

    /// Forwards to the delegate.
    open func messageContentViewDidTapOnErrorIndicator(_ message: ChatMessage) {
        delegate?.chatMessageListVC(self, didTapOnErrorIndicatorOf: message)
    }

    /// Forwards to the delegate.
    open func messageContentView(_ view: ChatMessageContentView, didTapOnLink url: URL) {
        delegate?.chatMessageListVC(self, didTapOnLink: url)
    }

    /// Forwards to the delegate.
    open func messageContentView(_ view: ChatMessageContentView, didTapOnMention user: ChatUser) {
        delegate?.chatMessageListVC(self, didTapOnMention: user)
    }

    /// Forwards to the delegate.
    open func messageContentViewDidTapOnReactionsView(_ view: ChatMessageContentView) {
        guard let message = view.content else { return }
        delegate?.chatMessageListVC(self, didTapOnReactionsOf: message, messageView: view)
    }
}
