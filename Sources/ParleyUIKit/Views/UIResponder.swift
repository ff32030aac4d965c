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
