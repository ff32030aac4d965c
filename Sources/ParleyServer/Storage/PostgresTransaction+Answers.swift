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
    func execute(_ query: PostgresQuery) throws -> PostgresQueryResult {
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
        if isBroken || connection.isClosed {
            sent.append(connection.eventLoop.makeFailedFuture(PostgresStorageError.connectionLost))
        } else {
            sent.append(connection.query(query, logger: logger))
        }
    }

    /// Waits for the statements sent (one wait for all); throws the first failure, or returns the
    /// last one's answer.
    @discardableResult
    func waitForSent() throws -> PostgresQueryResult? {
        let answers = sent
        sent = []
        guard !answers.isEmpty else { return nil }
        let results: [Result<PostgresQueryResult, any Error>]
        do {
            results = try wait(answers)
        } catch {
            isBroken = true
            throw error
        }
        for result in results {
            if case .failure(let error) = result { throw error }
        }
        return try results[results.count - 1].get()
    }

    /// Forgets the statements sent (a rollback follows them on the connection).
    func discardSent() {
        sent = []
    }

    /// How long a statement's answer is waited for before the connection is given up.
    static let answerTimeout: TimeAmount = .seconds(10)

    /// Waits for queries' answers (of one connection), at most ``answerTimeout``: a query written
    /// to a connection the server dropped without a word (a crash: `pg_ctl stop -m immediate`) may
    /// never be answered, so the connection is then closed and the wait fails.
    ///
    /// One hop to the event loop per wait (it watches the answers and the clock), and one wake-up
    /// back: this runs once per read of every write, so it stays lean.
    func wait(_ answers: [EventLoopFuture<PostgresQueryResult>]) throws -> [Result<PostgresQueryResult, any Error>] {
        guard let eventLoop = answers.first?.eventLoop else { return [] }
        let waiter = AnswerWaiter<[Result<PostgresQueryResult, any Error>]>()
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
