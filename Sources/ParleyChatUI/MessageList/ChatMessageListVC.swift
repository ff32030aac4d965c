import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// Supplies a ``ChatMessageListVC`` with its data. ``ChatChannelVC`` and ``ChatThreadVC`` are
/// the SDK's data sources.
@MainActor
public protocol ChatMessageListVCDataSource: AnyObject {
    /// The channel the messages are in (its member count decides author names, its config what a
    /// message shows); `nil` while unknown.
    func channel(for vc: ChatMessageListVC) -> ChatChannel?
    /// The messages, **oldest first**.
    func messages(for vc: ChatMessageListVC) -> [ChatMessage]
    /// The other users typing here now, for the typing indicator (by default the channel's
    /// `currentlyTypingUsers`).
    func typingUsers(for vc: ChatMessageListVC) -> [ChatUser]
}

extension ChatMessageListVCDataSource {
    /// The channel's typing users.
    public func typingUsers(for vc: ChatMessageListVC) -> [ChatUser] {
        Array(channel(for: vc)?.currentlyTypingUsers ?? [])
    }
}

/// Receives what happens in a ``ChatMessageListVC``: rows shown, the top reached, taps and swipes
/// on messages. Every method has an empty default.
@MainActor
public protocol ChatMessageListVCDelegate: AnyObject {
    /// A message's row is about to show (it was created or reused for it, or its content changed).
    func chatMessageListVC(_ vc: ChatMessageListVC, willDisplay message: ChatMessage)
    /// The list was scrolled to within a screen of its oldest loaded message: load older ones
    /// (``ChatMessageListVC/updateMessages(with:)`` keeps what the user sees in place).
    func chatMessageListVCDidScrollNearTop(_ vc: ChatMessageListVC)
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
}

extension ChatMessageListVCDelegate {
    /// Does nothing.
    public func chatMessageListVC(_ vc: ChatMessageListVC, willDisplay message: ChatMessage) {}
    /// Does nothing.
    public func chatMessageListVCDidScrollNearTop(_ vc: ChatMessageListVC) {}
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
}

/// The list view of ``ChatMessageListVC``: a ``ComponentView`` anchored at its bottom (a chat
/// opens at its newest message) that tells its controller when a layout pass finished.
@MainActor
open class ChatMessageListView: ComponentView {
    /// Called after each layout pass (reload or scroll render).
    var didLayout: (@MainActor () -> Void)?

    /// A list anchored at its bottom.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentAnchor = .bottom
        alwaysBounceVertical = true
    }

    /// Lays out, then tells the controller.
    open override func layoutSubviews() {
        super.layoutSubviews()
        didLayout?()
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
@MainActor
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

    /// The messages shown, oldest first (the data source's, as of the last update).
    public private(set) var messages: [ChatMessage] = []

    /// The message the "Unread messages" separator sits above, decided when the list first sees
    /// the channel's read state (it stays put while the screen is open, as in Slack).
    public var unreadSeparatorMessageId: MessageId? {
        didSet {
            guard !suppressesReload else { return }
            hasDecidedUnreadSeparator = true
            if unreadSeparatorMessageId != oldValue { reloadData() }
        }
    }

    // MARK: State

    /// Sizing instances of separators and the typing indicator, one per reuse key.
    private var sizingViews: [String: UIView] = [:]
    private lazy var sizingContainer: UIView = UIView(frame: .zero)
    /// Message rows measured but not on screen yet, by message id: each was measured in the view
    /// it will show in (taken from the list's pool, or made), so coming on screen costs neither a
    /// second fill nor a second Auto Layout pass. Oldest first; at most `preparedRowLimit`.
    private var preparedRows: [(id: MessageId, key: String, view: ChatMessageContentView)] = []
    /// About two screenfuls of rows.
    private let preparedRowLimit = 32
    /// How many rows were measured (tests: only rows near the screen are).
    private(set) var measuredRowCount = 0
    private var hasDecidedUnreadSeparator = false
    /// Starts false: the first layout that rests at the bottom tells the delegate (the channel is
    /// marked read when it opens at its newest message).
    private var wasScrolledToBottom = false
    private var isWaitingForOlderMessages = false
    private var messageCountAtTopRequest = -1
    private weak var swipedView: UIView?
    private var swipedMessage: ChatMessage?

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
    }

    /// The list fills the view; the button sits 16 pt from the trailing and bottom edges.
    open override func setUpLayout() {
        super.setUpLayout()
        sizingContainer.isHidden = true
        view.addSubview(sizingContainer)
        listView.translatesAutoresizingMaskIntoConstraints = false
        scrollToBottomButton.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(listView)
        swipeToReplyIconView.isHidden = true
        swipeToReplyIconView.contentMode = .scaleAspectFit
        view.addSubview(swipeToReplyIconView)
        view.addSubview(scrollToBottomButton)
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

    /// Reads everything from the data source again and rebuilds the rows (views that stay are
    /// updated in place; what the user sees stays put).
    open func reloadData() {
        guard isViewLoaded else { return }
        messages = dataSource?.messages(for: self) ?? []
        decideUnreadSeparatorIfNeeded()
        listView.component = makeListComponent()
        updateScrollToBottomButton()
    }

    /// Applies a change of the data source's messages: rows are inserted, removed and updated
    /// without moving what the user sees. New messages at the bottom scroll into view when the
    /// list rests there (or when the current user sent them); otherwise they add to the
    /// scroll-to-bottom button's count.
    open func updateMessages(with changes: ListChange<MessageId>) {
        guard isViewLoaded else { return }
        let wasAtBottom = isScrolledToBottom
        let previousNewest = messages.last
        let newMessages = dataSource?.messages(for: self) ?? []
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
        reloadData()
        if appendedOwn {
            scrollToBottom(animated: false)
        } else if !wasAtBottom && appendedFromOthers > 0 {
            newMessagesWhileScrolledUp += appendedFromOthers
            updateScrollToBottomButton()
        }
    }

    /// Scrolls to the newest message and resets the button's count.
    open func scrollToBottom(animated: Bool) {
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
        snapshot?.message(id: id)?.options
    }

    /// The row view showing the message with `id`, if it is on screen.
    public func contentView(forMessageId id: MessageId) -> ChatMessageContentView? {
        listView.visibleViews.lazy.compactMap { $0 as? ChatMessageContentView }.first { $0.content?.id == id && !$0.isHidden }
    }

    // MARK: Rows

    /// The list's rows: per message, a date separator when the day changes, the unread separator
    /// above the first unread message, the message; then the typing indicator.
    ///
    /// Building the rows costs a few hashes per message: a message's layout options (the
    /// resolver) and its measurement wait until its row comes near the screen.
    open func makeListComponent() -> any Component {
        let channel = dataSource?.channel(for: self)
        let snapshot = MessageListSnapshot(
            messages: messages, channel: channel, resolver: components.messageLayoutOptionsResolver, appearance: appearance)
        self.snapshot = snapshot
        let calendar = dateSeparatorCalendar
        var children: [any Component] = []
        children.reserveCapacity(messages.count + 8)
        children.append(Space(height: 8))
        var previousDay: Int?
        for (index, message) in messages.enumerated() {
            let day = Self.dayNumber(message.createdAt, calendar: calendar)
            var startsGroup = false
            if day != previousDay {
                children.append(dateSeparatorRow(for: message.createdAt).lazy(id: "date-\(message.id)", revision: day, estimatedHeight: 38))
                startsGroup = true
            }
            previousDay = day
            if message.id == unreadSeparatorMessageId {
                children.append(unreadSeparatorRow().lazy(id: "unread-separator", revision: 0, estimatedHeight: 40))
                startsGroup = true
            }
            children.append(
                ChatMessageListMessageRow(list: self, snapshot: snapshot, index: index, startsGroup: startsGroup)
                    .lazy(id: message.id, revision: snapshot.revision(at: index, startsGroup: startsGroup),
                          estimatedHeight: estimatedMessageHeight + spacingBetweenGroups))
        }
        let typing = (dataSource?.typingUsers(for: self) ?? []).sorted { $0.id < $1.id }
        if !typing.isEmpty {
            var hasher = Hasher()
            for user in typing { hasher.combine(user.id); hasher.combine(user.name) }
            children.append(typingIndicatorRow(typing).lazy(id: "typing-indicator", revision: hasher.finalize(), estimatedHeight: 30))
        }
        children.append(Space(height: 8))
        return VStack(spacing: 0, alignItems: .stretch, children: children)
    }

    /// The messages and decisions of the last reload, shared by its rows.
    private(set) var snapshot: MessageListSnapshot?

    /// The row of one message: a `components.messageContentView`, reused among messages with the
    /// same layout options, showing the newest value of its message.
    func messageRow(_ message: ChatMessage, channel: ChatChannel?, options: ChatMessageLayoutOptions) -> ChatMessageListRow {
        let key = "message-\(options.rawValue)"
        return ChatMessageListRow(
            reuseKey: key,
            measure: { [weak self] width in
                guard let self else { return 0 }
                let row = self.measuringRowView(for: message.id, key: key, options: options)
                row.setUpLayoutIfNeeded(options: options)
                row.show(message, channel: channel)
                self.measuredRowCount += 1
                let height = fittingHeight(of: row, width: width)
                if self.contentView(forMessageId: message.id) !== row {
                    // Ahead of display: lay the row out at the size it will have and compose its
                    // bitmap now, so the frame that shows it only places it.
                    row.frame = CGRect(origin: row.frame.origin, size: CGSize(width: width, height: ChatMessageListRow.rounded(height)))
                    row.layoutIfNeeded()
                    row.layer.rasterizeIfNeeded()
                }
                return height
            },
            make: { [weak self] in
                guard let self else { return UIView() }
                let view = self.components.messageContentView.init(frame: .zero)
                view.appearance = self.appearance
                view.components = self.components
                return view
            },
            update: { [weak self] view in
                guard let self, let row = view as? ChatMessageContentView else { return }
                // A row measured earlier (same size) may come back from the cache: show the
                // newest value of its message, with the newest options.
                let current = self.snapshot?.message(id: message.id)
                row.delegate = self
                row.setUpLayoutIfNeeded(options: current?.options ?? options)
                row.show(current?.message ?? message, channel: self.snapshot?.channel ?? channel)
                self.delegate?.chatMessageListVC(self, willDisplay: current?.message ?? message)
            },
            prepared: { [weak self] in self?.takePreparedRowView(for: message.id, key: key) })
    }

    /// The view that measures the row of `id`: the one on screen when the row is (a reload of a
    /// changed message updates it anyway), else the one that will show it (`preparedRowView`).
    private func measuringRowView(for id: MessageId, key: String, options: ChatMessageLayoutOptions) -> ChatMessageContentView {
        if let shown = contentView(forMessageId: id), shown.layoutOptions == options { return shown }
        return preparedRowView(for: id, key: key, options: options)
    }

    /// The view that measures the row of `id` and will show it: the one prepared earlier, else
    /// one from the list's pool, else a new one — a hidden subview of the list until the list
    /// shows it (moving it in from another superview would cost a constraint sweep).
    private func preparedRowView(for id: MessageId, key: String, options: ChatMessageLayoutOptions) -> ChatMessageContentView {
        if let index = preparedRows.firstIndex(where: { $0.id == id }) {
            let entry = preparedRows[index]
            if entry.key == key { return entry.view }
            preparedRows.remove(at: index)
            listView.enqueueReusableView(entry.view, withReuseKey: entry.key)
        }
        let view: ChatMessageContentView
        if let pooled = listView.dequeueReusableView(withReuseKey: key) as? ChatMessageContentView {
            view = pooled
        } else {
            view = components.messageContentView.init(frame: .zero)
            view.appearance = appearance
            view.components = components
            view.isHidden = true
            // Joining the list sets it up, once, for these options.
            view.presetLayoutOptions(options)
            listView.addSubview(view)
        }
        preparedRows.append((id, key, view))
        if preparedRows.count > preparedRowLimit {
            let oldest = preparedRows.removeFirst()
            listView.enqueueReusableView(oldest.view, withReuseKey: oldest.key)
        }
        return view
    }

    /// Hands the prepared view of the row of `id` to the list, which shows it.
    private func takePreparedRowView(for id: MessageId, key: String) -> UIView? {
        guard let index = preparedRows.firstIndex(where: { $0.id == id && $0.key == key }) else { return nil }
        return preparedRows.remove(at: index).view
    }

    func dateSeparatorRow(for date: Date) -> ChatMessageListRow {
        ChatMessageListRow(
            reuseKey: "date-separator",
            measure: { [weak self] width in
                guard let self else { return 0 }
                let view = self.sizingView("date-separator") { self.components.messageListDateSeparatorView.init(frame: .zero) }
                (view as? ChatMessageListDateSeparatorView)?.content = date
                return fittingHeight(of: view, width: width)
            },
            make: { [weak self] in self?.makeSubview { $0.components.messageListDateSeparatorView.init(frame: .zero) } ?? UIView() },
            update: { view in (view as? ChatMessageListDateSeparatorView)?.content = date })
    }

    func unreadSeparatorRow() -> ChatMessageListRow {
        ChatMessageListRow(
            reuseKey: "unread-separator",
            measure: { [weak self] width in
                guard let self else { return 0 }
                let view = self.sizingView("unread-separator") { self.components.messageListUnreadSeparatorView.init(frame: .zero) }
                return fittingHeight(of: view, width: width)
            },
            make: { [weak self] in self?.makeSubview { $0.components.messageListUnreadSeparatorView.init(frame: .zero) } ?? UIView() },
            update: { _ in })
    }

    func typingIndicatorRow(_ users: [ChatUser]) -> ChatMessageListRow {
        ChatMessageListRow(
            reuseKey: "typing-indicator",
            measure: { [weak self] width in
                guard let self else { return 0 }
                let view = self.sizingView("typing-indicator") { self.components.typingIndicatorView.init(frame: .zero) }
                (view as? TypingIndicatorView)?.content = users
                return fittingHeight(of: view, width: width)
            },
            make: { [weak self] in self?.makeSubview { $0.components.typingIndicatorView.init(frame: .zero) } ?? UIView() },
            update: { view in (view as? TypingIndicatorView)?.content = users })
    }

    private func makeSubview<V: _View>(_ make: (ChatMessageListVC) -> V) -> V {
        let view = make(self)
        view.appearance = appearance
        view.components = components
        return view
    }

    /// The sizing instance for `key` (made once, kept hidden in the view so it is set up).
    private func sizingView(_ key: String, make: () -> UIView) -> UIView {
        if let view = sizingViews[key] { return view }
        let view = make()
        if let chatView = view as? _View {
            chatView.appearance = appearance
            chatView.components = components
        }
        sizingContainer.addSubview(view)
        sizingViews[key] = view
        return view
    }

    // MARK: Separators

    /// The calendar that decides where days start (the date separator formatter's, when it is
    /// the default one).
    open var dateSeparatorCalendar: Calendar {
        (appearance.formatters.messageDateSeparator as? DefaultMessageDateSeparatorFormatter)?.environment.calendar ?? .current
    }

    /// The day of `date` in `calendar`'s time zone, as a number (cheap enough for 100,000 rows).
    static func dayNumber(_ date: Date, calendar: Calendar) -> Int {
        let seconds = date.timeIntervalSince1970 + Double(calendar.timeZone.secondsFromGMT(for: date))
        guard seconds.isFinite else { return 0 }
        return Int((seconds / 86_400).rounded(.down))
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

    private func decideUnreadSeparatorIfNeeded() {
        guard !hasDecidedUnreadSeparator, let channel = dataSource?.channel(for: self), !messages.isEmpty else { return }
        hasDecidedUnreadSeparator = true
        let id = firstUnreadMessageId(in: messages, channel: channel)
        if id != unreadSeparatorMessageId {
            // Set without the observer's reload: the caller is building the rows.
            withoutReload { unreadSeparatorMessageId = id }
        }
    }

    private var suppressesReload = false
    private func withoutReload(_ body: () -> Void) {
        suppressesReload = true
        defer { suppressesReload = false }
        body()
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
    }

    private func listDidLayout() {
        updateScrollToBottomButton()
        if listView.component != nil { isWaitingForOlderMessages = false }
        requestOlderMessagesIfNeeded()
        scrollDidSettleAtBottomIfNeeded()
    }

    /// Asks for older messages when the top is within a screen, once per page.
    private func requestOlderMessagesIfNeeded() {
        guard !isWaitingForOlderMessages, !messages.isEmpty, listView.bounds.height > 0 else { return }
        let distanceFromTop = listView.contentOffset.y + listView.adjustedContentInset.top
        guard distanceFromTop < listView.bounds.height, messageCountAtTopRequest != messages.count else { return }
        messageCountAtTopRequest = messages.count
        isWaitingForOlderMessages = true
        delegate?.chatMessageListVCDidScrollNearTop(self)
        if messages.count == messageCountAtTopRequest {
            // Nothing came (everything is loaded): stay quiet until the messages change.
            isWaitingForOlderMessages = false
        }
    }

    private func scrollDidSettleAtBottomIfNeeded() {
        guard listView.component != nil, !messages.isEmpty else { return }
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
