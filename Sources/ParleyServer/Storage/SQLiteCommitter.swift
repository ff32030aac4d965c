import GRDB
import ParleyChat

/// Who commits the queued writes: at most one committer at a time, claimed by the write that
/// finds none, retired when it finds the queue empty (both under one lock, so no write is left
/// queued without a committer).
final class Committer: Sendable {
    private let isCommitting = PthreadMutex(false)

    /// Queues `write`; `true` when nobody was committing and the caller now is the committer.
    func enqueueClaiming(_ write: any GroupedWrite, in pending: PendingWrites) -> Bool {
        isCommitting.withLock { isCommitting in
            pending.enqueue(write)
            defer { isCommitting = true }
            return !isCommitting
        }
    }

    /// The committer's next batch, or `nil` (and the committer retires) when none is queued.
    func takeBatchOrRetire(from pending: PendingWrites) -> [any GroupedWrite]? {
        isCommitting.withLock { isCommitting in
            let batch = pending.takeBatch()
            if batch.isEmpty { isCommitting = false }
            return batch.isEmpty ? nil : batch
        }
    }

    /// The committer's turn at the writer: commits every batch queued until none is left, then
    /// retires.
    func drain(_ pending: PendingWrites, writer: any DatabaseWriter) async {
        let reached = PthreadMutex(false)
        do {
            try await writer.writeWithoutTransaction { db in
                reached.withLock { $0 = true }
                while let batch = takeBatchOrRetire(from: pending) { SQLiteServerStorage.commit(batch, in: db) }
            }
        } catch {
            // The writer could not be reached (the closure never ran): nothing queued can commit.
            guard !reached.withLock({ $0 }) else { return }
            while let batch = takeBatchOrRetire(from: pending) {
                for write in batch {
                    write.abort(error)
                    write.finish()
                }
            }
        }
    }
}
