import Foundation
import GRDB
import Synchronization

/// The writes waiting for the next group commit, in arrival order.
final class PendingWrites: Sendable {
    private let queue = Mutex<[any GroupedWrite]>([])

    func enqueue(_ write: any GroupedWrite) {
        queue.withLock { $0.append(write) }
    }

    /// Takes every queued write (at most one per request in flight). Taking them all means a
    /// caller's own turn at the writer always finds its write done or in its batch.
    func takeBatch() -> [any GroupedWrite] {
        queue.withLock { queue in
            defer { queue = [] }
            return queue
        }
    }

    /// Takes `write` back; `false` when a commit already took it.
    func remove(_ write: any GroupedWrite) -> Bool {
        queue.withLock { queue in
            guard let index = queue.firstIndex(where: { $0 === write }) else { return false }
            queue.remove(at: index)
            return true
        }
    }
}

/// A write in a group commit, its result type erased.
protocol GroupedWrite: AnyObject, Sendable {
    /// Runs the body in a savepoint of the open transaction, keeping its result or error.
    func run(in db: Database)
    /// The transaction did not commit: the write fails with `error`.
    func abort(_ error: any Error)
    /// The transaction committed: runs `afterCommit` when the body succeeded.
    func committed()
    /// The commit that took the write is over (wakes ``PendingWrite/waitUntilFinished()``).
    func finish()
}

/// One caller's write: its body, what runs after the commit, and the outcome.
final class PendingWrite<T: Sendable>: GroupedWrite {
    private struct State {
        var body: (@Sendable (any ServerTransaction) throws -> T)?
        var afterCommit: (@Sendable (T) -> Void)?
        var outcome: Result<T, any Error>?
        var isFinished = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state: Mutex<State>

    init(body: @escaping @Sendable (any ServerTransaction) throws -> T, afterCommit: @escaping @Sendable (T) -> Void) {
        state = Mutex(State(body: body, afterCommit: afterCommit))
    }

    func run(in db: Database) {
        guard let body = state.withLock({ $0.body }) else { return }
        let outcome: Result<T, any Error>
        do {
            var value: T?
            try db.inSavepoint {
                value = try body(SQLiteTransaction(db: db, now: Date.ms(Date().ms)))
                return .commit
            }
            guard let value else { throw DatabaseError(resultCode: .SQLITE_ERROR, message: "write without result") }
            outcome = .success(value)
        } catch {
            outcome = .failure(error)
        }
        state.withLock { $0.outcome = outcome }
    }

    func abort(_ error: any Error) {
        state.withLock { state in
            if case .failure = state.outcome { return }
            state.outcome = .failure(error)
        }
    }

    func committed() {
        let (afterCommit, outcome) = state.withLock { ($0.afterCommit, $0.outcome) }
        if case .success(let value) = outcome { afterCommit?(value) }
    }

    func finish() {
        let waiter = state.withLock { state in
            state.isFinished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once the commit that took this write has ended.
    func waitUntilFinished() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isFinished = state.withLock { state in
                if !state.isFinished { state.waiter = continuation }
                return state.isFinished
            }
            if isFinished { continuation.resume() }
        }
    }

    /// Drops the closures: they must not outlive the caller's `write`.
    func releaseClosures() {
        state.withLock { state in
            state.body = nil
            state.afterCommit = nil
        }
    }

    /// The body's value, or its (or the commit's) error.
    func result() throws -> T {
        guard let outcome = state.withLock({ $0.outcome }) else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "the write was not run")
        }
        return try outcome.get()
    }
}
