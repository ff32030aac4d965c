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
///
/// Every statement costs both sides a round trip, and every process that listens a wake-up, so
/// they are few: one statement carries everything gathered, as one payload (``WakeUp``), and the
/// next one leaves no sooner than ``coalescing`` after the last one began. Under load, commits
/// gather during that window; when the notifier was quiet, a commit's wake-up leaves at once.
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
    /// The least time between the starts of two statements.
    let coalescing: Duration

    /// The default ``coalescing``: measured on the bench (two processes, 2 cores), 5 ms cut the
    /// statements to about a third under load, without delaying a wake-up at 200 sends per second.
    static let defaultCoalescing = Duration.milliseconds(5)

    init(client: PostgresClient, origin: String, coalescing: Duration = defaultCoalescing, logger: Logger) {
        self.client = client
        self.origin = origin
        self.coalescing = coalescing
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
        if start { sendNext() }
    }

    /// The fan-out's connection while it listens (``PostgresFanoutLink``): statements go through
    /// it, through the pool otherwise.
    let link = PthreadMutex<PostgresFanoutLink?>(nil)

    /// Sends what gathered, and again ``coalescing`` after this statement began; frees the sender
    /// when nothing gathered.
    private func sendNext() {
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
        let began = ContinuousClock.now
        let payloads = Self.fitting(WakeUp.payloads(origin: origin, gathered))
        if let link = link.withLock({ $0 }) {
            link.notify(payloads).whenComplete { result in
                if case .failure(let error) = result {
                    self.logger.warning(Self.failure, metadata: ["error": "\(String(reflecting: error))"])
                }
                link.run(at: began + self.coalescing) { self.sendNext() }
            }
        } else {
            Task {
                await Self.notify(payloads, through: client, logger: logger)
                // Cancellation cannot reach this task; a sleep that fails only shortens the window.
                try? await Task.sleep(until: began + coalescing)
                self.sendNext()
            }
        }
    }

    private static let failure: Logger.Message = "NOTIFY failed (the catch-up read covers it)"

    /// The payloads `NOTIFY` takes: those within ``WakeUp/limit`` (under its 8,000 bytes).
    private static func fitting(_ payloads: [String]) -> [String] {
        payloads.filter { $0.utf8.count <= WakeUp.limit }
    }

    /// Sends `payloads` (those that fit) through the pool in one statement (``NotifyStatement``),
    /// its own transaction, without a sync to disk; a failure is logged.
    static func notify(_ payloads: [String], through client: PostgresClient, logger: Logger) async {
        let payloads = fitting(payloads)
        guard !payloads.isEmpty else { return }
        do {
            for try await _ in try await client.execute(NotifyStatement(payloads: payloads), logger: logger) {}
        } catch {
            logger.warning(failure, metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}

/// The payload of an event wake-up: the origin process, then the newest sequence of each channel
/// appended to, a line each (`e <origin>`, then `<seq> <cid>` lines, tab-separated).
enum WakeUp {
    /// The most bytes of one payload (`NOTIFY` refuses 8,000 or more).
    static let limit = 7_900

    /// The payloads announcing `appended` (one, unless it is too long for one).
    static func payloads(origin: String, _ appended: [String: Int64]) -> [String] {
        let head = "e\t\(origin)"
        var payloads: [String] = []
        var payload = head
        for (cid, seq) in appended.sorted(by: { $0.key < $1.key }) {
            let line = "\n\(seq)\t\(cid)"
            if payload.utf8.count + line.utf8.count > limit, payload != head {
                payloads.append(payload)
                payload = head
            }
            payload += line
        }
        if payload != head { payloads.append(payload) }
        return payloads
    }

    /// The origin and the channels with their newest sequence of a wake-up; `nil` for another payload.
    static func parse(_ payload: String) -> (origin: Substring, channels: [(cid: String, seq: Int64)])? {
        var lines = payload.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let head = lines.popFirst(), head.hasPrefix("e\t") else { return nil }
        var channels: [(cid: String, seq: Int64)] = []
        for line in lines {
            guard let tab = line.firstIndex(of: "\t"), let seq = Int64(line[..<tab]) else { return nil }
            channels.append((String(line[line.index(after: tab)...]), seq))
        }
        return (head.dropFirst(2), channels)
    }
}
