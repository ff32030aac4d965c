import Foundation
import ParleyChat
import PostgresNIO
import Synchronization

/// A statement of the hot paths (a send's reads and writes, the fan-out's catch-up read), run as
/// a named prepared statement: PostgreSQL parses and plans it once per connection, then each run
/// sends only its parameters. The plain path (``PostgresQuery``) parses and plans every time,
/// which took a quarter of PostgreSQL's time under the send load.
///
/// Written like a ``PostgresQuery``: `"SELECT * FROM users WHERE id = \(id)"`. The parameters'
/// types are left to PostgreSQL to infer from the statement, so a value binds in the type of its
/// column: `Int64` for `BIGINT`, `Int32` for `INTEGER` (no `Int`: its width would have to be
/// guessed).
struct PreparedSQL: ExpressibleByStringInterpolation, Sendable {
    var sql: String
    var binds: [PostgresData]

    init(stringLiteral value: String) {
        sql = value
        binds = []
    }

    init(stringInterpolation: StringInterpolation) {
        sql = stringInterpolation.sql
        binds = stringInterpolation.binds
    }

    /// Appends SQL text, and `$n` for each value.
    struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var binds: [PostgresData] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + 4 * interpolationCount)
            binds.reserveCapacity(interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) { sql += literal }
        /// SQL text (a column list), never a value.
        mutating func appendInterpolation(unescaped text: String) { sql += text }
        mutating func appendInterpolation(_ value: String) { bind(PostgresData(string: value)) }
        mutating func appendInterpolation(_ value: String?) { bind(value.map { PostgresData(string: $0) } ?? .null) }
        mutating func appendInterpolation(_ value: Int64) { bind(PostgresData(int64: value)) }
        mutating func appendInterpolation(_ value: Int64?) { bind(value.map { PostgresData(int64: $0) } ?? .null) }
        mutating func appendInterpolation(_ value: Int32) { bind(PostgresData(int32: value)) }
        mutating func appendInterpolation(_ value: Bool) { bind(PostgresData(bool: value)) }
        mutating func appendInterpolation(_ value: Data) { bind(PostgresData(bytes: value)) }

        private mutating func bind(_ value: PostgresData) {
            binds.append(value)
            sql += "$\(binds.count)"
        }
    }
}

/// The statements prepared on each connection of a storage's pool, by their SQL.
///
/// An entry keeps its connection (so its identity is not reused by a new connection while the
/// entry lives); entries of closed connections go when a statement is next prepared.
final class PostgresPreparedStatements: Sendable {
    private struct Entry {
        let connection: PostgresConnection
        var statements: [String: PreparedQuery] = [:]
    }

    private let entries = PthreadMutex<[ObjectIdentifier: Entry]>([:])
    private let preparedCount = Atomic<Int>(0)
    private let executedCount = Atomic<Int>(0)

    /// How many times a statement was prepared, over all connections.
    var prepared: Int { preparedCount.load(ordering: .relaxed) }

    /// How many times a prepared statement was sent to run, over all connections.
    var executed: Int { executedCount.load(ordering: .relaxed) }

    /// The statement prepared for `sql` on `connection`, if it was.
    func statement(_ sql: String, on connection: PostgresConnection) -> PreparedQuery? {
        entries.withLock { $0[ObjectIdentifier(connection)]?.statements[sql] }
    }

    /// Remembers the statement prepared for `sql` on `connection`.
    func remember(_ statement: PreparedQuery, for sql: String, on connection: PostgresConnection) {
        preparedCount.add(1, ordering: .relaxed)
        entries.withLock { entries in
            entries = entries.filter { !$0.value.connection.isClosed }
            entries[ObjectIdentifier(connection), default: Entry(connection: connection)].statements[sql] = statement
        }
    }

    /// Counts a prepared statement sent to run.
    func countExecution() {
        executedCount.add(1, ordering: .relaxed)
    }

}

extension PostgresTransaction {
    /// Sends a prepared statement without waiting for its answer (see ``send(_:)``); prepares it
    /// on this connection first, the first time, and waits for that (what is sent after must not
    /// overtake it). A failure to prepare is the statement's: the next wait reports it.
    func send(prepared statement: PreparedSQL) {
        flushMerged()
        counts.sent += 1
        guard !isBroken, !connection.isClosed else {
            sent.append(connection.eventLoop.makeFailedFuture(PostgresStorageError.connectionLost))
            return
        }
        let prepared: PreparedQuery
        if let known = statements.statement(statement.sql, on: connection) {
            prepared = known
        } else {
            do {
                // One future in, one result out.
                let results = try wait([connection.prepare(query: statement.sql)])
                prepared = try results[0].get()
            } catch {
                sent.append(connection.eventLoop.makeFailedFuture(error))
                return
            }
            statements.remember(prepared, for: statement.sql, on: connection)
        }
        statements.countExecution()
        sent.append(prepared.execute(statement.binds).map { PostgresAnswer(rows: $0, metadata: nil) })
    }

    /// Runs a prepared statement and waits for its answer (see ``execute(_:)``).
    func execute(prepared statement: PreparedSQL) throws -> PostgresAnswer {
        send(prepared: statement)
        // Not empty: it holds this statement's answer.
        return try waitForSent()!
    }

    /// Runs a prepared statement and waits for its rows.
    func rows(prepared statement: PreparedSQL) throws -> [AnswerRow] {
        try execute(prepared: statement).rows.map(AnswerRow.init)
    }
}
