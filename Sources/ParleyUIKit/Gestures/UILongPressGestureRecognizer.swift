import Foundation

/// Recognizes a press held in place, as UIKit's `UILongPressGestureRecognizer`: a continuous
/// gesture that begins once the touch has been down for `minimumPressDuration` without moving
/// more than `allowableMovement`, changes as it moves, and ends when it lifts.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the touch must be held, in seconds (default 0.5).
    open var minimumPressDuration: TimeInterval = 0.5
    /// How far the touch may move before the gesture begins, in points (default 10).
    open var allowableMovement: CGFloat = 10
    /// Taps before the press (accepted; only 0 is supported).
    open var numberOfTapsRequired = 0
    /// Touches needed (default 1).
    open var numberOfTouchesRequired = 1

    private var start: CGPoint = .zero
    private var timer: FrameScheduler.Timer?

    /// A long-press recognizer calling `handler` on each transition.
    public override convenience init(handler: @escaping @MainActor (UILongPressGestureRecognizer) -> Void) {
        self.init()
        addHandler { recognizer in
            guard let press = recognizer as? UILongPressGestureRecognizer else { return }
            handler(press)
        }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard let touch = touches.first, timer == nil, state == .possible else { return }
        start = touch.location(in: nil)
        timer = FrameScheduler.shared.schedule(after: minimumPressDuration) { [weak self] in
            guard let self else { return }
            self.timer = nil
            if self.state == .possible, !self.trackedTouches.isEmpty { self.state = .began }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        switch state {
        case .possible:
            guard let touch = touches.first else { return }
            let p = touch.location(in: nil)
            if hypot(p.x - start.x, p.y - start.y) > allowableMovement {
                timer?.cancel()
                timer = nil
                state = .failed
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        timer?.cancel()
        timer = nil
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        timer?.cancel()
        timer = nil
        super.touchesCancelled(touches, with: event)
    }

    open override func reset() {
        super.reset()
        timer?.cancel()
        timer = nil
    }
}
