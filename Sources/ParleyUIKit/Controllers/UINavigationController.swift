import Foundation

/// Hears a navigation controller's transitions, as UIKit's `UINavigationControllerDelegate`.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// `viewController` is about to be shown.
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// `viewController` was shown.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    /// Does nothing by default.
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    /// Does nothing by default.
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
}

/// A stack of view controllers with a navigation bar, as UIKit's `UINavigationController`.
///
/// Pushing and popping call the appearance methods in UIKit's order (the new controller loads,
/// the old one's `viewWillDisappear`, the new one's `viewWillAppear`, layout, the old one's
/// `viewDidDisappear`, the new one's `viewDidAppear`); animated transitions slide horizontally.
/// The content sits below the bar.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// The bar: a `UINavigationBar`, or an instance of the class given to
    /// `init(navigationBarClass:toolbarClass:)`.
    public let navigationBar: UINavigationBar
    /// The controllers, root first.
    open private(set) var viewControllers: [UIViewController] = []
    /// The delegate.
    open weak var delegate: UINavigationControllerDelegate?
    /// Whether the bar is hidden.
    open private(set) var isNavigationBarHidden = false
    /// The duration of push and pop animations.
    static let transitionDuration: TimeInterval = 0.35

    // Final: a subclass in another file (UIImagePickerController) must not reach private members through the vtable (a clean build failed to link).
    private final let contentView = UIView()
    private final var isTransitioning = false
    private final var pendingTransitions: [@MainActor () -> Void] = []

    /// A navigation controller with a root.
    public init(rootViewController: UIViewController) {
        navigationBar = UINavigationBar()
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    /// An empty navigation controller.
    public override init() {
        navigationBar = UINavigationBar()
        super.init()
    }

    /// An empty navigation controller whose bar is an instance of `navigationBarClass` (a
    /// `UINavigationBar` subclass; nil or another class: a `UINavigationBar`). Parley has no
    /// toolbar: `toolbarClass` is accepted and ignored.
    public init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
        let barType = (navigationBarClass as? UINavigationBar.Type) ?? UINavigationBar.self
        navigationBar = barType.init(frame: .zero)
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The top controller.
    open var topViewController: UIViewController? { viewControllers.last }
    /// The top controller, or what it presents.
    open var visibleViewController: UIViewController? {
        var controller = topViewController
        while let presented = controller?.presentedViewController { controller = presented }
        return controller
    }

    /// Builds the bar and the content area.
    open override func loadView() {
        let root = NavigationRootView(frame: UIScreen.main.bounds)
        root.owner = self
        root.backgroundColor = .systemBackground
        root.addSubview(contentView)
        root.addSubview(navigationBar)
        contentView.clipsToBounds = true
        navigationBar.onBack = { [weak self] in _ = self?.popViewController(animated: true) }
        view = root
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if let top = topViewController { install(top) }
        updateBar()
    }

    /// Hides or shows the bar.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
        navigationBar.isHidden = hidden
        viewIfLoaded?.setNeedsLayout()
    }

    func layoutContainer() {
        guard let root = viewIfLoaded else { return }
        let barHeight = isNavigationBarHidden ? 0 : UINavigationBar.defaultHeight + root.safeAreaInsets.top
        navigationBar.frame = CGRect(x: 0, y: 0, width: root.bounds.width, height: barHeight)
        contentView.frame = CGRect(x: 0, y: barHeight, width: root.bounds.width, height: max(0, root.bounds.height - barHeight))
        for child in viewControllers {
            if let childView = child.viewIfLoaded, childView.superview === contentView, childView.transform.isIdentity {
                childView.frame = contentView.bounds
            }
        }
    }

    private final func install(_ controller: UIViewController) {
        let childView: UIView = controller.view
        childView.frame = contentView.bounds
        childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(childView)
    }

    private final func updateBar() {
        navigationBar.setItems(viewControllers.map(\.navigationItem), animated: false)
    }

    private final var isOnScreen: Bool { appearance == .appeared || appearance == .appearing }

    // MARK: Push and pop

    /// Pushes a controller on top.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !viewControllers.contains(where: { $0 === viewController }) else { return }
        if isTransitioning {
            pendingTransitions.append { [weak self] in self?.pushViewController(viewController, animated: animated) }
            return
        }
        let old = topViewController
        addChild(viewController)
        viewControllers.append(viewController)
        viewController.isMovingToParent = true
        viewController.loadViewIfNeeded()
        guard isViewLoaded else {
            viewController.isMovingToParent = false
            viewController.didMove(toParent: self)
            return
        }
        transition(from: old, to: viewController, forward: true, animated: animated) { [weak self, weak viewController] in
            viewController?.isMovingToParent = false
            if let self, let viewController { viewController.didMove(toParent: self) }
        }
    }

    /// Escape goes back (pops the top controller) when nothing before it in the responder chain
    /// used the key, as the back button would; other keys go up the chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let escape = presses.contains { $0.key?.keyCode == .keyboardEscape && $0.key?.modifierFlags.isDisjoint(with: [.shift, .control, .alternate, .command]) == true }
        if escape, presentedViewController == nil, viewControllers.count > 1, !isTransitioning {
            popViewController(animated: true)
            return
        }
        super.pressesBegan(presses, with: event)
    }

    /// Pops the top controller; returns it.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1, let top = topViewController else { return nil }
        if isTransitioning {
            pendingTransitions.append { [weak self] in _ = self?.popViewController(animated: animated) }
            return top
        }
        pop(to: viewControllers[viewControllers.count - 2], animated: animated)
        return top
    }

    /// Pops to the root; returns the popped controllers.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = viewControllers.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Pops until `viewController` is on top; returns the popped controllers.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = viewControllers.firstIndex(where: { $0 === viewController }), index < viewControllers.count - 1 else { return nil }
        let popped = Array(viewControllers[(index + 1)...])
        pop(to: viewController, animated: animated)
        return popped
    }

    private final func pop(to target: UIViewController, animated: Bool) {
        guard let index = viewControllers.firstIndex(where: { $0 === target }), let old = topViewController else { return }
        let popped = Array(viewControllers[(index + 1)...])
        for controller in popped {
            controller.willMove(toParent: nil)
            controller.isMovingFromParent = true
        }
        viewControllers.removeSubrange((index + 1)...)
        guard isViewLoaded else {
            for controller in popped { controller.removeFromParent(); controller.isMovingFromParent = false }
            return
        }
        transition(from: old, to: target, forward: false, animated: animated) {
            for controller in popped {
                controller.removeFromParent()
                controller.isMovingFromParent = false
            }
        }
    }

    /// Replaces the stack; the new top is shown (animation is drawn as a push or pop).
    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        let old = topViewController
        let removed = viewControllers.filter { c in !controllers.contains { $0 === c } }
        for controller in removed { controller.willMove(toParent: nil) }
        for controller in controllers where controller.parent !== self { addChild(controller) }
        viewControllers = controllers
        guard isViewLoaded else {
            for controller in removed { controller.removeFromParent() }
            for controller in controllers { controller.didMove(toParent: self) }
            return
        }
        let new = controllers.last
        if old === new {
            for controller in removed { controller.removeFromParent() }
            updateBar()
            return
        }
        transition(from: old, to: new, forward: true, animated: animated) { [weak self] in
            for controller in removed { controller.removeFromParent() }
            if let self { for controller in controllers { controller.didMove(toParent: self) } }
        }
    }

    /// Empties the stack at once (no transition) and returns the controllers it held, for a
    /// split view moving them to another column.
    func takeStack() -> [UIViewController] {
        let stack = viewControllers
        resetStack([])
        return stack
    }

    /// Replaces the stack at once, without a transition: the old top's view leaves, the new top's
    /// joins, parents change before this returns (a split view moves controllers between
    /// columns with it).
    func resetStack(_ controllers: [UIViewController]) {
        let old = topViewController
        let removed = viewControllers.filter { c in !controllers.contains { $0 === c } }
        let added = controllers.filter { $0.parent !== self }
        let visible = isOnScreen
        for controller in removed { controller.willMove(toParent: nil) }
        viewControllers = controllers
        let new = controllers.last
        if visible, old !== new {
            old?.beginAppearanceTransition(false, animated: false)
        }
        if let oldView = old?.viewIfLoaded, oldView.superview === contentView, old !== new { oldView.removeFromSuperview() }
        for controller in removed where controller.parent === self { controller.removeFromParent() }
        if visible, old !== new { old?.endAppearanceTransition() }
        for controller in added { addChild(controller) }
        if isViewLoaded, let new, new.viewIfLoaded?.superview !== contentView || old !== new {
            new.loadViewIfNeeded()
            install(new)
        }
        updateBar()
        viewIfLoaded?.setNeedsLayout()
        for controller in added { controller.didMove(toParent: self) }
    }

    /// Swaps the shown controller with UIKit's order of appearance calls.
    private final func transition(from old: UIViewController?, to new: UIViewController?, forward: Bool, animated: Bool, completion: @escaping @MainActor () -> Void) {
        let visible = isOnScreen
        isTransitioning = true
        if let new { delegate?.navigationController(self, willShow: new, animated: animated) }
        if visible {
            old?.beginAppearanceTransition(false, animated: animated)
            new?.beginAppearanceTransition(true, animated: animated)
        }
        if let new {
            install(new)
            if !forward, let old, let oldView = old.viewIfLoaded, oldView.superview === contentView {
                contentView.bringSubviewToFront(oldView)
            }
        }
        updateBar()
        let finish: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            if let oldView = old?.viewIfLoaded, old !== new { oldView.removeFromSuperview(); oldView.transform = .identity }
            new?.viewIfLoaded?.transform = .identity
            if visible {
                old?.endAppearanceTransition()
                new?.endAppearanceTransition()
            }
            self.isTransitioning = false
            completion()
            if let new { self.delegate?.navigationController(self, didShow: new, animated: animated) }
            if !self.pendingTransitions.isEmpty {
                let next = self.pendingTransitions.removeFirst()
                next()
            }
        }
        guard animated, visible, FrameScheduler.shared.isDriven, let newView = new?.viewIfLoaded else {
            UIApplication.shared.afterNextLayout(finish)
            return
        }
        let width = contentView.bounds.width
        let oldView = old?.viewIfLoaded
        contentView.layoutIfNeeded()
        newView.frame = contentView.bounds
        if forward {
            newView.transform = CGAffineTransform(translationX: width, y: 0)
        } else {
            newView.transform = CGAffineTransform(translationX: -width / 3, y: 0)
        }
        UIView.animate(withDuration: Self.transitionDuration, delay: 0, options: [.curveEaseOut], animations: {
            newView.transform = .identity
            oldView?.transform = CGAffineTransform(translationX: forward ? -width / 3 : width, y: 0)
        }, completion: { _ in UIApplication.shared.afterNextLayout(finish) })
    }
}

/// The navigation controller's root view: it places the bar and the content on layout.
@MainActor
final class NavigationRootView: UIView {
    weak var owner: UINavigationController?
    override func layoutSubviews() {
        super.layoutSubviews()
        owner?.layoutContainer()
    }

    /// Screen readers read the bar (title, buttons) before the content, as it sits above it,
    /// though it is drawn over it; set elements win.
    override var accessibilityElements: [Any]? {
        get {
            if let elements = super.accessibilityElements { return elements }
            guard let bar = owner?.navigationBar, bar.superview === self else { return nil }
            return [bar] + subviews.filter { $0 !== bar }
        }
        set { super.accessibilityElements = newValue }
    }
}
