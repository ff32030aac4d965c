import Foundation
import ParleyChat
import ParleyUIKit

/// The threads the current user takes part in, newest reply first: one
/// `components.threadListItemView` per thread, in a vertical scroll view. Tapping a row opens
/// the thread through ``router`` (`components.threadListRouter`). Live: a new reply moves its
/// thread to the top.
///
/// ```swift
/// let threadsVC = ChatThreadListVC()
/// threadsVC.threadListController = client.threadListController()
/// navigationController.pushViewController(threadsVC, animated: true)
/// ```
@preconcurrency @MainActor
open class ChatThreadListVC: _ViewController, ChatThreadListControllerDelegate {
    /// The threads' source; set it before the view loads.
    public var threadListController: ChatThreadListController!

    /// The threads shown.
    public private(set) var threads: [ChatThread] = []

    /// Opens a tapped thread.
    open lazy var router: ChatThreadListRouter = components.threadListRouter.init(rootViewController: self)

    /// The scroll view holding the rows.
    open private(set) lazy var scrollView = UIScrollView()
    /// The rows shown, top to bottom.
    public private(set) var itemViews: [ChatThreadListItemView] = []
    /// "No threads here yet", shown when there are none.
    open private(set) lazy var emptyLabel = UILabel()
    /// Shown instead of the rows when the threads could not be loaded, with a refresh button.
    open private(set) lazy var errorView: ChatThreadListErrorView = components.threadListErrorView.init(frame: .zero)
    /// Why the last load failed, `nil` once one succeeds.
    public private(set) var loadingError: ChatError?
    /// The hairlines between rows.
    private var separators: [UIView] = []

    /// Creates the controller.
    public required init() {
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Loads the threads and listens to changes.
    open override func setUp() {
        super.setUp()
        title = appearance.l10n.tr("thread-list.title")
        guard let threadListController else { return }
        threadListController.delegate = self
        errorView.onAction = { [weak self] in self?.didTapOnErrorView() }
        synchronize()
    }

    /// Loads the threads (again); a failure shows ``errorView`` until a later load succeeds.
    open func synchronize() {
        guard let threadListController else { return }
        do {
            try threadListController.synchronize()
            didFinishSynchronizingThreads(with: nil)
        } catch {
            didFinishSynchronizingThreads(with: error)
        }
    }

    /// The user tapped the error view's refresh button: loads the threads again.
    open func didTapOnErrorView() {
        synchronize()
    }

    /// Called when a load finished: keeps the threads, or the error to show.
    open func didFinishSynchronizingThreads(with error: ChatError?) {
        loadingError = error
        if error == nil, let threadListController { threads = threadListController.threads }
        errorView.content = error
        updateContentIfNeeded()
    }

    /// The scroll view fills the root view; the empty label is centred.
    open override func setUpLayout() {
        super.setUpLayout()
        view.embed(scrollView)
        view.embed(errorView)
        emptyLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(emptyLabel)
        NSLayoutConstraint.activate([
            emptyLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            emptyLabel.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }

    /// Colours and fonts from `appearance`.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = appearance.colorPalette.background
        emptyLabel.font = appearance.fonts.bodyBold
        emptyLabel.textColor = appearance.colorPalette.subtitleText
        emptyLabel.text = appearance.l10n.tr("thread-list.empty")
    }

    /// One row per thread (rows are reused in order) and the empty label when there are none.
    open override func updateContent() {
        super.updateContent()
        let currentUserId = threadListController?.client.currentUserId
        while itemViews.count > threads.count {
            itemViews.removeLast().removeFromSuperview()
            separators.removeLast().removeFromSuperview()
        }
        while itemViews.count < threads.count {
            let item = components.threadListItemView.init(frame: .zero)
            hand(appearance, components, to: item)
            let index = itemViews.count
            item.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.didSelectThread(at: index) })
            let separator = UIView()
            separator.backgroundColor = appearance.colorPalette.border
            scrollView.addSubview(item)
            scrollView.addSubview(separator)
            itemViews.append(item)
            separators.append(separator)
        }
        for (item, thread) in zip(itemViews, threads) {
            item.content = ChatThreadListItemView.Content(thread: thread, currentUserId: currentUserId)
        }
        errorView.isHidden = loadingError == nil
        emptyLabel.isHidden = !threads.isEmpty || loadingError != nil
        view.setNeedsLayout()
    }

    /// Stacks the rows at their fitting heights.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = scrollView.bounds.width
        var y: CGFloat = 0
        for (item, separator) in zip(itemViews, separators) {
            let height = item.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                      verticalFittingPriority: .fittingSizeLevel).height
            item.frame = CGRect(x: 0, y: y, width: width, height: height)
            separator.frame = CGRect(x: 16, y: y + height - 1, width: max(0, width - 16), height: 1)
            y += height
        }
        scrollView.contentSize = CGSize(width: width, height: y)
    }

    /// Opens the thread at `index` through ``router``.
    open func didSelectThread(at index: Int) {
        guard threads.indices.contains(index), let client = threadListController?.client else { return }
        router.showThread(threads[index], client: client)
    }

    // MARK: ChatThreadListControllerDelegate

    /// Shows the new list.
    open func controller(_ controller: ChatThreadListController, didChangeThreads threads: [ChatThread]) {
        self.threads = threads
        updateContentIfNeeded()
    }
}

/// Where the thread list goes when the user picks a thread.
@preconcurrency @MainActor
open class ChatThreadListRouter: NavigationRouter {
    /// Opens `thread` in a `components.threadVC` (through `components.messageListRouter`).
    @discardableResult
    open func showThread(_ thread: ChatThread, client: ChatClient) -> ChatThreadVC? {
        guard let root = rootViewController else { return nil }
        return components.messageListRouter.init(rootViewController: root)
            .showThread(messageId: thread.parentMessageId, cid: thread.channel.cid, client: client)
    }
}
