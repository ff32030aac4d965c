import Foundation
import ParleyUIKit

/// Decides how views enter, move and leave a ``ComponentView``.
///
/// The engine calls `insert` for a view that appears (new or reused), `update` for a view that
/// stays but whose frame may have changed (on reloads and when lazy rows above are measured),
/// and `delete` for a view that leaves; the view is removed (or pooled for reuse) only when
/// `delete` calls its completion, so an animator may fade it out first.
///
/// Scrolling alone calls none of these for views that stay: their frames are in content
/// coordinates and do not change.
@preconcurrency @MainActor
public protocol ComponentAnimator {
    /// A view appears at `frame` (content coordinates of `hostView`).
    func insert(view: UIView, frame: CGRect, in hostView: UIView)
    /// A view that stays takes `frame`.
    func update(view: UIView, frame: CGRect, in hostView: UIView)
    /// A view leaves; call `completion` when it may be removed.
    func delete(view: UIView, in hostView: UIView, completion: @escaping @MainActor () -> Void)
}

extension ComponentAnimator {
    /// Places the view at once.
    public func insert(view: UIView, frame: CGRect, in hostView: UIView) {
        if view.frame != frame { view.frame = frame }
    }

    /// Moves the view at once.
    public func update(view: UIView, frame: CGRect, in hostView: UIView) {
        if view.frame != frame { view.frame = frame }
    }

    /// Removes the view at once.
    public func delete(view: UIView, in hostView: UIView, completion: @escaping @MainActor () -> Void) {
        completion()
    }
}

/// The default animator: views appear, move and disappear at once.
public struct ImmediateAnimator: ComponentAnimator {
    /// An animator without animation.
    public init() {}
}
