import Foundation
import Logging
import Metrics
import ParleyChat
import PostgresNIO

/// Group commit on PostgreSQL: one transaction, and so one sync to disk, for many writes, in
/// several lanes side by side.
///
/// A write joins the queue of its lane (``PendingWrites``, shared with the SQLite engine) and
/// waits. A write that names its channel goes to the lane of that channel (a hash: one channel,
/// one lane), the others to lane 0. Per lane, one committer at a time takes everything queued,
/// orders it by channel (a stable sort: one channel's writes keep their order), runs the bodies
/// one after the other on one connection, each in a savepoint (a refused write rolls back alone;
/// one that meets a retryable error runs again from its savepoint). Then it hands the lane's queue
/// to the next committer and commits: the next batch's bodies run while this batch waits for its
/// sync. The fan-out's `NOTIFY`s leave after the commit (see ``PostgresNotifier``).
///
/// Lanes never wait for one another's channel rows (the channels of two lanes differ), and batches
/// lock channel rows in channel order, in every lane of every process: two batches that share
/// channels wait for each other in one direction, never in a cycle (writes that name no channel
/// are the exception; PostgreSQL breaks such a rare deadlock and the write runs again). A batch's
/// `afterCommit`s run in body order, under the commit locks of its channels (a later batch that
/// appends to one of them waits for them), and each writer returns only once its batch committed.
extension PostgresServerStorage {
    /// Runs `body` in the next group commit of `channel`'s lane, then `afterCommit` with its result
    /// (see the type's documentation); returns once the batch committed.
    func write<T: Sendable>(
        in channel: ChannelId?, _ body: @Sendable (any ServerTransaction) throws -> T,
        afterCommit: @Sendable (T) -> Void
    ) async throws -> T {
        // The closures live in the pending write only until this call returns (it waits for them).
        try await withoutActuallyEscaping(body) { body in
            try await withoutActuallyEscaping(afterCommit) { afterCommit in
                let start = DispatchTime.now()
                let write = PendingWrite(channel: channel?.rawValue, body: body, afterCommit: afterCommit)
                defer { write.releaseClosures() }
                let lane = channel.map { CommitLocks.stripe(of: $0.rawValue, among: lanes.count) } ?? 0
                let isCommitter = lanes[lane].enqueueClaimingCommitter(write)
                // Counted once queued: a write counted in `inFlight` is in a batch or the queue.
                inFlightCount.add(1, ordering: .relaxed)
                defer { inFlightCount.subtract(1, ordering: .relaxed) }
                if isCommitter {
                    // In a task of its own: a caller's cancellation must not reach a shared batch.
                    Task { await self.commitNextBatch(lane: lane) }
                }
                await write.waitUntilFinished()
                writeTimer.recordInterval(since: start)
                return try write.result()
            }
        }
    }

    /// The lane committer's turn: commits the queued writes, or retires when none is queued.
    private func commitNextBatch(lane: Int) async {
        guard let taken = lanes[lane].takeBatchOrRetire() else { return }
        // By channel, then arrival: every batch locks channel rows in one order.
        let batch = taken.enumerated().sorted { a, b in
            switch (a.element.channel, b.element.channel) {
            case let (x?, y?) where x != y: x < y
            case (.some, .none): true
            case (.none, .some): false
            default: a.offset < b.offset
            }
        }.map(\.element)
        batchCount.add(1, ordering: .relaxed)
        batchSizes.record(batch.count)
        let handOver = HandOver { Task { await self.commitNextBatch(lane: lane) } }
        var attempt = 0
        while true {
            attempt += 1
            do {
                try await commit(batch, handOver: handOver)
                break
            } catch where attempt < 8 && Self.isRetryable(error) {
                // The whole transaction failed (a deadlock with another process's batch, say).
                retries.increment()
                logger.debug("retrying a batch", metadata: ["sqlState": "\(Self.sqlState(of: error) ?? "")"])
            } catch {
                for write in batch { write.abort(error) }
                break
            }
        }
        handOver()
        for write in batch { write.finish() }
    }

    /// Runs `batch` in one transaction and commits it; calls `handOver` once the bodies ran.
    ///
    /// Statements whose answer nothing reads (`BEGIN`, the writes) are sent without waiting (see
    /// ``PostgresTransaction/send(_:)``): the connection runs them in order and the next wait
    /// reports the first failure. A batch of several writes first runs without savepoints (see
    /// ``PostgresGroupCommitScope/Mode-swift.enum/optimistic``), and again with them when one of
    /// its writes needs one.
    private func commit(_ batch: [any GroupedWrite], handOver: HandOver) async throws {
        try await client.withConnection { connection in
            try await onThread { [logger, notifier, commitLocks, retries, statements] in
                var mode: PostgresGroupCommitScope.Mode = batch.count > 1 ? .optimistic : .alone
                while true {
                    let tx = PostgresTransaction(connection: connection, logger: logger, isWrite: true, statements: statements)
                    tx.send("BEGIN")
                    do {
                        let scope = PostgresGroupCommitScope(tx: tx, retries: retries, mode: mode)
                        for write in batch { write.run(in: scope) }
                        if scope.abandoned { throw PostgresGroupCommitScope.Abandoned() }
                        // A lone write needs no savepoint: when it failed, the whole transaction
                        // rolls back (and runs again after a retryable error).
                        if let retry = scope.retry { throw retry }
                        if scope.failed {
                            handOver()
                            try tx.execute("ROLLBACK")
                            return
                        }
                        try commitLocks.withLocks(for: tx.appended.keys) {
                            handOver()
                            let tag = try tx.execute("COMMIT").metadata?.command ?? ""
                            // PostgreSQL answers COMMIT of a failed transaction with ROLLBACK, no error.
                            guard tag == "COMMIT" else { throw PostgresStorageError.notCommitted(tag) }
                            notifier.committed(tx.appended)
                            for write in batch { write.committed() }
                        }
                        return
                    } catch {
                        tx.discardSent()
                        _ = try? tx.execute("ROLLBACK")
                        // A statement of the optimistic run failed: which write's, a savepoint tells.
                        guard mode == .optimistic, PostgresGroupCommitScope.needsSavepoints(error) else { throw error }
                        mode = .savepoints
                        self.savepointRuns.add(1, ordering: .relaxed)
                    }
                }
            }
        }
    }
}

/// A group commit's transaction as its writes see it (see ``Mode-swift.enum``).
final class PostgresGroupCommitScope: GroupCommitScope {
    /// How the writes of a batch are kept apart.
    enum Mode {
        /// The batch's only write, no savepoint: its failure is its transaction's (see ``retry``
        /// and ``failed``).
        case alone
        /// No savepoints (two statements less per write), for a batch of several: a write whose
        /// body throws before any of its writes left (a refusal: not a member, a frozen channel)
        /// leaves nothing to undo, and its writes waiting to leave are dropped. A statement that
        /// fails, or a body that throws after its writes left, ``abandoned`` the run: the batch
        /// rolls back and runs again with ``savepoints``.
        case optimistic
        /// A savepoint per write: a failing one undoes only its own changes.
        case savepoints
    }

    /// The optimistic run was given up (see ``Mode-swift.enum/optimistic``).
    struct Abandoned: Error {}

    let tx: PostgresTransaction
    let retries: Counter
    let mode: Mode
    /// Without savepoints: the retryable error a write met (the transaction runs again).
    private(set) var retry: (any Error)?
    /// Without savepoints: whether a write failed (the transaction rolls back).
    private(set) var failed = false
    /// Whether the optimistic run was given up.
    private(set) var abandoned = false

    init(tx: PostgresTransaction, retries: Counter, mode: Mode) {
        self.tx = tx
        self.retries = retries
        self.mode = mode
    }

    /// Whether `error`, met by an optimistic run, calls for the run with savepoints: a database's
    /// error (a write's statement failed) or the run given up.
    static func needsSavepoints(_ error: any Error) -> Bool {
        error is Abandoned || PostgresServerStorage.isDatabaseError(error)
    }

    func inSavepoint<T>(_ body: (any ServerTransaction) throws -> T) throws -> T {
        switch mode {
        case .alone: try alone(body)
        case .optimistic: try optimistic(body)
        case .savepoints: try withSavepoint(body)
        }
    }

    /// Runs `body` in a savepoint; after a retryable error (a unique violation when another
    /// process stored the same message id first, a deadlock) it rolls back to the savepoint and
    /// runs again, where it sees the other transaction's rows. The body's unanswered writes are
    /// waited for before its savepoint is released: their failure is the body's.
    private func withSavepoint<T>(_ body: (any ServerTransaction) throws -> T) throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            let saved = tx.savedState
            tx.now = Date.ms(Date().ms)
            tx.send("SAVEPOINT parley_write")
            do {
                let value = try body(tx)
                tx.endWrite()
                try tx.waitForSent()
                tx.send("RELEASE SAVEPOINT parley_write")
                return value
            } catch {
                tx.discardSent()
                tx.savedState = saved
                try tx.execute("ROLLBACK TO SAVEPOINT parley_write")
                tx.send("RELEASE SAVEPOINT parley_write")
                if attempt < 8, PostgresServerStorage.isRetryable(error) {
                    retries.increment()
                    continue
                }
                throw error
            }
        }
    }

    /// Runs one write of an optimistic run (see ``Mode-swift.enum/optimistic``).
    private func optimistic<T>(_ body: (any ServerTransaction) throws -> T) throws -> T {
        guard !abandoned else { throw Abandoned() }
        let saved = tx.savedState
        tx.now = Date.ms(Date().ms)
        // The writes before this one leave now: what this one sends is its own.
        tx.flushMerged()
        let before = tx.counts
        do {
            let value = try body(tx)
            tx.endWrite()
            return value
        } catch {
            let sent = (tx.counts.sent - before.sent) - (tx.counts.announced - before.announced)
            if Self.needsSavepoints(error) || sent > 0 {
                abandoned = true
            } else {
                // Drops the writes that did not leave, and the reads announced.
                tx.savedState = saved
            }
            throw error
        }
    }

    /// Runs the batch's only write, no savepoint around it. Its unanswered statements are not
    /// waited for here: `COMMIT` follows them, and its wait reports the first that failed (the
    /// batch then rolls back, and runs again after a retryable error, as for any failed commit).
    private func alone<T>(_ body: (any ServerTransaction) throws -> T) throws -> T {
        tx.now = Date.ms(Date().ms)
        do {
            let value = try body(tx)
            tx.endWrite()
            return value
        } catch {
            tx.discardSent()
            failed = true
            // Counted as a retry by the batch that runs again.
            if PostgresServerStorage.isRetryable(error) { retry = error }
            throw error
        }
    }
}

/// Starts the next committer, once (a batch hands over before its `COMMIT`, or when it fails).
private final class HandOver: Sendable {
    private let start: PthreadMutex<(@Sendable () -> Void)?>

    init(_ start: @escaping @Sendable () -> Void) {
        self.start = PthreadMutex(start)
    }

    func callAsFunction() {
        let start = self.start.withLock { start in
            defer { start = nil }
            return start
        }
        start?()
    }
}
