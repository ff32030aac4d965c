import Foundation
import ParleyUIKit

/// A view that resets itself before a ``ComponentView`` reuses it for another node with the same
/// reuse key (as `UITableViewCell.prepareForReuse`).
@preconcurrency @MainActor
public protocol ReusableView: AnyObject {
    /// Clears state that the next `updateView` might not overwrite (images loading, selection).
    func prepareForReuse()
}

/// Views that left the screen, kept by reuse key until a node with the same key needs a view.
///
/// Only nodes with a `reuseKey` take part; views of other nodes are released when they leave.
/// Pooled views stay in the host, hidden ("parked"): taking a view out of the hierarchy and
/// putting it back costs more than the whole rest of a scroll step, and a hidden view costs the
/// compositor and hit testing nothing.
@MainActor
final class ReusePool {
    /// At most this many views are kept per key; more would hold memory a screenful never needs.
    let capacityPerKey: Int
    /// At most this many views are kept over all keys: a message list has dozens of keys (one per
    /// layout of a row), and a full pool per key held hundreds of views with their bitmaps.
    let capacity: Int
    private var views: [String: [UIView]] = [:]
    private var total = 0

    init(capacityPerKey: Int = 16, capacity: Int = 32) {
        self.capacityPerKey = max(0, capacityPerKey)
        self.capacity = max(0, capacity)
    }

    /// Parks `view` (hidden, still a subview) for reuse under `key`, or removes it from its
    /// superview when the pool for `key` is full.
    func enqueue(_ view: UIView, key: String) {
        var list = views[key] ?? []
        guard list.count < capacityPerKey else {
            view.removeFromSuperview()
            return
        }
        if total >= capacity {
            // Full: the key holding the most views gives up its oldest.
            guard let (largest, pooled) = views.max(by: { $0.value.count < $1.value.count }), !pooled.isEmpty else {
                view.removeFromSuperview()
                return
            }
            views[largest] = Array(pooled.dropFirst())
            pooled[0].removeFromSuperview()
            total -= 1
            list = views[key] ?? []
        }
        view.isHidden = true
        // It gets new content before it shows again: its bitmaps are only memory until then.
        view.layer.discardRenderedContent()
        list.append(view)
        views[key] = list
        total += 1
    }

    /// A pooled view for `key`, reset by `prepareForReuse` and to the defaults an animator may
    /// have changed; `nil` when none is pooled.
    func dequeue(key: String) -> UIView? {
        guard let view = dequeueParked(key: key) else { return nil }
        ReusePool.resetForDisplay(view)
        (view as? ReusableView)?.prepareForReuse()
        return view
    }

    /// A pooled view for `key` as it is, still hidden (to be filled ahead of display).
    func dequeueParked(key: String) -> UIView? {
        guard var list = views[key], let view = list.popLast() else { return nil }
        views[key] = list
        total -= 1
        return view
    }

    /// Undoes parking and what an animator may have changed: shown, opaque, untransformed.
    static func resetForDisplay(_ view: UIView) {
        view.alpha = 1
        view.isHidden = false
        view.transform = .identity
    }

    /// Views pooled now, over all keys.
    var count: Int { views.values.reduce(0) { $0 + $1.count } }

    /// Lets every pooled view go (and out of its superview).
    func removeAll() {
        for list in views.values { for view in list { view.removeFromSuperview() } }
        views.removeAll()
        total = 0
    }
}
