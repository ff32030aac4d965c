#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`: the standard library's `Synchronization.Mutex` with the same
/// `withLock`, but one that ThreadSanitizer understands.
///
/// `Synchronization.Mutex` on Linux takes an uncontended lock with an atomic compare-and-swap that
/// TSan sees, but hands a contended one over inside the kernel (`FUTEX_LOCK_PI`/`FUTEX_UNLOCK_PI`,
/// called from the uninstrumented standard library). TSan then sees no happens-before edge between
/// the thread that unlocks and the waiter that gets the lock, and reports what both do under the
/// lock as a data race that cannot happen. TSan intercepts `pthread_mutex_lock`/`unlock`, so the
/// modules the server and remote-backend tests exercise lock with this type, and a report from
/// `scripts/test-tsan` is a real race. Uncontended, a pthread mutex costs the same as the futex
/// (one atomic each way); contended, it parks the waiter in the kernel as well.
package final class PthreadMutex<Value: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    /// A mutex holding `initialValue`.
    package init(_ initialValue: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns, as
    /// `Synchronization.Mutex.withLock`. `body` must not lock this mutex again (it would deadlock).
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed with \(locked)")
        defer {
            let unlocked = pthread_mutex_unlock(mutex)
            precondition(unlocked == 0, "pthread_mutex_unlock failed with \(unlocked)")
        }
        return try body(&value.pointee)
    }
}
