import Foundation
import ParleyUIKit

/// Animates the changes a reload makes: new views fade in, moved views slide to their new
/// frames, leaving views fade out. Views that appear or leave because of a scroll are placed and
/// removed at once — a list must not fade rows in while the user scrolls.
///
/// ```swift
/// componentView.animator = TransitionAnimator(duration: 0.25)
/// ```
public struct TransitionAnimator: ComponentAnimator {
    /// How long each transition takes, in seconds.
    public var duration: TimeInterval
    /// Whether views fade in and out (otherwise they appear and disappear at once, and only
    /// moves are animated).
    public var fades: Bool

    /// An animator with the given duration.
    public init(duration: TimeInterval = 0.25, fades: Bool = true) {
        self.duration = duration
        self.fades = fades
    }

    /// Fades a view in when a reload inserted it.
    public func insert(view: UIView, frame: CGRect, in hostView: UIView) {
        UIView.performWithoutAnimation { view.frame = frame }
        guard fades, Self.isReloading(hostView) else { return }
        view.alpha = 0
        UIView.animate(withDuration: duration, animations: { view.alpha = 1 })
    }

    /// Slides a view to its new frame when a reload moved it.
    public func update(view: UIView, frame: CGRect, in hostView: UIView) {
        guard view.frame != frame else { return }
        guard Self.isReloading(hostView) else {
            view.frame = frame
            return
        }
        UIView.animate(withDuration: duration, animations: { view.frame = frame })
    }

    /// Fades a view out when a reload removed it.
    public func delete(view: UIView, in hostView: UIView, completion: @escaping @MainActor () -> Void) {
        guard fades, Self.isReloading(hostView) else {
            completion()
            return
        }
        UIView.animate(withDuration: duration, animations: { view.alpha = 0 }, completion: { _ in completion() })
    }

    private static func isReloading(_ hostView: UIView) -> Bool {
        hostView.componentEngine.isReloading
    }
}
