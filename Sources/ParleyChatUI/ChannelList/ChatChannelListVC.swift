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

    /// Searches for `query` (the search field calls it as the user types); an empty query
    /// shows the channels again.
    open func search(_ query: String) {
        let shown = query.replacingOccurrences(of: "\0", with: "")
        if searchField.text != shown { searchField.text = shown }
        searchResultsVC.client = controller?.client
        searchResultsVC.search(query)
        updateSearchVisibility()
    }

    /// Shows the results or the channels, following the query; leaving the results shows the
    /// top of the channels (the most recent).
    open func updateSearchVisibility() {
        searchBarView.isHidden = !isSearchEnabled
        let showing = isShowingSearchResults
        if wasShowingSearchResults && !showing {
            listView.layoutIfNeeded()
            listView.setContentOffset(CGPoint(x: 0, y: -listView.adjustedContentInset.top), animated: false)
        }
        wasShowingSearchResults = showing
        searchResultsVC.view.isHidden = !showing
        // The rows under the results are out of reach (Tab and the arrows skip them).
        listView.isHidden = showing || channels.isEmpty
    }

    private var wasShowingSearchResults = false

    /// Opens the channel of a search result, scrolled to the message, through ``router``.
    open func didSelectSearchResult(_ message: ChatMessage) {
        router.showChannel(for: message.cid, at: message.id)
    }

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

    /// Lays out the connection banner (when shown) and the search bar at the top and everything
    /// else below them.
    open func layoutSearch() {
        let bounds = view.bounds
        let banner = connectionStatusView.isHidden ? 0 : connectionStatusView.sizeThatFits(bounds.size).height
        connectionStatusView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: banner)
        let searchHeight = isSearchEnabled ? searchBarHeight : 0
        let top = banner + searchHeight
        let below = CGRect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
        searchBarView.frame = CGRect(x: 0, y: banner, width: bounds.width, height: searchHeight)
        searchFieldContainer.frame = CGRect(x: 12, y: 8, width: max(0, bounds.width - 24), height: max(0, searchHeight - 16))
        let fieldBounds = searchFieldContainer.bounds
        let iconSize: CGFloat = 16
        let rtl = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        searchIconView.frame = CGRect(x: rtl ? fieldBounds.width - 10 - iconSize : 10, y: (fieldBounds.height - iconSize) / 2, width: iconSize, height: iconSize)
        let textInset: CGFloat = 10 + iconSize + 6
        searchField.frame = CGRect(x: rtl ? 8 : textInset, y: 0, width: max(0, fieldBounds.width - textInset - 8), height: fieldBounds.height)
        for subview in [listView, emptyView, loadingView, errorView, searchResultsVC.view] as [UIView] where subview.superview === view {
            subview.frame = below
        }
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
        let isDark = traitCollection.userInterfaceStyle == .dark
        appearanceToggleItem.image = isDark ? appearance.images.lightMode : appearance.images.darkMode
        appearanceToggleItem.accessibilityIdentifier = isDark ? "switch-to-light" : "switch-to-dark"
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

    /// Switches the window (every screen in it) between light and dark, live: each chat view
    /// runs `setUpAppearance()` and `updateContent()` again.
    open func toggleUserInterfaceStyle() {
        let target: UIView = view.window ?? view
        let isDark = target.traitCollection.userInterfaceStyle == .dark
        target.overrideUserInterfaceStyle = isDark ? .light : .dark
    }

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
        listView.isHidden = channels.isEmpty
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
        didSet { if selectedChannelId != oldValue { refreshSelection() } }
    }

    /// Whether the row of `cid` shows as selected: it is ``selectedChannelId`` and the list is in
    /// an expanded split view (a collapsed one shows one screen at a time).
    open func isShowingSelection(of cid: ChannelId) -> Bool {
        guard cid == selectedChannelId, let split = splitViewController else { return false }
        return !split.isCollapsed
    }

    private var lastCollapsed: Bool?

    /// Marks the rows on screen selected or not.
    open func refreshSelection() {
        lastCollapsed = splitViewController?.isCollapsed
        for cell in listView.visibleViews.compactMap({ $0 as? ChatChannelListCollectionViewCell }) {
            guard let cid = cell.content?.channel.cid else { continue }
            cell.isSelected = isShowingSelection(of: cid)
        }
    }

    // MARK: Keyboard

    /// The list's shortcuts: Ctrl+K quick switcher, Alt+Up/Down previous/next channel,
    /// Alt+Shift+Up/Down previous/next unread channel, Ctrl+F search, Ctrl+/ the shortcuts sheet.
    /// In a split view they work from either column.
    open override var keyCommands: [UIKeyCommand]? {
        let l10n = appearance.l10n
        var commands = [
            UIKeyCommand(title: l10n.tr("shortcuts.quick-switcher"), input: "k", modifierFlags: .control) { [weak self] _ in self?.showQuickSwitcher() },
            UIKeyCommand(title: l10n.tr("shortcuts.previous-channel"), input: UIKeyCommand.inputUpArrow, modifierFlags: .alternate) { [weak self] _ in
                self?.selectAdjacentChannel(by: -1, unreadOnly: false)
            },
            UIKeyCommand(title: l10n.tr("shortcuts.next-channel"), input: UIKeyCommand.inputDownArrow, modifierFlags: .alternate) { [weak self] _ in
                self?.selectAdjacentChannel(by: 1, unreadOnly: false)
            },
            UIKeyCommand(title: l10n.tr("shortcuts.previous-unread"), input: UIKeyCommand.inputUpArrow, modifierFlags: [.alternate, .shift]) { [weak self] _ in
                self?.selectAdjacentChannel(by: -1, unreadOnly: true)
            },
            UIKeyCommand(title: l10n.tr("shortcuts.next-unread"), input: UIKeyCommand.inputDownArrow, modifierFlags: [.alternate, .shift]) { [weak self] _ in
                self?.selectAdjacentChannel(by: 1, unreadOnly: true)
            },
        ]
        if isSearchEnabled {
            commands.append(UIKeyCommand(title: l10n.tr("shortcuts.search"), input: "f", modifierFlags: .control) { [weak self] _ in self?.focusSearch() })
        }
        commands.append(UIKeyCommand(title: l10n.tr("shortcuts.show"), input: "/", modifierFlags: .control) { [weak self] _ in self?.showKeyboardShortcuts() })
        return commands
    }

    /// Opens the channel `delta` rows from the selected one (the first or last row when none is
    /// selected); `unreadOnly` skips channels without unread messages. Returns the channel opened.
    @discardableResult
    open func selectAdjacentChannel(by delta: Int, unreadOnly: Bool) -> ChannelId? {
        guard !channels.isEmpty, delta != 0 else { return nil }
        let count = channels.count
        let start = selectedChannelId.flatMap { cid in channels.firstIndex { $0.cid == cid } } ?? (delta > 0 ? -1 : count)
        var index = start
        for _ in 0..<count {
            index += delta > 0 ? 1 : -1
            if unreadOnly { index = (index + count) % count } else if index < 0 || index >= count { return nil }
            let channel = channels[index]
            if channel.cid == selectedChannelId { return nil }
            guard !unreadOnly || channel.unreadCount.messages > 0 else { continue }
            didSelectChannel(channel.cid)
            return channel.cid
        }
        return nil
    }

    /// Presents the quick switcher over the window; the channel picked opens through ``router``.
    open func showQuickSwitcher() {
        let presenter = view.window?.rootViewController ?? self
        guard presenter.presentedViewController == nil else { return }
        let switcher = ChatChannelQuickSwitcherVC()
        switcher.appearance = appearance
        switcher.components = components
        switcher.currentUserId = controller?.client.currentUserId
        switcher.channels = channels
        switcher.onSelect = { [weak self] cid in self?.didSelectChannel(cid) }
        presenter.present(switcher, animated: true)
    }

    /// Puts the caret in the search field (with the focus ring).
    open func focusSearch() {
        guard isSearchEnabled else { return }
        if let focus = UIFocusSystem.focusSystem(for: view) { focus.setFocus(searchField) } else { searchField.becomeFirstResponder() }
    }

    /// Presents the sheet of every shortcut that works where the first responder (or the focused
    /// view) is.
    open func showKeyboardShortcuts() {
        let presenter = view.window?.rootViewController ?? self
        guard presenter.presentedViewController == nil else { return }
        let window = view.window
        let first = (UIResponder.currentFirstResponder as? UIView).flatMap { $0.window === window ? $0 : nil }
        let origin: UIResponder = first ?? window.flatMap { UIFocusSystem.focusSystem(for: $0)?.focusedItem } ?? self
        let sheet = ChatKeyboardShortcutsVC()
        sheet.appearance = appearance
        sheet.components = components
        sheet.shortcuts = ChatKeyboardShortcutsVC.shortcuts(from: origin, extra: keyCommands ?? [], appearance: appearance)
        presenter.present(sheet, animated: true)
    }

    // MARK: Pointer

    /// Right-click on a row: the channel's actions.
    func setUpSecondaryClick() {
        let click = UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended else { return }
            let location = recognizer.location(in: self.listView)
            guard let cell = self.listView.visibleViews.first(where: { !$0.isHidden && $0.frame.contains(location) }) as? ChatChannelListCollectionViewCell,
                  let cid = cell.content?.channel.cid else { return }
            self.showChannelActions(for: cid)
        }
        click.buttonMaskRequired = .secondary
        click.name = "ChatChannelListVC secondary click"
        listView.addGestureRecognizer(click)
    }

    /// The actions of a channel (a right-click on its row): open, mark read, mute or unmute,
    /// delete (as the user may), cancel; in an action sheet.
    open func showChannelActions(for cid: ChannelId) {
        guard let index = channels.firstIndex(where: { $0.cid == cid }), let controller else { return }
        let channel = channels[index]
        let l10n = appearance.l10n
        let sheet = UIAlertController(title: ChatChannelListItemView.displayable(
            appearance.formatters.channelName.format(channel: channel, forCurrentUserId: controller.client.currentUserId) ?? cid.id),
            message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: l10n.tr("channel-actions.open"), style: .default) { [weak self] _ in self?.didSelectChannel(cid) })
        if channel.unreadCount.messages > 0 {
            sheet.addAction(UIAlertAction(title: l10n.tr("channel-actions.mark-read"), style: .default) { [weak self] _ in
                self?.markChannelRead(cid)
            })
        }
        let path = IndexPath(item: index, section: 0)
        if channel.can(.muteChannel) {
            sheet.addAction(UIAlertAction(title: l10n.tr(channel.isMuted ? "channel.swipe.unmute" : "channel.swipe.mute"), style: .default) { [weak self] _ in
                self?.muteButtonPressedForCell(at: path)
            })
        }
        if channel.can(.deleteChannel) {
            sheet.addAction(UIAlertAction(title: l10n.tr("channel.swipe.delete"), style: .destructive) { [weak self] _ in
                self?.deleteButtonPressedForCell(at: path)
            })
        }
        sheet.addAction(UIAlertAction(title: l10n.tr("alert.actions.cancel"), style: .cancel))
        (view.window?.rootViewController ?? self).present(sheet, animated: true)
    }

    // MARK: Swipe actions

    /// The index path of the channel's row (item = its index in ``channels``).
    public func indexPath(of cid: ChannelId) -> IndexPath? {
        channels.firstIndex { $0.cid == cid }.map { IndexPath(item: $0, section: 0) }
    }

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

    /// Mutes the channel of the row (unmutes a muted one) and closes the row.
    open func muteButtonPressedForCell(at indexPath: IndexPath) {
        guard let controller, channels.indices.contains(indexPath.item) else { return }
        let channel = channels[indexPath.item]
        closeSwipedRows()
        let channelController = controller.client.channelController(for: channel.cid)
        Task { @MainActor in
            do {
                if channel.isMuted { try await channelController.unmuteChannel() } else { try await channelController.muteChannel() }
            } catch {
                alertsRouter.showErrorAlert(message: appearance.l10n.tr("channel.swipe.mute-failed"))
            }
        }
    }

    /// Marks the channel read (the channel actions' "Mark as read"); a failure shows an alert.
    open func markChannelRead(_ cid: ChannelId) {
        guard let controller else { return }
        let channelController = controller.client.channelController(for: cid)
        Task { @MainActor in
            do {
                try await channelController.markRead()
            } catch {
                alertsRouter.showErrorAlert(message: appearance.l10n.tr("channel-actions.mark-read-failed"))
            }
        }
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

    private func closeSwipedRows() {
        for cell in listView.visibleViews.compactMap({ $0 as? ChatChannelListCollectionViewCell }) where cell.swipeableView.isOpen {
            cell.swipeableView.close(animated: true)
        }
    }

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

/// The rows of the channel list, all as tall as the list's row height at the laid-out width.
@MainActor
struct ChannelRowsComponent: Component {
    let channels: [ChatChannel]
    let rowHeight: @MainActor (CGFloat) -> CGFloat
    let row: @MainActor (ChatChannel, CGFloat) -> any Component

    func layout(_ constraint: Constraint) -> VerticalRenderNode {
        let width = constraint.maxSize.width.isFinite ? constraint.maxSize.width : 390
        let height = rowHeight(width)
        return VStack(alignItems: .stretch, children: channels.map { row($0, height) }).layout(constraint)
    }
}
