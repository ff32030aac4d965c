import Foundation

/// The main loop of a real application.
///
/// On Linux nothing drains the main dispatch queue while a program sits in its own event loop,
/// so the loop does it: `RunLoop.main.run(mode:before:)` with a past date services the main
/// queue's port (CoreFoundation calls `_dispatch_main_queue_callback_4CF`) and fires due
/// `Timer`s without blocking. Waiting happens in the backend, which wakes up for window-system
/// events and — through a waker thread watching the main queue's port — for newly enqueued
/// main-queue work, so an idle window costs no CPU.
///
/// This must run on the main thread outside any main-queue job: call it from top-level code in
/// `main.swift` (which `UIApplicationMain` is). Under Swift's async `main` (or a test runner that
/// called `dispatch_main()`) the main queue is drained by dispatch itself and must not be drained
/// here; tests drive frames through `HeadlessBackend` instead.
extension UIApplication {
    /// Runs the loop until `terminate()` or the last window closes, then exits the process.
    func run() -> Never {
        FrameScheduler.shared.isDriven = true
        while !isTerminating {
            runIteration()
        }
        delegate?.applicationWillTerminate(self)
        exit(0)
    }

    /// One turn of the loop: events, main queue, frame, then sleep until there is work.
    func runIteration() {
        pumpEvents()
        drainMainQueue()
        let now = backend.currentTime
        if wantsFrame || (FrameScheduler.shared.nextTimerDeadline ?? .infinity) <= now {
            if FrameScheduler.shared.hasActiveTickers && now < nextFrameTime {
                // Animating: keep to the display's pace.
            } else {
                performFrame(at: now)
            }
        }
        guard !isTerminating else { return }
        backend.waitForEvents(until: nextDeadline())
    }

    /// Handles every pending backend event.
    func pumpEvents() {
        var handled = 0
        while let event = backend.nextEvent() {
            handle(event)
            handled += 1
            // Keep frames flowing while a flood of motion events arrives.
            if handled > 256 { break }
        }
    }

    /// Runs the main queue's pending jobs and due `Timer`s, without blocking.
    func drainMainQueue() {
        _ = RunLoop.main.run(mode: .default, before: Date.distantPast)
        backend.mainQueueDrained()
    }

    /// When the loop must wake up next, in backend time (nil: only for events).
    private func nextDeadline() -> TimeInterval? {
        let now = backend.currentTime
        if FrameScheduler.shared.hasActiveTickers { return max(now, nextFrameTime) }
        if wantsFrame { return now }
        var deadline = FrameScheduler.shared.nextTimerDeadline
        // Foundation timers on the main run loop.
        if let limit = RunLoop.main.limitDate(forMode: .default), limit < Date.distantFuture {
            let due = now + max(0, limit.timeIntervalSinceNow)
            deadline = min(deadline ?? due, due)
        }
        return deadline
    }
}
