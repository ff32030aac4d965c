import Foundation

/// Recognizes one or more taps, as UIKit's `UITapGestureRecognizer`: a discrete gesture that
/// recognizes when the last required tap lifts, and fails if a touch moves more than 10 points,
/// or the next tap does not start within 0.35 s.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed (default 1).
    open var numberOfTapsRequired = 1
    /// Touches needed per tap (default 1).
    open var numberOfTouchesRequired = 1
    /// The pointer button that must click, as UIKit's `buttonMaskRequired`: `.primary` (the
    /// default) or `.secondary` for a right-click recognizer. Fingers count as primary.
    open var buttonMaskRequired: UIEvent.ButtonMask = .primary

    override var acceptedButtons: UIEvent.ButtonMask { buttonMaskRequired }

    /// How far a touch may move and still be a tap, in points.
    static let allowableMovement: CGFloat = 10
    /// The longest pause between the taps of a multi-tap.
    static let maximumTapInterval: TimeInterval = 0.35

    private var taps = 0
    private var start: CGPoint = .zero
    private var firstTapLocation: CGPoint?
    private var intervalTimer: FrameScheduler.Timer?
    var isBetweenTaps: Bool { intervalTimer != nil }

    /// A tap recognizer calling `handler` when it recognizes.
    public override convenience init(handler: @escaping @MainActor (UITapGestureRecognizer) -> Void) {
        self.init()
        addHandler { recognizer in
            guard let tap = recognizer as? UITapGestureRecognizer else { return }
            handler(tap)
        }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        intervalTimer?.cancel()
        intervalTimer = nil
        guard let touch = touches.first else { return }
        start = touch.location(in: nil)
        if let first = firstTapLocation, hypot(first.x - start.x, first.y - start.y) > 45 {
            state = .failed
            return
        }
        if firstTapLocation == nil { firstTapLocation = start }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .possible, let touch = touches.first else { return }
        let p = touch.location(in: nil)
        if hypot(p.x - start.x, p.y - start.y) > Self.allowableMovement { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard state == .possible, trackedTouches.count <= touches.count else { return }
        taps += 1
        if taps >= numberOfTapsRequired {
            state = .ended
        } else {
            intervalTimer = FrameScheduler.shared.schedule(after: Self.maximumTapInterval) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.intervalTimer = nil
                self.state = .failed
            }
        }
    }

    open override func reset() {
        super.reset()
        taps = 0
        firstTapLocation = nil
        intervalTimer?.cancel()
        intervalTimer = nil
    }
}
