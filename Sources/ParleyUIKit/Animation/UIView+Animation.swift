import Foundation

extension UIView {
    /// Options of view animations, as UIKit's `UIView.AnimationOptions` (the curve bits and the
    /// flags Parley honours; the rest are accepted and ignored).
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        /// The raw bits (UIKit's values).
        public let rawValue: UInt
        /// Creates options from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lay out subviews inside the animation (accepted).
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Views stay interactive while animating (always true in Parley).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from what shows now (always true in Parley).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat forever (accepted; not implemented).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run backwards after forwards (accepted; not implemented).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Slow at both ends (the default).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Slow at the start.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Slow at the end.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// Cross-fade transition (for `transition(with:…)`).
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)

        var curve: (Double) -> Double {
            switch (rawValue >> 16) & 0xF {
            case 1: return UIViewAnimator.bezier(0.42, 0, 1, 1)
            case 2: return UIViewAnimator.bezier(0, 0, 0.58, 1)
            case 3: return { $0 }
            default: return UIViewAnimator.bezier(0.42, 0, 0.58, 1)
            }
        }
    }

    /// Animates the changes the `animations` block makes to frames, bounds, centres, alpha,
    /// transforms and background colours; `completion` runs once, with `true`, when it ends.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                               animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        UIViewAnimator.shared.animate(duration: duration, delay: delay, curve: options.curve, animations: animations, completion: completion)
    }

    /// Animates with the ease-in-out curve and no delay.
    public static func animate(withDuration duration: TimeInterval, animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates along a spring: `dampingRatio` 1 settles without overshoot, lower values oscillate;
    /// `velocity` is the starting speed in whole distances per second.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                               initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                               animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        let curve = UIViewAnimator.spring(damping: Double(dampingRatio), initialVelocity: Double(velocity), duration: duration)
        UIViewAnimator.shared.animate(duration: duration, delay: delay, curve: curve, animations: animations, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` with animations turned off (changes apply at once).
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        UIViewAnimator.shared.animationsDisabled += 1
        actionsWithoutAnimation()
        UIViewAnimator.shared.animationsDisabled -= 1
    }

    /// Runs a transition on a view: the changes apply at once (cross-fades are not drawn); `completion` runs after `duration`.
    public static func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil) {
        performWithoutAnimation { animations?() }
        guard let completion else { return }
        if FrameScheduler.shared.isDriven {
            FrameScheduler.shared.schedule(after: duration) { completion(true) }
        } else {
            DispatchQueue.main.async { completion(true) }
        }
    }

    /// Whether animations are on (they are, unless inside `performWithoutAnimation`).
    public static var areAnimationsEnabled: Bool { UIViewAnimator.shared.animationsDisabled == 0 }
}
