import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
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
@MainActor
open class ChatChannelView: _ViewController, ChatChannelControllerDelegate, UIScrollViewDelegate {
    /// The factory the screen's parts come from.
    public private(set) var viewFactory: any ViewFactory = DefaultViewFactory.shared
    /// The channel shown; set it before the view loads.
    public var channelController: ChatChannelController!
    /// Whether the screen shows a thread (rows get `isInThread`).
    public var isInThread = false

    /// The message list.
    open private(set) lazy var listView: ComponentView = ComponentView(frame: .zero)
    /// Hosts the factory's composer, pinned at the bottom.
    open private(set) lazy var composerHostView: ComponentView = ComponentView(frame: .zero)
    /// Hosts the factory's reactions overlay over everything; hidden while there is none.
    open private(set) lazy var overlayView: ComponentView = ComponentView(frame: .zero)

    /// The messages shown, oldest first.
    public private(set) var messages: [ChatMessage] = []
    /// The message the long-press overlay is open for (`nil`: closed).
    public private(set) var messageDisplayInfo: MessageDisplayInfo?
    /// The error of the last load, page or action, if it failed.
    public private(set) var lastError: ChatError?
    /// The last reaction change started from the overlay (tests await it).
    public private(set) var pendingTask: Task<Void, Never>?

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

    /// The binding of ``scrolledId`` handed to the slots.
    public var scrolledIdBinding: Binding<String?> {
        Binding(get: { [weak self] in self?.scrolledId }, set: { [weak self] in self?.scrolledId = $0 })
    }

    /// The binding of ``quotedMessage`` handed to the slots.
    public var quotedMessageBinding: Binding<ChatMessage?> {
        Binding(get: { [weak self] in self?.quotedMessage }, set: { [weak self] in self?.quotedMessage = $0 })
    }

    /// The height rows have before they are measured.
    open var estimatedMessageHeight: CGFloat { 56 }

    private var composerHeight: NSLayoutConstraint?
    private var isLoadingPage = false
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

    isolated deinit {
        if let textObserver { NotificationCenter.default.removeObserver(textObserver) }
    }

    /// Whether `view` or one of its descendants is the object `id`.
    private static func contains(_ view: UIView, _ id: ObjectIdentifier) -> Bool {
        ObjectIdentifier(view) == id || view.subviews.contains { contains($0, id) }
    }

    // MARK: Lifecycle

    /// Becomes the channel controller's delegate and loads the newest page.
    open override func setUp() {
        super.setUp()
        listView.contentAnchor = .bottom
        listView.alwaysBounceVertical = true
        listView.delegate = self
        composerHostView.isScrollEnabled = false
        overlayView.isScrollEnabled = false
        overlayView.isHidden = true
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
        messages = channelController.messages
    }

    /// The list above the composer; the overlay over both.
    open override func setUpLayout() {
        super.setUpLayout()
        for subview in [listView, composerHostView] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        let height = composerHostView.heightAnchor.constraint(equalToConstant: 60)
        composerHeight = height
        NSLayoutConstraint.activate([
            listView.topAnchor.constraint(equalTo: view.topAnchor),
            listView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            listView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            listView.bottomAnchor.constraint(equalTo: composerHostView.topAnchor),
            composerHostView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            composerHostView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            composerHostView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            height,
        ])
        overlayView.frame = view.bounds
        overlayView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(overlayView)
    }

    /// The background colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        let background = appearance.colorPalette.background
        view.backgroundColor = background
        listView.backgroundColor = background
        composerHostView.backgroundColor = background
        overlayView.backgroundColor = .clear
    }

    /// The header, the rows and the composer.
    open override func updateContent() {
        super.updateContent()
        let channel = channelController?.channel
        viewFactory.makeChannelHeaderViewModifier(for: channel)
            .apply(to: navigationItem, channel: channel, currentUserId: channelController?.client.currentUserId)
        reloadMessages()
        reloadComposer()
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
    }

    private var lastLaidOutWidth: CGFloat = -1

    // MARK: Rows

    /// Rebuilds the list from ``messages`` (views that stay are updated in place; what the user
    /// sees stays put).
    open func reloadMessages() {
        guard isViewLoaded else { return }
        listView.component = makeListComponent()
    }

    /// The list: per message a day separator when the day changes and the factory's container;
    /// then the typing indicator; the factory's empty view for an empty channel.
    open func makeListComponent() -> any Component {
        let factory = viewFactory
        guard let channelController else { return VStack(children: []) }
        let channel = channelController.channel ?? ChatChannel(cid: channelController.cid)
        let width: CGFloat? = listView.bounds.width > 0 ? listView.bounds.width : nil
        if messages.isEmpty {
            let height = max(0, listView.bounds.height)
            return VStack(justifyContent: .center, alignItems: .center) {
                factory.makeEmptyMessagesView(for: channel)
            }.size(width: .fill, height: .absolute(height))
        }
        let resolver = components.messageLayoutOptionsResolver
        let calendar = (appearance.formatters.messageDateSeparator as? DefaultMessageDateSeparatorFormatter)?.environment.calendar ?? resolver.calendar
        let scrolledId = scrolledIdBinding
        let quotedMessage = quotedMessageBinding
        let onLongPress: (MessageDisplayInfo) -> () = { [weak self] info in self?.showReactionsOverlay(for: info) }
        var children: [any Component] = [Space(height: 8)]
        children.reserveCapacity(messages.count * 2 + 4)
        var previousDay: DateComponents?
        let lastIndex = messages.count - 1
        for (index, message) in messages.enumerated() {
            let day = calendar.dateComponents([.year, .month, .day], from: message.createdAt)
            if day != previousDay {
                children.append(AnyComponent(factory.makeDateIndicatorView(date: message.createdAt))
                    .lazy(id: "date-\(message.id)", revision: day.hashValue, estimatedHeight: 40))
            }
            previousDay = day
            let showsAllInfo = resolver.isLastInGroup(at: index, in: messages)
            let isLast = index == lastIndex
            let container = factory.makeMessageContainerView(
                channel: channel, message: message, width: width, showsAllInfo: showsAllInfo, isInThread: isInThread,
                scrolledId: scrolledId, quotedMessage: quotedMessage, onLongPress: onLongPress, isLast: isLast)
            children.append(AnyComponent(container).lazy(
                id: message.id, revision: Self.revision(of: message, showsAllInfo: showsAllInfo, isLast: isLast, channel: channel),
                estimatedHeight: estimatedMessageHeight))
        }
        let typing = channel.currentlyTypingUsers.filter { $0.id != channelController.client.currentUserId }
        if !typing.isEmpty {
            var hasher = Hasher()
            for user in typing.sorted(by: { $0.id < $1.id }) { hasher.combine(user.id); hasher.combine(user.name) }
            children.append(AnyComponent(factory.makeTypingIndicatorBottomView(channel: channel, currentUserId: channelController.client.currentUserId))
                .lazy(id: "typing-indicator", revision: hasher.finalize(), estimatedHeight: 28))
        }
        children.append(Space(height: 8))
        return VStack(alignItems: .stretch, children: children)
    }

    /// What a row's cached size depends on: a change re-measures it.
    static func revision(of message: ChatMessage, showsAllInfo: Bool, isLast: Bool, channel: ChatChannel) -> Int {
        var hasher = Hasher()
        hasher.combine(message.text)
        hasher.combine(message.type)
        hasher.combine(message.updatedAt)
        hasher.combine(message.textUpdatedAt)
        hasher.combine(message.deletedAt)
        hasher.combine(message.replyCount)
        hasher.combine(message.localState)
        hasher.combine(message.author.name)
        hasher.combine(message.quotedMessage?.id)
        hasher.combine(message.quotedMessage?.text)
        for (type, data) in message.reactionGroups.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            hasher.combine(type.rawValue)
            hasher.combine(data.count)
            hasher.combine(data.isChosenByCurrentUser)
        }
        hasher.combine(showsAllInfo)
        hasher.combine(isLast)
        hasher.combine(channel.memberCount)
        return hasher.finalize()
    }

    // MARK: Composer

    /// Rebuilds the factory's composer.
    open func reloadComposer() {
        guard isViewLoaded, let channelController else { return }
        composerHostView.component = viewFactory.makeMessageComposerViewType(
            with: channelController, quotedMessage: quotedMessageBinding,
            onMessageSent: { [weak self] in self?.scrollToBottom() })
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
        messages = channelController.messages
        reloadMessages()
        listView.reloadData()
        listView.layoutIfNeeded()
        return listView.scrollTo(id: id, position: .center)
    }

    /// Loads older messages near the top and newer ones near the bottom (after a jump).
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {
        loadPagesIfNeeded()
    }

    private func loadPagesIfNeeded() {
        guard let channelController, !isLoadingPage, !messages.isEmpty, listView.bounds.height > 0 else { return }
        isLoadingPage = true
        defer { isLoadingPage = false }
        let top = listView.contentOffset.y + listView.adjustedContentInset.top
        let bottom = listView.contentSize.height - (listView.contentOffset.y + listView.bounds.height)
        do {
            if top < listView.bounds.height, !channelController.hasLoadedAllPreviousMessages {
                try channelController.loadPreviousMessages()
            } else if bottom < listView.bounds.height, !channelController.hasLoadedAllNextMessages {
                try channelController.loadNextMessages()
            }
        } catch {
            lastError = error
        }
    }

    // MARK: Overlay

    /// Shows the factory's reactions overlay over the message of `info` (its frame in window
    /// coordinates, as the containers report it).
    open func showReactionsOverlay(for info: MessageDisplayInfo) {
        guard let channelController else { return }
        let channel = channelController.channel ?? ChatChannel(cid: channelController.cid)
        var frame = info.frame
        if !frame.isEmpty { frame = overlayView.convert(info.frame, from: nil) }
        let local = MessageDisplayInfo(message: info.message, frame: frame, contentWidth: info.contentWidth,
                                       showsAllInfo: info.showsAllInfo, showsMessageActions: info.showsMessageActions && !isInThread)
        messageDisplayInfo = local
        let message = info.message
        overlayView.component = viewFactory.makeReactionsOverlayView(
            channel: channel, messageDisplayInfo: local,
            onReaction: { [weak self] type in self?.toggleReaction(type, on: message) },
            onReply: { [weak self] in
                self?.dismissReactionsOverlay()
                self?.quotedMessage = message
            },
            onBackgroundTap: { [weak self] in self?.dismissReactionsOverlay() })
        overlayView.isHidden = false
        view.bringSubviewToFront(overlayView)
        overlayView.reloadData()
    }

    /// Closes the reactions overlay.
    open func dismissReactionsOverlay() {
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
            do {
                if chosen {
                    try await channelController.removeReaction(type, from: message.id)
                } else {
                    try await channelController.addReaction(type, to: message.id)
                }
            } catch {
                self?.lastError = error as? ChatError
            }
        }
    }

    // MARK: ChatChannelControllerDelegate

    /// Shows the new messages; own new messages scroll into view.
    open func channelController(_ controller: ChatChannelController, didUpdateMessages changes: ListChange<MessageId>) {
        let previousNewest = messages.last
        messages = controller.messages
        let inserted = Set(changes.inserted)
        let appendedOwn = messages.reversed().prefix { inserted.contains($0.id) }
            .contains { $0.isSentByCurrentUser && (previousNewest == nil || $0.createdAt >= previousNewest!.createdAt) }
        reloadMessages()
        if appendedOwn { scrollToBottom() }
    }

    /// Updates the header and the typing indicator.
    open func channelController(_ controller: ChatChannelController, didUpdateChannel channel: ChatChannel) {
        updateContentIfNeeded()
    }

    // MARK: Threads

    private static var screens: [WeakScreen] = []

    private struct WeakScreen {
        weak var screen: ChatChannelView?
    }

    private static func register(_ screen: ChatChannelView) {
        screens.removeAll { $0.screen == nil }
        screens.append(WeakScreen(screen: screen))
    }

    /// Opens the thread of `message` from the newest channel screen showing its channel (what the
    /// default "N replies" does).
    public static func showThread(of message: ChatMessage) {
        screens.removeAll { $0.screen == nil }
        guard let screen = screens.last(where: { $0.screen?.channelController?.cid == message.cid && $0.screen?.isViewLoaded == true })?.screen
        else { return }
        screen.showThread(of: message)
    }

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
