import Foundation

/// What an accessibility element is and how it behaves, as UIKit's `UIAccessibilityTraits`:
/// assistive technologies read them as the element's role and state.
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt64
    /// Traits from raw bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// No traits.
    public static let none: UIAccessibilityTraits = []
    /// A button: activating it performs an action.
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    /// A link: activating it opens something.
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    /// A picture.
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    /// Selected (a row, a tab).
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    /// Plays a sound when activated.
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    /// A key of a keyboard.
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    /// Text that does not change.
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    /// A summary of the screen read when it appears.
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    /// Disabled: it does not respond to the user.
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    /// Its value changes often (a clock, a progress).
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    /// A search field.
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    /// Starts a media session.
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    /// Its value can be stepped up and down.
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    /// Takes touches directly.
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    /// Turns a page when read to its end.
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    /// A heading that divides content.
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    /// A bar of tabs.
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 15)
    /// A switch or other on/off control.
    public static let toggleButton = UIAccessibilityTraits(rawValue: 1 << 17)
}

/// What kind of container an element is, as UIKit's `UIAccessibilityContainerType`: a list
/// reads as a list of items.
public enum UIAccessibilityContainerType: Int, Sendable {
    /// Not a semantic container: its elements read as if they were its container's.
    case none = 0
    /// A table of rows and columns.
    case dataTable = 1
    /// A list of items.
    case list = 2
    /// A region of the screen (a navigation area, a sidebar).
    case landmark = 3
    /// Elements that belong together.
    case semanticGroup = 4
}

/// An action an assistive technology offers on an element besides activating it (react, reply),
/// as UIKit's `UIAccessibilityCustomAction`.
@preconcurrency @MainActor
open class UIAccessibilityCustomAction {
    /// What the action is called (read to the user).
    open var name: String
    /// Performs the action; returns whether it succeeded.
    open var actionHandler: (@MainActor (UIAccessibilityCustomAction) -> Bool)?

    /// An action with a name and what it does.
    public init(name: String, actionHandler: @escaping @MainActor (UIAccessibilityCustomAction) -> Bool) {
        self.name = name
        self.actionHandler = actionHandler
    }
}

/// An accessibility element that is not a view (a part of a view that draws several things), as
/// UIKit's `UIAccessibilityElement`: its frame is in its container's coordinates
/// (`accessibilityFrameInContainerSpace`), or set in screen coordinates (`accessibilityFrame`).
@preconcurrency @MainActor
open class UIAccessibilityElement: UIResponder {
    /// The view or element that lists this one in its `accessibilityElements`.
    open weak var accessibilityContainer: UIResponder?
    /// The frame in the container view's coordinates; used when `accessibilityFrame` is not set.
    open var accessibilityFrameInContainerSpace: CGRect = .zero

    /// An element of a container.
    public init(accessibilityContainer container: UIResponder) {
        accessibilityContainer = container
        super.init()
        isAccessibilityElement = true
    }

    /// The parent in the responder chain: the container.
    open override var next: UIResponder? { accessibilityContainer }

    /// The set frame, else the frame in container space converted to the window's coordinates.
    open override var accessibilityFrame: CGRect {
        get {
            if let frame = accessibilityStore?.frame { return frame }
            guard let view = accessibilityContainer as? UIView else { return accessibilityFrameInContainerSpace }
            return view.convert(accessibilityFrameInContainerSpace, to: nil)
        }
        set { super.accessibilityFrame = newValue }
    }
}

/// Notifications to assistive technologies, as UIKit's `UIAccessibility`.
@preconcurrency @MainActor
public enum UIAccessibility {
    /// Something assistive technologies should hear about.
    public struct Notification: Hashable, Sendable, RawRepresentable {
        /// The name.
        public let rawValue: String
        /// A notification by name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Part of the screen changed (elements came or went); the argument is the element to
        /// move to, or nil.
        public static let layoutChanged = Notification(rawValue: "layoutChanged")
        /// A new screen appeared; the argument is the element to move to, or nil.
        public static let screenChanged = Notification(rawValue: "screenChanged")
        /// Text to speak now (the argument, a `String`).
        public static let announcement = Notification(rawValue: "announcement")
        /// The content scrolled by a page (the argument is a `String` saying where).
        public static let pageScrolled = Notification(rawValue: "pageScrolled")
    }

    /// Tells assistive technologies about a change (the AT-SPI bridge turns it into events).
    public static func post(notification: Notification, argument: Any?) {
        postedNotifications.append((notification, argument.map { "\($0)" }))
        if postedNotifications.count > 64 { postedNotifications.removeFirst(postedNotifications.count - 64) }
        for observer in observers.values { observer(notification, argument) }
    }

    /// Whether an assistive technology is listening (the AT-SPI bridge is connected).
    public static var isVoiceOverRunning: Bool { !observers.isEmpty }

    /// The last notifications posted, oldest first (at most 64; arguments as text), for tests.
    public internal(set) static var postedNotifications: [(Notification, String?)] = []

    /// Told after each frame that drew something (the bridge looks for changed names and states).
    static var frameObserver: (@MainActor () -> Void)?
    /// Who hears focus move (the bridge): the first responder or the focused view changed.
    static var focusObserver: (@MainActor (UIResponder?, UIResponder?) -> Void)?

    /// Who hears posted notifications (the bridge), by a token.
    static var observers: [Int: @MainActor (Notification, Any?) -> Void] = [:]
}
