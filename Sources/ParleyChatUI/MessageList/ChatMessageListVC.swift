import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// Supplies a ``ChatMessageListVC`` with its data. ``ChatChannelVC`` and ``ChatThreadVC`` are
/// the SDK's data sources.
///
/// The list reads its messages through ``messages(for:)`` (oldest first, the controller's array
/// itself, so it keeps no copy). Stream's per-row questions are answered from it by default and
/// index the messages newest first, as Stream's list does (item 0 is the newest message):
/// ``numberOfMessages(in:)``, ``chatMessageListVC(_:messageAt:)`` and
/// ``chatMessageListVC(_:messageLayoutOptionsAt:)``. The list asks the last for every row, so a
/// data source that overrides it decides the rows' layout.
@preconcurrency @MainActor
public protocol ChatMessageListVCDataSource: AnyObject {
    /// The channel the messages are in (its member count decides author names, its config what a
    /// message shows); `nil` while unknown.
    func channel(for vc: ChatMessageListVC) -> ChatChannel?
    /// The messages, **oldest first**.
    func messages(for vc: ChatMessageListVC) -> [ChatMessage]
    /// The other users typing here now, for the typing indicator (by default the channel's
    /// `currentlyTypingUsers`).
    func typingUsers(for vc: ChatMessageListVC) -> [ChatUser]
    /// The index of the message `id` in ``messages(for:)``, for a list that applies a change in
    /// place (`nil`: the list looks for it itself). The default returns `nil`.
    func index(ofMessageId id: MessageId, for vc: ChatMessageListVC) -> Int?
    /// How many messages the list shows. The default counts ``messages(for:)``.
    func numberOfMessages(in vc: ChatMessageListVC) -> Int
    /// The message at `indexPath.item`, newest first (`nil` outside the messages). The default
    /// reads ``messages(for:)`` from its end.
    func chatMessageListVC(_ vc: ChatMessageListVC, messageAt indexPath: IndexPath) -> ChatMessage?
    /// The layout options of the message at `indexPath.item`, newest first. The default asks
    /// `vc.components.messageLayoutOptionsResolver`.
    func chatMessageListVC(_ vc: ChatMessageListVC, messageLayoutOptionsAt indexPath: IndexPath) -> ChatMessageLayoutOptions
}

extension ChatMessageListVCDataSource {
    /// The channel's typing users.
    public func typingUsers(for vc: ChatMessageListVC) -> [ChatUser] {
        Array(channel(for: vc)?.currentlyTypingUsers ?? [])
    }

    /// `nil`: the list looks for the message at both ends of the messages first.
    public func index(ofMessageId id: MessageId, for vc: ChatMessageListVC) -> Int? { nil }

    /// The number of ``messages(for:)``.
    public func numberOfMessages(in vc: ChatMessageListVC) -> Int {
        messages(for: vc).count
    }

    /// The message `indexPath.item` places from the newest of ``messages(for:)``.
    public func chatMessageListVC(_ vc: ChatMessageListVC, messageAt indexPath: IndexPath) -> ChatMessage? {
        let messages = messages(for: vc)
        let index = messages.count - 1 - indexPath.item
        return messages.indices.contains(index) ? messages[index] : nil
    }

    /// The options `vc.components.messageLayoutOptionsResolver` gives the message at
    /// `indexPath` (newest first) of ``messages(for:)`` in ``channel(for:)``.
    public func chatMessageListVC(_ vc: ChatMessageListVC, messageLayoutOptionsAt indexPath: IndexPath) -> ChatMessageLayoutOptions {
        vc.resolvedLayoutOptions(at: indexPath, in: messages(for: vc))
    }
}

/// Receives what happens in a ``ChatMessageListVC``: rows shown, the top reached, taps and swipes
/// on messages. Every method has an empty default.
@preconcurrency @MainActor
public protocol ChatMessageListVCDelegate: AnyObject {
    /// A message's row is about to show (it was created or reused for it, or its content changed).
    func chatMessageListVC(_ vc: ChatMessageListVC, willDisplay message: ChatMessage)
    /// The list was scrolled to within a screen of its oldest loaded message: load older ones
    /// (``ChatMessageListVC/updateMessages(with:)`` keeps what the user sees in place).
    func chatMessageListVCDidScrollNearTop(_ vc: ChatMessageListVC)
    /// The list was scrolled to within a screen of its newest loaded message: load newer ones if
    /// the loaded messages stop short of the newest (a bounded window that dropped them).
    func chatMessageListVCDidScrollNearBottom(_ vc: ChatMessageListVC)
    /// The list is about to scroll to its newest message (the scroll-to-bottom button): load the
    /// newest page first if it is not loaded.
    func chatMessageListVCWillScrollToNewestMessage(_ vc: ChatMessageListVC)
    /// The list came to rest at its newest message (a good moment to mark the channel read).
    func chatMessageListVCDidScrollToBottom(_ vc: ChatMessageListVC)
    /// The list scrolled.
    func chatMessageListVC(_ vc: ChatMessageListVC, scrollViewDidScroll scrollView: UIScrollView)
    /// "N replies" under a thread's root was tapped.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnThreadOf message: ChatMessage)
    /// The quoted message inside a reply was tapped.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnQuotedMessage quotedMessage: ChatMessage)
    /// A link in a message was tapped.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnLink url: URL)
    /// A mention in a message was tapped.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnMention user: ChatUser)
    /// The failed-to-send indicator of a message was tapped.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnErrorIndicatorOf message: ChatMessage)
    /// A message was swiped to the right far enough to reply to it.
    func chatMessageListVC(_ vc: ChatMessageListVC, didSwipeToReplyTo message: ChatMessage)
    /// A message was long-pressed (0.33 s): the channel screen opens the message popup.
    func chatMessageListVC(_ vc: ChatMessageListVC, didLongPressOn message: ChatMessage, messageView: ChatMessageContentView)
    /// A message's reactions were tapped: the channel screen opens the reaction authors.
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnReactionsOf message: ChatMessage, messageView: ChatMessageContentView)
    /// Whether the list may show its "N unread" button (with `Components.isJumpToUnreadEnabled`).
    func chatMessageListShouldShowJumpToUnread(_ vc: ChatMessageListVC) -> Bool
    /// The close button of the "N unread" button was tapped: the channel screen marks the channel read.
    func chatMessageListDidDiscardUnreadMessages(_ vc: ChatMessageListVC)
}

extension ChatMessageListVCDelegate {
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, willDisplay message: ChatMessage) {}
    /// Does nothing.
    public func chatMessageListVCDidScrollNearTop(_ vc: ChatMessageListVC) {}
    /// Does nothing.
    public func chatMessageListVCDidScrollNearBottom(_ vc: ChatMessageListVC) {}
    /// Does nothing.
    public func chatMessageListVCWillScrollToNewestMessage(_ vc: ChatMessageListVC) {}
    /// Does nothing.
    public func chatMessageListVCDidScrollToBottom(_ vc: ChatMessageListVC) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, scrollViewDidScroll scrollView: UIScrollView) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnThreadOf message: ChatMessage) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnQuotedMessage quotedMessage: ChatMessage) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnLink url: URL) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnMention user: ChatUser) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnErrorIndicatorOf message: ChatMessage) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didSwipeToReplyTo message: ChatMessage) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didLongPressOn message: ChatMessage, messageView: ChatMessageContentView) {}
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnReactionsOf message: ChatMessage, messageView: ChatMessageContentView) {}
    /// `true`.
    public func chatMessageListShouldShowJumpToUnread(_ vc: ChatMessageListVC) -> Bool { true }
    /// Does nothing.
    public func chatMessageListDidDiscardUnreadMessages(_ vc: ChatMessageListVC) {}
}

/// The list view of ``ChatMessageListVC``: a ``ComponentView`` anchored at its bottom (a chat
/// opens at its newest message) that tells its controller when a layout pass finished.
@preconcurrency @MainActor
open class ChatMessageListView: ComponentView {
    /// Called after each layout pass (reload or scroll render).
    var didLayout: (@MainActor () -> Void)?

    /// A list anchored at its bottom.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentAnchor = .bottom
        alwaysBounceVertical = true
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Lays out, then tells the controller.
    open override func layoutSubviews() {
        super.layoutSubviews()
        didLayout?()
    }

    /// Tab into the list lands on the newest message on screen.
    open override var preferredFocusedView: UIView? {
        visibleViews.filter { $0 is ChatMessageContentView && $0.canBecomeFocused && !$0.isHidden }
            .max { $0.frame.maxY < $1.frame.maxY }
    }
}

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

    /// Whether the list rests at its newest message.
    public var isScrolledToBottom: Bool {
        guard listView.contentSize.height > 0 else { return true }
        return distanceFromBottom <= 2
    }

    /// Messages from others that arrived while the list was scrolled up (the button's count);
    /// back to zero at the bottom.
    public private(set) var newMessagesWhileScrolledUp = 0

    /// The messages shown, oldest first: the data source's.
    ///
    /// Read from the data source each time: the list keeps no copy, so the controller behind it
    /// can grow its array in place (a second reference would make every arrival copy every
    /// loaded message).
    public var messages: [ChatMessage] { dataSource?.messages(for: self) ?? [] }
    /// The newest message as of the last update (to tell arrivals at the bottom).
    private var newestMessage: ChatMessage?
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
    private lazy var rows = MessageListRows(makers: MessageListRows.Makers(
        message: { [unowned self] messages, index, startsGroup in self.messageRow(in: messages, at: index, startsGroup: startsGroup) },
        dateSeparator: { [unowned self] date, day in self.dateSeparatorRow(for: date, day: day) },
        unreadSeparator: { [unowned self] in self.unreadSeparatorRow() },
        typingIndicator: { [unowned self] users in self.typingIndicatorRow(users) }))
    /// The channel the rows were built for.
    var rowsChannel: ChatChannel?
    /// Sizing instances (one per reuse key), in a container outside the window: measuring a row
    /// never adds a view to the window, and never touches the view that shows the row.
    var sizingViews: [String: UIView] = [:]
    let sizingContainer = UIView(frame: .zero)
    /// How many rows were measured (tests: only rows near the screen are).
    var measuredRowCount = 0
    private var hasDecidedUnreadSeparator = false
    /// Starts false: the first layout that rests at the bottom tells the delegate (the channel is
    /// marked read when it opens at its newest message).
    private var wasScrolledToBottom = false
    private var isWaitingForOlderMessages = false
    /// The oldest and newest messages when older or newer ones were last asked for: a bounded
    /// window that drops a page at one end for each it loads at the other keeps its count, so the
    /// count cannot tell whether a page came.
    private var oldestAtTopRequest: MessageId?
    private var newestAtBottomRequest: MessageId?
    private var isWaitingForNewerMessages = false
    private weak var swipedView: UIView?
    private var swipedMessage: ChatMessage?
    /// The jump-to-unread and date overlay state (ChatMessageListVC+JumpToUnread.swift).
    var features = MessageListFeatureState()

    // MARK: Lifecycle

    /// Wires the list, the button and the swipe gesture.
    open override func setUp() {
        super.setUp()
        listView.delegate = self
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

    /// The background colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
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

    /// What every row shows of the channel.
    private static func rowsSignature(_ channel: ChatChannel?) -> [Int] {
        guard let channel else { return [] }
        return [channel.memberCount, channel.config.reactionsEnabled ? 1 : 0, channel.config.repliesEnabled ? 1 : 0]
    }

    private func currentTypingUsers() -> [ChatUser] {
        dataSource?.typingUsers(for: self) ?? []
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
        let unread = channel.unreadCount.messages
        guard unread > 0 else { return nil }
        if let lastReadAt = channel.membership?.lastReadAt {
            return messages.first { !$0.isSentByCurrentUser && $0.type != .system && $0.createdAt > lastReadAt }?.id
        }
        var remaining = unread
        for message in messages.reversed() where !message.isSentByCurrentUser {
            remaining -= 1
            if remaining == 0 { return message.id }
        }
        return nil
    }

    /// The unread separator's message, decided once, when the channel and messages are first
    /// known; after that the current one.
    private func decidedUnreadSeparator(in messages: [ChatMessage]) -> MessageId? {
        guard !hasDecidedUnreadSeparator else { return rows.unreadSeparatorMessageId }
        guard let channel = dataSource?.channel(for: self), !messages.isEmpty else { return nil }
        hasDecidedUnreadSeparator = true
        let firstUnread = firstUnreadMessageId(in: messages, channel: channel)
        didDecideFirstUnreadMessage(firstUnread, unreadCount: channel.unreadCount)
        return components.isUnreadMessagesSeparatorEnabled ? firstUnread : nil
    }

    // MARK: Scrolling

    private var distanceFromBottom: CGFloat {
        let inset = listView.adjustedContentInset
        let maxY = max(-inset.top, listView.contentSize.height + inset.bottom - listView.bounds.height)
        return maxY - listView.contentOffset.y
    }

    /// Tells the delegate, pages and shows or hides the button.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {
        delegate?.chatMessageListVC(self, scrollViewDidScroll: scrollView)
        updateScrollToBottomButton()
        requestOlderMessagesIfNeeded()
        scrollDidSettleAtBottomIfNeeded()
        updateJumpToUnreadButtonVisibility()
        updateDateOverlayForScroll()
    }

    private func listDidLayout() {
        openAtFirstUnreadIfPending()
        updateScrollToBottomButton()
        updateJumpToUnreadButtonVisibility()
        if listView.list != nil { isWaitingForOlderMessages = false }
        requestOlderMessagesIfNeeded()
        scrollDidSettleAtBottomIfNeeded()
    }

    /// Asks for older messages when the top is within a screen, once per page; and for newer
    /// ones when the bottom is within a screen and the newest loaded message is not the last
    /// one asked for (a window that dropped its newest pages while the user scrolled back).
    private func requestOlderMessagesIfNeeded() {
        let messages = self.messages
        guard !messages.isEmpty, listView.bounds.height > 0 else { return }
        let distanceFromTop = listView.contentOffset.y + listView.adjustedContentInset.top
        if !isWaitingForOlderMessages, distanceFromTop < listView.bounds.height, oldestAtTopRequest != messages.first?.id {
            oldestAtTopRequest = messages.first?.id
            isWaitingForOlderMessages = true
            delegate?.chatMessageListVCDidScrollNearTop(self)
            // Whether or not a page came, the next request waits for another oldest message.
            isWaitingForOlderMessages = false
        }
        if !isWaitingForNewerMessages, distanceFromBottom < listView.bounds.height, newestAtBottomRequest != messages.last?.id {
            newestAtBottomRequest = messages.last?.id
            isWaitingForNewerMessages = true
            delegate?.chatMessageListVCDidScrollNearBottom(self)
            isWaitingForNewerMessages = false
        }
    }

    private func scrollDidSettleAtBottomIfNeeded() {
        // A channel opening at its first unread message is not at its newest yet.
        guard listView.list != nil, newestMessage != nil, features.pendingOpenAt == nil else { return }
        let atBottom = isScrolledToBottom
        defer { wasScrolledToBottom = atBottom }
        guard atBottom else { return }
        if newMessagesWhileScrolledUp != 0 {
            newMessagesWhileScrolledUp = 0
            updateScrollToBottomButton()
        }
        if !wasScrolledToBottom { delegate?.chatMessageListVCDidScrollToBottom(self) }
    }

    private func updateScrollToBottomButton() {
        let show = listView.contentSize.height > 0 && distanceFromBottom > 40
        if scrollToBottomButton.isHidden == show { scrollToBottomButton.isHidden = !show }
        let content = ChannelUnreadCount(messages: newMessagesWhileScrolledUp, mentions: 0)
        if scrollToBottomButton.content != content { scrollToBottomButton.content = content }
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

    private func handleSwipe(_ pan: UIPanGestureRecognizer) {
        guard let row = swipedView else { return }
        let dx = max(0, pan.translation(in: listView).x)
        let threshold = swipeToReplyThreshold
        switch pan.state {
        case .began, .changed:
            // Follows the finger up to the threshold, then resists.
            let shown = dx <= threshold ? dx : threshold + (dx - threshold) * 0.2
            row.transform = CGAffineTransform(translationX: shown, y: 0)
            // The arrow sits in the space the row leaves, fading in up to the threshold.
            let rowFrame = view.convert(row.frame, from: listView)
            let side: CGFloat = 22
            swipeToReplyIconView.frame = CGRect(x: max(4, (shown - side) / 2), y: rowFrame.midY - side / 2, width: side, height: side)
            swipeToReplyIconView.alpha = min(1, dx / threshold)
            swipeToReplyIconView.tintColor = dx >= threshold ? view.tintColor : appearance.colorPalette.textLowEmphasis
            swipeToReplyIconView.isHidden = false
        case .ended, .cancelled, .failed:
            let reply = pan.state == .ended && dx >= threshold
            swipeToReplyIconView.isHidden = true
            UIView.animate(withDuration: 0.2) { row.transform = .identity }
            if reply, let message = swipedMessage { delegate?.chatMessageListVC(self, didSwipeToReplyTo: message) }
            swipedView = nil
            swipedMessage = nil
        default:
            break
        }
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
