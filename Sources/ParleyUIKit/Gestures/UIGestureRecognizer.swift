import Foundation

/// Decides how a gesture recognizer interacts with touches and with other recognizers, as UIKit's
/// `UIGestureRecognizerDelegate`. Every method is optional (the defaults are UIKit's).
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `.possible` (default true).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the two may recognize at the same time (default false).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` waits for `otherGestureRecognizer` to fail (default false).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether `otherGestureRecognizer` waits for `gestureRecognizer` to fail (default false).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the recognizer sees `touch` at all (default true).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
}

extension UIGestureRecognizerDelegate {
    /// Begins by default.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Exclusive by default.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// No failure requirement by default.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// No failure requirement by default.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Receives every touch by default.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
}

/// Turns touches into a gesture, with UIKit's state machine, as `UIGestureRecognizer`.
///
/// Discrete gestures (tap) go `.possible` → `.ended` (`.recognized`) or `.failed`; continuous ones
/// (pan, long press) go `.possible` → `.began` → `.changed`… → `.ended` or `.cancelled`. Handlers
/// run on every transition except to `.failed` and `.possible`. When a recognizer recognizes, the
/// others on the same touches fail unless a delegate lets them recognize simultaneously, and if
/// `cancelsTouchesInView` the views get `touchesCancelled`.
///
/// Linux has no selectors: instead of `init(target:action:)`, pass a handler closure
/// (`init(handler:)`, `addHandler(_:)`).
@preconcurrency @MainActor
open class UIGestureRecognizer {
    /// The states of a recognizer.
    public enum State: Int, Sendable {
        /// Not recognized yet (the starting state).
        case possible
        /// A continuous gesture started.
        case began
        /// A continuous gesture changed.
        case changed
        /// The gesture ended (or a discrete gesture was recognized).
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// The touches are not this gesture.
        case failed

        /// A discrete gesture was recognized (same as `.ended`).
        public static let recognized = State.ended
    }

    private var storedState: State = .possible
    /// A transition held back until the recognizers this one requires to fail have failed.
    var pendingState: State?
    // `final`, as `shouldBeginHook`: stored closures of main-actor type in the class's vtable
    // made Swift 6.0 mangle their getters two ways in subclasses compiled in another batch (a
    // clean build failed to link UIHoverGestureRecognizer); nothing overrides them.
    private final var handlers: [@MainActor (UIGestureRecognizer) -> Void] = []
    private var failureRequirements: [WeakGestureRecognizer] = []
    /// The touches this recognizer is tracking, in order.
    var trackedTouches: [UITouch] = []
    /// The last event delivered (for cancelling touches in views).
    var lastEvent: UIEvent?

    /// The current state; subclasses set it to move through the state machine.
    open var state: State {
        get { storedState }
        set { transition(to: newValue) }
    }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?
    /// Disabled recognizers receive no touches (disabling one mid-gesture cancels it).
    open var isEnabled = true {
        didSet { if !isEnabled, storedState == .began || storedState == .changed { state = .cancelled } }
    }
    /// Whether recognizing cancels the touches in the view (default true).
    open var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan` waits until this recognizer fails (accepted; not implemented: touches are never delayed).
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits until this recognizer fails (accepted; not implemented: touches are never delayed).
    open var delaysTouchesEnded = true
    /// The delegate.
    open weak var delegate: UIGestureRecognizerDelegate?
    /// A name for debugging.
    open var name: String?

    /// Internal veto a view places on its own recognizers (UIScrollView uses it), as UIKit's
    /// `UIView.gestureRecognizerShouldBegin(_:)`.
    final var shouldBeginHook: (@MainActor (UIGestureRecognizer) -> Bool)?

    /// A recognizer with no handler.
    public init() {}

    /// A recognizer that calls `handler` on every state transition (the closure form of UIKit's
    /// `init(target:action:)`).
    public init(handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Adds a handler called on every state transition (the closure form of `addTarget(_:action:)`).
    open func addHandler(_ handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Removes every handler.
    open func removeAllHandlers() { handlers.removeAll() }

    /// Makes this recognizer wait until `otherGestureRecognizer` fails before it recognizes.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        failureRequirements.append(WeakGestureRecognizer(otherGestureRecognizer))
    }

    /// How many touches the recognizer is tracking.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in `view`'s coordinates.
    open func location(in view: UIView?) -> CGPoint {
        guard !trackedTouches.isEmpty else { return lastLocation(in: view) }
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in trackedTouches {
            let p = touch.location(in: view)
            x += p.x; y += p.y
        }
        let n = CGFloat(trackedTouches.count)
        return CGPoint(x: x / n, y: y / n)
    }

    /// Where one tracked touch is.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else { return .zero }
        return trackedTouches[touchIndex].location(in: view)
    }

    private var lastWindowLocation: CGPoint = .zero
    private weak var lastWindow: UIWindow?

    private func lastLocation(in view: UIView?) -> CGPoint {
        guard let view, let lastWindow else { return lastWindowLocation }
        return view.convert(lastWindowLocation, from: lastWindow)
    }

    // MARK: Touches (subclasses override; call super)

    /// Touches began in the view or a subview.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked touches lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked touches were cancelled.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if storedState == .began || storedState == .changed { state = .cancelled } else if storedState == .possible { state = .failed }
    }

    /// Stops tracking a touch.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        touch.gestureRecognizers?.removeAll { $0 === self }
    }

    /// Returns to `.possible` after a gesture; subclasses clear their state here (call super).
    open func reset() {
        storedState = .possible
        pendingState = nil
        trackedTouches.removeAll()
    }

    /// Whether this recognizer keeps `preventedGestureRecognizer` from recognizing (default true).
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer` keeps this one from recognizing (default true).
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this recognizer waits for `otherGestureRecognizer` to fail (default false).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` waits for this one to fail (default false).
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    // MARK: State machine

    /// Whether this recognizer must wait for `other` to fail.
    func requiresFailure(of other: UIGestureRecognizer) -> Bool {
        if other === self { return false }
        if failureRequirements.contains(where: { $0.value === other }) { return true }
        if shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self) { return true }
        if delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true { return true }
        if other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true { return true }
        return false
    }

    /// Whether the two may be recognized together.
    func recognizesSimultaneously(with other: UIGestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    private func transition(to newState: State) {
        let old = storedState
        guard old != newState || newState == .changed else { return }
        switch (old, newState) {
        case (.possible, .began), (.possible, .ended):
            guard delegate?.gestureRecognizerShouldBegin(self) ?? true, shouldBeginHook?(self) ?? true,
                  !GestureArena.shared.isPrevented(self) else {
                fail()
                return
            }
            if GestureArena.shared.mustWait(self) {
                pendingState = newState
                return
            }
            commitRecognition(newState)
        case (.possible, .failed):
            fail()
        case (.possible, .changed), (.possible, .cancelled):
            // Not a legal move from .possible: treat cancelling as failing and ignore the rest.
            if newState == .cancelled { fail() }
        case (.began, _), (.changed, _):
            guard newState != .possible, newState != .began else { return }
            storedState = newState == .failed ? .cancelled : newState
            sendActions()
        default:
            storedState = newState
        }
    }

    /// Applies a held-back or immediate recognition (`.began` or `.ended`).
    func commitRecognition(_ newState: State) {
        pendingState = nil
        storedState = newState
        GestureArena.shared.didRecognize(self)
        sendActions()
    }

    func fail() {
        pendingState = nil
        storedState = .failed
        GestureArena.shared.didFail(self)
    }

    private func sendActions() {
        if let touch = trackedTouches.first {
            lastWindowLocation = location(in: nil)
            lastWindow = touch.window
        }
        for handler in handlers { handler(self) }
    }

    /// Calls the handlers without a state transition (hover recognizers, which take no touches).
    func callHandlers() {
        for handler in handlers { handler(self) }
    }

    /// The pointer buttons whose clicks the recognizer takes (the primary by default; taps can
    /// ask for the secondary with `buttonMaskRequired`).
    var acceptedButtons: UIEvent.ButtonMask { .primary }

    /// Remembers the last location so `location(in:)` answers after the touches ended.
    func rememberLocation() {
        guard let touch = trackedTouches.first else { return }
        lastWindowLocation = location(in: nil)
        lastWindow = touch.window
    }
}

/// A weak reference to a recognizer (failure requirements must not keep recognizers alive).
struct WeakGestureRecognizer {
    weak var value: UIGestureRecognizer?
    init(_ value: UIGestureRecognizer) { self.value = value }
}
