import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// The channel list screen: the current user's channels, most recent activity first.
///
/// ```swift
/// let channelList = ChatChannelListVC.make(with: client.channelListController())
/// let navigation = UINavigationController(rootViewController: channelList)
/// ```
///
/// Rows are `components.channelContentView` views inside reusable cells of a ``ComponentView``:
/// only rows on screen have views, and a row scrolled away is reused for the next one. The list
/// follows its controller live (a new message moves its channel to the top, previews and unread
/// badges update in place, without moving what the user is looking at), loads the next page
/// when scrolled near the end, and opens a channel through ``router`` when a row is tapped.
///
/// Before the first page arrives it shows a `components.channelListLoadingView`; without
/// channels, a `components.channelListEmptyView`; when loading fails, a
/// `components.channelListErrorView` with a retry button.
@preconcurrency @MainActor
open class ChatChannelListVC: _ViewController, ChatChannelListControllerDelegate, UIScrollViewDelegate, SwipeableViewDelegate {
    /// What the list shows.
    public enum State: Equatable {
        /// The first page is loading.
        case loading
        /// The channels are loaded (maybe none).
        case loaded
        /// Loading failed with an error.
        case failed(ChatError)
    }

    /// The channels to show; set it before the view loads.
    public var controller: ChatChannelListController!

    /// A channel list for `controller`.
    public static func make(with controller: ChatChannelListController) -> Self {
        let channelList = Self.init()
        channelList.controller = controller
        return channelList
    }

    /// The channels on screen (the controller's list at the last update).
    public private(set) var channels: [ChatChannel] = []

    /// Whether the list is loading, loaded or failed; each state has its own view.
    public private(set) var state: State = .loading

    /// The "Connecting…" / "Offline" banner at the top, hidden while connected: a
    /// `components.connectionStatusView` following ``connectionController``.
    open private(set) lazy var connectionStatusView: ChatConnectionStatusView = components.connectionStatusView.init(frame: .zero)

    /// The client's connection, observed for ``connectionStatusView``.
    public private(set) var connectionController: ChatConnectionController?

    /// Opens channels; a `components.channelListRouter`.
    open lazy var router: ChatChannelListRouter = components.channelListRouter.init(rootViewController: self)

    /// The scrolling list of rows.
    open private(set) lazy var listView = ComponentView()
    /// Shown when the user has no channels.
    open private(set) lazy var emptyView: ChatChannelListEmptyView = components.channelListEmptyView.init(frame: .zero)
    /// Shown while the first page loads.
    open private(set) lazy var loadingView: ChatChannelListLoadingView = components.channelListLoadingView.init(frame: .zero)
    /// Shown when loading failed.
    open private(set) lazy var errorView: ChatChannelListErrorView = components.channelListErrorView.init(frame: .zero)

    /// How close (in points) to the end of the list scrolling must come to load the next page;
    /// `nil` (the default) means one screen.
    open var loadMoreThreshold: CGFloat?

    /// The height of every row; `nil` (the default) measures a `components.channelContentView`
    /// once per list width, so a subclass with a taller layout gets taller rows.
    open var rowHeight: CGFloat?

    // MARK: Search

    /// Whether the search field shows above the list (off by default); set it before the view
    /// loads. Typing searches every message of the user's channels
    /// (``ChatChannelListSearchVC``); the results replace the rows while the query is not empty,
    /// and tapping one opens its channel at the message.
    public var isSearchEnabled = false

    /// The height of the bar holding ``searchField``.
    open var searchBarHeight: CGFloat = 52

    /// The bar above the list that holds ``searchField``.
    open private(set) lazy var searchBarView = UIView()
    /// The rounded background of the search field, with the magnifying glass.
    open private(set) lazy var searchFieldContainer = UIView()
    /// The magnifying glass at the leading edge of the search field.
    open private(set) lazy var searchIconView = UIImageView(image: UIImage(systemName: "magnifyingglass"))
    /// The search field ("Search"); editing it runs ``search(_:)``.
    open private(set) lazy var searchField = UITextField()
    /// The results shown while the query is not empty (a child controller).
    open private(set) lazy var searchResultsVC = ChatChannelListSearchVC()

    /// The query in the search field.
    public var searchQuery: String { searchField.text ?? "" }

    /// Whether search results are shown instead of the channels.
    public var isShowingSearchResults: Bool {
        isSearchEnabled && !searchQuery.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    var wasShowingSearchResults = false

    private var measuredRowHeight: (width: CGFloat, height: CGFloat)?
    private var isLoadingNextPage = false

    /// A channel list; set ``controller`` before showing it.
    public required init() {
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    // MARK: Lifecycle

    /// Becomes the controller's delegate and loads the first page.
    open override func setUp() {
        super.setUp()
        title = appearance.l10n.tr("channelList.title")
        navigationItem.title = title
        navigationItem.rightBarButtonItem = appearanceToggleItem
        listView.delegate = self
        listView.contentAnchor = .top
        listView.alwaysBounceVertical = true
        // One Tab stop for the list; the arrows move between its rows.
        listView.focusGroupIdentifier = Self.focusGroupID
        listView.accessibilityContainerType = .list
        setUpSecondaryClick()
        errorView.onRetry = { [weak self] in self?.synchronize() }
        searchField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            self.search(self.searchField.text ?? "")
        }, for: .editingChanged)
        searchResultsVC.onSelect = { [weak self] message in self?.didSelectSearchResult(message) }
        controller?.delegate = self
        if let client = controller?.client {
            let connection = client.connectionController()
            connection.onStatusChange = { [weak self] _ in self?.updateConnectionStatus() }
            connectionController = connection
        }
        updateConnectionStatus()
        synchronize()
    }

    /// Shows the connection's status in ``connectionStatusView`` and makes room for it.
    open func updateConnectionStatus() {
        connectionStatusView.content = connectionController?.connectionStatus ?? .connected
        layoutSearch()
    }

    /// The list and the state views fill the screen.
    open override func setUpLayout() {
        super.setUpLayout()
        for subview in [listView, emptyView, loadingView, errorView] as [UIView] {
            if let view = subview as? _View {
                view.appearance = appearance
                view.components = components
            }
            subview.frame = view.bounds
            subview.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(subview)
        }
        searchResultsVC.appearance = appearance
        searchResultsVC.components = components
        searchResultsVC.client = controller?.client
        addChild(searchResultsVC)
        searchResultsVC.view.frame = view.bounds
        view.addSubview(searchResultsVC.view)
        searchResultsVC.didMove(toParent: self)
        searchFieldContainer.addSubview(searchIconView)
        searchFieldContainer.addSubview(searchField)
        searchBarView.addSubview(searchFieldContainer)
        view.addSubview(searchBarView)
        connectionStatusView.appearance = appearance
        connectionStatusView.components = components
        view.addSubview(connectionStatusView)
        searchIconView.contentMode = .scaleAspectFit
        searchField.placeholder = appearance.l10n.tr("channelList.search")
        searchField.accessibilityIdentifier = "channel-list-search"
        searchField.returnKeyType = .search
        searchField.autocorrectionType = .no
        layoutSearch()
        updateSearchVisibility()
    }

    /// Keeps the list and the state views filling the screen; the selected row follows the
    /// split view collapsing and expanding.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutSearch()
        updateSearchVisibility()
        if splitViewController?.isCollapsed != lastCollapsed { refreshSelection() }
    }

    /// The background colour, and the light/dark toggle's icon (a moon in light mode, a sun in dark).
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = appearance.colorPalette.background
        listView.backgroundColor = appearance.colorPalette.background
        listView.accessibilityLabel = appearance.l10n.tr("channelList.title")
        let isDark = traitCollection.userInterfaceStyle == .dark
        appearanceToggleItem.image = isDark ? appearance.images.lightMode : appearance.images.darkMode
        appearanceToggleItem.accessibilityIdentifier = isDark ? "switch-to-light" : "switch-to-dark"
        // An icon item's title is its button's tooltip and accessibility label.
        appearanceToggleItem.title = appearance.l10n.tr(isDark ? "channel-list.switch-to-light" : "channel-list.switch-to-dark")
        searchBarView.backgroundColor = appearance.colorPalette.background
        searchFieldContainer.backgroundColor = appearance.colorPalette.background2
        searchFieldContainer.layer.cornerRadius = 10
        searchFieldContainer.clipsToBounds = true
        searchIconView.tintColor = appearance.colorPalette.inactiveTint
        searchField.backgroundColor = .clear
        searchField.textColor = appearance.colorPalette.text
        searchField.font = appearance.fonts.body
    }

    // MARK: Light and dark

    /// The navigation bar button that switches the window between light and dark.
    open private(set) lazy var appearanceToggleItem = UIBarButtonItem(
        image: appearance.images.darkMode,
        primaryAction: UIAction { [weak self] _ in self?.toggleUserInterfaceStyle() })

    /// Rebuilds the rows from ``channels`` and shows the view of the current state.
    open override func updateContent() {
        super.updateContent()
        listView.component = makeListComponent()
        let failedError: ChatError?
        if case .failed(let error) = state { failedError = error } else { failedError = nil }
        loadingView.isHidden = state != .loading
        errorView.content = failedError
        errorView.isHidden = failedError == nil || !channels.isEmpty
        emptyView.isHidden = !(state == .loaded && channels.isEmpty)
        // Under the search results the rows stay hidden (out of Tab's reach) as channels change.
        listView.isHidden = channels.isEmpty || isShowingSearchResults
    }

    // MARK: Loading

    /// Loads the first page (again, after an error).
    open func synchronize() {
        guard let controller else { return }
        setState(.loading)
        do {
            try controller.synchronize()
            channels = controller.channels
            setState(.loaded)
        } catch {
            setState(.failed(error))
        }
    }

    /// Shows a state's view; the list sets its states itself, call it when you drive loading
    /// yourself.
    open func setState(_ newState: State) {
        state = newState
        updateContentIfNeeded()
    }

    /// Loads the next page when the list is scrolled within ``loadMoreThreshold`` of its end.
    open func loadMoreChannelsIfNeeded() {
        guard let controller, state == .loaded, !controller.hasLoadedAllChannels, !isLoadingNextPage, !channels.isEmpty else { return }
        let threshold = loadMoreThreshold ?? listView.bounds.height
        let visibleBottom = listView.contentOffset.y + listView.bounds.height
        guard visibleBottom >= listView.contentSize.height - threshold else { return }
        isLoadingNextPage = true
        defer { isLoadingNextPage = false }
        do {
            try controller.loadNextChannels()
        } catch {
            // The rows already shown stay; the next scroll tries again.
        }
    }

    // MARK: Rows

    /// The list: one `components.channelContentView` row per channel, in reusable cells.
    open func makeListComponent() -> any Component {
        ChannelRowsComponent(
            channels: channels,
            rowHeight: { [weak self] width in self?.rowHeight(forWidth: width) ?? 72 },
            row: { [weak self] channel, height in
                let cid = channel.cid
                let content = ChatChannelListItemView.Content(channel: channel, currentUserId: self?.controller?.client.currentUserId)
                return ViewComponent(generator: { [weak self] in self?.makeCell() ?? ChatChannelListCollectionViewCell(frame: .zero) })
                    .update { [weak self] cell in
                        cell.content = content
                        cell.isSelected = self?.isShowingSelection(of: cid) ?? false
                        cell.onTap = { self?.didSelectChannel(cid) }
                        cell.swipeableView.delegate = self
                        cell.swipeableView.indexPath = { [weak self] in self?.indexPath(of: cid) }
                    }
                    .size(width: .fill, height: .absolute(height))
                    .id(cid.rawValue)
                    .reuseKey("channel")
            })
    }

    /// A new cell, configured with this list's appearance and components.
    open func makeCell() -> ChatChannelListCollectionViewCell {
        let cell = components.channelCell.init(frame: .zero)
        cell.appearance = appearance
        cell.components = components
        return cell
    }

    /// The height of the rows at `width`: ``rowHeight`` if set, else a measured row's height.
    open func rowHeight(forWidth width: CGFloat) -> CGFloat {
        if let rowHeight { return rowHeight }
        if let measured = measuredRowHeight, measured.width == width { return measured.height }
        let cell = makeCell()
        let host = UIView(frame: CGRect(x: 0, y: 0, width: max(width, 1), height: 200))
        host.addSubview(cell)
        cell.content = ChatChannelListItemView.Content(
            channel: channels.first ?? ChatChannel(cid: ChannelId(type: .messaging, id: "measure"), name: "Measure"),
            currentUserId: controller?.client.currentUserId)
        let fitting = cell.systemLayoutSizeFitting(
            CGSize(width: max(width, 1), height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        cell.removeFromSuperview()
        let height = fitting.height.isFinite && fitting.height >= 44 ? fitting.height.rounded(.up) : 72
        measuredRowHeight = (width, height)
        return height
    }

    /// Opens the channel through ``router``; beside the list (an expanded split view) its
    /// composer takes the caret, so the user can type at once, as in desktop chat apps.
    open func didSelectChannel(_ cid: ChannelId) {
        guard let channelVC = router.showChannel(for: cid) else { return }
        focusComposerInSplitView(of: channelVC) { [unowned channelVC] in channelVC.messageComposerVC }
    }

    /// The focus group of the rows.
    static let focusGroupID = "parley.channel-list"

    // MARK: Selection

    /// The channel open beside the list (the router sets it when it shows a channel); its row
    /// is highlighted while the split view shows both columns.
    public var selectedChannelId: ChannelId? {
        didSet {
            guard selectedChannelId != oldValue else { return }
            refreshSelection()
            NotificationCenter.default.post(name: Self.selectedChannelDidChange, object: self)
        }
    }

    /// Posted (object: the list) when ``selectedChannelId`` changes.
    public static let selectedChannelDidChange = Notification.Name("ChatChannelListVC.selectedChannelDidChange")

    var lastCollapsed: Bool?

    // MARK: Keyboard

    /// The list's shortcuts: Ctrl+K quick switcher, Alt+Up/Down previous/next channel,
    /// Alt+Shift+Up/Down previous/next unread channel, Ctrl+F search, Ctrl+/ the shortcuts sheet.
    /// In a split view they work from either column.
    open override var keyCommands: [UIKeyCommand]? { channelListKeyCommands() }

    // MARK: Swipe actions

    /// Closes every other row's actions.
    open func swipeableViewWillShowActionViews(for indexPath: IndexPath) {
        for cell in listView.visibleViews.compactMap({ $0 as? ChatChannelListCollectionViewCell })
        where cell.swipeableView.isOpen && cell.swipeableView.indexPath?() != indexPath {
            cell.swipeableView.close(animated: true)
        }
    }

    /// Mute (or unmute) when the current user may mute the channel, and delete when they may
    /// delete it.
    open func swipeableViewActionViews(for indexPath: IndexPath) -> [UIView] {
        guard channels.indices.contains(indexPath.item) else { return [] }
        let channel = channels[indexPath.item]
        var views: [UIView] = []
        if channel.can(.muteChannel) {
            views.append(makeActionView(
                image: appearance.images.messageActionMuteUser, title: appearance.l10n.tr(channel.isMuted ? "channel.swipe.unmute" : "channel.swipe.mute"),
                color: appearance.colorPalette.inactiveTint) { [weak self] in self?.muteButtonPressedForCell(at: indexPath) })
        }
        if channel.can(.deleteChannel) {
            views.append(makeActionView(
                image: appearance.images.messageActionDelete, title: appearance.l10n.tr("channel.swipe.delete"),
                color: appearance.colorPalette.alert) { [weak self] in self?.deleteButtonPressedForCell(at: indexPath) })
        }
        return views
    }

    /// A `components.channelActionView` with an icon, a title and a background colour.
    open func makeActionView(image: UIImage, title: String, color: UIColor, action: @escaping @MainActor () -> Void) -> CellActionView {
        let view = components.channelActionView.init(frame: .zero)
        view.appearance = appearance
        view.iconView.image = image
        view.titleLabel.text = title
        view.accessibilityLabel = title
        view.backgroundColor = color
        view.action = action
        return view
    }

    /// Deletes the channel of the row.
    open func deleteButtonPressedForCell(at indexPath: IndexPath) {
        guard let controller, channels.indices.contains(indexPath.item) else { return }
        let channelController = controller.client.channelController(for: channels[indexPath.item].cid)
        closeSwipedRows()
        Task { @MainActor in
            do {
                try await channelController.deleteChannel()
            } catch {
                alertsRouter.showErrorAlert(message: appearance.l10n.tr("channel.swipe.delete-failed"))
            }
        }
    }

    /// Shows the alerts of the list's actions (a swipe action that failed), from `components.alertsRouter`.
    open private(set) lazy var alertsRouter: AlertsRouter = components.alertsRouter.init(rootViewController: self)

    // MARK: ChatChannelListControllerDelegate

    /// Shows the controller's new list (the component view keeps what the user sees in place).
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
