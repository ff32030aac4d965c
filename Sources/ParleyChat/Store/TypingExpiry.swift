import Foundation

/// One timer on the clock for the earliest pending typing expiry: when it fires, expired typing
/// rows are deleted (which publishes the change) and the timer re-arms for the next one. The
/// embedded backend arms it for its users; a remote backend's store for the indicators a server
/// relays.
final class TypingExpiry: Sendable {
    private let store: ChatStore
    private let clock: any ChatClock
    private let task = PthreadMutex<Task<Void, Never>?>(nil)

    init(store: ChatStore, clock: any ChatClock) {
        self.store = store
        self.clock = clock
    }

    deinit {
        task.withLock { $0?.cancel() }
    }

    /// Makes sure expired rows are deleted at `deadline` (and later ones after it).
    func schedule(at deadline: Date) {
        task.withLock { task in
            task?.cancel()
            task = Task { [store, clock] in
                var next: Date? = deadline
                while let due = next, !Task.isCancelled {
                    do {
                        try await clock.sleep(until: due)
                        let now = clock.now()
                        let following = try await store.write { db in
                            try StoreWriter(db: db, now: now).expireTyping()
                        }
                        next = following.map(Date.init(millisecondsSince1970:))
                    } catch {
                        return  // cancelled, or the store failed: readers still hide expired rows
                    }
                }
            }
        }
    }
}
