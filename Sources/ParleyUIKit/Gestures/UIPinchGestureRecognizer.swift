import Foundation

/// Recognizes two fingers moving apart or together, as UIKit's `UIPinchGestureRecognizer`: a
/// continuous gesture that begins once the distance between the two touches changed by 8 points,
/// reports `scale` (the distance now over the distance when they went down, times the scale last
/// set) and `velocity` (scale per second), and ends when a finger lifts. `location(in:)` is the
/// point between the fingers.
///
/// Touchscreen fingers come from the backend (SDL's finger events under X11 XInput2); touchpads
/// on X11 report no pinch to SDL 2, so on them zooming is the wheel's (a scroll view zooms with
/// it) or the keyboard's.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// How much the distance between the fingers must change before a pinch begins.
    static let hysteresis: CGFloat = 8

    /// The scale set last (`scale = 1` restarts it from the fingers' distance now).
    private var baseScale: CGFloat = 1
    /// The distance between the fingers `baseScale` refers to.
    private var referenceDistance: CGFloat = 0
    /// The distance when the second finger went down (for the hysteresis).
    private var startDistance: CGFloat = 0
    private var samples: [(time: TimeInterval, scale: CGFloat)] = []

    /// A pinch recognizer calling `handler` on each transition.
    public override convenience init(handler: @escaping @MainActor (UIPinchGestureRecognizer) -> Void) {
        self.init()
        addHandler { recognizer in
            guard let pinch = recognizer as? UIPinchGestureRecognizer else { return }
            handler(pinch)
        }
    }

    /// The distance between the fingers over their distance when the pinch started, times the
    /// scale set last. Setting it (apps set 1 after applying a change) restarts the measure.
    open var scale: CGFloat {
        get { referenceDistance > 0 ? baseScale * currentDistance / referenceDistance : baseScale }
        set {
            baseScale = newValue
            referenceDistance = currentDistance
            samples.removeAll()
        }
    }

    /// How fast the scale changes, in scale factor per second, over the last 100 ms.
    open var velocity: CGFloat {
        guard let last = samples.last, let first = samples.first(where: { $0.time >= last.time - 0.1 }),
              last.time - first.time > 0.001
        else { return 0 }
        return (last.scale - first.scale) / CGFloat(last.time - first.time)
    }

    /// The distance between the first two tracked touches, in window points.
    private var currentDistance: CGFloat {
        guard trackedTouches.count >= 2 else { return referenceDistance }
        let a = trackedTouches[0].location(in: nil), b = trackedTouches[1].location(in: nil)
        return hypot(b.x - a.x, b.y - a.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible, trackedTouches.count >= 2, startDistance == 0 else { return }
        startDistance = currentDistance
        referenceDistance = startDistance
        baseScale = 1
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard trackedTouches.count >= 2, startDistance > 0, let time = touches.first?.timestamp else { return }
        switch state {
        case .possible:
            if abs(currentDistance - startDistance) >= Self.hysteresis {
                // The scale starts from where the fingers were, not from after the hysteresis.
                record(time: time)
                state = .began
            }
        case .began, .changed:
            record(time: time)
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        switch state {
        case .began, .changed:
            // From here on the scale reads what it was with both fingers down.
            baseScale = scale
            referenceDistance = 0
            state = .ended
        case .possible:
            // Touches that lift before a second finger came, or before the pinch began.
            if trackedTouches.count <= touches.count { state = .failed }
        default:
            break
        }
    }

    private func record(time: TimeInterval) {
        samples.append((time, scale))
        samples.removeAll { $0.time < time - 0.2 }
    }

    open override func reset() {
        super.reset()
        baseScale = 1
        referenceDistance = 0
        startDistance = 0
        samples.removeAll()
    }
}

/// A scroll view's pinch: it and the scroll view's drag recognize together (the drag waits while
/// the pinch zooms), as UIKit's do. In this file: a subclass compiled in another file failed to
/// link against the class's convenience initializer.
final class ScrollViewPinchGestureRecognizer: UIPinchGestureRecognizer {
    weak var scrollView: UIScrollView?

    init(scrollView: UIScrollView) {
        self.scrollView = scrollView
        super.init()
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        preventedGestureRecognizer !== scrollView?.panGestureRecognizer
    }

    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        preventingGestureRecognizer !== scrollView?.panGestureRecognizer
    }
}
