import Foundation

/// Recognizes a drag, as UIKit's `UIPanGestureRecognizer`: a continuous gesture that begins once
/// the touch has moved 10 points, reports its translation from where it went down and its
/// velocity over the last 100 ms, and ends when it lifts.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Touches needed (default 1).
    open var minimumNumberOfTouches = 1
    /// Touches allowed (default unlimited).
    open var maximumNumberOfTouches = Int.max

    /// Movement, in points, before a pan begins.
    static let hysteresis: CGFloat = 10
    /// The window of motion the release velocity is measured over.
    static let velocityWindow: TimeInterval = 0.1

    /// Where the translation is measured from, in window coordinates.
    private var origin: CGPoint = .zero
    private var current: CGPoint = .zero
    private var samples: [(time: TimeInterval, point: CGPoint)] = []
    private weak var window: UIWindow?
    /// When the first touch went down (scroll views use it to mimic UIKit's delayed content touches).
    var touchDownTime: TimeInterval = 0
    /// Called when a touch goes down (a scroll view stops its momentum).
    var touchDownHook: (@MainActor () -> Void)?

    /// A pan recognizer calling `handler` on each transition.
    public override convenience init(handler: @escaping @MainActor (UIPanGestureRecognizer) -> Void) {
        self.init()
        addHandler { recognizer in
            guard let pan = recognizer as? UIPanGestureRecognizer else { return }
            handler(pan)
        }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        touchDownHook?()
        guard let touch = touches.first, state == .possible, samples.isEmpty else { return }
        window = touch.window
        origin = touch.location(in: nil)
        current = origin
        touchDownTime = touch.timestamp
        samples = [(touch.timestamp, origin)]
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let touch = touches.first else { return }
        current = touch.location(in: nil)
        record(time: touch.timestamp)
        switch state {
        case .possible:
            if hypot(current.x - origin.x, current.y - origin.y) >= Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if let touch = touches.first {
            current = touch.location(in: nil)
            record(time: touch.timestamp)
        }
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    private func record(time: TimeInterval) {
        samples.append((time, current))
        samples.removeAll { $0.time < time - Self.velocityWindow * 2 }
    }

    private func point(_ windowPoint: CGPoint, in view: UIView?) -> CGPoint {
        guard let view, let window else { return windowPoint }
        return view.convert(windowPoint, from: window)
    }

    /// How far the touch moved since it went down (or since `setTranslation`), in `view`'s coordinates.
    open func translation(in view: UIView?) -> CGPoint {
        let a = point(origin, in: view), b = point(current, in: view)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    /// Restarts the translation so that it reads `translation` now.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let now = point(current, in: view)
        let target = CGPoint(x: now.x - translation.x, y: now.y - translation.y)
        guard let view, let window else { origin = target; return }
        origin = window.convert(target, from: view)
    }

    /// The velocity over the last 100 ms, in points per second in `view`'s coordinates. A touch that
    /// paused before lifting has no velocity.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let last = samples.last else { return .zero }
        let now = max(last.time, FrameScheduler.shared.isDriven ? FrameScheduler.shared.now : last.time)
        guard now - last.time < 0.05 else { return .zero }
        let recent = samples.filter { $0.time >= last.time - Self.velocityWindow }
        guard let first = recent.first, last.time - first.time > 0.001 else { return .zero }
        let a = point(first.point, in: view), b = point(last.point, in: view)
        let dt = CGFloat(last.time - first.time)
        return CGPoint(x: (b.x - a.x) / dt, y: (b.y - a.y) / dt)
    }

    open override func reset() {
        super.reset()
        samples.removeAll()
    }
}
