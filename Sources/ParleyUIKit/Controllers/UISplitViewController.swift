import Foundation

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
    /// The narrowest the secondary column gets beside a shown inspector column; a narrower
    /// window pushes the inspector's controllers on the secondary's stack instead.
    /// ``automaticDimension``: 360 points.
    open var minimumSecondaryColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The inspector column's width; ``automaticDimension``: 380 points (or the fraction, if set).
    open var preferredInspectorColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The inspector column's width as a fraction of the view's; ``automaticDimension``: unused.
    open var preferredInspectorColumnWidthFraction: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The narrowest the inspector column gets; ``automaticDimension``: 300 points.
    open var minimumInspectorColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The widest the inspector column gets; ``automaticDimension``: 480 points.
    open var maximumInspectorColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }

    var primaryNavigation: UINavigationController?
    var secondaryNavigation: UINavigationController?
    var columnControllers: [Column: UIViewController] = [:]
    /// How many controllers of the collapsed stack are the primary column's own.
    var primaryDepth = 0
    var collapsed: Bool?
    let separator = UIView()
    var inspectorNavigation: UINavigationController?
    /// Whether ``show(_:)`` asked for the inspector column (until ``hide(_:)``).
    var wantsInspector = false
    /// The inspector's controllers while they are pushed on another column's stack (the
    /// window is too narrow for the column).
    var foldedInspector: [UIViewController] = []
    let inspectorSeparator = UIView()

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
        case .inspector:
            unfoldInspector(discarding: true)
            let old = inspectorNavigation
            inspectorNavigation = vc.map(navigation(for:))
            replaceChild(old, with: inspectorNavigation)
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

    func navigation(for controller: UIViewController) -> UINavigationController {
        if let navigation = controller as? UINavigationController { return navigation }
        return UINavigationController(rootViewController: controller)
    }

    func replaceChild(_ old: UIViewController?, with new: UIViewController?) {
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

    var resolvedDisplayMode: DisplayMode {
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

    func expandedPrimaryWidth(in width: CGFloat) -> CGFloat {
        let column = Self.columnWidth(
            preferred: preferredPrimaryColumnWidth, fraction: preferredPrimaryColumnWidthFraction, minimum: minimumPrimaryColumnWidth,
            maximum: maximumPrimaryColumnWidth, defaults: (320, 240, 420), in: width)
        return max(0, min(width - 1, column))
    }

    /// A column's width in a view `width` wide: `preferred` (else `fraction` of `width`) within
    /// `minimum` and `maximum`; ``automaticDimension`` (negative) values take `defaults`
    /// (preferred, minimum, maximum).
    static func columnWidth(preferred: CGFloat, fraction: CGFloat, minimum: CGFloat, maximum: CGFloat,
                            defaults: (preferred: CGFloat, minimum: CGFloat, maximum: CGFloat), in width: CGFloat) -> CGFloat {
        let low = minimum >= 0 ? minimum : defaults.minimum
        let high = max(low, maximum >= 0 ? maximum : defaults.maximum)
        let wanted = preferred >= 0 ? preferred : fraction >= 0 ? width * fraction : defaults.preferred
        return min(high, max(low, wanted))
    }

    // MARK: Showing

    /// Shows the column: `.primary` beside the secondary when it was hidden; `.inspector` beside
    /// the secondary (pushed on its stack when the window is too narrow).
    open func show(_ column: Column) {
        if column == .inspector {
            guard !isShowing(.inspector) else { return }
            delegate?.splitViewController(self, willShow: .inspector)
            wantsInspector = true
            viewIfLoaded?.setNeedsLayout()
            return
        }
        guard column == .primary, preferredDisplayMode == .secondaryOnly else { return }
        delegate?.splitViewController(self, willShow: .primary)
        preferredDisplayMode = .automatic
    }

    /// Hides the column (`.primary`: the secondary takes the whole width; `.inspector`: its
    /// column goes, or its controllers leave the stack they were pushed on). The inspector's
    /// controller stays set for the next ``show(_:)``.
    open func hide(_ column: Column) {
        if column == .inspector {
            guard isShowing(.inspector) else { return }
            delegate?.splitViewController(self, willHide: .inspector)
            wantsInspector = false
            unfoldInspector(discarding: false)
            detach(inspectorNavigation)
            inspectorSeparator.removeFromSuperview()
            viewIfLoaded?.setNeedsLayout()
            return
        }
        guard column == .primary, preferredDisplayMode != .secondaryOnly else { return }
        delegate?.splitViewController(self, willHide: .primary)
        preferredDisplayMode = .secondaryOnly
    }

    /// Whether the column shows: `.inspector` from ``show(_:)`` until ``hide(_:)`` (or until the
    /// user goes back from its controllers pushed on a narrow window's stack); `.primary` unless
    /// hidden, or collapsed under a detail; `.secondary` while expanded, or collapsed with a
    /// detail on top; `.compact` while collapsed.
    open func isShowing(_ column: Column) -> Bool {
        switch column {
        case .inspector:
            syncFoldedInspector()
            return wantsInspector
        case .primary: return isCollapsed ? displayMode != .secondaryOnly : primaryColumnWidth > 0
        case .secondary: return !isCollapsed || displayMode == .secondaryOnly
        case .supplementary: return false
        case .compact: return isCollapsed
        }
    }

    /// The inspector column's width while it shows as a column, else 0.
    open var inspectorColumnWidth: CGFloat {
        guard let inspectorView = inspectorNavigation?.viewIfLoaded, inspectorView.superview === viewIfLoaded,
              foldedInspector.isEmpty, wantsInspector else { return 0 }
        return inspectorView.frame.width
    }

    /// Escape closes the inspector column when nothing before the split view in the responder
    /// chain used the key, as desktop apps close a side panel; other keys go up the chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let plainEscape = presses.contains {
            $0.key?.keyCode == .keyboardEscape && $0.key?.modifierFlags.isDisjoint(with: [.shift, .control, .alternate, .command]) == true
        }
        if plainEscape, presentedViewController == nil, inspectorColumnWidth > 0 {
            hide(.inspector)
            return
        }
        super.pressesBegan(presses, with: event)
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
        inspectorSeparator.backgroundColor = .separator
        view = root
        // The columns join at once (expanded until the first layout says otherwise), so they
        // appear with the split view.
        attach(secondaryNavigation, below: true)
        attach(primaryNavigation, below: false)
    }
}
