import Foundation
import NIOCore
import ParleyChat
import PostgresNIO

// How a PostgreSQL transaction talks to its connection: statements sent without waiting, and
// bounded waits for answers from the thread the body runs on.
extension PostgresTransaction {
    /// Runs one statement and waits for all its rows (and for the statements sent before it:
    /// the first failure among them is thrown).
    @discardableResult
    func execute(_ query: PostgresQuery) throws -> PostgresAnswer {
        send(query)
        // Not empty: it holds this query's answer.
        return try waitForSent()!
    }

    /// Sends one statement without waiting for its answer (see the type's documentation).
    ///
    /// Not on a closed connection: PostgresNIO drops a query written to one, unanswered (a
    /// transaction kept sending its savepoints and rollbacks after a crash, each waiting its own
    /// ``answerTimeout``: minutes for a batch). It fails at once instead.
    func send(_ query: PostgresQuery) {
        flushMerged()
        counts.sent += 1
        if isBroken || connection.isClosed {
            sent.append(connection.eventLoop.makeFailedFuture(PostgresStorageError.connectionLost))
        } else {
            sent.append(connection.query(query, logger: logger).map { PostgresAnswer(rows: $0.rows, metadata: $0.metadata) })
        }
    }

    /// Waits for the statements sent (one wait for all); throws the first failure, or returns the
    /// last one's answer.
    @discardableResult
    func waitForSent() throws -> PostgresAnswer? {
        try waitForSentAnswers().last
    }

    /// Waits for the statements sent (one wait for all); throws the first failure, or returns
    /// their answers in the order they were sent (the expected reads among them keep theirs).
    @discardableResult
    func waitForSentAnswers() throws -> [PostgresAnswer] {
        flushMerged()
        let answers = sent
        sent = []
        // Whatever happens, the pending reads' places in `sent` are gone.
        let pending = expected.pending
        expected.pending = [:]
        guard !answers.isEmpty else { return [] }
        let results: [Result<PostgresAnswer, any Error>]
        do {
            results = try wait(answers)
        } catch {
            isBroken = true
            throw error
        }
        let values = try results.map { try $0.get() }
        expected.keep(pending, of: values)
        return values
    }

    /// Forgets the statements sent (a rollback follows them on the connection), and so the
    /// expected reads among them.
    func discardSent() {
        sent = []
        merging = MergedWrites()
        expected = ExpectedAnswers()
    }

    /// How long a statement's answer is waited for before the connection is given up.
    static let answerTimeout: TimeAmount = .seconds(10)

    /// Waits for queries' answers (of one connection), at most ``answerTimeout``: a query written
    /// to a connection the server dropped without a word (a crash: `pg_ctl stop -m immediate`) may
    /// never be answered, so the connection is then closed and the wait fails.
    ///
    /// One hop to the event loop per wait (it watches the answers and the clock), and one wake-up
    /// back: this runs once per read of every write, so it stays lean.
    func wait<Answer: Sendable>(_ answers: [EventLoopFuture<Answer>]) throws -> [Result<Answer, any Error>] {
        guard let eventLoop = answers.first?.eventLoop else { return [] }
        let waiter = AnswerWaiter<[Result<Answer, any Error>]>()
        let connection = connection
        eventLoop.execute {
            let timeout = eventLoop.scheduleTask(in: Self.answerTimeout) {
                if waiter.finish(.failure(PostgresStorageError.noAnswer)) { connection.close().whenComplete { _ in } }
            }
            EventLoopFuture.whenAllComplete(answers, on: eventLoop).whenSuccess { results in
                timeout.cancel()
                waiter.finish(.success(results))
            }
        }
        return try waiter.wait()
    }
}

/// A statement's answer: its rows, and what its command tag says (not for a prepared statement's).
struct PostgresAnswer: Sendable {
    var rows: [PostgresRow]
    var metadata: PostgresQueryMetadata?
}

/// A row of an answer, its cells read as binary: every statement asks for binary results, and a
/// prepared statement's row description still says text (PostgresNIO keeps the one its `Describe`
/// answered, where PostgreSQL gives no format yet), which would read an 8-byte integer as digits.
///
/// A row of reads merged into one statement (``PreparedSQL/reads(_:)``) holds several tables'
/// columns, some of one name: each read's answer row then reads its own, by their indexes.
struct AnswerRow {
    let row: PostgresRandomAccessRow
    /// The columns of this row among the answer row's, when it holds several reads'.
    let columns: [String: Int]?

    init(_ row: PostgresRow) {
        self.row = row.makeRandomAccess()
        columns = nil
    }

    init(_ row: PostgresRandomAccessRow, columns: [String: Int]) {
        self.row = row
        self.columns = columns
    }

    subscript(column: String) -> PostgresCell {
        var cell: PostgresCell
        if let columns {
            // As PostgresNIO's own lookup: asking for a column the statement does not read is a
            // programming error.
            guard let index = columns[column] else { preconditionFailure("No column \(column) in the answer") }
            cell = row[index]
        } else {
            cell = row[column]
        }
        cell.format = .binary
        return cell
    }
}

/// A thread's wait for an answer from an event loop: the first outcome wins.
private final class AnswerWaiter<Value: Sendable>: Sendable {
    private let outcome = PthreadMutex<Result<Value, any Error>?>(nil)
    private let semaphore = DispatchSemaphore(value: 0)

    /// Sets the outcome unless one was set; whether this one was.
    @discardableResult
    func finish(_ result: Result<Value, any Error>) -> Bool {
        let isFirst = outcome.withLock { outcome in
            guard outcome == nil else { return false }
            outcome = result
            return true
        }
        if isFirst { semaphore.signal() }
        return isFirst
    }

    /// Blocks until an outcome is set; its value or error.
    func wait() throws -> Value {
        semaphore.wait()
        return try outcome.withLock { $0 }!.get()
    }
}
