import Foundation

/// One finger or pointer button on the screen: where it is, where it was, and its phase, as
/// UIKit's `UITouch`.
///
/// The mouse's primary button is a touch of type `.indirectPointer`; touchscreen fingers are
/// `.direct` touches. A touch keeps the view it began in (`view`) until it ends.
@preconcurrency @MainActor
public final class UITouch: Hashable {
    /// What a touch is doing.
    public enum Phase: Int, Sendable {
        /// It went down.
        case began
        /// It moved.
        case moved
        /// It is down and did not move.
        case stationary
        /// It lifted.
        case ended
        /// The system cancelled it.
        case cancelled
        /// A pointer entered a region (hover).
        case regionEntered
        /// A pointer moved inside a region (hover).
        case regionMoved
        /// A pointer left a region (hover).
        case regionExited
    }

    /// What produced a touch.
    public enum TouchType: Int, Sendable {
        /// A finger on a touchscreen.
        case direct
        /// An indirect touch (a remote's surface).
        case indirect
        /// A stylus.
        case pencil
        /// A mouse or touchpad pointer.
        case indirectPointer
    }

    /// The phase.
    public internal(set) var phase: Phase = .began
    /// How many taps in quick succession this touch is part of (1 for a single tap).
    public internal(set) var tapCount = 1
    /// When the touch last changed, in seconds of the application's clock.
    public internal(set) var timestamp: TimeInterval = 0
    /// The kind of touch.
    public internal(set) var type: TouchType = .indirectPointer
    /// The view the touch began in.
    public internal(set) weak var view: UIView?
    /// The window of the touch.
    public internal(set) weak var window: UIWindow?
    /// The gesture recognizers that receive this touch.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]? = []
    /// The radius of the contact, in points.
    public internal(set) var majorRadius: CGFloat = 1

    /// In the window's coordinates.
    var windowLocation: CGPoint = .zero
    var previousWindowLocation: CGPoint = .zero
    /// Whether the view (not the recognizers) still gets this touch's events.
    var isDeliveredToView = true
    /// Whether the touch is a secondary (right) click: only recognizers that ask for the
    /// secondary button see it, and views do not.
    var isSecondaryClick = false
    let identifier: Int

    init(identifier: Int) { self.identifier = identifier }

    /// The location in a view's coordinates (the window's for nil).
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return windowLocation }
        guard let window else { return windowLocation }
        return view.convert(windowLocation, from: window)
    }

    /// The previous location in a view's coordinates (the window's for nil).
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view, let window else { return previousWindowLocation }
        return view.convert(previousWindowLocation, from: window)
    }

    /// Identity equality: a touch is the same object for its whole life.
    nonisolated public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    /// Hashes the identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
