import Foundation

/// An object that can respond to events: views, view controllers, windows, the application.
///
/// The event methods are overridden by views and controls; touch delivery and first-responder
/// handling are driven by the application's run loop.
@preconcurrency @MainActor
open class UIResponder {
    /// A responder.
    public init() {}

    /// The next responder in the chain (a view's superview or view controller, and so on).
    open var next: UIResponder? { nil }

    /// Whether this responder accepts first-responder status (text input does).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether this responder gives up first-responder status when asked.
    open var canResignFirstResponder: Bool { true }
    /// Whether this responder is the first responder of its window.
    open var isFirstResponder: Bool { UIResponder.currentFirstResponder === self }

    /// The first responder, if any (Parley keeps one for the whole application).
    public internal(set) static weak var currentFirstResponder: UIResponder? {
        didSet { if oldValue !== currentFirstResponder { UIAccessibility.focusObserver?(oldValue, currentFirstResponder) } }
    }

    /// Makes this the first responder; returns whether it became it.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if UIResponder.currentFirstResponder === self { return true }
        if let current = UIResponder.currentFirstResponder, !current.resignFirstResponder() { return false }
        UIResponder.currentFirstResponder = self
        return true
    }

    /// Gives up first-responder status; returns whether it did.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if UIResponder.currentFirstResponder === self { UIResponder.currentFirstResponder = nil }
        return true
    }

    // MARK: - Accessibility (UIKit declares these on NSObject; Parley on its root class)

    /// What was set of the accessibility properties (nil until one is).
    var accessibilityStore: AccessibilityStore?
    private var store: AccessibilityStore {
        if let accessibilityStore { return accessibilityStore }
        let made = AccessibilityStore()
        accessibilityStore = made
        return made
    }

    /// Whether assistive technologies treat this as one element (its subviews are not read).
    open var isAccessibilityElement: Bool {
        get { accessibilityStore?.isElement ?? defaultIsAccessibilityElement }
        set { store.isElement = newValue }
    }
    /// What assistive technologies read as the element's name.
    open var accessibilityLabel: String? {
        get { accessibilityStore?.label ?? defaultAccessibilityLabel }
        set { store.label = newValue }
    }
    /// The element's current value (a text field's text, a slider's position).
    open var accessibilityValue: String? {
        get { accessibilityStore?.value ?? defaultAccessibilityValue }
        set { store.value = newValue }
    }
    /// What activating the element does, read after a pause ("Opens the channel").
    open var accessibilityHint: String? {
        get { accessibilityStore?.hint }
        set { store.hint = newValue }
    }
    /// What the element is and its state (button, header, selected, not enabled, ...).
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibilityStore?.traits ?? defaultAccessibilityTraits }
        set { store.traits = newValue }
    }
    /// The element's frame in window coordinates (views compute it from their bounds).
    open var accessibilityFrame: CGRect {
        get { accessibilityStore?.frame ?? .zero }
        set { store.frame = newValue }
    }
    /// The elements of a container, in reading order (nil: a view's subviews, in order).
    open var accessibilityElements: [Any]? {
        get { accessibilityStore?.elements }
        set { store.elements = newValue }
    }
    /// What kind of container this is (a list reads as a list).
    open var accessibilityContainerType: UIAccessibilityContainerType {
        get { accessibilityStore?.containerType ?? defaultAccessibilityContainerType }
        set { store.containerType = newValue }
    }
    /// Actions offered besides activation (react, reply), in order.
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get { accessibilityStore?.customActions }
        set { store.customActions = newValue }
    }
    /// Hides the elements inside this one from assistive technologies.
    open var accessibilityElementsHidden: Bool {
        get { accessibilityStore?.elementsHidden ?? false }
        set { store.elementsHidden = newValue }
    }
    /// Activates the element as a double tap of VoiceOver would; returns whether it did
    /// (controls send their primary action; the default does nothing).
    open func accessibilityActivate() -> Bool { false }

    /// This module's defaults for the properties above (labels, buttons, text inputs, lists).
    var defaultIsAccessibilityElement: Bool { false }
    var defaultAccessibilityLabel: String? { nil }
    var defaultAccessibilityValue: String? { nil }
    var defaultAccessibilityTraits: UIAccessibilityTraits { [] }
    var defaultAccessibilityContainerType: UIAccessibilityContainerType { .none }

    /// The keyboard shortcuts this responder offers while it is in the responder chain, as
    /// UIKit's `keyCommands` (see ``UIKeyCommand``); read each time a key goes down.
    open var keyCommands: [UIKeyCommand]? { nil }

    // MARK: - Events (touches and presses; the default passes them up the responder chain, as UIKit's)

    /// Touches went down in the view that received them.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// Touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// Touches lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// Touches were cancelled (a gesture recognizer took them, or the view left the window).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    /// Keys went down; the first responder gets them first.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesBegan(presses, with: event) }
    /// Keys changed.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesChanged(presses, with: event) }
    /// Keys went up.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesEnded(presses, with: event) }
    /// Key presses were cancelled.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesCancelled(presses, with: event) }
}

/// The accessibility properties a responder was given.
final class AccessibilityStore {
    var isElement: Bool?
    var label: String?
    var value: String?
    var hint: String?
    var traits: UIAccessibilityTraits?
    var frame: CGRect?
    var elements: [Any]?
    var containerType: UIAccessibilityContainerType?
    var customActions: [UIAccessibilityCustomAction]?
    var elementsHidden = false
}
