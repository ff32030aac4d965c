import Foundation

/// Delivers touch events: hit-tests new touches, gives every touch to the gesture recognizers of
/// its view and the view's ancestors first, then to the view itself (unless a recognizer took it).
///
/// Invariants: a touch keeps the view it began in until it ends; a view that got
/// `touchesBegan` for a touch gets exactly one of `touchesEnded` or `touchesCancelled` for it.
@MainActor
final class TouchDispatcher {
    static let shared = TouchDispatcher()

    /// Touches that are down, by identifier.
    private(set) var touchesInProgress: [Int: UITouch] = [:]

    /// Delivers `changed` (phases already set) to recognizers and views.
    func dispatch(_ changed: [UITouch], event: UIEvent, in window: UIWindow) {
        let arena = GestureArena.shared
        for touch in changed where touch.phase == .began {
            touch.window = window
            let hit = window.hitTest(touch.windowLocation, with: event) ?? window
            touch.view = hit
            var recognizers: [UIGestureRecognizer] = []
            var view: UIView? = hit
            while let current = view {
                for recognizer in current.attachedGestureRecognizers where recognizer.isEnabled && !(recognizer is UIHoverGestureRecognizer)
                    && recognizer.acceptedButtons.contains(touch.isSecondaryClick ? .secondary : .primary) {
                    if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true { recognizers.append(recognizer) }
                }
                view = current.superview
            }
            touch.gestureRecognizers = recognizers
            if touch.isSecondaryClick { touch.isDeliveredToView = false }
            // A recognizer waiting for more touches (a double tap) fails if the next touch is not its own.
            for waiting in arena.active where waiting.state == .possible && waiting.trackedTouches.isEmpty
                && !recognizers.contains(where: { $0 === waiting }) {
                waiting.fail()
            }
            for recognizer in recognizers {
                arena.add(recognizer)
                recognizer.trackedTouches.append(touch)
            }
            touchesInProgress[touch.identifier] = touch
        }
        event.touchSet = Set(touchesInProgress.values).union(changed)

        // Recognizers first.
        for recognizer in arena.active {
            let mine = changed.filter { touch in recognizer.trackedTouches.contains { $0 === touch } }
            guard !mine.isEmpty else { continue }
            recognizer.lastEvent = event
            for phase in [UITouch.Phase.began, .moved, .ended, .cancelled] {
                let set = Set(mine.filter { $0.phase == phase })
                guard !set.isEmpty else { continue }
                let state = recognizer.state
                guard state == .possible || state == .began || state == .changed else { break }
                switch phase {
                case .began: recognizer.touchesBegan(set, with: event)
                case .moved: recognizer.touchesMoved(set, with: event)
                case .ended: recognizer.touchesEnded(set, with: event)
                default: recognizer.touchesCancelled(set, with: event)
                }
            }
        }

        // Then the views, grouped by view.
        for phase in [UITouch.Phase.began, .moved, .ended, .cancelled] {
            let touches = changed.filter { $0.phase == phase && $0.isDeliveredToView }
            for (view, set) in group(touches) {
                switch phase {
                case .began: view.touchesBegan(set, with: event)
                case .moved: view.touchesMoved(set, with: event)
                case .ended: view.touchesEnded(set, with: event)
                default: view.touchesCancelled(set, with: event)
                }
            }
        }

        // Forget finished touches.
        for touch in changed where touch.phase == .ended || touch.phase == .cancelled {
            touchesInProgress[touch.identifier] = nil
            for recognizer in touch.gestureRecognizers ?? [] {
                recognizer.rememberLocation()
                recognizer.trackedTouches.removeAll { $0 === touch }
            }
        }
        if touchesInProgress.isEmpty { arena.resetFinishedIfIdle() }
    }

    /// Sends `touchesCancelled` to the views of `touches` and stops delivering them to views.
    func cancelViewTouches(_ touches: [UITouch], event: UIEvent?) {
        let delivered = touches.filter { $0.isDeliveredToView }
        for touch in delivered { touch.isDeliveredToView = false }
        for (view, set) in group(delivered) {
            let previous = set.map { ($0, $0.phase) }
            for touch in set { touch.phase = .cancelled }
            view.touchesCancelled(set, with: event)
            for (touch, phase) in previous { touch.phase = phase }
        }
    }

    /// Cancels every touch in progress (a window closed or lost its scene).
    func cancelAll(in window: UIWindow? = nil, time: TimeInterval) {
        let touches = touchesInProgress.values.filter { window == nil || $0.window === window }
        guard let first = touches.first, let touchWindow = first.window else { return }
        for touch in touches { touch.phase = .cancelled; touch.timestamp = time }
        dispatch(Array(touches), event: UIEvent(type: .touches, timestamp: time), in: touchWindow)
    }

    private func group(_ touches: [UITouch]) -> [(UIView, Set<UITouch>)] {
        var result: [(UIView, Set<UITouch>)] = []
        for touch in touches {
            guard let view = touch.view else { continue }
            if let index = result.firstIndex(where: { $0.0 === view }) {
                result[index].1.insert(touch)
            } else {
                result.append((view, [touch]))
            }
        }
        return result
    }

    /// Forgets every touch (a fresh application, between tests).
    func reset() { touchesInProgress.removeAll() }
}
