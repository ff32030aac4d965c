import Foundation

/// ``UIView``'s layout machinery: size changes, layout passes, margins and autoresizing.
extension UIView {
    func boundsDidChange(from oldSize: CGSize) {
        guard oldSize != layer.bounds.size else { return }
        setNeedsLayout()
        if contentMode == .redraw { setNeedsDisplay() }
        autoresizeSubviews(from: oldSize)
        boundsSizeDidChange(from: oldSize)
    }

    /// Margins plus, when asked, the safe area.
    public var effectiveLayoutMargins: UIEdgeInsets {
        guard insetsLayoutMarginsFromSafeArea else { return layoutMargins }
        let s = safeAreaInsets, m = layoutMargins
        return UIEdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
    }

    private func markAncestorsForLayout() {
        var view = superview
        while let current = view, !current.descendantNeedsLayout {
            current.descendantNeedsLayout = true
            view = current.superview
        }
    }

    /// Runs the layout of this view (Auto Layout hooks in here).
    func runLayoutPass() {
        // A view controller's root view brackets its layout with the controller's hooks, as UIKit's.
        let controller = owningViewController as? UIViewController
        controller?.rootViewWillLayout()
        // A layout root solves its constraints first, so layoutSubviews() sees the solved frames.
        autoLayoutWillLayoutSubviews()
        layoutSubviews()
        layoutAttachment?.viewDidLayoutSubviews(self)
        autoLayoutDidLayoutSubviews()
        controller?.rootViewDidLayout()
    }

    private func autoresizeSubviews(from oldSize: CGSize) {
        guard autoresizesSubviews, oldSize != .zero else { return }
        let dw = bounds.width - oldSize.width, dh = bounds.height - oldSize.height
        for subview in subviews where !subview.autoresizingMask.isEmpty && subview.usesAutoresizing {
            subview.frame = UIView.autoresize(subview.frame, mask: subview.autoresizingMask, dw: dw, dh: dh, oldSize: oldSize)
        }
    }

    /// Whether autoresizing applies (false once Auto Layout positions the view).
    var usesAutoresizing: Bool { translatesAutoresizingMaskIntoConstraints }

    static func autoresize(_ frame: CGRect, mask: UIViewAutoresizing, dw: CGFloat, dh: CGFloat, oldSize: CGSize) -> CGRect {
        func distribute(_ delta: CGFloat, lead: Bool, size: Bool, trail: Bool, leadValue: CGFloat, sizeValue: CGFloat, trailValue: CGFloat) -> (CGFloat, CGFloat) {
            let parts = [lead ? leadValue : 0, size ? sizeValue : 0, trail ? trailValue : 0]
            let total = parts.reduce(0, +)
            let flexible = [lead, size, trail].filter { $0 }.count
            guard flexible > 0 else { return (0, 0) }
            if total == 0 {
                let share = delta / CGFloat(flexible)
                return (lead ? share : 0, size ? share : 0)
            }
            return (delta * parts[0] / total, delta * parts[1] / total)
        }
        var f = frame
        let (dx, dwidth) = distribute(dw, lead: mask.contains(.flexibleLeftMargin), size: mask.contains(.flexibleWidth), trail: mask.contains(.flexibleRightMargin),
                                      leadValue: frame.minX, sizeValue: frame.width, trailValue: oldSize.width - frame.maxX)
        let (dy, dheight) = distribute(dh, lead: mask.contains(.flexibleTopMargin), size: mask.contains(.flexibleHeight), trail: mask.contains(.flexibleBottomMargin),
                                       leadValue: frame.minY, sizeValue: frame.height, trailValue: oldSize.height - frame.maxY)
        f.origin.x += dx; f.size.width += dwidth
        f.origin.y += dy; f.size.height += dheight
        return f
    }

    /// The part of the superview's safe area insets this view overlaps, or a root's own
    /// (``safeAreaInsets``).
    var inheritedSafeAreaInsets: UIEdgeInsets {
        if let superview {
            let parent = superview.safeAreaInsets
            guard parent != .zero else { return .zero }
            let f = frame, b = superview.bounds
            return UIEdgeInsets(
                top: max(0, parent.top - (f.minY - b.minY)), left: max(0, parent.left - (f.minX - b.minX)),
                bottom: max(0, parent.bottom - (b.maxY - f.maxY)), right: max(0, parent.right - (b.maxX - f.maxX))
            )
        }
        return ownSafeAreaInsets
    }

    /// Runs this view's layout pass if it needs one, then its subviews' that need one
    /// (``layoutIfNeeded()``).
    func layoutSubtreeIfNeeded() {
        guard needsLayoutFlag || descendantNeedsLayout else { return }
        if needsLayoutFlag {
            needsLayoutFlag = false
            runLayoutPass()
        }
        descendantNeedsLayout = false
        for subview in subviews where subview.needsLayoutFlag || subview.descendantNeedsLayout {
            subview.layoutIfNeeded()
        }
    }

    /// The sentinel for "no intrinsic size along this axis".
    public static let noIntrinsicMetric: CGFloat = -1

    /// Whether a layout pass is pending anywhere (the run loop checks it before rendering).
    static var layoutIsPending = true

    /// The layout margins by leading and trailing edge (``directionalLayoutMargins``).
    var layoutMarginsByDirection: NSDirectionalEdgeInsets {
        let m = layoutMargins
        return effectiveUserInterfaceLayoutDirection == .rightToLeft
            ? NSDirectionalEdgeInsets(top: m.top, leading: m.right, bottom: m.bottom, trailing: m.left)
            : NSDirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
    }

    /// Flags this view and its ancestors for the next layout pass and asks for a frame
    /// (``setNeedsLayout()``).
    func markNeedsLayout() {
        needsLayoutFlag = true
        markAncestorsForLayout()
        UIView.layoutIsPending = true
        Compositor.setNeedsFrame()
    }
}
