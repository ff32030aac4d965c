import Foundation
import GRDB
import ParleyChat

/// The writes waiting for the next group commit, in arrival order (shared by the SQLite and the
/// PostgreSQL engines).
final class PendingWrites: Sendable {
    private let queue = PthreadMutex<[any GroupedWrite]>([])
    /// Whether a committer owns the queue (see ``enqueueClaimingCommitter(_:)``).
    private let hasCommitter = PthreadMutex(false)

    func enqueue(_ write: any GroupedWrite) {
        queue.withLock { $0.append(write) }
    }

    /// Queues `write`; `true` when no committer owns the queue, and the caller now is it (it must
    /// take batches until ``takeBatchOrRetire()`` answers `nil`).
    func enqueueClaimingCommitter(_ write: any GroupedWrite) -> Bool {
        hasCommitter.withLock { hasCommitter in
            queue.withLock { $0.append(write) }
            defer { hasCommitter = true }
            return !hasCommitter
        }
    }

    /// The committer's next batch: every queued write, or `nil` (and the committer retires) when
    /// none is queued.
    func takeBatchOrRetire() -> [any GroupedWrite]? {
        hasCommitter.withLock { hasCommitter in
            let batch = takeBatch()
            if batch.isEmpty { hasCommitter = false }
            return batch.isEmpty ? nil : batch
        }
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

/// The open transaction of a group commit, as its writes see it: each body runs in a savepoint,
/// so a failing one undoes only its own changes.
protocol GroupCommitScope {
    /// Runs `body` in a savepoint (released when it returns, rolled back when it throws).
    func inSavepoint<T>(_ body: (any ServerTransaction) throws -> T) throws -> T
}

/// SQLite's group commit scope: a GRDB savepoint and a transaction view with its own time.
struct SQLiteGroupCommitScope: GroupCommitScope {
    let db: Database

    func inSavepoint<T>(_ body: (any ServerTransaction) throws -> T) throws -> T {
        var value: T?
        try db.inSavepoint {
            value = try body(SQLiteTransaction(db: db, now: Date.ms(Date().ms)))
            return .commit
        }
        guard let value else { throw DatabaseError(resultCode: .SQLITE_ERROR, message: "write without result") }
        return value
    }
}

/// A write in a group commit, its result type erased.
protocol GroupedWrite: AnyObject, Sendable {
    /// The channel the write appends to, when the caller named it (`nil`: unknown, or several).
    var channel: String? { get }
    /// Runs the body in a savepoint of the open transaction, keeping its result or error.
    func run(in scope: some GroupCommitScope)
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

    private let state: PthreadMutex<State>
    let channel: String?

    init(
        channel: String? = nil, body: @escaping @Sendable (any ServerTransaction) throws -> T,
        afterCommit: @escaping @Sendable (T) -> Void
    ) {
        self.channel = channel
        state = PthreadMutex(State(body: body, afterCommit: afterCommit))
    }

    func run(in scope: some GroupCommitScope) {
        guard let body = state.withLock({ $0.body }) else { return }
        let outcome = Result { try scope.inSavepoint(body) }
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
            throw GroupCommitError.notRun
        }
        return try outcome.get()
    }
}

/// A grouped write that no commit ran (its commit failed before reaching it).
enum GroupCommitError: Error, CustomStringConvertible {
    case notRun

    var description: String { "The write was not run." }
}
