import Foundation
import Logging
import ParleyChat
import PostgresNIO
import Synchronization

/// Sends the fan-out's wake-ups (`NOTIFY e <origin> <seq> <cid>`) for committed appends, outside
/// the transactions that made them.
///
/// PostgreSQL 15 takes one cluster-wide lock for every transaction that notifies, from just before
/// its commit until the commit is done, its sync to disk included: transactions that notify
/// commit one at a time, each with a sync of its own, whatever the group commit lanes (and the
/// other processes) do side by side. Measured on the bench: 4 to 35 ms per `COMMIT` under load,
/// against well under 1 ms without. So a write transaction notifies nothing; once it committed,
/// its channels' newest sequence numbers gather here, and one statement at a time (per process)
/// sends everything gathered, as its own transaction with `synchronous_commit` off: it holds the
/// lock for no sync. A wake-up need not survive a crash (the fan-out's periodic catch-up reads
/// what a lost one announced), and one per channel with its newest sequence says all a woken
/// process needs.
final class PostgresNotifier: Sendable {
    private struct State {
        var pending: [String: Int64] = [:]
        var isSending = false
    }

    private let state = PthreadMutex(State())
    private let statements = Atomic<Int>(0)
    private let alone = Atomic<Bool>(false)

    /// No other process listens (``PostgresFanout/countPeers()``): commits wake no one, so none is
    /// announced. False until a count says otherwise.
    var isAlone: Bool {
        get { alone.load(ordering: .relaxed) }
        set { alone.store(newValue, ordering: .relaxed) }
    }

    /// How many `NOTIFY` statements this process sent (each carries every wake-up gathered).
    var statementsSent: Int { statements.load(ordering: .relaxed) }
    private let client: PostgresClient
    private let origin: String
    private let logger: Logger

    init(client: PostgresClient, origin: String, logger: Logger) {
        self.client = client
        self.origin = origin
        self.logger = logger
    }

    /// Notes a commit's newest sequence per channel; starts a sender when none runs. Nothing
    /// while the process is alone (``isAlone``).
    func committed(_ appended: [String: Int64]) {
        guard !appended.isEmpty, !isAlone else { return }
        let start = state.withLock { state in
            for (cid, seq) in appended { state.pending[cid] = max(state.pending[cid] ?? seq, seq) }
            defer { state.isSending = true }
            return !state.isSending
        }
        if start { Task { await self.send() } }
    }

    /// Sends what gathered, again and again, until nothing did.
    private func send() async {
        while true {
            let gathered: [String: Int64]? = state.withLock { state in
                guard !state.pending.isEmpty else {
                    state.isSending = false
                    return nil
                }
                defer { state.pending = [:] }
                return state.pending
            }
            guard let gathered else { return }
            statements.add(1, ordering: .relaxed)
            await Self.notify(
                gathered.sorted { $0.key < $1.key }.map { "e\t\(origin)\t\($0.value)\t\($0.key)" }, through: client,
                logger: logger)
        }
    }

    /// Sends `payloads` (those under `NOTIFY`'s 8,000 bytes) in one statement (``NotifyStatement``),
    /// its own transaction, without a sync to disk; a failure is logged.
    static func notify(_ payloads: [String], through client: PostgresClient, logger: Logger) async {
        let payloads = payloads.filter { $0.utf8.count < 7_900 }
        guard !payloads.isEmpty else { return }
        do {
            for try await _ in try await client.execute(NotifyStatement(payloads: payloads), logger: logger) {}
        } catch {
            logger.warning("NOTIFY failed (the catch-up read covers it)", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}
