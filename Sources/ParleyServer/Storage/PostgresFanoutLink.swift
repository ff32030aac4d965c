import Foundation
import Logging
import NIOCore
import PostgresNIO

/// The fan-out's own connection: its `LISTEN` connection, on which the `NOTIFY`s
/// (``PostgresNotifier``) and the woken reads (``PostgresFanout``) also run, each statement
/// prepared once, answered on the connection's event loop.
///
/// A wake-up's statement through the pool took a task, a lease and a hop to the connection's
/// event loop and back; here it is one write to the connection and one callback. Measured on the
/// bench (two processes on 2 cores): the pool's path cost about six thread switches per send more
/// than one process needed. While the `LISTEN` connection is down (reconnecting), both go through
/// the pool again.
///
/// PostgreSQL sends a listening connection its notifications only between statements: a read or a
/// `NOTIFY` running on it delays them by its own length (a few milliseconds under load), and the
/// read they wake then finds what they announced anyway.
final class PostgresFanoutLink: Sendable {
    /// The `LISTEN` connection.
    let connection: PostgresConnection
    private let notify: PreparedQuery
    private let wokenRead: PreparedQuery

    private init(connection: PostgresConnection, notify: PreparedQuery, wokenRead: PreparedQuery) {
        self.connection = connection
        self.notify = notify
        self.wokenRead = wokenRead
    }

    /// Prepares the link's statements on `connection`.
    static func prepare(on connection: PostgresConnection) async throws -> PostgresFanoutLink {
        let notify = try await connection.prepare(query: NotifyStatement.sql).get()
        let wokenRead = try await connection.prepare(query: WokenEventsStatement.sql).get()
        return PostgresFanoutLink(connection: connection, notify: notify, wokenRead: wokenRead)
    }

    /// The connection's event loop: the statements' answers, and ``run(at:_:)``'s work, run there.
    var eventLoop: any EventLoop { connection.eventLoop }

    /// Sends `payloads` (see ``NotifyStatement``); completes on the event loop.
    func notify(_ payloads: [String]) -> EventLoopFuture<Void> {
        notify.execute([Self.array(payloads.map { PostgresData(string: $0) }, of: .text)]).map { _ in }
    }

    /// Reads each channel's events after its sequence (see ``WokenEventsStatement``), as channel
    /// id and stored JSON; completes on the event loop.
    func readEvents(cids: [String], afters: [Int64]) -> EventLoopFuture<[(cid: String, payload: Data)]> {
        wokenRead.execute([
            Self.array(cids.map { PostgresData(string: $0) }, of: .text), Self.array(afters.map { PostgresData(int64: $0) }, of: .int8),
        ]).flatMapThrowing { rows in
            try rows.map { row in
                let cells = AnswerRow(row)
                return (try cells["cid"].decode(String.self), try cells["payload"].decode(Data.self))
            }
        }
    }

    private static func array(_ elements: [PostgresData], of type: PostgresDataType) -> PostgresData {
        PostgresData(array: elements, elementType: type)
    }

    /// Runs `work` on the event loop at `deadline`, at once (still on the loop) when it is past.
    func run(at deadline: ContinuousClock.Instant, _ work: @escaping @Sendable () -> Void) {
        let wait = ContinuousClock.now.duration(to: deadline)
        guard wait > .zero else {
            eventLoop.execute(work)
            return
        }
        eventLoop.scheduleTask(in: TimeAmount(wait), work)
    }
}
