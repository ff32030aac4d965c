import Foundation
import ParleyUIKit

/// Animates the changes of reloads with a transform and a fade (UIComponent's
/// `TransformAnimator`): an inserted view starts at `insertTransform`, transparent, and grows
/// into place; a deleted view shrinks to `deleteTransform` while fading out; a moved view slides
/// to its new frame. Views that appear or leave because of a scroll, views on the first reload
/// (unless `showInitialInsertionAnimation`) and views outside the host's bounds (unless
/// `animateOutOfBoundsItems`) are placed and removed at once.
///
/// ```swift
/// view.componentEngine.animator = TransformAnimator(transform: CATransform3DMakeScale(0.5, 0.5, 1))
/// ```
public struct TransformAnimator: ComponentAnimator {
    /// The curve and duration of an animation.
    public enum Timing: Equatable, Sendable {
        /// Constant speed.
        case linear(duration: TimeInterval = 0.5)
        /// Slow at the start.
        case easeIn(duration: TimeInterval = 0.5)
        /// Slow at both ends.
        case easeInOut(duration: TimeInterval = 0.5)
        /// Slow at the end.
        case easeOut(duration: TimeInterval = 0.5)
        /// A spring described by its bounce (0: none, 1: endless).
        case springBounce(duration: TimeInterval = 0.5, bounce: CGFloat, initialSpringVelocity: CGFloat = 0)
        /// A spring described by its damping ratio (1: no overshoot).
        case springDamping(duration: TimeInterval = 0.5, damping: CGFloat, initialSpringVelocity: CGFloat = 0)

        /// A spring with `bounce`.
        public static func spring(duration: TimeInterval = 0.5, bounce: CGFloat, initialSpringVelocity: CGFloat = 0) -> Self {
            .springBounce(duration: duration, bounce: bounce, initialSpringVelocity: initialSpringVelocity)
        }

        /// A spring with the damping ratio `damping`.
        public static func spring(duration: TimeInterval = 0.5, damping: CGFloat, initialSpringVelocity: CGFloat = 0) -> Self {
            .springDamping(duration: duration, damping: damping, initialSpringVelocity: initialSpringVelocity)
        }

        /// How long the animation takes, in seconds.
        public var duration: TimeInterval {
            switch self {
            case .linear(let d), .easeIn(let d), .easeInOut(let d), .easeOut(let d),
                 .springBounce(let d, _, _), .springDamping(let d, _, _):
                return d
            }
        }

        /// The same curve over `duration` seconds.
        public func withDuration(_ duration: TimeInterval) -> Self {
            switch self {
            case .linear: .linear(duration: duration)
            case .easeIn: .easeIn(duration: duration)
            case .easeInOut: .easeInOut(duration: duration)
            case .easeOut: .easeOut(duration: duration)
            case .springBounce(_, let bounce, let velocity): .springBounce(duration: duration, bounce: bounce, initialSpringVelocity: velocity)
            case .springDamping(_, let damping, let velocity): .springDamping(duration: duration, damping: damping, initialSpringVelocity: velocity)
            }
        }

        @MainActor
        func animate(layoutSubviews: Bool, delay: TimeInterval, animations: () -> Void,
                     completion: (@MainActor (Bool) -> Void)? = nil) {
            var options: UIView.AnimationOptions = [.allowUserInteraction]
            if layoutSubviews { options.insert(.layoutSubviews) }
            func clamp(_ value: CGFloat) -> CGFloat { min(max(value, 0), 1) }
            switch self {
            case .linear(let d), .easeIn(let d), .easeInOut(let d), .easeOut(let d):
                switch self {
                case .linear: options.insert(.curveLinear)
                case .easeIn: options.insert(.curveEaseIn)
                case .easeOut: options.insert(.curveEaseOut)
                default: options.insert(.curveEaseInOut)
                }
                UIView.animate(withDuration: d, delay: delay, options: options, animations: animations, completion: completion)
            case .springBounce(let d, let bounce, let velocity):
                UIView.animate(withDuration: d, delay: delay, usingSpringWithDamping: clamp(1 - bounce), initialSpringVelocity: velocity,
                               options: options, animations: animations, completion: completion)
            case .springDamping(let d, let damping, let velocity):
                UIView.animate(withDuration: d, delay: delay, usingSpringWithDamping: clamp(damping), initialSpringVelocity: velocity,
                               options: options, animations: animations, completion: completion)
            }
        }
    }

    /// Where an inserted view starts (it animates to its own transform).
    public var insertTransform: CATransform3D
    /// Where a deleted view ends.
    public var deleteTransform: CATransform3D
    /// Both transforms at once (reads `insertTransform`).
    public var transform: CATransform3D {
        get { insertTransform }
        set { insertTransform = newValue; deleteTransform = newValue }
    }
    /// The timing of insertions.
    public var insertTiming: Timing
    /// The timing of moves and resizes.
    public var updateTiming: Timing
    /// The timing of deletions.
    public var deleteTiming: Timing
    /// All three timings at once (reads `insertTiming`).
    public var timing: Timing {
        get { insertTiming }
        set { insertTiming = newValue; updateTiming = newValue; deleteTiming = newValue }
    }
    /// All three durations at once (reads `insertTiming`'s).
    public var duration: TimeInterval {
        get { insertTiming.duration }
        set {
            insertTiming = insertTiming.withDuration(newValue)
            updateTiming = updateTiming.withDuration(newValue)
            deleteTiming = deleteTiming.withDuration(newValue)
        }
    }
    /// Whether insertions further from the top-left of the host start later (a ripple).
    public var cascade: Bool
    /// Whether the animations carry `.layoutSubviews`.
    public var layoutSubviews: Bool
    /// Whether the first reload's views are animated in too.
    public var showInitialInsertionAnimation: Bool
    /// Whether views outside the host's bounds are animated too.
    public var animateOutOfBoundsItems: Bool

    /// An animator with a transform and a timing for each kind of change.
    public init(insertTransform: CATransform3D = CATransform3DIdentity, deleteTransform: CATransform3D = CATransform3DIdentity,
                insertTiming: Timing = .spring(duration: 0.5, damping: 0.9), updateTiming: Timing = .spring(duration: 0.5, damping: 0.9),
                deleteTiming: Timing = .spring(duration: 0.5, damping: 0.9), cascade: Bool = false, layoutSubviews: Bool = true,
                showInitialInsertionAnimation: Bool = false, animateOutOfBoundsItems: Bool = false) {
        self.insertTransform = insertTransform
        self.deleteTransform = deleteTransform
        self.insertTiming = insertTiming
        self.updateTiming = updateTiming
        self.deleteTiming = deleteTiming
        self.cascade = cascade
        self.layoutSubviews = layoutSubviews
        self.showInitialInsertionAnimation = showInitialInsertionAnimation
        self.animateOutOfBoundsItems = animateOutOfBoundsItems
    }

    /// An animator with one timing for every kind of change.
    public init(insertTransform: CATransform3D = CATransform3DIdentity, deleteTransform: CATransform3D = CATransform3DIdentity,
                timing: Timing, cascade: Bool = false, layoutSubviews: Bool = true,
                showInitialInsertionAnimation: Bool = false, animateOutOfBoundsItems: Bool = false) {
        self.init(insertTransform: insertTransform, deleteTransform: deleteTransform, insertTiming: timing, updateTiming: timing,
                  deleteTiming: timing, cascade: cascade, layoutSubviews: layoutSubviews,
                  showInitialInsertionAnimation: showInitialInsertionAnimation, animateOutOfBoundsItems: animateOutOfBoundsItems)
    }

    /// An animator with a damped spring of `duration` seconds for every kind of change.
    public init(insertTransform: CATransform3D = CATransform3DIdentity, deleteTransform: CATransform3D = CATransform3DIdentity,
                duration: TimeInterval, cascade: Bool = false, layoutSubviews: Bool = true,
                showInitialInsertionAnimation: Bool = false, animateOutOfBoundsItems: Bool = false) {
        self.init(insertTransform: insertTransform, deleteTransform: deleteTransform, timing: .spring(duration: duration, damping: 0.9),
                  cascade: cascade, layoutSubviews: layoutSubviews,
                  showInitialInsertionAnimation: showInitialInsertionAnimation, animateOutOfBoundsItems: animateOutOfBoundsItems)
    }

    /// An animator with the same transform for insertions and deletions and one timing.
    public init(transform: CATransform3D, timing: Timing, cascade: Bool = false, layoutSubviews: Bool = true,
                showInitialInsertionAnimation: Bool = false, animateOutOfBoundsItems: Bool = false) {
        self.init(insertTransform: transform, deleteTransform: transform, timing: timing, cascade: cascade,
                  layoutSubviews: layoutSubviews, showInitialInsertionAnimation: showInitialInsertionAnimation,
                  animateOutOfBoundsItems: animateOutOfBoundsItems)
    }

    /// An animator with the same transform for insertions and deletions and a damped spring of
    /// `duration` seconds.
    public init(transform: CATransform3D, duration: TimeInterval = 0.5, cascade: Bool = false, layoutSubviews: Bool = true,
                showInitialInsertionAnimation: Bool = false, animateOutOfBoundsItems: Bool = false) {
        self.init(insertTransform: transform, deleteTransform: transform, duration: duration, cascade: cascade,
                  layoutSubviews: layoutSubviews, showInitialInsertionAnimation: showInitialInsertionAnimation,
                  animateOutOfBoundsItems: animateOutOfBoundsItems)
    }

    /// Places the view; on a reload after the first, grows it in from `insertTransform`.
    public func insert(view: UIView, frame: CGRect, in hostView: UIView) {
        UIView.performWithoutAnimation {
            view.bounds.size = frame.size
            view.center = CGPoint(x: frame.midX, y: frame.midY)
        }
        let engine = hostView.componentEngine
        guard engine.isReloading, showInitialInsertionAnimation || engine.hasReloaded,
              animateOutOfBoundsItems || hostView.bounds.intersects(frame) else { return }
        let base = view.layer.transform
        let delay: TimeInterval
        if cascade {
            let dx = frame.minX - hostView.bounds.minX, dy = frame.minY - hostView.bounds.minY
            delay = TimeInterval((dx * dx + dy * dy).squareRoot() / 3000)
        } else {
            delay = 0
        }
        UIView.performWithoutAnimation {
            view.layer.transform = insertTransform
            view.alpha = 0
        }
        insertTiming.animate(layoutSubviews: layoutSubviews, delay: delay) {
            view.layer.transform = base
            view.alpha = 1
        }
    }

    /// Slides and resizes the view to `frame` (animated on reloads).
    public func update(view: UIView, frame: CGRect, in hostView: UIView) {
        let center = CGPoint(x: frame.midX, y: frame.midY)
        guard view.center != center || view.bounds.size != frame.size else { return }
        let apply = {
            view.center = center
            view.bounds.size = frame.size
        }
        if hostView.componentEngine.isReloading {
            updateTiming.animate(layoutSubviews: layoutSubviews, delay: 0, animations: apply)
        } else {
            UIView.performWithoutAnimation(apply)
        }
    }

    /// On a reload, shrinks the view to `deleteTransform` while fading it out, then lets it go
    /// (with its transform and alpha restored, for reuse).
    public func delete(view: UIView, in hostView: UIView, completion: @escaping @MainActor () -> Void) {
        guard hostView.componentEngine.isReloading, animateOutOfBoundsItems || hostView.bounds.intersects(view.frame) else {
            return completion()
        }
        let base = view.layer.transform
        deleteTiming.animate(layoutSubviews: layoutSubviews, delay: 0, animations: {
            view.layer.transform = deleteTransform
            view.alpha = 0
        }, completion: { _ in
            UIView.performWithoutAnimation {
                view.layer.transform = base
                view.alpha = 1
            }
            completion()
        })
    }
}
