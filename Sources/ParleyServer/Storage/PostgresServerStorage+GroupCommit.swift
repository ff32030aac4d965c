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
            } catch let error as PSQLError where attempt < 8 && Self.isRetryable(error) {
                // The whole transaction failed (a deadlock with another process's batch, say).
                retries.increment()
                logger.debug("retrying a batch", metadata: ["sqlState": "\(error.serverInfo?[.sqlState] ?? "")"])
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
    /// Statements whose answer nothing reads (`BEGIN`, the writes, `RELEASE`) are sent without
    /// waiting (see ``PostgresTransaction/send(_:)``): the connection runs them in
    /// order and the next wait reports the first failure.
    private func commit(_ batch: [any GroupedWrite], handOver: HandOver) async throws {
        try await client.withConnection { connection in
            try await onThread { [logger, notifier, commitLocks, retries, statements] in
                let tx = PostgresTransaction(connection: connection, logger: logger, isWrite: true, statements: statements)
                tx.send("BEGIN")
                do {
                    let scope = PostgresGroupCommitScope(tx: tx, retries: retries, usesSavepoints: batch.count > 1)
                    for write in batch { write.run(in: scope) }
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
                } catch {
                    tx.discardSent()
                    _ = try? tx.execute("ROLLBACK")
                    throw error
                }
            }
        }
    }
}

/// A group commit's transaction as its writes see it: a savepoint per write, when the batch holds
/// more than one (a lone write's failure is its transaction's: see ``retry`` and ``failed``).
final class PostgresGroupCommitScope: GroupCommitScope {
    let tx: PostgresTransaction
    let retries: Counter
    let usesSavepoints: Bool
    /// Without savepoints: the retryable error a write met (the transaction runs again).
    private(set) var retry: PSQLError?
    /// Without savepoints: whether a write failed (the transaction rolls back).
    private(set) var failed = false

    init(tx: PostgresTransaction, retries: Counter, usesSavepoints: Bool) {
        self.tx = tx
        self.retries = retries
        self.usesSavepoints = usesSavepoints
    }

    /// Runs `body` in a savepoint; after a retryable error (a unique violation when another
    /// process stored the same message id first, a deadlock) it rolls back to the savepoint and
    /// runs again, where it sees the other transaction's rows. The body's unanswered writes are
    /// waited for before its savepoint is released: their failure is the body's.
    func inSavepoint<T>(_ body: (any ServerTransaction) throws -> T) throws -> T {
        guard usesSavepoints else { return try alone(body) }
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
                if let error = error as? PSQLError, attempt < 8, PostgresServerStorage.isRetryable(error) {
                    retries.increment()
                    continue
                }
                throw error
            }
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
            if let error = error as? PSQLError, PostgresServerStorage.isRetryable(error) { retry = error }
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
