import Foundation

/// UIKit's Auto Layout API on views: anchors, constraints, content priorities, layout guides,
/// the constraint pass and fitting sizes.
///
/// A view created in code has `translatesAutoresizingMaskIntoConstraints == true`: its frame is
/// set from outside (by code, its superview's `layoutSubviews`, a list, or its autoresizing mask)
/// and it is the *layout root* of its subtree. Turn the flag off on the subviews that constraints
/// position; they are solved in their root's system, one small system per root (a list row is
/// its own), before the root's `layoutSubviews()` runs.
extension UIView {
    // MARK: Anchors

    /// The leading edge (left in left-to-right layouts, right in right-to-left ones).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// The trailing edge (right in left-to-right layouts, left in right-to-left ones).
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// The left edge, whatever the layout direction.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    /// The right edge, whatever the layout direction.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    /// The horizontal centre.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// The vertical centre.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// The baseline of the first line of text (labels; stack views forward to an arranged view;
    /// other views: the bottom edge).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    /// The baseline of the last line of text (the bottom edge for views without text).
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    // MARK: Constraints held by the view

    /// The active constraints installed on this view: those whose closest common ancestor was
    /// this view when they were activated, and those added with `addConstraint(_:)`.
    public var constraints: [NSLayoutConstraint] { autoLayoutStorage?.ownedConstraints ?? [] }

    /// Installs and activates a constraint on this view (the older form of `isActive = true`).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        guard !constraint.isActive else { return }
        constraint.install(on: self)
    }

    /// Installs and activates constraints on this view.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Deactivates a constraint installed on this view.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.owner === self else { return }
        constraint.isActive = false
    }

    /// Deactivates constraints installed on this view.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    // MARK: Content priorities

    /// How hard the view resists growing past its intrinsic size along `axis` (default 250).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        guard let state = autoLayoutStorage else { return .defaultLow }
        return axis == .horizontal ? state.hugging.horizontal : state.hugging.vertical
    }

    /// Sets how hard the view resists growing past its intrinsic size along `axis`.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard contentHuggingPriority(for: axis) != priority else { return }
        if axis == .horizontal { autoLayoutState.hugging.horizontal = priority } else { autoLayoutState.hugging.vertical = priority }
        LayoutInvalidation.intrinsicContentSizeDidChange(of: self)
    }

    /// How hard the view resists shrinking below its intrinsic size along `axis` (default 750).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        guard let state = autoLayoutStorage else { return .defaultHigh }
        return axis == .horizontal ? state.compressionResistance.horizontal : state.compressionResistance.vertical
    }

    /// Sets how hard the view resists shrinking below its intrinsic size along `axis`.
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard contentCompressionResistancePriority(for: axis) != priority else { return }
        if axis == .horizontal {
            autoLayoutState.compressionResistance.horizontal = priority
        } else {
            autoLayoutState.compressionResistance.vertical = priority
        }
        LayoutInvalidation.intrinsicContentSizeDidChange(of: self)
    }

    // MARK: Layout guides

    /// The guides added with `addLayoutGuide(_:)`.
    public var layoutGuides: [UILayoutGuide] { autoLayoutStorage?.layoutGuides ?? [] }

    /// Adds a guide to this view's layout (a guide belongs to one view at a time).
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        autoLayoutState.layoutGuides.append(guide)
        LayoutInvalidation.structureDidChange(around: self, includingParentRoot: false)
    }

    /// Removes a guide and deactivates the constraints that name it.
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        NSLayoutConstraint.deactivate(guide.state.constraints)
        autoLayoutStorage?.layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
        LayoutInvalidation.structureDidChange(around: self, includingParentRoot: false)
    }

    /// The rectangle inside the layout margins (`effectiveLayoutMargins`: the margins, plus the
    /// safe area when `insetsLayoutMarginsFromSafeArea`).
    public var layoutMarginsGuide: UILayoutGuide {
        let state = autoLayoutState
        if let guide = state.marginsGuide { return guide }
        let guide = UILayoutGuide()
        guide.identifier = "UIViewLayoutMarginsGuide"
        guide.systemKind = .margins
        guide.owningView = self
        state.marginsGuide = guide
        return guide
    }

    /// The rectangle inside the safe area insets.
    public var safeAreaLayoutGuide: UILayoutGuide {
        let state = autoLayoutState
        if let guide = state.safeAreaGuide { return guide }
        let guide = UILayoutGuide()
        guide.identifier = "UIViewSafeAreaLayoutGuide"
        guide.systemKind = .safeArea
        guide.owningView = self
        state.safeAreaGuide = guide
        return guide
    }

    /// A guide for readable text width. Parley has no readable-width metric yet: this is the
    /// layout margins guide.
    public var readableContentGuide: UILayoutGuide { layoutMarginsGuide }

    // MARK: The constraint pass

    /// Whether `updateConstraints()` is due.
    public func needsUpdateConstraints() -> Bool { autoLayoutStorage?.needsUpdateConstraints ?? false }

    /// Asks for `updateConstraints()` before the next layout pass of this view's layout root.
    /// Call it when state your `updateConstraints()` reads changes.
    public func setNeedsUpdateConstraints() {
        let state = autoLayoutState
        state.needsUpdateConstraints = true
        markAncestorsForConstraintUpdate()
        let root = layoutRoot
        root.autoLayoutState.hostsAutoLayout = true
        LayoutInvalidation.requestLayout(of: root)
    }

    /// Runs `updateConstraints()` now for this view and the descendants that asked for it,
    /// deepest first (as UIKit's constraint pass runs).
    public func updateConstraintsIfNeeded() {
        // `updateConstraints()` may ask again (or add views that ask): a few rounds settle it.
        for _ in 0..<8 {
            guard let state = autoLayoutStorage, state.needsUpdateConstraints || state.descendantNeedsUpdateConstraints
            else { return }
            runConstraintPass()
        }
    }

    private func runConstraintPass() {
        guard let state = autoLayoutStorage else { return }
        if state.descendantNeedsUpdateConstraints {
            state.descendantNeedsUpdateConstraints = false
            for subview in subviews {
                guard let child = subview.autoLayoutStorage,
                      child.needsUpdateConstraints || child.descendantNeedsUpdateConstraints else { continue }
                subview.runConstraintPass()
            }
        }
        if state.needsUpdateConstraints {
            state.needsUpdateConstraints = false
            updateConstraints()
        }
    }

    private func markAncestorsForConstraintUpdate() {
        var view = superview
        while let current = view {
            let state = current.autoLayoutState
            if state.descendantNeedsUpdateConstraints { break }
            state.descendantNeedsUpdateConstraints = true
            view = current.superview
        }
    }

    // MARK: Fitting

    /// The target size for the smallest size the constraints allow.
    public static var layoutFittingCompressedSize: CGSize { .zero }

    /// The target size for the largest size the constraints allow.
    public static var layoutFittingExpandedSize: CGSize { CGSize(width: 10_000_000, height: 10_000_000) }

    /// The fitting size: the view's own system (its subtree's constraints, content sizes and
    /// multi-line labels' second pass) solved with the view's width and height asked to be the
    /// target's at the given priorities.
    func autoLayoutFittingSize(_ targetSize: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        let state = autoLayoutState
        let engine = state.engine ?? LayoutEngine(host: self)
        state.engine = engine
        return engine.fittingSize(targetSize, horizontal: horizontal, vertical: vertical)
    }

    // MARK: Hooks called by UIView

    /// Before `layoutSubviews()`: a layout root solves its system and sets its solved
    /// descendants' frames, so `layoutSubviews()` (and the children's passes) see them.
    func autoLayoutWillLayoutSubviews() {
        guard let state = autoLayoutStorage else { return }
        if isLayoutRoot {
            guard state.engine != nil || state.hostsAutoLayout || state.needsUpdateConstraints
                || state.descendantNeedsUpdateConstraints else { return }
            let engine = state.engine ?? LayoutEngine(host: self)
            state.engine = engine
            engine.layout()
        } else if state.marginsGuide != nil || state.safeAreaGuide != nil {
            // A solved view's margins changed (its own pass was requested, not its root's).
            layoutRoot.autoLayoutStorage?.engine?.layoutIfChanged()
        }
    }

    /// After `layoutSubviews()`: if it changed constraints, apply them in this same pass.
    func autoLayoutDidLayoutSubviews() {
        guard isLayoutRoot, let engine = autoLayoutStorage?.engine, engine.isDirty else { return }
        engine.layout()
    }

    func autoLayoutSubviewWasAdded(_ view: UIView) {
        (self as? any ArrangedSubviewsContainer)?.arrangedSubviewWasAdded(view)
        if let state = view.autoLayoutStorage, state.needsUpdateConstraints || state.descendantNeedsUpdateConstraints {
            autoLayoutState.descendantNeedsUpdateConstraints = true
            markAncestorsForConstraintUpdate()
        }
        // A frame-positioned view (a list's row) is a layout root of its own: the system around
        // it only cares when one of its constraints reaches out of its subtree.
        guard !view.translatesAutoresizingMaskIntoConstraints || Self.hasConstraintReachingOut(of: view)
        else { return }
        LayoutInvalidation.structureDidChange(around: self, includingParentRoot: false)
    }

    /// Whether a constraint on `view` names an item outside `view`'s subtree.
    private static func hasConstraintReachingOut(of view: UIView) -> Bool {
        guard let constraints = view.autoLayoutStorage?.constraints, !constraints.isEmpty else { return false }
        for constraint in constraints {
            for item in constraint.layoutItems {
                guard let owner = item.layoutOwnerView else { return true }
                if owner !== view, !owner.isDescendant(of: view) { return true }
            }
        }
        return false
    }

    /// UIKit's rule on removal: constraints between the removed subtree and the rest of the
    /// hierarchy are deactivated; constraints inside the subtree stay.
    func autoLayoutSubviewWasRemoved(_ view: UIView) {
        (self as? any ArrangedSubviewsContainer)?.arrangedSubviewWasRemoved(view)
        var crossing: [NSLayoutConstraint] = []
        // The removed subtree, so that "is this constraint inside it" is a lookup per item
        // instead of a walk up the ancestors.
        var subtree: Set<ObjectIdentifier> = []
        var walk = [view]
        while let current = walk.popLast() {
            subtree.insert(ObjectIdentifier(current))
            walk.append(contentsOf: current.subviews)
        }
        var pending = [view]
        while let current = pending.popLast() {
            pending.append(contentsOf: current.subviews)
            guard let state = current.autoLayoutStorage else { continue }
            var items: [any LayoutItem] = [current]
            items.append(contentsOf: state.layoutGuides as [any LayoutItem])
            if let guide = state.marginsGuide { items.append(guide) }
            if let guide = state.safeAreaGuide { items.append(guide) }
            for item in items {
                for constraint in item.existingLayoutState?.constraints ?? [] {
                    let inside = constraint.layoutItems.allSatisfy { other in
                        other.layoutOwnerView.map { subtree.contains(ObjectIdentifier($0)) } ?? false
                    }
                    if !inside { crossing.append(constraint) }
                }
            }
        }
        // Deactivating the crossing constraints tells the systems they were in; a frame-positioned
        // view whose constraints all stay inside was never part of the system around it.
        NSLayoutConstraint.deactivate(crossing)
        if !view.translatesAutoresizingMaskIntoConstraints {
            LayoutInvalidation.structureDidChange(around: self, includingParentRoot: false)
        }
    }

    func autoLayoutTranslatesAutoresizingDidChange() {
        LayoutInvalidation.structureDidChange(around: self, includingParentRoot: true)
    }

    func autoLayoutIntrinsicContentSizeDidChange() {
        LayoutInvalidation.intrinsicContentSizeDidChange(of: self)
    }

    func autoLayoutHiddenDidChange() {
        (superview as? any ArrangedSubviewsContainer)?.arrangedSubviewVisibilityDidChange(self)
    }
}
