import Foundation

/// An action: a closure with a title, image and identifier, as UIKit's `UIAction`.
///
/// Linux has no Objective-C selectors, so Parley's controls take actions (closures) where UIKit
/// also offers target–selector pairs. This is the one place that difference lives.
@preconcurrency @MainActor
public final class UIAction {
    /// An identifier for removing the action later.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The identifier's text.
        public let rawValue: String
        /// Creates an identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates an identifier.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The title menus and buttons show.
    public let title: String
    /// The image menus and buttons show.
    public let image: UIImage?
    /// The identifier.
    public let identifier: Identifier
    /// Whether the action is destructive (shown in red).
    public let isDestructive: Bool
    let handler: @MainActor (UIAction) -> Void

    /// The control that sent the action, while the handler runs.
    public internal(set) weak var sender: AnyObject?

    /// An action.
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, isDestructive: Bool = false,
                handler: @escaping @MainActor (UIAction) -> Void) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.isDestructive = isDestructive
        self.handler = handler
    }
}

/// A view that sends actions in response to interaction: buttons, switches, text fields.
@preconcurrency @MainActor
open class UIControl: UIView {
    /// A control's state: a set of flags.
    public struct State: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates a state from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// No flags.
        public static let normal: State = []
        /// Touched down inside.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Not enabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
        /// Has keyboard focus.
        public static let focused = State(rawValue: 1 << 3)
    }

    /// Interaction events a control sends actions for.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates events from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch went down inside.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A second tap went down.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A touch moved inside.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A touch moved outside.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A touch entered the control.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A touch left the control.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A touch lifted inside: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch lifted outside.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// A semantic action (a button's primary action).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Editing began.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text changed.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Return ended editing.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    private var actions: [(action: UIAction, events: Event)] = []

    /// Whether the control responds to interaction; disabled controls draw dimmed.
    open var isEnabled = true { didSet { if isEnabled != oldValue { stateDidChange() } } }
    /// Whether the control is selected.
    open var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }
    /// Whether a touch is down inside.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }

    /// Whether the pointer rests over the control (Parley's hover state; UIKit's cell and button
    /// configuration states call it `isHovered`). ``hoverDidChange()`` runs when it changes.
    public internal(set) var isHovered = false { didSet { if isHovered != oldValue { hoverDidChange() } } }

    /// The pointer entered or left the control; buttons draw a hover background.
    open func hoverDidChange() {}

    /// The tooltip shown when the pointer rests over the control, as UIKit's `toolTip` (it adds
    /// a ``UIToolTipInteraction``).
    open var toolTip: String? {
        get { toolTipInteraction?.defaultToolTip }
        set {
            if let interaction = toolTipInteraction {
                interaction.defaultToolTip = newValue
            } else if let newValue {
                addInteraction(UIToolTipInteraction(defaultToolTip: newValue))
            }
        }
    }

    /// The control's tooltip interaction, if it has one.
    public var toolTipInteraction: UIToolTipInteraction? {
        interactions.lazy.compactMap { $0 as? UIToolTipInteraction }.first
    }

    /// Enabled controls take keyboard focus (text fields, buttons, switches).
    open override var canBecomeFocused: Bool { isEnabled && isUserInteractionEnabled }

    /// Controls are accessibility elements.
    override var defaultIsAccessibilityElement: Bool { true }

    /// The traits, with `.notEnabled` while disabled and `.selected` while selected.
    open override var accessibilityTraits: UIAccessibilityTraits {
        get {
            var traits = super.accessibilityTraits
            if !isEnabled { traits.insert(.notEnabled) }
            if isSelected { traits.insert(.selected) }
            return traits
        }
        set { super.accessibilityTraits = newValue }
    }

    /// Sends the control's actions as a tap would (nothing while disabled).
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        sendActions(for: .touchUpInside)
        return true
    }

    /// Return or Space on the focused control sends its actions as a click would; other keys go
    /// up the responder chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let activates = presses.contains { press in
            guard let key = press.key, key.modifierFlags.isDisjoint(with: [.control, .alternate, .command]) else { return false }
            return [.keyboardReturnOrEnter, .keypadEnter, .keyboardSpacebar].contains(key.keyCode)
        }
        if activates, isFocused, isEnabled, !(self is UIKeyInput) {
            sendActions(for: .touchUpInside)
            return
        }
        super.pressesBegan(presses, with: event)
    }

    /// The state flags.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// A control.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A control with a primary action, sent for `.primaryActionTriggered` (and taps).
    public convenience init(frame: CGRect = .zero, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Called when `state` changes; redraws by default.
    open func stateDidChange() { setNeedsDisplay() }

    /// Adds an action for events.
    open func addAction(_ action: UIAction, for events: Event) {
        actions.append((action, events))
    }

    /// Removes an action.
    open func removeAction(_ action: UIAction, for events: Event) {
        actions.removeAll { $0.action === action && !$0.events.isDisjoint(with: events) }
    }

    /// Removes an action by identifier.
    open func removeAction(identifiedBy identifier: UIAction.Identifier, for events: Event) {
        actions.removeAll { $0.action.identifier == identifier && !$0.events.isDisjoint(with: events) }
    }

    /// The closure form of target–action: `handler` runs for `events`.
    @discardableResult
    open func addHandler(for events: Event, _ handler: @escaping @MainActor () -> Void) -> UIAction {
        let action = UIAction { _ in handler() }
        addAction(action, for: events)
        return action
    }

    /// Sends the actions registered for `events` (taps also send `.primaryActionTriggered`).
    open func sendActions(for events: Event) {
        guard isEnabled else { return }
        var events = events
        if events.contains(.touchUpInside) { events.insert(.primaryActionTriggered) }
        for entry in actions where !entry.events.isDisjoint(with: events) {
            entry.action.sender = self
            entry.action.handler(entry.action)
            entry.action.sender = nil
        }
    }

    /// Events for which actions are registered.
    open var allControlEvents: Event { actions.reduce([]) { $0.union($1.events) } }

    // MARK: - Tracking (owned by the events engineer)
    // A control takes its touches for itself: enabled or not, it never passes them up the
    // responder chain (a disabled control is hit-tested, so it still shields what is behind it).

    /// Whether a touch is being tracked.
    open internal(set) var isTracking = false
    /// Whether the tracked touch is inside the bounds.
    open internal(set) var isTouchInside = false

    /// A touch went down inside; return false to stop tracking it.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch moved; return false to stop tracking it.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch lifted.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Tracking was cancelled.
    open func cancelTracking(with event: UIEvent?) {}

    /// Highlights and sends `.touchDown`.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    /// Follows the touch in and out of the bounds, highlighting while inside.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, isHighlighted || isTouchInside || isTracking, let touch = touches.first else { return }
        let inside = point(inside: touch.location(in: self), with: event)
        if inside != isTouchInside { sendActions(for: inside ? .touchDragEnter : .touchDragExit) }
        isTouchInside = inside
        isHighlighted = inside
        sendActions(for: inside ? .touchDragInside : .touchDragOutside)
        if isTracking { isTracking = continueTracking(touch, with: event) }
    }

    /// Sends `.touchUpInside` (a tap) or `.touchUpOutside`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first, isHighlighted || isTouchInside else { return }
        let inside = point(inside: touch.location(in: self), with: event)
        isHighlighted = false
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        isTouchInside = false
        sendActions(for: inside ? .touchUpInside : .touchUpOutside)
    }

    /// Unhighlights and sends `.touchCancel`.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isHighlighted || isTracking || isTouchInside else { return }
        isHighlighted = false
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        isTouchInside = false
        sendActions(for: .touchCancel)
    }
}
