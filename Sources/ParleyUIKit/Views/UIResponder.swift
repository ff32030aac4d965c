import Foundation

/// An object that can respond to events: views, view controllers, windows, the application.
///
/// The event methods are overridden by views and controls; touch delivery and first-responder
/// handling are driven by the application's run loop.
@MainActor
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
    public internal(set) static weak var currentFirstResponder: UIResponder?

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
}
