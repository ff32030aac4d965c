import Foundation
import Logging
import Metrics
import NIOCore
import PostgresNIO
import Synchronization

/// Group commit on PostgreSQL: one transaction, and so one sync to disk, for many writes.
///
/// A write joins the queue (``PendingWrites``, shared with the SQLite engine) and waits. One
/// committer at a time takes everything queued, runs the bodies one after the other on one
/// connection, each in a savepoint (a refused write rolls back alone; one that meets a retryable
/// error runs again from its savepoint), and sends the batch's `NOTIFY`s. Then it hands the queue
/// to the next committer and commits: the next batch's bodies run while this batch waits for its
/// sync. Only one batch runs bodies at a time, and a committing batch waits for nothing but the
/// disk, so batches of one process never deadlock on each other's channel rows. A batch's
/// `afterCommit`s run in body order, under the commit locks of its channels (a later batch that
/// appends to one of them waits for them), and each writer returns only once its batch committed.
extension PostgresServerStorage {
    /// Runs `body` in the next group commit, then `afterCommit` with its result (see the type's
    /// documentation); returns once the batch committed.
    func write<T: Sendable>(
        _ body: @Sendable (any ServerTransaction) throws -> T, afterCommit: @Sendable (T) -> Void
    ) async throws -> T {
        // The closures live in the pending write only until this call returns (it waits for them).
        try await withoutActuallyEscaping(body) { body in
            try await withoutActuallyEscaping(afterCommit) { afterCommit in
                let start = DispatchTime.now()
                let write = PendingWrite(body: body, afterCommit: afterCommit)
                defer { write.releaseClosures() }
                let isCommitter = pending.enqueueClaimingCommitter(write)
                // Counted once queued: a write counted in `inFlight` is in a batch or the queue.
                inFlightCount.add(1, ordering: .relaxed)
                defer { inFlightCount.subtract(1, ordering: .relaxed) }
                if isCommitter {
                    // In a task of its own: a caller's cancellation must not reach a shared batch.
                    Task { await self.commitNextBatch() }
                }
                await write.waitUntilFinished()
                writeTimer.recordInterval(since: start)
                return try write.result()
            }
        }
    }

    /// The committer's turn: commits the queued writes, or retires when none is queued.
    private func commitNextBatch() async {
        guard let batch = pending.takeBatchOrRetire() else { return }
        batchCount.add(1, ordering: .relaxed)
        batchSizes.record(batch.count)
        let handOver = HandOver { Task { await self.commitNextBatch() } }
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
    private func commit(_ batch: [any GroupedWrite], handOver: HandOver) async throws {
        try await client.withConnection { connection in
            try await onThread { [logger, origin, commitLocks, retries] in
                let tx = PostgresTransaction(connection: connection, logger: logger, isWrite: true)
                try tx.execute("BEGIN")
                do {
                    let scope = PostgresGroupCommitScope(tx: tx, retries: retries)
                    for write in batch { write.run(in: scope) }
                    try scope.waitForReleases()
                    // The wake-ups leave with the commit (PostgreSQL sends them at COMMIT).
                    let payloads = tx.appended.map { "e\t\(origin)\t\($0.value)\t\($0.key)" }
                        .filter { $0.utf8.count < 7_900 }
                    if !payloads.isEmpty {
                        try tx.execute(
                            "SELECT pg_notify(\(Self.notifyChannel), p) FROM unnest(\(payloads)::text[]) AS p")
                    }
                    try commitLocks.withLocks(for: tx.appended.keys) {
                        handOver()
                        let tag = try tx.execute("COMMIT").metadata.command
                        // PostgreSQL answers COMMIT of a failed transaction with ROLLBACK, no error.
                        guard tag == "COMMIT" else { throw PostgresStorageError.notCommitted(tag) }
                        for write in batch { write.committed() }
                    }
                } catch {
                    _ = try? tx.execute("ROLLBACK")
                    throw error
                }
            }
        }
    }
}

/// A group commit's transaction as its writes see it: a savepoint per write.
struct PostgresGroupCommitScope: GroupCommitScope {
    let tx: PostgresTransaction
    let retries: Counter
    /// The `RELEASE SAVEPOINT`s sent and not waited for (the connection runs them in order).
    private let releases = ReleaseQueue()

    init(tx: PostgresTransaction, retries: Counter) {
        self.tx = tx
        self.retries = retries
    }

    /// Waits for the savepoints' releases; throws the first failure.
    func waitForReleases() throws {
        for release in releases.take() { _ = try tx.wait(release) }
    }

    /// Runs `body` in a savepoint; after a retryable error (a unique violation when another
    /// process stored the same message id first, a deadlock) it rolls back to the savepoint and
    /// runs again, where it sees the other transaction's rows.
    func inSavepoint<T>(_ body: (any ServerTransaction) throws -> T) throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            let appended = tx.appended
            tx.now = Date.ms(Date().ms)
            // Not waited for here: the body's first query follows it on the connection.
            let savepoint = tx.connection.query("SAVEPOINT parley_write", logger: tx.logger)
            do {
                let value = try body(tx)
                _ = try tx.wait(savepoint)
                releases.append(tx.connection.query("RELEASE SAVEPOINT parley_write", logger: tx.logger))
                return value
            } catch {
                _ = try? tx.wait(savepoint)
                try tx.execute("ROLLBACK TO SAVEPOINT parley_write")
                try tx.execute("RELEASE SAVEPOINT parley_write")
                tx.appended = appended
                if let error = error as? PSQLError, attempt < 8, PostgresServerStorage.isRetryable(error) {
                    retries.increment()
                    continue
                }
                throw error
            }
        }
    }
}

/// Queries sent and not waited for yet.
private final class ReleaseQueue: Sendable {
    private let futures = Mutex<[EventLoopFuture<PostgresQueryResult>]>([])

    func append(_ future: EventLoopFuture<PostgresQueryResult>) {
        futures.withLock { $0.append(future) }
    }

    func take() -> [EventLoopFuture<PostgresQueryResult>] {
        futures.withLock { futures in
            defer { futures = [] }
            return futures
        }
    }
}

/// Starts the next committer, once (a batch hands over before its `COMMIT`, or when it fails).
private final class HandOver: Sendable {
    private let start: Mutex<(@Sendable () -> Void)?>

    init(_ start: @escaping @Sendable () -> Void) {
        self.start = Mutex(start)
    }

    func callAsFunction() {
        let start = self.start.withLock { start in
            defer { start = nil }
            return start
        }
        start?()
    }
}
