import Foundation

/// The Auto Layout system of one subtree, on one `CassowarySolver`.
///
/// The host is a layout root (its frame is set from outside, so this system positions its
/// subtree) or, for `systemLayoutSizeFitting`, any view whose size is asked. Members:
/// - the host, pinned at (0, 0); every position is in the host's coordinates;
/// - *solved* views: descendants whose `translatesAutoresizingMaskIntoConstraints` is false,
///   reached through solved views only (a view with the flag on roots a system of its own);
/// - layout guides of the host and solved views (margins and safe area guides follow their
///   view's insets);
/// - *fixed* views: subviews with the flag on that a constraint names; their frame holds, as
///   UIKit's autoresizing-mask constraints hold it.
///
/// Each item has four variables (minX, minY, width, height). The engine keeps the solver in step
/// with the views incrementally: a changed constant or intrinsic size is a `setConstant`, a
/// changed root size a `setConstant` on the size constraint, and a structural change (constraints
/// activated, views added) adds and removes only what changed. Nothing is rebuilt per pass.
///
/// Invariants between calls:
/// - `installed` holds exactly the active constraints whose items are all members as of the last
///   scan, each with the terms and constant it was added with;
/// - every member item's auxiliary constraints (pins, fixed frames, guide insets) and intrinsic
///   constraints are in the solver, and no retired item's are;
/// - `arranged` lists solved views and guides with every item after its parent.
@MainActor
final class LayoutEngine {
    /// The view whose subtree this system lays out. The host owns the engine.
    unowned let host: UIView

    var solver = CassowarySolver()

    /// True while `layout()` or `fittingSize` runs: changes made meanwhile (by `updateConstraints`,
    /// say) are absorbed by the running pass instead of requesting another.
    private(set) var isLayingOut = false

    /// Members, constraints or directions changed: scan before the next solve.
    var structureDirty = true
    /// Active constraints whose constant or priority changed since the last pass.
    var pendingConstants: [NSLayoutConstraint] = []
    /// Views whose intrinsic size, hugging or compression resistance changed.
    var pendingIntrinsic: [UIView] = []

    /// Scans so far; an item seen in the current scan carries this number.
    var generation = 0
    /// Creation order of items and installations, for deterministic removal order.
    var nextOrder = 0

    var items: [ObjectIdentifier: Item] = [:]
    var hostItem: Item?
    /// Solved views and guides, parents first: the order frames are applied in.
    var arranged: [Item] = []
    /// Fixed items (views positioned by their frame that constraints name).
    var fixedItems: [Item] = []
    /// Margins and safe-area guides, whose insets are checked every pass.
    var systemGuides: [Item] = []
    /// Multi-line labels without `preferredMaxLayoutWidth`: they get UIKit's second pass.
    var autoWidthLabels: [Item] = []

    /// The user constraints in the solver, by constraint.
    var installed: [ObjectIdentifier: Installed] = [:]
    /// The user constraint behind each solver constraint (for conflict reports and victims).
    var userBySolver: [ObjectIdentifier: NSLayoutConstraint] = [:]

    /// The host's size constraints (width, height): required when laying out, the fitting
    /// priorities when fitting.
    var sizes: [SizeConstraint?] = [nil, nil]
    /// The host's layout direction at the last scan.
    var lastDirection: UIUserInterfaceLayoutDirection?
    /// Whether the last `prepare()` applied any change (fitting then asks the host for a layout).
    var didApplyChanges = false

    /// The strength a required constraint keeps once a conflict broke it: above every
    /// non-required priority (999 is about 10⁶), below required.
    static let brokenStrength = SolverStrength(1e8)

    init(host: UIView) {
        self.host = host
    }

    // MARK: Types

    enum Kind { case host, solved, guide, fixed }

    /// One view or guide in the system.
    final class Item {
        // Weak: the engine lives in its host's layout state, so strong references to the host
        // and its subviews made every Auto Layout root (and its subtree) immortal.
        weak var object: (any LayoutItem)?
        weak var view: UIView?
        weak var guide: UILayoutGuide?
        /// The object's identity, kept after it is gone so the item can be dropped.
        let key: ObjectIdentifier
        let kind: Kind
        let x, y, width, height: SolverVariable
        /// The item whose coordinate space the frame is in: the superview's item, a guide's owner's.
        var parent: Item?
        var generation: Int
        let order: Int
        /// The frame in host coordinates as last applied (rounded to pixels).
        var rect: CGRect = .zero
        /// Pins (host), frame (fixed) or inset (system guide) constraints, and the values they use.
        var aux: [SolverConstraint] = []
        var auxValues: [CGFloat] = []
        var intrinsic = IntrinsicState()

        init(object: any LayoutItem, kind: Kind, solver: CassowarySolver, generation: Int, order: Int, parent: Item?) {
            self.object = object
            self.key = ObjectIdentifier(object)
            self.view = object as? UIView
            self.guide = object as? UILayoutGuide
            self.kind = kind
            self.x = solver.makeVariable()
            self.y = solver.makeVariable()
            self.width = solver.makeVariable()
            self.height = solver.makeVariable()
            self.generation = generation
            self.order = order
            self.parent = parent
        }
    }

    /// The content-size constraints of one axis: `size <= intrinsic` at the hugging priority and
    /// `size >= intrinsic` at the compression resistance.
    struct AxisIntrinsic {
        var hug: SolverConstraint?
        var resist: SolverConstraint?
        var hugPriority = UILayoutPriority.defaultLow
        var resistPriority = UILayoutPriority.defaultHigh
        /// The intrinsic size in the solver, or -1 for none.
        var value: CGFloat = -1
    }

    struct IntrinsicState {
        var horizontal = AxisIntrinsic()
        var vertical = AxisIntrinsic()
        /// `intrinsicContentSize` as last read (unwrapped for automatic-width labels).
        var natural = CGSize(width: -1, height: -1)
        /// The size in the solver.
        var applied = CGSize(width: -1, height: -1)
        /// The label's size wrapped at a width, from the second pass.
        var wrapped: (width: CGFloat, size: CGSize)?
        var isAutoWidthLabel = false
        /// A label's baseline offsets (from the top, from the bottom), computed when a constraint
        /// first needs them.
        var baselines: (top: CGFloat, bottom: CGFloat)?
        var needsRefresh = true
    }

    /// A user constraint as the solver holds it.
    struct Installed {
        let constraint: NSLayoutConstraint
        var solverConstraint: SolverConstraint
        let terms: [SolverTerm]
        var constant: Double
        /// The strength asked for (its priority); the solver's is `brokenStrength` when broken.
        let strength: SolverStrength
        var isBroken: Bool
        let order: Int
    }

    struct SizeConstraint {
        var constraint: SolverConstraint
        var strength: SolverStrength
        var value: Double
    }

    // MARK: Notifications

    // A fitting engine may go unused for long while its views keep changing: past a bound, the
    // lists give way to "check everything" flags rather than grow.
    private static let pendingLimit = 256

    func constraintDidChange(_ constraint: NSLayoutConstraint) {
        guard pendingConstants.count < LayoutEngine.pendingLimit else {
            pendingConstants.removeAll()
            structureDirty = true  // a scan brings every installed constant up to date
            return
        }
        pendingConstants.append(constraint)
    }

    func intrinsicContentSizeDidChange(of view: UIView) {
        guard pendingIntrinsic.count < LayoutEngine.pendingLimit else {
            pendingIntrinsic.removeAll()
            needsIntrinsicRefreshForAll = true
            return
        }
        pendingIntrinsic.append(view)
    }

    /// Every member's intrinsic size must be read again (the pending list overflowed).
    var needsIntrinsicRefreshForAll = false

    var isDirty: Bool {
        structureDirty || !pendingConstants.isEmpty || !pendingIntrinsic.isEmpty || needsIntrinsicRefreshForAll
    }

    // MARK: Passes

    /// Solves for the host's current bounds and sets the frames of the solved views (and guides).
    func layout() {
        isLayingOut = true
        defer { isLayingOut = false }
        for _ in 0..<3 {
            prepare()
            let size = host.bounds.size
            // A root that was never given a size (made with `UIView()`, laid out before its
            // superview sizes it) has no meaningful layout; solving it would only report every
            // required size inside as a conflict. Its frame arriving asks for a pass.
            guard size != .zero else { return }
            setSize(axis: 0, value: Double(size.width), strength: .required)
            setSize(axis: 1, value: Double(size.height), strength: .required)
            solve()
            applyFrames()
            // Frames just set may autoresize fixed views or change insets: one more round then.
            if !isDirty && !auxiliaryValuesChanged() { break }
        }
    }

    /// Lays out again only if something changed since the last pass (a solved view's margins,
    /// say), for layout passes of solved views rather than the root.
    func layoutIfChanged() {
        if isDirty || auxiliaryValuesChanged() { layout() }
    }

    /// The host's size when its width and height are asked to be `target` at the given
    /// priorities, rounded up to whole pixels. Frames are not touched.
    func fittingSize(_ target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        isLayingOut = true
        defer { isLayingOut = false }
        prepare()
        setSize(axis: 0, value: Double(target.width), strength: horizontal.strength)
        setSize(axis: 1, value: Double(target.height), strength: vertical.strength)
        solve()
        if didApplyChanges && host.isLayoutRoot { host.setNeedsLayout() }
        guard let hostItem else { return .zero }
        let scale = max(1, host.traitCollection.displayScale)
        func up(_ value: Double) -> CGFloat {
            guard value.isFinite else { return 0 }
            // A hair of tolerance so that 10.0000000001 stays 10 rather than 10.5.
            return max(0, CGFloat((value * Double(scale) - 1e-6).rounded(.up)) / scale)
        }
        return CGSize(width: up(solver.value(of: hostItem.width)), height: up(solver.value(of: hostItem.height)))
    }

    /// Runs the constraint pass and brings the solver in step with the views.
    private func prepare() {
        didApplyChanges = false
        var rounds = 0
        repeat {
            rounds += 1
            host.updateConstraintsIfNeeded()
            let direction = host.effectiveUserInterfaceLayoutDirection
            if direction != lastDirection {
                lastDirection = direction
                structureDirty = true
            }
            if structureDirty {
                structureDirty = false
                didApplyChanges = true
                if hasTooManyRetiredVariables { reset() }
                scan()
            }
            if !pendingIntrinsic.isEmpty || needsIntrinsicRefreshForAll {
                didApplyChanges = true
                refreshPendingIntrinsicSizes()
            }
            if !pendingConstants.isEmpty {
                didApplyChanges = true
                refreshPendingConstants()
            }
        } while isDirty && rounds < 4
        refreshAuxiliaryValues()
    }

    /// Solves, with UIKit's second pass for multi-line labels: the first pass sizes each at its
    /// unwrapped width; a label that came out narrower is measured again wrapped at its solved
    /// width, and the system is solved again with those heights. Wrapping one label can narrow
    /// another (two labels in a column whose width they both pushed), so the pass repeats, a few
    /// times at most, until no label is drawn narrower than the width its size was measured at.
    private func solve() {
        let labels = autoWidthLabels
        for item in labels where item.intrinsic.applied != item.intrinsic.natural {
            applyIntrinsic(item, size: item.intrinsic.natural)
        }
        solver.updateVariables()
        guard !labels.isEmpty else { return }
        let scale = Double(max(1, host.traitCollection.displayScale))
        for _ in 0..<Self.wrapPasses {
            var changed = false
            for item in labels {
                // The width the label will be drawn at: both edges rounded, as `applyFrames` rounds them.
                let minX = solver.value(of: item.x), width = solver.value(of: item.width)
                let drawn = CGFloat((((minX + width) * scale).rounded() - (minX * scale).rounded()) / scale)
                guard drawn.isFinite, drawn > 0, drawn + 0.25 / CGFloat(scale) < item.intrinsic.natural.width else { continue }
                let size = wrappedSize(of: item, width: drawn)
                if size != item.intrinsic.applied {
                    applyIntrinsic(item, size: size)
                    changed = true
                }
            }
            guard changed else { return }
            solver.updateVariables()
        }
    }

    /// How many times the multi-line labels' second pass may repeat (see `solve()`).
    static let wrapPasses = 3

    private func wrappedSize(of item: Item, width: CGFloat) -> CGSize {
        if let wrapped = item.intrinsic.wrapped, wrapped.width == width { return wrapped.size }
        guard let view = item.view else { return item.intrinsic.natural }
        let state = view.autoLayoutState
        state.automaticPreferredMaxLayoutWidth = width
        let size = view.intrinsicContentSize
        state.automaticPreferredMaxLayoutWidth = 0
        item.intrinsic.wrapped = (width, size)
        return size
    }

    /// Sets the frames of solved views and guides from the solution, rounded to device pixels
    /// edge by edge (as UIKit rounds), each in its parent's coordinates.
    private func applyFrames() {
        guard let hostItem else { return }
        let scale = Double(max(1, host.traitCollection.displayScale))
        hostItem.rect = CGRect(origin: .zero, size: host.bounds.size)
        for item in arranged {
            let x = solver.value(of: item.x), y = solver.value(of: item.y)
            let w = solver.value(of: item.width), h = solver.value(of: item.height)
            guard x.isFinite, y.isFinite, w.isFinite, h.isFinite else { continue }
            let minX = (x * scale).rounded() / scale, maxX = ((x + w) * scale).rounded() / scale
            let minY = (y * scale).rounded() / scale, maxY = ((y + h) * scale).rounded() / scale
            let rect = CGRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
            item.rect = rect
            guard let parent = item.parent else { continue }
            let frame = rect.offsetBy(dx: -parent.rect.minX, dy: -parent.rect.minY)
            if let view = item.view {
                place(view, frame)
            } else if let guide = item.guide {
                guide.layoutFrame = frame
            }
        }
    }

    private func place(_ view: UIView, _ frame: CGRect) {
        if view.transform.isIdentity {
            if view.frame != frame { view.frame = frame }
        } else {
            // Constraints lay out the untransformed frame: move the centre, size the bounds.
            if view.bounds.size != frame.size { view.bounds.size = frame.size }
            let center = CGPoint(x: frame.midX, y: frame.midY)
            if view.center != center { view.center = center }
        }
    }

    // MARK: Host size

    /// Asks the host's width (axis 0) or height (axis 1) to be `value` at `strength`: a constant
    /// change when only the value moved, a new constraint when the strength changed.
    private func setSize(axis: Int, value: Double, strength: SolverStrength) {
        guard let hostItem else { return }
        let value = value.isFinite ? value : 0
        if var size = sizes[axis], size.strength == strength {
            guard size.value != value else { return }
            size.constraint = changeSystemConstant(-value, of: size.constraint)
            size.value = value
            sizes[axis] = size
            return
        }
        if let size = sizes[axis] { try? solver.removeConstraint(size.constraint) }
        let variable = axis == 0 ? hostItem.width : hostItem.height
        let constraint = addSystem(SolverConstraint(SolverExpression(variable, constant: -value), .equal, strength: strength))
        sizes[axis] = SizeConstraint(constraint: constraint, strength: strength, value: value)
    }

    // MARK: Reset

    /// The solver cannot forget variables; items that left the system leave theirs behind. Once
    /// they outnumber the live ones, start a fresh solver (rare: it takes many structural changes).
    private var hasTooManyRetiredVariables: Bool {
        solver.variableCount > 3 * 4 * items.count + 256
    }

    private func reset() {
        solver = CassowarySolver()
        items.removeAll()
        installed.removeAll()
        userBySolver.removeAll()
        sizes = [nil, nil]
        hostItem = nil
        arranged = []
        fixedItems = []
        systemGuides = []
        autoWidthLabels = []
    }
}
