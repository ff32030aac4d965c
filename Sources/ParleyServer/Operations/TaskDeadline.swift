import ParleyChat

/// `task`'s result, or nil when it has not finished within `limit` (the task is then left
/// running: a wait that ignores cancellation cannot be ended from here, only stopped waiting for).
func awaitResult<T: Sendable>(of task: Task<T, any Error>, within limit: Duration) async -> Result<T, any Error>? {
    let first = FirstAnswer<Result<T, any Error>?>()
    return await withCheckedContinuation { continuation in
        first.waiter.withLock { $0 = continuation }
        Task { first.give(await task.result) }
        Task {
            try? await Task.sleep(for: limit)
            first.give(nil)
        }
    }
}

/// The first of two answers resumes the waiter; the later one is dropped.
private final class FirstAnswer<Value: Sendable>: Sendable {
    let waiter = PthreadMutex<CheckedContinuation<Value, Never>?>(nil)

    func give(_ value: Value) {
        waiter.withLock { $0.take() }?.resume(returning: value)
    }
}
