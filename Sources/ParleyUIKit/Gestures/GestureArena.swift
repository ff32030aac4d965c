import Foundation

/// The recognizers taking part in the current touch sequence and the rules between them:
/// exclusivity (one recognizes, the others fail unless simultaneous), failure requirements
/// (`require(toFail:)` holds a recognition back until the other fails) and cancelling the views'
/// touches when a recognizer with `cancelsTouchesInView` recognizes.
@MainActor
final class GestureArena {
    static let shared = GestureArena()

    /// Recognizers with tracked touches, or waiting (a tap waiting for its second tap).
    private(set) var active: [UIGestureRecognizer] = []
    private var cleanupScheduled = false

    func add(_ recognizer: UIGestureRecognizer) {
        if !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
    }

    /// Whether another recognizer that already recognized keeps `recognizer` from recognizing.
    func isPrevented(_ recognizer: UIGestureRecognizer) -> Bool {
        active.contains { other in
            other !== recognizer
                && (other.state == .began || other.state == .changed || other.state == .ended)
                && !recognizer.recognizesSimultaneously(with: other)
                && other.canPrevent(recognizer) && recognizer.canBePrevented(by: other)
        }
    }

    /// Whether `recognizer` must wait: a recognizer it requires to fail is still possible.
    func mustWait(_ recognizer: UIGestureRecognizer) -> Bool {
        active.contains { other in other !== recognizer && other.state == .possible && recognizer.requiresFailure(of: other) }
    }

    func didRecognize(_ recognizer: UIGestureRecognizer) {
        for other in active where other !== recognizer && other.state == .possible {
            let excluded = !recognizer.recognizesSimultaneously(with: other) && recognizer.canPrevent(other) && other.canBePrevented(by: recognizer)
            if excluded || other.requiresFailure(of: recognizer) { other.fail() }
        }
        if recognizer.cancelsTouchesInView {
            TouchDispatcher.shared.cancelViewTouches(recognizer.trackedTouches, event: recognizer.lastEvent)
        }
        scheduleCleanup()
    }

    func didFail(_ recognizer: UIGestureRecognizer) {
        // A failure may release recognizers that were waiting on it.
        for other in active where other.state == .possible && other.pendingState != nil {
            guard !mustWait(other), let pending = other.pendingState else { continue }
            if isPrevented(other) { other.fail() } else { other.commitRecognition(pending) }
        }
        scheduleCleanup()
    }

    /// Resets finished recognizers once no touch is down (UIKit resets at the end of a sequence).
    func resetFinishedIfIdle() {
        guard TouchDispatcher.shared.touchesInProgress.isEmpty else { return }
        let finished = active.filter { $0.state == .ended || $0.state == .cancelled || $0.state == .failed }
        active.removeAll { r in finished.contains { $0 === r } || (r.state == .possible && r.trackedTouches.isEmpty && r.pendingState == nil && !r.isWaitingForMoreTouches) }
        for recognizer in finished { recognizer.reset() }
    }

    private func scheduleCleanup() {
        guard !cleanupScheduled else { return }
        cleanupScheduled = true
        FrameScheduler.shared.schedule(after: 0) { [weak self] in
            self?.cleanupScheduled = false
            self?.resetFinishedIfIdle()
        }
    }

    /// Forgets every recognizer (a fresh application, between tests).
    func reset() {
        for recognizer in active { recognizer.reset() }
        active.removeAll()
    }
}

extension UIGestureRecognizer {
    /// Whether a recognizer with no touches still waits for more (a multi-tap between taps).
    var isWaitingForMoreTouches: Bool { (self as? UITapGestureRecognizer)?.isBetweenTaps ?? false }
}
