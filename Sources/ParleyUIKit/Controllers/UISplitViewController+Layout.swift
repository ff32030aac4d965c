import Foundation

extension UISplitViewController {
    /// Puts a column's view in the split view's, with appearance calls when it is on screen.
    func attach(_ child: UIViewController?, below: Bool) {
        guard let child, let root = viewIfLoaded else { return }
        let childView: UIView = child.view
        guard childView.superview !== root else { return }
        let visible = appearance == .appeared || appearance == .appearing
        if visible { child.beginAppearanceTransition(true, animated: false) }
        if below { root.insertSubview(childView, at: 0) } else { root.addSubview(childView) }
        if visible { UIApplication.shared.afterNextLayout { [weak child] in child?.endAppearanceTransition() } }
    }

    /// Takes a column's view out of the split view's, with appearance calls when it was on screen.
    func detach(_ child: UIViewController?) {
        guard let child, let root = viewIfLoaded, let childView = child.viewIfLoaded, childView.superview === root else { return }
        let visible = appearance == .appeared || appearance == .appearing
        if visible { child.beginAppearanceTransition(false, animated: false) }
        childView.removeFromSuperview()
        if visible { child.endAppearanceTransition() }
    }

    func changeDisplayMode(_ change: () -> Void) {
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
        syncFoldedInspector()
        if wantsCollapsed {
            detach(secondaryNavigation)
            separator.removeFromSuperview()
            if wantsInspector, let primary = primaryNavigation {
                // No room for a third column: the inspector's controllers go on top of the detail.
                foldInspector(onto: primary.viewControllers.count > primaryDepth ? primary : secondaryNavigation ?? primary)
            }
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
        let inspectorWidth = expandedInspectorWidth(in: bounds.width)
        let minimumSecondary = minimumSecondaryColumnWidth >= 0 ? minimumSecondaryColumnWidth : 360
        let inspectorFits = bounds.width - secondaryX - inspectorWidth - hairline >= minimumSecondary
        let inspectorShown = wantsInspector && inspectorFits && inspectorNavigation != nil
        if wantsInspector, !inspectorFits {
            foldInspector(onto: secondaryNavigation ?? primaryNavigation)
        } else if inspectorShown {
            unfoldInspector(discarding: false)
        }
        let secondaryTrailing = inspectorShown ? bounds.width - inspectorWidth - hairline : bounds.width
        let secondaryFrame = CGRect(x: secondaryX, y: 0, width: max(0, secondaryTrailing - secondaryX), height: bounds.height)
        let primaryFrame = CGRect(x: 0, y: 0, width: primaryWidth, height: bounds.height)
        let separatorFrame = CGRect(x: primaryWidth, y: 0, width: hairline, height: bounds.height)
        func placed(_ frame: CGRect) -> CGRect {
            rightToLeft ? CGRect(x: bounds.width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height) : frame
        }
        attach(secondaryNavigation, below: true)
        secondaryNavigation?.view.frame = placed(secondaryFrame)
        if inspectorShown {
            attach(inspectorNavigation, below: false)
            inspectorNavigation?.view.frame = placed(CGRect(x: bounds.width - inspectorWidth, y: 0, width: inspectorWidth, height: bounds.height))
            if inspectorSeparator.superview !== root { root.addSubview(inspectorSeparator) }
            inspectorSeparator.frame = placed(CGRect(x: secondaryTrailing, y: 0, width: hairline, height: bounds.height))
        } else {
            detach(inspectorNavigation)
            inspectorSeparator.removeFromSuperview()
        }
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

    /// The inspector column's width: the preferred width (or fraction of `width`), within the
    /// minimum and maximum.
    func expandedInspectorWidth(in width: CGFloat) -> CGFloat {
        Self.columnWidth(
            preferred: preferredInspectorColumnWidth, fraction: preferredInspectorColumnWidthFraction, minimum: minimumInspectorColumnWidth,
            maximum: maximumInspectorColumnWidth, defaults: (380, 300, 480), in: width)
    }

    /// Pushes the inspector's controllers on `navigation` (the window has no room for the column).
    func foldInspector(onto navigation: UINavigationController?) {
        guard foldedInspector.isEmpty, let navigation, let inspector = inspectorNavigation else { return }
        detach(inspector)
        inspectorSeparator.removeFromSuperview()
        let stack = inspector.takeStack()
        guard !stack.isEmpty else { return }
        foldedInspector = stack
        navigation.resetStack(navigation.viewControllers + stack)
    }

    /// Takes the inspector's controllers (and any pushed over them) off the stack they were
    /// pushed on: back into the inspector's navigation controller, or dropped when `discard`.
    func unfoldInspector(discarding discard: Bool) {
        guard let first = foldedInspector.first else { return }
        foldedInspector = []
        for navigation in [secondaryNavigation, primaryNavigation].compactMap({ $0 }) {
            let stack = navigation.viewControllers
            guard let start = stack.firstIndex(where: { $0 === first }) else { continue }
            navigation.resetStack(Array(stack.prefix(start)))
            if !discard { inspectorNavigation?.resetStack(Array(stack.suffix(from: start))) }
            return
        }
    }

    /// The user went back from the inspector's controllers pushed on a narrow window's stack:
    /// the inspector counts as hidden.
    func syncFoldedInspector() {
        guard let first = foldedInspector.first else { return }
        let stacks = [secondaryNavigation, primaryNavigation].compactMap { $0?.viewControllers }
        guard !stacks.contains(where: { $0.contains { $0 === first } }) else { return }
        foldedInspector = []
        wantsInspector = false
    }

    /// The secondary column's stack moves onto the primary's (when the secondary is on top).
    func collapse() {
        guard let primary = primaryNavigation else { return }
        primaryDepth = primary.viewControllers.count
        guard let secondary = secondaryNavigation, !secondary.viewControllers.isEmpty else { return }
        let top = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: .secondary) ?? .secondary
        guard top == .secondary else { return }
        let detail = secondary.takeStack()
        primary.resetStack(primary.viewControllers + detail)
    }

    /// What was pushed on the primary stack beyond its own controllers moves to the secondary column.
    func expand() {
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

    /// Screen readers read the primary column (the sidebar) first, then the others, whatever
    /// the drawing order; set elements win.
    override var accessibilityElements: [Any]? {
        get {
            if let elements = super.accessibilityElements { return elements }
            guard let primary = owner?.primaryNavigation?.viewIfLoaded, primary.superview === self else { return nil }
            return [primary] + subviews.filter { $0 !== primary }
        }
        set { super.accessibilityElements = newValue }
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
