import Foundation

/// Hears a split view controller's changes, as UIKit's `UISplitViewControllerDelegate`. Every
/// method has a default implementation.
@preconcurrency @MainActor
public protocol UISplitViewControllerDelegate: AnyObject {
    /// The display mode is about to change.
    func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode)
    /// A column is about to show.
    func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column)
    /// A column is about to hide.
    func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column)
    /// The split view collapsed to one navigation stack (the window became narrow).
    func splitViewControllerDidCollapse(_ svc: UISplitViewController)
    /// The split view expanded to its columns (the window became wide).
    func splitViewControllerDidExpand(_ svc: UISplitViewController)
    /// Which column is on top when the split view collapses; `proposedTopColumn` is `.secondary`
    /// when the secondary column shows something, else `.primary`.
    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column
    /// Return `true` to show `vc` yourself instead of the split view's `showDetailViewController(_:sender:)`.
    func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?) -> Bool
    /// Return `true` to show `vc` yourself instead of the split view's `show(_:sender:)`.
    func splitViewController(_ splitViewController: UISplitViewController, show vc: UIViewController, sender: Any?) -> Bool
}

extension UISplitViewControllerDelegate {
    /// Does nothing by default.
    public func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode) {}
    /// Does nothing by default.
    public func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) {}
    /// Does nothing by default.
    public func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) {}
    /// Does nothing by default.
    public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {}
    /// Does nothing by default.
    public func splitViewControllerDidExpand(_ svc: UISplitViewController) {}
    /// Keeps the proposed column by default.
    public func splitViewController(_ svc: UISplitViewController,
                                    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
        proposedTopColumn
    }
    /// Lets the split view show it by default.
    public func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?) -> Bool { false }
    /// Lets the split view show it by default.
    public func splitViewController(_ splitViewController: UISplitViewController, show vc: UIViewController, sender: Any?) -> Bool { false }
}

/// A list beside its detail on wide windows, one navigation stack on narrow ones, as UIKit's
/// `UISplitViewController`.
///
/// Each column is a `UINavigationController` (a controller given with
/// ``setViewController(_:for:)`` is wrapped in one unless it is one). When the view is at least
/// ``compactWidthThreshold`` wide the primary column (``primaryColumnWidth`` points) and the
/// secondary column sit side by side with a hairline between them (the primary on the leading
/// side); below it the split view is collapsed: the primary column's stack fills the view and
/// what the secondary column showed is pushed on it, with a back button. Resizing across the
/// threshold collapses or expands again, moving the controllers between the columns.
///
/// ```swift
/// let split = UISplitViewController(style: .doubleColumn)
/// split.setViewController(channelList, for: .primary)
/// split.setViewController(placeholder, for: .secondary)
/// // later, from the list:
/// splitViewController?.showDetailViewController(channelVC, sender: self)
/// ```
@preconcurrency @MainActor
open class UISplitViewController: UIViewController {
    /// How many columns the split view manages.
    public enum Style: Int, Sendable {
        /// The classic interface: `viewControllers` set directly.
        case unspecified = 0
        /// A primary and a secondary column.
        case doubleColumn = 1
        /// A primary, a supplementary and a secondary column (Parley shows two: the
        /// supplementary column is not drawn).
        case tripleColumn = 2
    }

    /// A column.
    public enum Column: Int, Sendable {
        /// The leading column (a list).
        case primary = 0
        /// The middle column of the triple-column style.
        case supplementary = 1
        /// The trailing column (the detail).
        case secondary = 2
        /// The controller shown instead of the columns when collapsed (if set).
        case compact = 3
    }

    /// How the columns are arranged.
    public enum DisplayMode: Int, Sendable {
        /// The split view decides (`.oneBesideSecondary`).
        case automatic = 0
        /// Only the secondary column.
        case secondaryOnly = 1
        /// The primary column beside the secondary.
        case oneBesideSecondary = 2
        /// The primary column over the secondary, which keeps the full width.
        case oneOverSecondary = 3
        /// As `.oneBesideSecondary` (two columns are all Parley draws).
        case twoBesideSecondary = 4
        /// As `.oneOverSecondary`.
        case twoOverSecondary = 5
        /// As `.oneBesideSecondary`.
        case twoDisplaceSecondary = 6

        /// UIKit's older name for `.oneBesideSecondary`.
        public static let allVisible = DisplayMode.oneBesideSecondary
        /// UIKit's older name for `.secondaryOnly`.
        public static let primaryHidden = DisplayMode.secondaryOnly
        /// UIKit's older name for `.oneOverSecondary`.
        public static let primaryOverlay = DisplayMode.oneOverSecondary
    }

    /// How the primary column shares the width with the secondary.
    public enum SplitBehavior: Int, Sendable {
        /// The split view decides (`.tile`).
        case automatic = 0
        /// Side by side.
        case tile = 1
        /// The primary over the secondary.
        case overlay = 2
        /// The primary pushes the secondary aside (drawn as `.tile`).
        case displace = 3
    }

    /// "Let the split view decide" for the column width properties.
    public static let automaticDimension: CGFloat = -1

    /// The style the split view was created with.
    public let style: Style
    /// The delegate.
    open weak var delegate: UISplitViewControllerDelegate?
    /// The display mode you ask for; `.automatic` shows the primary beside the secondary.
    open var preferredDisplayMode: DisplayMode = .automatic {
        didSet { changeDisplayMode { viewIfLoaded?.setNeedsLayout() } }
    }
    /// How you want the primary to share the width; `.automatic` tiles.
    open var preferredSplitBehavior: SplitBehavior = .automatic {
        didSet { changeDisplayMode { viewIfLoaded?.setNeedsLayout() } }
    }
    /// The primary column's width; ``automaticDimension``: 320 points (or the fraction, if set).
    open var preferredPrimaryColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The primary column's width as a fraction of the view's; ``automaticDimension``: unused.
    open var preferredPrimaryColumnWidthFraction: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The narrowest the primary column gets; ``automaticDimension``: 240 points.
    open var minimumPrimaryColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The widest the primary column gets; ``automaticDimension``: 420 points.
    open var maximumPrimaryColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// Whether a gesture shows and hides the primary column (kept for source compatibility).
    open var presentsWithGesture = true
    /// Below this width the split view collapses to one navigation stack (UIKit collapses in a
    /// compact horizontal size class; a desktop window has a width instead). Default 700 points.
    open var compactWidthThreshold: CGFloat = 700 { didSet { viewIfLoaded?.setNeedsLayout() } }

    private var primaryNavigation: UINavigationController?
    private var secondaryNavigation: UINavigationController?
    private var columnControllers: [Column: UIViewController] = [:]
    /// How many controllers of the collapsed stack are the primary column's own.
    private var primaryDepth = 0
    private var collapsed: Bool?
    private let separator = UIView()

    /// A split view of `style` with empty columns.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// A classic split view (`style` `.unspecified`): set ``viewControllers``.
    public override init() {
        style = .unspecified
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    // MARK: Columns

    /// The columns' navigation controllers: the primary and the secondary (only the primary
    /// while collapsed). Setting it sets the primary, then the secondary column.
    open var viewControllers: [UIViewController] {
        get {
            let columns = isCollapsed ? [primaryNavigation] : [primaryNavigation, secondaryNavigation]
            return columns.compactMap { $0 }
        }
        set {
            setViewController(newValue.first, for: .primary)
            setViewController(newValue.count > 1 ? newValue.last : nil, for: .secondary)
        }
    }

    /// Puts `vc` in `column` (wrapped in a navigation controller unless it is one); nil empties it.
    open func setViewController(_ vc: UIViewController?, for column: Column) {
        columnControllers[column] = vc
        switch column {
        case .primary:
            let old = primaryNavigation
            primaryNavigation = vc.map(navigation(for:))
            replaceChild(old, with: primaryNavigation)
            primaryDepth = primaryNavigation?.viewControllers.count ?? 0
        case .secondary:
            if isCollapsed, let primary = primaryNavigation {
                // Collapsed: the new detail replaces whatever was pushed on the primary stack.
                let stack = vc.map { ($0 as? UINavigationController)?.takeStack() ?? [$0] } ?? []
                primary.resetStack(Array(primary.viewControllers.prefix(primaryDepth)) + stack)
                secondaryNavigation?.resetStack([])
            } else {
                let old = secondaryNavigation
                secondaryNavigation = vc.map(navigation(for:))
                replaceChild(old, with: secondaryNavigation)
            }
        case .supplementary, .compact:
            break
        }
        viewIfLoaded?.setNeedsLayout()
    }

    /// The primary column's key commands (its controller's, or its navigation stack's root's),
    /// so a sidebar's shortcuts work wherever the first responder is in the split view: the
    /// secondary column is under the split view in the responder chain, the primary beside it.
    open override var keyCommands: [UIKeyCommand]? {
        guard let primary = columnControllers[.primary] else { return nil }
        let owner = (primary as? UINavigationController)?.viewControllers.first ?? primary
        return (primary.keyCommands ?? []) + (owner === primary ? [] : owner.keyCommands ?? [])
    }

    /// The controller set for `column` (the one given, not its navigation controller).
    open func viewController(for column: Column) -> UIViewController? {
        switch column {
        case .secondary:
            // What the secondary column shows now (it moves to the primary stack while collapsed).
            if isCollapsed, let primary = primaryNavigation, primary.viewControllers.count > primaryDepth {
                return primary.viewControllers[primaryDepth]
            }
            if let given = columnControllers[.secondary], given is UINavigationController { return given }
            return secondaryNavigation?.viewControllers.first ?? columnControllers[.secondary]
        default:
            return columnControllers[column]
        }
    }

    private func navigation(for controller: UIViewController) -> UINavigationController {
        if let navigation = controller as? UINavigationController { return navigation }
        return UINavigationController(rootViewController: controller)
    }

    private func replaceChild(_ old: UIViewController?, with new: UIViewController?) {
        if let old, old !== new {
            old.willMove(toParent: nil)
            detach(old)
            old.removeFromParent()
        }
        if let new, new.parent !== self {
            addChild(new)
            new.didMove(toParent: self)
        }
        viewIfLoaded?.setNeedsLayout()
    }

    // MARK: State

    /// Whether the split view shows one navigation stack (the view is narrower than
    /// ``compactWidthThreshold``); `false` until the view's first layout, which collapses a
    /// narrow split view.
    open var isCollapsed: Bool { collapsed ?? false }

    /// The arrangement shown now: `.secondaryOnly` or the preferred one resolved
    /// (`.automatic` is `.oneBesideSecondary`); collapsed, `.secondaryOnly` when a detail is on
    /// top, else `.oneBesideSecondary`.
    open var displayMode: DisplayMode {
        if isCollapsed {
            return (primaryNavigation?.viewControllers.count ?? 0) > primaryDepth ? .secondaryOnly : .oneBesideSecondary
        }
        return resolvedDisplayMode
    }

    private var resolvedDisplayMode: DisplayMode {
        switch preferredDisplayMode {
        case .automatic: return preferredSplitBehavior == .overlay ? .oneOverSecondary : .oneBesideSecondary
        case .twoBesideSecondary, .twoDisplaceSecondary: return .oneBesideSecondary
        case .twoOverSecondary: return .oneOverSecondary
        default: return preferredDisplayMode
        }
    }

    /// How the primary shares the width now: `.overlay` or `.tile`.
    open var splitBehavior: SplitBehavior {
        preferredSplitBehavior == .overlay || resolvedDisplayMode == .oneOverSecondary ? .overlay : .tile
    }

    /// The primary column's width: the preferred width (or fraction of the view), within the
    /// minimum and maximum; 0 while the primary is hidden or collapsed.
    open var primaryColumnWidth: CGFloat {
        guard !isCollapsed, resolvedDisplayMode != .secondaryOnly else { return 0 }
        return expandedPrimaryWidth(in: viewIfLoaded?.bounds.width ?? UIScreen.main.bounds.width)
    }

    private func expandedPrimaryWidth(in width: CGFloat) -> CGFloat {
        let minimum = minimumPrimaryColumnWidth >= 0 ? minimumPrimaryColumnWidth : 240
        let maximum = max(minimum, maximumPrimaryColumnWidth >= 0 ? maximumPrimaryColumnWidth : 420)
        var preferred: CGFloat = 320
        if preferredPrimaryColumnWidth >= 0 {
            preferred = preferredPrimaryColumnWidth
        } else if preferredPrimaryColumnWidthFraction >= 0 {
            preferred = width * preferredPrimaryColumnWidthFraction
        }
        return max(0, min(width - 1, min(maximum, max(minimum, preferred))))
    }

    // MARK: Showing

    /// Shows the column (`.primary` beside the secondary when it was hidden).
    open func show(_ column: Column) {
        guard column == .primary, preferredDisplayMode == .secondaryOnly else { return }
        delegate?.splitViewController(self, willShow: .primary)
        preferredDisplayMode = .automatic
    }

    /// Hides the column (`.primary`: the secondary takes the whole width).
    open func hide(_ column: Column) {
        guard column == .primary, preferredDisplayMode != .secondaryOnly else { return }
        delegate?.splitViewController(self, willHide: .primary)
        preferredDisplayMode = .secondaryOnly
    }

    /// Shows `vc` in the primary column: pushed on its navigation stack.
    open override func show(_ vc: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, show: vc, sender: sender) == true { return }
        guard let primary = primaryNavigation else { return setViewController(vc, for: .primary) }
        primary.pushViewController(vc, animated: true)
    }

    /// Shows `vc` as the detail: in the secondary column, replacing what it showed (a navigation
    /// controller's stack becomes the column's); collapsed, pushed on the primary stack in
    /// place of the previous detail.
    open override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, showDetail: vc, sender: sender) == true { return }
        let stack = (vc as? UINavigationController)?.takeStack() ?? [vc]
        if isCollapsed, let primary = primaryNavigation {
            let base = Array(primary.viewControllers.prefix(primaryDepth))
            if primary.viewControllers.count > primaryDepth {
                primary.setViewControllers(base + stack, animated: false)
            } else {
                for controller in stack.dropLast() { primary.pushViewController(controller, animated: false) }
                if let last = stack.last { primary.pushViewController(last, animated: true) }
            }
            return
        }
        if let secondary = secondaryNavigation {
            secondary.resetStack(stack)
        } else {
            let navigation = UINavigationController()
            navigation.resetStack(stack)
            secondaryNavigation = navigation
            replaceChild(nil, with: navigation)
            viewIfLoaded?.setNeedsLayout()
        }
        columnControllers[.secondary] = stack.first
    }

    // MARK: Layout

    open override func loadView() {
        let root = SplitRootView(frame: UIScreen.main.bounds)
        root.owner = self
        root.backgroundColor = .systemBackground
        separator.backgroundColor = .separator
        view = root
        // The columns join at once (expanded until the first layout says otherwise), so they
        // appear with the split view.
        attach(secondaryNavigation, below: true)
        attach(primaryNavigation, below: false)
    }

    /// Puts a column's view in the split view's, with appearance calls when it is on screen.
    private func attach(_ child: UIViewController?, below: Bool) {
        guard let child, let root = viewIfLoaded else { return }
        let childView: UIView = child.view
        guard childView.superview !== root else { return }
        let visible = appearance == .appeared || appearance == .appearing
        if visible { child.beginAppearanceTransition(true, animated: false) }
        if below { root.insertSubview(childView, at: 0) } else { root.addSubview(childView) }
        if visible { UIApplication.shared.afterNextLayout { [weak child] in child?.endAppearanceTransition() } }
    }

    /// Takes a column's view out of the split view's, with appearance calls when it was on screen.
    private func detach(_ child: UIViewController?) {
        guard let child, let root = viewIfLoaded, let childView = child.viewIfLoaded, childView.superview === root else { return }
        let visible = appearance == .appeared || appearance == .appearing
        if visible { child.beginAppearanceTransition(false, animated: false) }
        childView.removeFromSuperview()
        if visible { child.endAppearanceTransition() }
    }

    private func changeDisplayMode(_ change: () -> Void) {
        delegate?.splitViewController(self, willChangeTo: resolvedDisplayMode)
        change()
    }

    /// Collapses or expands for the current width, then places the columns.
    func layoutColumns() {
        guard let root = viewIfLoaded else { return }
        let bounds = root.bounds
        let wantsCollapsed = bounds.width < compactWidthThreshold
        if collapsed != wantsCollapsed {
            let wasCollapsed = collapsed
            collapsed = wantsCollapsed
            if wantsCollapsed {
                collapse()
                if wasCollapsed != nil { delegate?.splitViewControllerDidCollapse(self) }
            } else {
                // Also on the first layout: a detail shown before it (on a guessed width) moves back.
                expand()
                if wasCollapsed != nil { delegate?.splitViewControllerDidExpand(self) }
            }
        }
        if wantsCollapsed {
            detach(secondaryNavigation)
            separator.removeFromSuperview()
            attach(primaryNavigation, below: false)
            primaryNavigation?.view.frame = bounds
            return
        }
        let mode = resolvedDisplayMode
        let primaryWidth = mode == .secondaryOnly ? 0 : expandedPrimaryWidth(in: bounds.width)
        let hairline = 1 / max(1, root.traitCollection.displayScale)
        let rightToLeft = root.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let overlay = mode == .oneOverSecondary || preferredSplitBehavior == .overlay
        let secondaryX = overlay ? 0 : primaryWidth + (primaryWidth > 0 ? hairline : 0)
        let secondaryFrame = CGRect(x: secondaryX, y: 0, width: max(0, bounds.width - secondaryX), height: bounds.height)
        let primaryFrame = CGRect(x: 0, y: 0, width: primaryWidth, height: bounds.height)
        let separatorFrame = CGRect(x: primaryWidth, y: 0, width: hairline, height: bounds.height)
        func placed(_ frame: CGRect) -> CGRect {
            rightToLeft ? CGRect(x: bounds.width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height) : frame
        }
        attach(secondaryNavigation, below: true)
        secondaryNavigation?.view.frame = placed(secondaryFrame)
        if primaryWidth > 0 {
            attach(primaryNavigation, below: false)
            primaryNavigation?.view.frame = placed(primaryFrame)
            if separator.superview !== root { root.addSubview(separator) }
            separator.frame = placed(separatorFrame)
        } else {
            detach(primaryNavigation)
            separator.removeFromSuperview()
        }
    }

    /// The secondary column's stack moves onto the primary's (when the secondary is on top).
    private func collapse() {
        guard let primary = primaryNavigation else { return }
        primaryDepth = primary.viewControllers.count
        guard let secondary = secondaryNavigation, !secondary.viewControllers.isEmpty else { return }
        let top = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: .secondary) ?? .secondary
        guard top == .secondary else { return }
        let detail = secondary.takeStack()
        primary.resetStack(primary.viewControllers + detail)
    }

    /// What was pushed on the primary stack beyond its own controllers moves to the secondary column.
    private func expand() {
        guard let primary = primaryNavigation, primary.viewControllers.count > primaryDepth else { return }
        let detail = Array(primary.viewControllers.dropFirst(primaryDepth))
        primary.resetStack(Array(primary.viewControllers.prefix(primaryDepth)))
        if secondaryNavigation == nil {
            let navigation = UINavigationController()
            secondaryNavigation = navigation
            replaceChild(nil, with: navigation)
        }
        secondaryNavigation?.resetStack(detail)
    }
}

/// The split view controller's root view: it places the columns on layout.
@MainActor
final class SplitRootView: UIView {
    weak var owner: UISplitViewController?
    override func layoutSubviews() {
        owner?.layoutColumns()
        super.layoutSubviews()
    }
}

extension UIViewController {
    /// The nearest split view controller above.
    public var splitViewController: UISplitViewController? {
        var current = parent
        while let controller = current {
            if let split = controller as? UISplitViewController { return split }
            current = controller.parent
        }
        return nil
    }
}
