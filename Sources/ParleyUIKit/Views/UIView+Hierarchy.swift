import Foundation

/// The subview bookkeeping behind ``UIView``'s hierarchy methods: sublayer order, detaching
/// from the superview, the window notifications down a subtree, and the root.
extension UIView {
    private func sublayerIndex(forSubviewAt index: Int) -> Int {
        // Sublayers may include layers that are not views' layers; keep view order among them.
        guard let sublayers = layer.sublayers else { return 0 }
        if index >= subviews.count - 1 && index > 0 {
            if let previous = sublayers.firstIndex(where: { $0 === subviews[index - 1].layer }) { return previous + 1 }
            return sublayers.count
        }
        if index + 1 < subviews.count, let next = sublayers.firstIndex(where: { $0 === subviews[index + 1].layer }) { return next }
        return sublayers.count
    }

    func detachFromSuperview(notify: Bool) {
        guard let parent = superview else { return }
        let oldWindow = window
        if notify {
            willMove(toSuperview: nil)
            if oldWindow != nil { propagateWillMove(toWindow: nil) }
        }
        parent.willRemoveSubview(self)
        if let responder = UIResponder.currentFirstResponder as? UIView, responder.isDescendant(of: self) {
            UIResponder.currentFirstResponder = nil
        }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        parent.setNeedsLayout()
        parent.subviewWasRemoved(self)
        if notify {
            // Like UIKit, a view leaving the hierarchy keeps its traits and is not told of a
            // change (which would run every chat view's appearance again on the way out); it
            // compares and is told when it joins a hierarchy again.
            inheritedTintMayHaveChanged()
            didMoveToSuperview()
            if oldWindow != nil { propagateDidMoveToWindow() }
        }
    }

    private func propagateWillMove(toWindow window: UIWindow?) {
        willMove(toWindow: window)
        for subview in subviews { subview.propagateWillMove(toWindow: window) }
    }

    private func propagateDidMoveToWindow() {
        didMoveToWindow()
        for subview in subviews { subview.propagateDidMoveToWindow() }
    }

    var rootView: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// The first window up the superview chain, self included (``window``).
    var enclosingWindow: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    /// What ``insertSubview(_:at:)`` does: reorders a subview, or moves `view` here from its
    /// superview with the superview, window, trait and tint notifications.
    func placeSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) || view.superview === self else { return }
        if view.superview === self {
            // Reorder only.
            guard let from = subviews.firstIndex(where: { $0 === view }) else { return }
            subviews.remove(at: from)
            let target = min(max(0, index > from ? index - 1 : index), subviews.count)
            subviews.insert(view, at: target)
            view.layer.removeFromSuperlayer()
            layer.insertSublayer(view.layer, at: UInt32(sublayerIndex(forSubviewAt: target)))
            setNeedsLayout()
            return
        }
        let oldWindow = view.window
        let newWindow = window
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow { view.propagateWillMove(toWindow: newWindow) }
        view.detachFromSuperview(notify: false)
        let target = min(max(0, index), subviews.count)
        subviews.insert(view, at: target)
        view.superview = self
        layer.insertSublayer(view.layer, at: UInt32(sublayerIndex(forSubviewAt: target)))
        view.updateTraitsIfNeeded()
        view.inheritedTintMayHaveChanged()
        view.didMoveToSuperview()
        if oldWindow !== newWindow { view.propagateDidMoveToWindow() }
        didAddSubview(view)
        autoLayoutSubviewWasAdded(view)
        setNeedsLayout()
    }

    /// Whether `view` is this view or one of its ancestors (``isDescendant(of:)``).
    func isInSubtree(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// What ``hitTest(_:with:)`` finds: the frontmost subview's hit, else this view.
    func deepestHit(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        // As in UIKit, a point outside a view's bounds misses its subviews too, clipped or not.
        guard isUserInteractionEnabled, !isHidden, alpha > 0.01, self.point(inside: point, with: event) else {
            return nil
        }
        for subview in subviews.reversed() {
            let local = subview.convert(point, from: self)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// The bounding box of `rect`'s corners converted to `view` (the rectangle form of `convert(_:to:)`).
    func boundingBox(of rect: CGRect, convertedTo view: UIView?) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY), CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)]
            .map { convert($0, to: view) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
