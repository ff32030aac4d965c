import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The declarative channel screen: the message list, whose rows come from the factory's
/// ``ViewFactory/makeMessageContainerView(channel:message:width:showsAllInfo:isInThread:scrolledId:quotedMessage:onLongPress:isLast:)``,
/// the factory's composer pinned at the bottom, and the factory's reactions overlay on a long press.
///
/// ```swift
/// let channel = ChatChannelView(viewFactory: CustomFactory.shared, channelController: client.channelController(for: cid))
/// navigationController.pushViewController(channel, animated: true)
/// ```
///
/// The list is a ``ComponentView`` anchored at its bottom, like the UIKit-style list: every row
/// is a lazy row measured only near the screen; older pages load when the list nears its top and
/// are inserted without moving what the user sees; new messages scroll into view at the bottom
/// (and always when the current user sent them), and leave the view alone while scrolled up.
/// Messages group like the UIKit list (`components.messageLayoutOptionsResolver`): the last of a
/// group gets `showsAllInfo`, the newest `isLast`. Setting ``scrolledId`` (directly or through the
/// binding the rows get) scrolls to a message, loading the page around it when it is not loaded.
@preconcurrency @MainActor
open class ChatChannelView: _ViewController, ChatChannelControllerDelegate, UIScrollViewDelegate {
    /// The factory the screen's parts come from.
    public private(set) var viewFactory: any ViewFactory = DefaultViewFactory.shared
    /// The channel shown; set it before the view loads.
    public var channelController: ChatChannelController!
    /// Whether the screen shows a thread (rows get `isInThread`).
    public var isInThread = false

    /// The message list.
    open private(set) lazy var listView: ComponentView = ComponentView(frame: .zero)
    /// Behind the list: the factory's ``ViewFactory/makeMessageListBackground(colors:isInThread:)``.
    open private(set) lazy var listBackgroundView: ComponentView = ComponentView(frame: .zero)
    /// Hosts the factory's composer, pinned at the bottom.
    open private(set) lazy var composerHostView: ComponentView = ComponentView(frame: .zero)
    /// Hosts the factory's scroll-to-bottom button over the list's bottom trailing corner, shown
    /// while the list is scrolled away from its newest messages.
    open private(set) lazy var scrollToBottomView: ComponentView = ComponentView(frame: .zero)
    /// Hosts the factory's reactions overlay over everything; hidden while there is none.
    open private(set) lazy var overlayView: ComponentView = ComponentView(frame: .zero)

    /// The messages shown, oldest first: the channel controller's (the screen keeps no copy, so
    /// the controller grows its array in place).
    public var messages: [ChatMessage] { channelController?.messages ?? [] }
    /// The newest message as of the last update (to tell own arrivals at the bottom).
    private var newestMessage: ChatMessage?
    /// The message the long-press overlay is open for (`nil`: closed).
    public private(set) var messageDisplayInfo: MessageDisplayInfo?
    /// The views of the bubble the overlay raises, hidden in the list, with their alpha.
    var hiddenBubbleViews: [(view: UIView, alpha: CGFloat)] = []
    /// The first unread message, the jump button and the first page's loading, decided as the messages are first shown.
    var unread = UnreadState()
    /// The error of the last load, page or action, if it failed.
    public internal(set) var lastError: ChatError?
    /// The last reaction change started from the overlay (tests await it).
    public internal(set) var pendingTask: Task<Void, Never>?

    /// The message the list was last asked to scroll to; setting it scrolls there (loading the
    /// page around the message when it is not loaded).
    public var scrolledId: String? {
        didSet { if let scrolledId { scrollToMessage(id: scrolledId) } }
    }

    /// The message the composer replies to; setting it puts the composer in reply mode.
    public var quotedMessage: ChatMessage? {
        didSet {
            guard quotedMessage?.id != oldValue?.id else { return }
            reloadComposer()
        }
    }

    /// The height rows have before they are measured.
    open var estimatedMessageHeight: CGFloat { 56 }

    private var composerHeight: NSLayoutConstraint?
    /// The list's and its background's edges, moved by the factory's list modifiers.
    var listEdges: ListEdgeConstraints?
    /// The hosts of the factory's list container and list modifiers' chrome (made when needed).
    var listChrome: (container: ComponentView?, list: ComponentView?)
    var isLoadingPage = false
    private var textObserver: (any NSObjectProtocol)?

    /// A channel screen with the default factory; set ``channelController`` before showing it.
    public required init() {
        super.init()
    }

    /// A channel screen whose parts come from `viewFactory`.
    public convenience init(viewFactory: some ViewFactory = DefaultViewFactory.shared, channelController: ChatChannelController) {
        self.init()
        self.viewFactory = viewFactory
        self.channelController = channelController
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    isolated deinit {
        if let textObserver { NotificationCenter.default.removeObserver(textObserver) }
    }

    // MARK: Lifecycle

    /// Becomes the channel controller's delegate and loads the newest page.
    open override func setUp() {
        super.setUp()
        listView.contentAnchor = .bottom
        listView.alwaysBounceVertical = true
        listView.delegate = self
        composerHostView.isScrollEnabled = false
        listBackgroundView.isScrollEnabled = false
        listBackgroundView.isUserInteractionEnabled = false
        overlayView.isScrollEnabled = false
        overlayView.isHidden = true
        scrollToBottomView.isScrollEnabled = false
        scrollToBottomView.isHidden = true
        Self.register(self)
        textObserver = NotificationCenter.default.addObserver(forName: UITextView.textDidChangeNotification, object: nil, queue: nil) { [weak self] note in
            let sender = (note.object as AnyObject?).map(ObjectIdentifier.init)
            MainActor.assumeIsolated {
                guard let self, let sender, Self.contains(self.composerHostView, sender) else { return }
                self.updateComposerHeight()
            }
        }
        guard let channelController else { return }
        channelController.delegate = self
        do {
            if channelController.channel == nil || channelController.messages.isEmpty { try channelController.synchronize() }
        } catch {
            lastError = error
        }
        newestMessage = channelController.messages.last
    }

    /// The list above the composer; the overlay over both.
    open override func setUpLayout() {
        super.setUpLayout()
        for subview in [listBackgroundView, listView, composerHostView] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        let height = composerHostView.heightAnchor.constraint(equalToConstant: 60)
        composerHeight = height
        let edges = ListEdgeConstraints(
            list: [listView.topAnchor.constraint(equalTo: view.topAnchor), listView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                   view.trailingAnchor.constraint(equalTo: listView.trailingAnchor), composerHostView.topAnchor.constraint(equalTo: listView.bottomAnchor)],
            background: [listView.topAnchor.constraint(equalTo: listBackgroundView.topAnchor),
                         listView.leadingAnchor.constraint(equalTo: listBackgroundView.leadingAnchor),
                         listBackgroundView.trailingAnchor.constraint(equalTo: listView.trailingAnchor),
                         listBackgroundView.bottomAnchor.constraint(equalTo: listView.bottomAnchor)])
        listEdges = edges
        NSLayoutConstraint.activate(edges.list + edges.background + [
            composerHostView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            composerHostView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            composerHostView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            height,
        ])
        view.addSubview(scrollToBottomView)
        setUpJumpToUnreadView()
        overlayView.frame = view.bounds
        overlayView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(overlayView)
    }

    /// The background colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        let background = appearance.colorPalette.background
        view.backgroundColor = background
        listView.backgroundColor = .clear
        listBackgroundView.backgroundColor = background
        composerHostView.backgroundColor = background
        overlayView.backgroundColor = .clear
        scrollToBottomView.backgroundColor = .clear
    }

    /// The header, the rows and the composer.
    open override func updateContent() {
        super.updateContent()
        applyHeader(channel: channelController?.channel, currentUserId: channelController?.client.currentUserId)
        reloadMessages()
        reloadComposer()
        reloadListBackground()
    }

    /// The view carrying a SwiftUI-style header modifier's toolbar and title, if the factory's is one.
    var headerPreferencesView: UIView?

    /// Lays the factory's message list background out at the list's size.
    open func reloadListBackground() {
        let size = listBackgroundSize
        listBackgroundView.component = AnyComponent(viewFactory.makeMessageListBackground(colors: appearance.colorPalette, isInThread: isInThread))
            .size(width: .absolute(size.width), height: .absolute(size.height))
    }

    /// Re-measures the composer and keeps the overlay over the screen.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        overlayView.frame = view.bounds
        updateComposerHeight()
        if lastLaidOutWidth != listView.bounds.width {
            lastLaidOutWidth = listView.bounds.width
            reloadMessages()
        }
        applyListModifiers()
        if lastBackgroundSize != listView.bounds.size {
            lastBackgroundSize = listView.bounds.size
            reloadListBackground()
        }
        updateScrollToBottomButton()
        updateJumpToUnreadButton()
    }

    /// The unread count the scroll-to-bottom button shows now (`nil`: not made yet).
    private var scrollButtonUnreadCount: Int?

    /// Shows the factory's scroll-to-bottom button while the newest messages are more than half
    /// a screen below the list's bottom edge, over the list's bottom trailing corner.
    open func updateScrollToBottomButton() {
        let height = listView.bounds.height
        let below = listView.contentSize.height - (listView.contentOffset.y + height)
        let shows = height > 0 && below > height / 2
        scrollToBottomView.isHidden = !shows
        guard shows else { return }
        let unread = channelController?.channel?.unreadCount.messages ?? 0
        if scrollButtonUnreadCount != unread {
            scrollButtonUnreadCount = unread
            scrollToBottomView.component = viewFactory.makeScrollToBottomButton(unreadCount: unread) { [weak self] in
                MainActor.assumeIsolated { self?.scrollToBottom() }
            }
        }
        let size = scrollToBottomView.component?.layout(Constraint(maxSize: listView.bounds.size)).size ?? .zero
        scrollToBottomView.frame = CGRect(x: listView.frame.maxX - size.width - 16, y: listView.frame.maxY - size.height - 16,
                                          width: size.width, height: size.height)
    }

    private var lastLaidOutWidth: CGFloat = -1
    private var lastBackgroundSize = CGSize(width: -1, height: -1)

    // MARK: Rows

    /// The rows, kept in step with ``messages`` one change at a time (shared with the UIKit-style
    /// list: the same separators, day grouping and in-place updates).
    private lazy var rows = MessageListRows(makers: MessageListRows.Makers(
        message: { [unowned self] messages, index, _ in self.messageRow(in: messages, at: index) },
        dateSeparator: { [unowned self] date, day in
            ComponentList.Row(id: "date-\(day)", version: day, estimatedHeight: 40,
                              component: ChatViews.utils.messageListConfig.dateIndicatorPlacement == .none
                                  ? AnyComponent(Space(height: 0))
                                  : AnyComponent(self.viewFactory.makeMessageListDateIndicator(date: date)))
        },
        unreadSeparator: { [unowned self] in self.newMessagesIndicatorRow() },
        typingIndicator: { [unowned self] users in self.typingIndicatorRow(users) }))
    /// What every row shows of the channel (the member count decides author names).
    private var rowsChannelSignature: Int?

    /// Rebuilds every row from ``messages`` (views that stay are updated in place; what the user
    /// sees stays put). Message changes are applied in place by
    /// ``channelController(_:didUpdateMessages:)``.
    open func reloadMessages() {
        guard isViewLoaded, let channelController else { return }
        let messages = channelController.messages
        newestMessage = messages.last
        let channel = channelController.channel ?? ChatChannel(cid: channelController.cid)
        if messages.isEmpty {
            listView.list = nil
            let height = max(0, listView.bounds.height)
            let state: any Component = isLoadingFirstPage()
                ? viewFactory.makeChannelLoadingView() : viewFactory.makeEmptyMessagesView(for: channel, colors: appearance.colorPalette)
            listView.component = VStack(justifyContent: .center, alignItems: .center, children: [state]).size(width: .fill, height: .absolute(height))
            return
        }
        rowsChannelSignature = channel.memberCount
        rows.calendar = (appearance.formatters.messageDateSeparator as? DefaultMessageDateSeparatorFormatter)?.environment.calendar
            ?? components.messageLayoutOptionsResolver.calendar
        rows.reload(messages, unreadSeparatorAbove: newMessagesStartId(in: messages, channel: channel), typingUsers: typingUsers(in: channel))
        if listView.list !== rows.list {
            listView.component = nil
            listView.list = rows.list
        }
    }

    // MARK: Composer

    /// Rebuilds the factory's composer.
    open func reloadComposer() {
        guard isViewLoaded, let channelController else { return }
        // The SDK's slot (its default is Parley's), so a factory overriding either form is asked.
        composerHostView.component = viewFactory.makeMessageComposerViewType(
            with: channelController, messageController: nil, quotedMessage: quotedMessageBinding, editedMessage: .constant(nil),
            onMessageSent: { [weak self] in MainActor.assumeIsolated { self?.scrollToBottom() } })
        updateComposerHeight()
    }

    /// Sizes the composer's host to the composer at the screen's width.
    open func updateComposerHeight() {
        guard let composerHeight, view.bounds.width > 0 else { return }
        let height = composerHostView.sizeThatFits(CGSize(width: view.bounds.width, height: .infinity)).height.rounded(.up)
        guard height.isFinite, abs(composerHeight.constant - height) > 0.5 else { return }
        composerHeight.constant = height
        composerHostView.setNeedsReload()
        view.setNeedsLayout()
    }

    // MARK: Scrolling

    /// Scrolls to the newest message.
    open func scrollToBottom() {
        guard let channelController else { return }
        if !channelController.hasLoadedAllNextMessages {
            do { try channelController.synchronize() } catch { lastError = error }
        }
        listView.layoutIfNeeded()
        listView.scrollToBottom(animated: false)
    }

    /// Scrolls so that the message with `id` is in the middle of the list, loading the page around
    /// it first when it is not loaded; `false` when there is no such message.
    @discardableResult
    open func scrollToMessage(id: MessageId) -> Bool {
        guard isViewLoaded else { return false }
        listView.layoutIfNeeded()
        if messages.contains(where: { $0.id == id }), listView.scrollTo(id: id, position: .center) { return true }
        guard let channelController else { return false }
        do {
            try channelController.loadPageAroundMessageId(id)
        } catch {
            lastError = error
            return false
        }
        newestMessage = channelController.messages.last
        reloadMessages()
        listView.reloadData()
        listView.layoutIfNeeded()
        return listView.scrollTo(id: id, position: .center)
    }

    /// Loads older messages near the top and newer ones near the bottom (after a jump).
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {
        loadPagesIfNeeded()
        updateScrollToBottomButton()
        updateJumpToUnreadButton()
    }

    // MARK: Overlay

    /// Shows the factory's reactions overlay over the message of `info`, at its bubble's frame in
    /// the list when the row is the default one (hidden there meanwhile: one copy shows).
    open func showReactionsOverlay(for info: MessageDisplayInfo) {
        guard let channelController else { return }
        let channel = channelController.channel ?? ChatChannel(cid: channelController.cid)
        let frame = overlayFrame(of: info)
        let local = MessageDisplayInfo(message: info.message, frame: frame, contentWidth: info.contentWidth,
                                       showsAllInfo: info.showsAllInfo, showsMessageActions: info.showsMessageActions && !isInThread)
        messageDisplayInfo = local
        let message = info.message
        overlayView.component = sizedToOverlay(viewFactory.makeReactionsOverlayView(
            channel: channel, messageDisplayInfo: local,
            onReaction: { [weak self] type in self?.toggleReaction(type, on: message) },
            onReply: { [weak self] in
                self?.dismissReactionsOverlay()
                self?.quotedMessage = message
            },
            onBackgroundTap: { [weak self] in self?.dismissReactionsOverlay() }))
        hideListBubble(of: message.id)
        overlayView.isHidden = false
        view.bringSubviewToFront(overlayView)
        overlayView.reloadData()
    }

    /// Closes the reactions overlay.
    open func dismissReactionsOverlay() {
        showListBubble()
        messageDisplayInfo = nil
        overlayView.isHidden = true
        overlayView.component = nil
    }

    /// Adds the current user's reaction of `type` to `message`, or removes it when they already
    /// reacted so; the overlay closes.
    open func toggleReaction(_ type: MessageReactionType, on message: ChatMessage) {
        dismissReactionsOverlay()
        guard let channelController else { return }
        let current = messages.first { $0.id == message.id } ?? message
        let chosen = current.reactionGroups[type]?.isChosenByCurrentUser == true || current.currentUserReactions.contains { $0.type == type }
        pendingTask = Task { @MainActor [weak self] in
            do throws(ChatError) {
                if chosen {
                    try await channelController.removeReaction(type, from: message.id)
                } else {
                    try await channelController.addReaction(type, to: message.id)
                }
            } catch {
                self?.report(error)
            }
        }
    }

    // MARK: ChatChannelControllerDelegate

    /// Applies the change in place, in O(changed messages); own new messages scroll into view.
    open func channelController(_ controller: ChatChannelController, didUpdateMessages changes: ListChange<MessageId>) {
        let previousNewest = newestMessage
        let wasEmpty = newestMessage == nil
        let messages = controller.messages
        newestMessage = messages.last
        let inserted = Set(changes.inserted)
        let appendedOwn = messages.reversed().prefix { inserted.contains($0.id) }
            .contains { $0.isSentByCurrentUser && (previousNewest == nil || $0.createdAt >= previousNewest!.createdAt) }
        if wasEmpty || messages.isEmpty || listView.list !== rows.list {
            reloadMessages()
        } else {
            rows.apply(changes, messages: messages, indexOf: { [weak controller] in controller?.index(ofMessageId: $0) })
        }
        if appendedOwn { scrollToBottom() }
    }

    /// Updates the header and the typing indicator; every row is rebuilt only when the member
    /// count (author names) changed.
    open func channelController(_ controller: ChatChannelController, didUpdateChannel channel: ChatChannel) {
        guard isViewLoaded else { return }
        applyHeader(channel: channel, currentUserId: controller.client.currentUserId)
        if channel.memberCount != rowsChannelSignature {
            reloadMessages()
        } else if listView.list === rows.list {
            rows.setTypingUsers(typingUsers(in: channel))
        }
    }

    // MARK: Threads

    /// Pushes `components.threadVC` for the thread of `message` (presented when there is no
    /// navigation controller).
    open func showThread(of message: ChatMessage) {
        guard let channelController else { return }
        let threadVC = components.threadVC.init()
        threadVC.appearance = appearance
        threadVC.components = components
        threadVC.channelController = channelController
        threadVC.messageController = channelController.client.messageController(cid: channelController.cid, messageId: message.id)
        if let navigationController {
            navigationController.pushViewController(threadVC, animated: true)
        } else {
            present(threadVC, animated: true)
        }
    }
}
