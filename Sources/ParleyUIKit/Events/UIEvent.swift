import Foundation

/// An event: the touches of one gesture, a key press, or a scroll-wheel step, with the time it
/// happened, as UIKit's `UIEvent`.
///
/// The application's event loop creates events from the backend's input (mouse, touchpad,
/// fingers, keyboard) and sends them through `UIApplication.sendEvent(_:)` to a window.
@preconcurrency @MainActor
open class UIEvent {
    /// The kind of an event.
    public enum EventType: Int, Sendable {
        /// Touches: a pointer button or a finger, down, moving or up.
        case touches
        /// Motion of the device (never sent on the desktop).
        case motion
        /// Remote-control commands (never sent on the desktop).
        case remoteControl
        /// Key presses.
        case presses
        /// Scrolling with a wheel or touchpad, which UIKit names `.scroll`.
        case scroll = 10
        /// A pointer moving with no button down.
        case hover = 11
    }

    /// The kind of event.
    open internal(set) var type: EventType
    /// When the event happened, in seconds of the application's clock.
    open internal(set) var timestamp: TimeInterval
    /// The keyboard modifiers held when the event happened.
    open internal(set) var modifierFlags: UIKeyModifierFlags = []
    /// The pointer buttons held (bit 0: primary, bit 1: secondary), as UIKit's `buttonMask`.
    open internal(set) var buttonMask: UIEvent.ButtonMask = []

    var touchSet: Set<UITouch> = []
    /// The touches whose phase this event reports.
    var changedTouches: [UITouch] = []
    var pressSet: Set<UIPress> = []
    /// The scroll amount of a `.scroll` event, in points (positive: content moves up/left).
    var scrollDelta: CGPoint = .zero
    /// Whether a `.scroll` event comes from a precise device (touchpad) rather than wheel notches.
    var scrollIsPrecise = false
    /// Where the pointer was for `.scroll` and `.hover` events, in the window's coordinates.
    var pointerLocation: CGPoint = .zero
    weak var pointerWindow: UIWindow?
    /// The responder a presses event was first given to (key commands along its chain run for
    /// the keys nothing handled).
    weak var keyCommandResponder: UIResponder?

    /// Pointer buttons, as UIKit's `UIEvent.ButtonMask`.
    public struct ButtonMask: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// Creates a mask from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The primary (left) button.
        public static let primary = ButtonMask(rawValue: 1 << 0)
        /// The secondary (right) button.
        public static let secondary = ButtonMask(rawValue: 1 << 1)
    }

    /// An event of a type at a time.
    public init(type: EventType = .touches, timestamp: TimeInterval = 0) {
        self.type = type
        self.timestamp = timestamp
    }

    /// Every touch of the event.
    open var allTouches: Set<UITouch>? { type == .touches ? touchSet : nil }

    /// The touches that began in `view`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        touchSet.filter { $0.view === view }
    }

    /// The touches of a window.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        touchSet.filter { $0.window === window }
    }

    /// The touches a gesture recognizer receives.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        touchSet.filter { $0.gestureRecognizers?.contains { $0 === gesture } == true }
    }
}

/// The key presses of a `.presses` event, as UIKit's `UIPressesEvent`.
@preconcurrency @MainActor
open class UIPressesEvent: UIEvent {
    /// Every press of the event.
    open var allPresses: Set<UIPress> { pressSet }

    /// A presses event.
    public init(timestamp: TimeInterval = 0) {
        super.init(type: .presses, timestamp: timestamp)
    }
}
