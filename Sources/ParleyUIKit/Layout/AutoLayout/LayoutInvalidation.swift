import Foundation

/// Routes changes (constraints, intrinsic sizes, hierarchy) to the layout systems they affect,
/// and asks their roots for a layout pass.
///
/// A change about a view reaches the engines of the views from it up to its layout root (the
/// root's layout system, and fitting systems of views in between); a structural change about a
/// view that is itself a root also reaches its superview's root, whose system may pin the view's
/// frame for constraints that mention it. Nothing else is touched: a list of rows, each its own
/// root, never hears about a change in one row.
@MainActor
enum LayoutInvalidation {
    /// Visits the engines from `view` up to its layout root and returns the root.
    @discardableResult
    static func visitEngines(from view: UIView, _ body: (LayoutEngine) -> Void) -> UIView {
        var current = view
        while true {
            if let engine = current.autoLayoutStorage?.engine { body(engine) }
            if current.translatesAutoresizingMaskIntoConstraints { return current }
            guard let parent = current.superview else { return current }
            current = parent
        }
    }

    /// Asks a root for a layout pass, unless its engine is laying out right now (it then picks the
    /// change up before it finishes, and a second pass would be wasted).
    static func requestLayout(of root: UIView) {
        if let engine = root.autoLayoutStorage?.engine, engine.isLayingOut { return }
        root.setNeedsLayout()
    }

    /// Views already reported by `structureDidChange` in the current batch (without and with the
    /// parent root); nil outside a batch.
    private static var reported: (plain: Set<ObjectIdentifier>, withParent: Set<ObjectIdentifier>)?

    /// Runs `body`, which activates or deactivates constraints but does not change the view
    /// hierarchy, reporting each view's structural change once: a stack view's forty
    /// constraints walk up to the layout root once per view rather than twice per constraint.
    static func batchingStructureChanges(_ body: () -> Void) {
        guard reported == nil else { return body() }
        reported = ([], [])
        defer { reported = nil }
        body()
    }

    /// Constraints, items or the hierarchy around `view` changed: the systems that hold `view`
    /// must scan their members again.
    static func structureDidChange(around view: UIView, includingParentRoot: Bool) {
        if reported != nil {
            let key = ObjectIdentifier(view)
            if includingParentRoot {
                guard reported!.withParent.insert(key).inserted else { return }
            } else {
                guard reported!.plain.insert(key).inserted, !reported!.withParent.contains(key) else { return }
            }
        }
        let root = visitEngines(from: view) { $0.structureDirty = true }
        root.autoLayoutState.hostsAutoLayout = true
        requestLayout(of: root)
        if includingParentRoot, root === view, let parent = view.superview {
            let outer = visitEngines(from: parent) { $0.structureDirty = true }
            outer.autoLayoutState.hostsAutoLayout = true
            requestLayout(of: outer)
        }
    }

    /// A constraint was activated or deactivated.
    static func constraintActivationDidChange(_ constraint: NSLayoutConstraint) {
        let views = constraint.layoutItems.compactMap(\.layoutOwnerView)
        for view in views {
            // Only a constraint reaching outside a root's subtree concerns the system above it.
            let crossesOut = views.contains { !$0.isDescendant(of: view) }
            structureDidChange(around: view, includingParentRoot: crossesOut)
        }
    }

    /// An active constraint's constant or priority changed: the engines holding it update it in
    /// place on their next pass.
    static func constraintDidChange(_ constraint: NSLayoutConstraint) {
        let views = constraint.layoutItems.compactMap(\.layoutOwnerView)
        for view in views {
            let root = visitEngines(from: view) { $0.constraintDidChange(constraint) }
            requestLayout(of: root)
            if root === view, views.contains(where: { !$0.isDescendant(of: view) }), let parent = view.superview {
                requestLayout(of: visitEngines(from: parent) { $0.constraintDidChange(constraint) })
            }
        }
    }

    /// A view's intrinsic content size, hugging or compression resistance changed.
    static func intrinsicContentSizeDidChange(of view: UIView) {
        var found = false
        let root = visitEngines(from: view) { engine in
            engine.intrinsicContentSizeDidChange(of: view)
            found = true
        }
        if found || root.autoLayoutStorage?.hostsAutoLayout == true { requestLayout(of: root) }
        if let container = view.superview as? any ArrangedSubviewsContainer {
            container.arrangedSubviewIntrinsicSizeDidChange(view)
        }
    }
}

/// A view that arranges some of its subviews by generating constraints (the stack views), told
/// about the changes of its subviews that change its constraints.
@MainActor
protocol ArrangedSubviewsContainer: AnyObject {
    /// A subview was hidden or shown.
    func arrangedSubviewVisibilityDidChange(_ view: UIView)
    /// A subview was added (by anyone: `addSubview(_:)` included).
    func arrangedSubviewWasAdded(_ view: UIView)
    /// A subview was removed (by anyone: `removeFromSuperview()` included).
    func arrangedSubviewWasRemoved(_ view: UIView)
    /// A subview's intrinsic content size changed.
    func arrangedSubviewIntrinsicSizeDidChange(_ view: UIView)
}
