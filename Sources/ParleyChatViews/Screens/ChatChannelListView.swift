import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The declarative channel list: the current user's channels, most recent activity first, each
/// row the factory's ``ViewFactory/makeChannelListItem(channel:channelName:currentUserId:onItemTap:)``;
/// tapping a row pushes a ``ChatChannelView`` with the same factory.
///
/// ```swift
/// ChatViews.client = client
/// WindowGroup { ChatChannelListView(viewFactory: CustomFactory.shared) }.run()
/// ```
///
/// Live like the UIKit-style list (a new message moves its channel to the top, previews and
/// badges update in place, what the user sees stays put) on the same ``ComponentView``; the next
/// page loads when the list nears its end. While the first page loads it shows the factory's
/// ``ViewFactory/makeLoadingView()``, without channels its ``ViewFactory/makeNoChannelsView()``.
@preconcurrency @MainActor
open class ChatChannelListView: _ViewController, ChatChannelListControllerDelegate, UIScrollViewDelegate {
    /// The factory the screens' parts come from.
    public private(set) var viewFactory: any ViewFactory = DefaultViewFactory.shared
    /// The channels shown (by default the client's `channelListController()`); set it before the
    /// view loads.
    public var controller: ChatChannelListController?
    /// The title of the list and its header (`nil`: the localized "channelList.title"); set it
    /// before the view loads.
    public var listTitle: String?

    /// The list.
    open private(set) lazy var listView: ComponentView = ComponentView(frame: .zero)
    /// Behind the list: the factory's ``ViewFactory/makeChannelListBackground(colors:)``.
    open private(set) lazy var listBackgroundView: ComponentView = ComponentView(frame: .zero)

    /// The channels shown, as of the last update.
    public private(set) var channels: [ChatChannel] = []
    /// What the factory's top view (``ViewFactory/makeChannelListTopView(searchText:)``) is
    /// searching for: when not empty, only channels whose name contains it are listed.
    public var searchText = "" {
        didSet { if searchText != oldValue { updateContentIfNeeded() } }
    }
    /// The channel whose row is swiped open (its id): a horizontal drag on a row sets it, and
    /// setting it opens that row's trailing actions (`nil` closes it). The row slides when it is
    /// the SDK's swipeable one (``ChatChannelSwipeableListItem``, the default row).
    public var swipedChannelId: String? {
        didSet {
            guard swipedChannelId != oldValue else { return }
            swipedChannelIdDidChange()
            updateContentIfNeeded()
        }
    }
    /// The swipe of the rows (its recognizer is on ``listView``).
    private(set) lazy var swipeTracker = ChannelRowSwipeTracker(list: self)
    /// The last delete started from a row's swipe button (tests await it).
    public internal(set) var pendingSwipeAction: Task<Void, Never>?
    /// Whether the first page is loaded.
    public private(set) var isLoaded = false
    /// The error of the last load, if it failed.
    public private(set) var lastError: ChatError?

    private var isLoadingNextPage = false
    /// Each row's revision changes with anything the row can show (preview, unread count, name,
    /// typing users…), so a changed channel is laid out and drawn again.
    private var rowRevisions = RowRevisions<ChannelId, ChatChannel>()

    /// A channel list with the default factory over `ChatViews.client`.
    public required init() {
        super.init()
    }

    /// A channel list whose parts come from `viewFactory`, over `client` (by default
    /// `ChatViews.client`).
    public convenience init(viewFactory: some ViewFactory, client: ChatClient? = nil) {
        self.init()
        self.viewFactory = viewFactory
        if let client = client ?? ChatViews.client { controller = client.channelListController() }
    }

    /// A channel list whose parts come from `viewFactory`, showing `controller`'s channels.
    public convenience init(viewFactory: some ViewFactory = DefaultViewFactory.shared, controller: ChatChannelListController) {
        self.init()
        self.viewFactory = viewFactory
        self.controller = controller
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    // MARK: Lifecycle

    /// Becomes the controller's delegate and loads the first page.
    open override func setUp() {
        super.setUp()
        title = listTitle ?? appearance.l10n.tr("channelList.title")
        navigationItem.title = title
        applyHeader(viewFactory, title: title ?? "")
        if controller == nil, let client = ChatViews.client { controller = client.channelListController() }
        listView.delegate = self
        listView.contentAnchor = .top
        listView.alwaysBounceVertical = true
        listView.addGestureRecognizer(swipeTracker.recognizer)
        controller?.delegate = self
        synchronize()
    }

    /// Puts the factory's header modifier (its title, toolbar and sheet) on this screen; the
    /// default header is the title, already there.
    private func applyHeader<Factory: ViewFactory>(_ factory: Factory, title: String) {
        let header = factory.makeChannelListHeaderViewModifier(title: title)
        guard !(header is DefaultChannelListHeaderModifier) else { return }
        applyScreenPreferences(of: header)
    }

    /// The list fills the screen.
    open override func setUpLayout() {
        super.setUpLayout()
        listBackgroundView.isScrollEnabled = false
        listBackgroundView.isUserInteractionEnabled = false
        listBackgroundView.frame = view.bounds
        listBackgroundView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(listBackgroundView)
        listView.frame = view.bounds
        listView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(listView)
    }

    /// The background colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = appearance.colorPalette.background
        listView.backgroundColor = .clear
        listBackgroundView.backgroundColor = appearance.colorPalette.background
    }

    /// Rebuilds the rows.
    open override func updateContent() {
        super.updateContent()
        listView.component = makeListComponent()
        reloadListBackground()
    }

    /// Lays the factory's channel list background out at the list's size.
    open func reloadListBackground() {
        let size = view.bounds.size
        listBackgroundView.component = AnyComponent(viewFactory.makeChannelListBackground(colors: appearance.colorPalette))
            .size(width: .absolute(size.width), height: .absolute(size.height))
    }

    /// Pinned under the list: the factory's ``ViewFactory/makeChannelListStickyFooterView()``
    /// (hidden when it is empty).
    open private(set) lazy var stickyFooterView: ComponentView = ComponentView(frame: .zero)

    /// Keeps the list filling the screen above the sticky footer.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // The factory's content modifier places the list and its sticky footer (by default: the whole screen).
        let content = contentFrame()
        let footerHeight = layoutStickyFooter(in: content)
        listView.frame = CGRect(x: content.minX, y: content.minY, width: content.width, height: max(0, content.height - footerHeight))
        listBackgroundView.frame = view.bounds
        if lastWidth != listView.bounds.width || lastHeight != listView.bounds.height {
            lastWidth = listView.bounds.width
            lastHeight = listView.bounds.height
            listView.component = makeListComponent()
            reloadListBackground()
        }
    }

    private var lastWidth: CGFloat = -1
    private var lastHeight: CGFloat = -1

    /// Lays the factory's sticky footer out at the bottom, at its height; returns the height (0
    /// for an empty footer).
    private func layoutStickyFooter(in bounds: CGRect) -> CGFloat {
        let footer = viewFactory.makeChannelListStickyFooterView()
        guard !(footer is EmptyView) else {
            stickyFooterView.isHidden = true
            return 0
        }
        if stickyFooterView.superview == nil {
            stickyFooterView.isScrollEnabled = false
            view.addSubview(stickyFooterView)
        }
        let height = min(bounds.height, AnyComponent(footer).layout(Constraint(maxSize: CGSize(width: bounds.width, height: bounds.height))).size.height)
        stickyFooterView.isHidden = false
        stickyFooterView.frame = CGRect(x: bounds.minX, y: bounds.maxY - height, width: bounds.width, height: height)
        stickyFooterView.component = footer
        return height
    }

    // MARK: Loading

    /// Loads the first page (again, after an error).
    open func synchronize() {
        guard let controller else { return }
        do {
            try controller.synchronize()
            channels = controller.channels
            isLoaded = true
            lastError = nil
        } catch {
            lastError = error
        }
        updateContentIfNeeded()
    }

    /// Loads the next page when the list is within a screen of its end.
    open func loadMoreChannelsIfNeeded() {
        guard let controller, isLoaded, !controller.hasLoadedAllChannels, !isLoadingNextPage, !channels.isEmpty else { return }
        let visibleBottom = listView.contentOffset.y + listView.bounds.height
        guard visibleBottom >= listView.contentSize.height - listView.bounds.height else { return }
        isLoadingNextPage = true
        defer { isLoadingNextPage = false }
        do { try controller.loadNextChannels() } catch { lastError = error }
    }

    // MARK: Rows

    /// The rows (with hairlines between them), the loading view, or the empty view.
    open func makeListComponent() -> any Component {
        let factory = viewFactory
        let fill = max(0, listView.bounds.height)
        let searchText = Binding<String>(get: { [weak self] in self?.searchText ?? "" }, set: { [weak self] in self?.searchText = $0 })
        let top = factory.makeChannelListTopView(searchText: searchText)
        let footer = factory.makeChannelListFooterView()
        swipeTracker.rowIds = []
        guard isLoaded, !channels.isEmpty else {
            let state: any Component = isLoaded ? factory.makeNoChannelsView() : factory.makeLoadingView()
            return VStack(justifyContent: .center, alignItems: .center, children: [state]).size(width: .fill, height: .absolute(fill))
        }
        let currentUserId = controller?.client.currentUserId
        let channelNamer = ChatViews.utils.channelNamer
        var named = channels.map { channel in
            (channel, channelNamer(channel, currentUserId) ?? ChannelRowTexts.texts(for: channel, currentUserId: currentUserId).title)
        }
        if !self.searchText.isEmpty {
            let query = self.searchText
            named = named.filter { $0.1.localizedCaseInsensitiveContains(query) }
        }
        var children: [any Component] = []
        children.reserveCapacity(named.count * 2 + 2)
        // Empty top and footer views take no room.
        if !(top is EmptyView) { children.append(top) }
        let revisions = rowRevisions.revisions(of: named.map(\.0), id: \.cid)
        let swipe = rowSwipe
        swipeTracker.rowIds = named.map(\.0.cid.rawValue)
        for (index, (channel, name)) in named.enumerated() {
            let row = ChannelListRowContext.with(currentUserId: currentUserId, swipe: swipe) { makeRow(factory, channel: channel, name: name) }
            let background = factory.makeChannelListItemBackground(channel: channel, isSelected: false)
            var item: any Component = row
            if (background as? Color) != .clear { item = AnyComponent(row).background(AnyComponent(background)) }
            // A swiped row is another revision of it at each offset.
            let revision = swipe?.channelId == channel.cid.rawValue ? revisions[index] &* 31 &+ Int((swipe?.offsetX ?? 0) * 2) : revisions[index]
            children.append(AnyComponent(item).lazy(id: channel.cid.rawValue, revision: revision, estimatedHeight: 72))
            if index < named.count - 1 {
                children.append(factory.makeChannelListDividerItem())
            }
        }
        if !(footer is EmptyView) { children.append(footer) }
        return Self.applyListModifier(of: factory, to: VStack(alignItems: .stretch, children: children))
    }

    /// The rows with the factory's ``ViewFactory/makeChannelListModifier()`` applied, as the SDK
    /// applies it to its stack of rows (the default changes nothing and is not applied).
    private static func applyListModifier<Factory: ViewFactory>(of factory: Factory, to rows: VStack) -> any Component {
        let modifier = factory.makeChannelListModifier()
        return modifier is EmptyViewModifier ? rows : rows.modifier(modifier)
    }

    /// The host of the factory's content modifier's chrome (made when needed).
    private var contentChromeView: ComponentView?

    /// Where the factory's ``ViewFactory/makeChannelListContentModifier()`` puts the list and its
    /// sticky footer (the SDK applies it around both); what it draws around them is drawn behind
    /// the list (see ``ModifierSlot``). The default changes nothing: the whole screen.
    private func contentFrame() -> CGRect {
        let slot = Self.placeContentModifier(of: viewFactory, in: view.bounds.size)
        if slot != nil, contentChromeView == nil {
            let host = ComponentView.makeChromeHost()
            view.insertSubview(host, aboveSubview: listBackgroundView)
            contentChromeView = host
        }
        contentChromeView?.showChrome(of: slot, at: view.bounds)
        return slot?.frame ?? view.bounds
    }

    private static func placeContentModifier<Factory: ViewFactory>(of factory: Factory, in size: CGSize) -> ModifierSlot? {
        ModifierSlot.place(factory.makeChannelListContentModifier(), in: size)
    }

    /// Opens a ``ChatChannelView`` for `cid` with this list's factory: pushed on the navigation
    /// stack, else presented. Returns it.
    @discardableResult
    open func showChannel(_ cid: ChannelId) -> ChatChannelView? {
        guard let client = controller?.client else { return nil }
        let channelView = ChatChannelView(viewFactory: viewFactory, channelController: client.channelController(for: cid))
        channelView.appearance = appearance
        channelView.components = components
        if let navigationController {
            navigationController.pushViewController(channelView, animated: true)
        } else {
            present(channelView, animated: true)
        }
        return channelView
    }

    // MARK: ChatChannelListControllerDelegate

    /// Shows the controller's new list.
    open func channelListController(_ controller: ChatChannelListController, didChangeChannels changes: ListChange<ChannelId>) {
        channels = controller.channels
        updateContentIfNeeded()
    }

    // MARK: UIScrollViewDelegate

    /// Loads the next page near the end.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {
        loadMoreChannelsIfNeeded()
    }
}
