import Foundation

/// The root of a view hierarchy shown in a scene (or rendered headless), as UIKit's `UIWindow`.
///
/// A window is the source of its tree's traits (display scale, light/dark) and its default
/// tint; the seed's `scene.windows.forEach { $0.tintColor = .systemPink }` recolours everything
/// in them. It delivers events to its views (`sendEvent(_:)`), hosts a root view controller (whose
/// view loads when the window is shown or first laid out, not when it is set) and is shown by
/// `makeKeyAndVisible()`.
///
/// Difference from UIKit: a window's layer is not hidden before it is shown (so a window can be
/// rendered to an image without a scene); a scene draws only the windows that were shown with
/// `makeKeyAndVisible()` or `isHidden = false`.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// A window's stacking level within its scene.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        /// The level.
        public let rawValue: CGFloat
        /// Creates a level.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Ordinary windows.
        public static let normal = Level(rawValue: 0)
        /// Above ordinary windows.
        public static let statusBar = Level(rawValue: 1000)
        /// Alerts.
        public static let alert = Level(rawValue: 2000)
        /// Orders levels.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A window with a frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
    }

    /// A window in a scene, filling it.
    public convenience init(windowScene: UIWindowScene) {
        self.init(frame: windowScene.screen.bounds)
        // Observers do not run inside the class's own initializers: attach explicitly.
        self.windowScene = windowScene
        windowScene.attach(self)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The scene the window is shown in.
    open weak var windowScene: UIWindowScene? {
        didSet {
            guard windowScene !== oldValue else { return }
            oldValue?.detach(self)
            windowScene?.attach(self)
        }
    }

    /// The display the window is on.
    open var screen: UIScreen { windowScene?.screen ?? UIScreen.main }

    /// Whether this is the window that receives keyboard input.
    open internal(set) var isKeyWindow = false

    /// The stacking level within the scene.
    open var windowLevel: Level = .normal { didSet { Compositor.setNeedsFrame() } }

    /// Whether the window was shown in its scene.
    var isShownInScene = false

    /// The window's keyboard focus.
    lazy var focusSystem = UIFocusSystem(window: self)

    /// The traits the window's display and settings give its views.
    public var windowTraitCollection: UITraitCollection {
        get { rootTraitCollection }
        set { rootTraitCollection = newValue }
    }

    /// Showing a window (`isHidden = false`) puts it on screen in its scene.
    open override var isHidden: Bool {
        get { super.isHidden }
        set {
            super.isHidden = newValue
            if !newValue { show() }
        }
    }

    /// The scene's windows answer to their scene next.
    open override var next: UIResponder? { windowScene ?? UIApplication.shared }

    // MARK: Root view controller

    private var storedRootViewController: UIViewController?
    /// Whether the root controller's view still has to be put in the window.
    ///
    /// As in UIKit, setting `rootViewController` on a window that is not shown yet does not load
    /// the controller's view: it loads when the window is shown (`makeKeyAndVisible()`) or first
    /// laid out. That is what lets a scene delegate set `Components.default` in
    /// `scene(_:willConnectTo:options:)` after the launch set up the first screen's window: the
    /// screen reads its components when its view loads, which is after the delegate ran.
    private var rootViewIsPending = false

    /// The controller whose view fills the window.
    open var rootViewController: UIViewController? {
        get { storedRootViewController }
        set {
            guard newValue !== storedRootViewController else { return }
            let old = storedRootViewController
            let visible = isShownInScene && !isHidden
            if let old {
                if visible { old.beginAppearanceTransition(false, animated: false) }
                old.dismissPresentedForRemoval()
                old.viewIfLoaded?.removeFromSuperview()
                if visible { old.endAppearanceTransition() }
                old.hostingWindow = nil
            }
            storedRootViewController = newValue
            rootViewIsPending = false
            guard let controller = newValue else { return }
            controller.hostingWindow = self
            // A view already loaded costs nothing to put in place now; an unloaded one waits.
            guard visible || controller.isViewLoaded else {
                rootViewIsPending = true
                setNeedsLayout()
                return
            }
            if visible { controller.beginAppearanceTransition(true, animated: false) }
            installRootView(of: controller)
            if visible { UIApplication.shared.afterNextLayout { controller.endAppearanceTransition() } }
        }
    }

    /// Puts the root controller's view (loading it if needed) at the back of the window, filling it.
    private func installRootView(of controller: UIViewController) {
        rootViewIsPending = false
        let view: UIView = controller.view
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        insertSubview(view, at: 0)
    }

    /// Installs a root view still pending (the window was not shown or laid out since it was set).
    private func installPendingRootView() {
        guard rootViewIsPending, let controller = storedRootViewController else { return }
        installRootView(of: controller)
    }

    /// Keeps the root view filling the window; the first layout loads a pending root view.
    open override func layoutSubviews() {
        installPendingRootView()
        super.layoutSubviews()
        if let view = storedRootViewController?.viewIfLoaded, view.superview === self, view.frame != bounds { view.frame = bounds }
    }

    // MARK: Key and visible

    /// Shows the window and makes it key; a window without a scene gets a new one (a new native window of its size).
    open func makeKeyAndVisible() {
        show()
        makeKey()
    }

    /// Makes this the key window (of the application).
    open func makeKey() {
        guard !isKeyWindow else { return }
        for window in UIApplication.shared.windows where window !== self && window.isKeyWindow { window.resignKey() }
        becomeKey()
    }

    /// Called when the window became key.
    open func becomeKey() { isKeyWindow = true }

    /// Called when the window stopped being key.
    open func resignKey() { isKeyWindow = false }

    private func show() {
        guard !isShownInScene else { return }
        if windowScene == nil {
            let size = bounds.size == .zero ? UIApplication.shared.launchConfiguration.size : bounds.size
            windowScene = UIApplication.shared.connectScene(size: size)
        }
        isShownInScene = true
        Compositor.setNeedsFrame()
        if let controller = storedRootViewController {
            // The root view loads now, after whoever set up the window (a scene delegate) ran.
            installPendingRootView()
            controller.beginAppearanceTransition(true, animated: false)
            UIApplication.shared.afterNextLayout { controller.endAppearanceTransition() }
        }
    }

    // MARK: Events

    /// Delivers an event to the window's views: touches through hit testing and gesture
    /// recognizers, key presses to the first responder, wheel steps to the scroll view under the pointer.
    open func sendEvent(_ event: UIEvent) {
        switch event.type {
        case .touches:
            TouchDispatcher.shared.dispatch(event.changedTouches, event: event, in: self)
        case .presses:
            guard let event = event as? UIPressesEvent else { return }
            focusSystem.restoreAfterDismissal()
            let first = UIResponder.currentFirstResponder
            var responder: UIResponder = (first as? UIView).flatMap { $0.window === self ? $0 : nil } ?? first.flatMap { $0 is UIViewController ? $0 : nil }
                ?? focusSystem.focusedItem.flatMap { $0.window === self ? $0 : nil } ?? defaultKeyResponder
            // A presented controller on top takes the keys the first responder under it would get.
            if let presented = presentedController(covering: responder) { responder = presented }
            var presses = event.allPresses
            // Shortcuts (Control, Alt, Super, or commands with priority) run before the responder
            // sees the key; other key commands get what the chain leaves (UIApplication.pressesBegan).
            let shortcuts = presses.filter { $0.phase == .began && responder.performKeyCommand(for: $0, shortcutsOnly: true) }
            presses.subtract(shortcuts)
            event.keyCommandResponder = responder
            for phase in [UIPress.Phase.began, .ended, .cancelled] {
                let set = presses.filter { $0.phase == phase }
                guard !set.isEmpty else { continue }
                switch phase {
                case .began: responder.pressesBegan(set, with: event)
                case .ended: responder.pressesEnded(set, with: event)
                default: responder.pressesCancelled(set, with: event)
                }
            }
        case .scroll:
            routeScroll(event)
        default:
            break
        }
    }

    /// Where keys go when nothing is first responder or focused: the controller the user sees
    /// (a navigation stack's top, a split view's secondary column), so its key commands and
    /// those of the controllers around it work; the window without a root controller.
    var defaultKeyResponder: UIResponder {
        var controller = storedRootViewController
        var depth = 0
        while let current = controller, depth < 16 {
            depth += 1
            if let navigation = current as? UINavigationController, let top = navigation.topViewController {
                controller = top
            } else if let split = current as? UISplitViewController,
                      let column = split.viewControllers.last, column !== split {
                controller = column
            } else {
                break
            }
        }
        guard let controller, controller.isViewLoaded else { return self }
        return controller
    }

    /// The controller presented on top of this window when `responder` lies outside it (under
    /// it, or elsewhere): keys meant for `responder` go to that controller, typed text nowhere.
    func presentedController(covering responder: UIResponder) -> UIViewController? {
        guard let top = subviews.last(where: { $0 is PresentationContainerView }) as? PresentationContainerView,
              let presented = top.presentedController else { return nil }
        if let view = responder as? UIView { return view.isDescendant(of: top) ? nil : presented }
        var controller = responder as? UIViewController
        while let current = controller {
            if current === presented { return nil }
            controller = current.parent
        }
        return presented
    }

    /// Gives a wheel step to the innermost scroll view under the pointer that zooms (see
    /// `UIScrollView+Zooming.swift`) or can move that way.
    private func routeScroll(_ event: UIEvent) {
        let app = UIApplication.shared
        var view = app.deepestView(in: self, at: event.pointerLocation)
        var fallback: UIScrollView?
        while let current = view {
            if let scrollView = current as? UIScrollView, scrollView.isScrollEnabled {
                if fallback == nil { fallback = scrollView }
                if scrollView.zoomWheel(by: event.scrollDelta, precise: event.scrollIsPrecise,
                                        at: convert(event.pointerLocation, to: scrollView)) {
                    app.lastScrolledView = scrollView
                    return
                }
                if scrollView.canScroll(by: event.scrollDelta) {
                    scrollView.scrollWheel(by: event.scrollDelta, precise: event.scrollIsPrecise)
                    app.lastScrolledView = scrollView
                    return
                }
            }
            view = current.superview
        }
        if let fallback { app.lastScrolledView = fallback }
    }
}
