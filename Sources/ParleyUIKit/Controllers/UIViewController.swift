import Foundation

/// How a presented view controller covers the screen.
public enum UIModalPresentationStyle: Int, Sendable {
    /// Covers the whole window; the presenter disappears.
    case fullScreen = 0
    /// A card over a dimmed presenter, which stays visible (UIKit's sheet).
    case pageSheet = 1
    /// Like `.pageSheet` (a centred card on wide windows).
    case formSheet = 2
    /// Whatever the controller decides (custom transitions are not supported: `.overFullScreen`).
    case custom = 4
    /// Covers the whole window; the presenter stays visible behind (for translucent content).
    case overFullScreen = 5
    /// No presentation (the default behaviour applies).
    case none = -1
    /// The system's choice: `.pageSheet`.
    case automatic = -2
}

/// How a presentation animates.
public enum UIModalTransitionStyle: Int, Sendable {
    /// Slides up from the bottom.
    case coverVertical = 0
    /// Flips (shown as a cross dissolve).
    case flipHorizontal = 1
    /// Fades.
    case crossDissolve = 2
}

/// Manages a view and its life on screen, as UIKit's `UIViewController`.
///
/// The view is created on first access (`loadView()`, then `viewDidLoad()`). Appearance calls come
/// in UIKit's order: `viewWillAppear` when the view is about to join a window, then the first
/// layout (`viewWillLayoutSubviews`, `viewDidLayoutSubviews`), then `viewDidAppear`; likewise
/// `viewWillDisappear`/`viewDidDisappear` around removal. Containers (`addChild`,
/// `UINavigationController`) and presentations forward them to the controllers they show.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private var storedView: UIView?
    private var isLoadingView = false

    /// A view controller.
    public override init() { super.init() }

    /// A view controller (nibs do not exist on Linux; the arguments are ignored).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    /// A controller decoded from an archive, as UIKit's. Parley has no nibs or storyboards, so
    /// nothing is decoded and the result is `nil`; the initializer is here so that UIKit
    /// subclasses compile unchanged (a subclass with its own designated initializer writes
    /// `required init?(coder: NSCoder)`, as UIKit asks).
    public required init?(coder: NSCoder) { return nil }

    // MARK: The view

    /// The root view, loaded on first access.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return storedView
        }
        set {
            storedView?.owningViewController = nil
            storedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// Creates the view; the default makes a plain view of the screen's size. Override to set
    /// `view` to your own (do not call super then).
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Loads the view if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard storedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        if storedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        isLoadingView = false
        viewDidLoad()
    }

    /// Whether the view is loaded.
    open var isViewLoaded: Bool { storedView != nil }
    /// The view, if loaded (never loads it).
    open var viewIfLoaded: UIView? { storedView }

    /// The view was loaded.
    open func viewDidLoad() {}
    /// The view is about to join a window.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view joined a window (after its first layout).
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave the window.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view left the window.
    open func viewDidDisappear(_ animated: Bool) {}
    /// The view is about to lay out its subviews.
    open func viewWillLayoutSubviews() {}
    /// The view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// The title (shown by navigation bars).
    open var title: String? { didSet { navigationItemIfLoaded?.controllerTitleDidChange() } }

    /// The preferred size when shown in a container that asks (sheets, popovers).
    open var preferredContentSize: CGSize = .zero

    /// The traits of the view.
    open var traitCollection: UITraitCollection { storedView?.traitCollection ?? .default }

    /// Called after the traits of the controller's view changed (light/dark, scale, direction,
    /// text size), right after the view's own `traitCollectionDidChange(_:)`.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Forces light or dark for the view.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { view.overrideUserInterfaceStyle }
        set { view.overrideUserInterfaceStyle = newValue }
    }

    /// The responder after a controller: its view's superview, else its parent.
    open override var next: UIResponder? { storedView?.superview ?? parent ?? presentingViewController }

    // MARK: Navigation

    private var storedNavigationItem: UINavigationItem?
    var navigationItemIfLoaded: UINavigationItem? { storedNavigationItem }

    /// The navigation bar's content for this controller.
    open var navigationItem: UINavigationItem {
        if let storedNavigationItem { return storedNavigationItem }
        let item = UINavigationItem(title: nil)
        item.owner = self
        storedNavigationItem = item
        return item
    }

    /// The nearest navigation controller above.
    open var navigationController: UINavigationController? {
        var current = parent
        while let controller = current {
            if let navigation = controller as? UINavigationController { return navigation }
            current = controller.parent
        }
        return nil
    }

    /// Shows `vc` as UIKit's does: pushed on the navigation stack this controller is in, else
    /// presented.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let navigation = self as? UINavigationController ?? navigationController {
            navigation.pushViewController(vc, animated: true)
        } else {
            present(vc, animated: true)
        }
    }

    /// Shows `vc` as a detail: through the split view controller above, else as ``show(_:sender:)``.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if let split = splitViewController {
            split.showDetailViewController(vc, sender: sender)
        } else {
            show(vc, sender: sender)
        }
    }

    // MARK: Children

    /// The parent container.
    open private(set) weak var parent: UIViewController?
    /// The child controllers.
    open private(set) var children: [UIViewController] = []

    /// Adds a child; calls its `willMove(toParent:)`. Add its view yourself, then call its `didMove(toParent:)`.
    open func addChild(_ childController: UIViewController) {
        guard childController !== self else { return }
        if childController.parent === self { return }
        childController.willMove(toParent: self)
        childController.removeFromParentSilently()
        children.append(childController)
        childController.parent = self
    }

    /// Removes this controller from its parent; calls `didMove(toParent: nil)` (call `willMove(toParent: nil)` first).
    open func removeFromParent() {
        guard parent != nil else { return }
        removeFromParentSilently()
        didMove(toParent: nil)
    }

    private func removeFromParentSilently() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    /// The controller is about to move to a parent (nil: being removed).
    open func willMove(toParent parent: UIViewController?) {}

    /// The controller moved to a parent. A child whose view is now in a window of an appeared
    /// parent gets its appearance calls.
    open func didMove(toParent parent: UIViewController?) {
        guard let parent, parent.appearance == .appeared, let view = storedView, view.window != nil,
              appearance == .disappeared, parent.shouldAutomaticallyForwardAppearanceMethods else { return }
        beginAppearanceTransition(true, animated: false)
        UIApplication.shared.afterNextLayout { [weak self] in self?.endAppearanceTransition() }
    }

    /// Whether appearance calls are forwarded to children automatically (default true).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Whether the controller is being added to a parent right now.
    public internal(set) var isMovingToParent = false
    /// Whether the controller is being removed from a parent right now.
    public internal(set) var isMovingFromParent = false

    // MARK: Appearance

    enum Appearance { case disappeared, appearing, appeared, disappearing }
    var appearance: Appearance = .disappeared
    private var appearanceAnimated = false

    /// The window that shows this controller as its root.
    weak var hostingWindow: UIWindow?

    /// Starts an appearance transition: calls `viewWillAppear` or `viewWillDisappear` (and
    /// forwards to children whose views are in this controller's view).
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        let target: Appearance = isAppearing ? .appearing : .disappearing
        guard appearance != target else { return }
        if isAppearing && appearance == .appeared { return }
        if !isAppearing && appearance == .disappeared { return }
        appearance = target
        appearanceAnimated = animated
        if isAppearing {
            loadViewIfNeeded()
            viewWillAppear(animated)
        } else {
            viewWillDisappear(animated)
        }
        guard shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in appearanceChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends an appearance transition: calls `viewDidAppear` or `viewDidDisappear`.
    open func endAppearanceTransition() {
        switch appearance {
        case .appearing:
            appearance = .appeared
            viewDidAppear(appearanceAnimated)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(appearanceAnimated)
        default:
            return
        }
        guard shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in children where child.appearance == .appearing || child.appearance == .disappearing {
            child.endAppearanceTransition()
        }
        if let presented = presentedViewController, presented.appearance == .appearing || presented.appearance == .disappearing,
           !presented.isBeingPresented, !presented.isBeingDismissed {
            presented.endAppearanceTransition()
        }
    }

    /// Children whose views are inside this controller's view (they appear with it).
    var appearanceChildren: [UIViewController] {
        guard let root = storedView else { return [] }
        return children.filter { $0.storedView?.isDescendant(of: root) == true }
    }

    // MARK: Layout (called by the root view's layout pass)

    func rootViewWillLayout() { viewWillLayoutSubviews() }
    func rootViewDidLayout() { viewDidLayoutSubviews() }

    // MARK: Presentation

    /// Escape dismisses a presented controller (unless ``isModalInPresentation``), as it closes
    /// sheets and popovers on a desktop; other keys go on up the responder chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if presentationContainer != nil, !isModalInPresentation, !isBeingDismissed,
           presses.contains(where: { $0.key?.keyCode == .keyboardEscape }) {
            dismiss(animated: true)
            return
        }
        super.pressesBegan(presses, with: event)
    }

    /// How the controller is shown when presented.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// How the presentation animates.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Whether a sheet refuses to be dismissed by clicking outside it or by Escape (UIKit: a swipe).
    open var isModalInPresentation = false

    /// The controller this one presents.
    public internal(set) var presentedViewController: UIViewController?
    /// The controller that presented this one.
    public internal(set) weak var presentingViewController: UIViewController?
    /// Whether the controller is being presented right now.
    public internal(set) var isBeingPresented = false
    /// Whether the controller is being dismissed right now.
    public internal(set) var isBeingDismissed = false
    /// The container view of the presentation (dimming and card).
    var presentationContainer: PresentationContainerView?
}
