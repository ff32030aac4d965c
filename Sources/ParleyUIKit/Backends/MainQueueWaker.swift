import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// libdispatch's handle for the main queue on Linux: an eventfd that becomes readable when work
/// is enqueued on the main queue while nobody drains it (CoreFoundation waits on it too).
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

/// Wakes the application's loop when main-queue work arrives while it sleeps in the window
/// system's wait: a thread watches the main queue's eventfd and pokes the backend, then waits
/// until the loop has drained the queue before watching again (so it never spins).
final class MainQueueWaker: @unchecked Sendable {
    static let shared = MainQueueWaker()

    private let lock = NSLock()
    private var awaitingDrain = false
    private let drained = DispatchSemaphore(value: 0)
    private var started = false
    private lazy var handle: Int32 = dispatchMainQueueHandle()

    /// Starts the watcher thread; `wake` runs on that thread each time work arrives.
    func start(wake: @escaping @Sendable () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard !started else { return }
        started = true
        let fd = handle
        let thread = Thread { [self] in
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while true {
                pfd.revents = 0
                let ready = poll(&pfd, 1, -1)
                if ready < 0 { if errno == EINTR { continue } else { return } }
                guard ready > 0 else { continue }
                self.lock.lock()
                self.awaitingDrain = true
                self.lock.unlock()
                wake()
                self.drained.wait()
            }
        }
        thread.name = "parley.main-queue-waker"
        thread.start()
    }

    /// Called by the loop after it drained the main queue.
    func acknowledgeDrain() {
        lock.lock()
        let waiting = awaitingDrain
        awaitingDrain = false
        lock.unlock()
        if waiting { drained.signal() }
    }

    /// Sleeps on the main thread until main-queue work arrives or `timeout` seconds pass.
    func waitForMainQueue(timeout: TimeInterval) {
        var pfd = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
        _ = poll(&pfd, 1, Int32(max(0, min(timeout, 3600)) * 1000))
    }
}
