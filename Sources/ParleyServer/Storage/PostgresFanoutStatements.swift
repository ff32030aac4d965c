import Foundation
import PostgresNIO

/// The fan-out's read of woken channels (``PostgresFanout``): for each channel, its events after
/// the given sequence, ``page`` at most, in channel and sequence order. A named prepared
/// statement: PostgreSQL parses and plans it once per connection, not once per wake-up.
struct WokenEventsStatement: PostgresPreparedStatement {
    /// The most events read per channel in one run.
    static let page = 500

    static let sql = """
        SELECT w.cid, e.payload FROM unnest($1::text[], $2::bigint[]) AS w(cid, after_seq)
        CROSS JOIN LATERAL (
            SELECT seq, payload FROM events WHERE events.cid = w.cid AND seq > w.after_seq ORDER BY seq LIMIT \(page)) e
        ORDER BY w.cid, e.seq
        """

    typealias Row = (String, Data)

    /// The channels, and the sequence after which each is read.
    var cids: [String]
    var afters: [Int64]

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(cids)
        bindings.append(afters)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}

/// The notifier's wake-ups (``PostgresNotifier``): one `NOTIFY` per payload on
/// ``PostgresServerStorage/notifyChannel``, in a transaction of its own with `synchronous_commit`
/// off (`set_config(…, true)` holds until that transaction's commit). Prepared, as
/// ``WokenEventsStatement``.
struct NotifyStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT set_config('synchronous_commit', 'off', true), pg_notify('\(PostgresServerStorage.notifyChannel)', p)
        FROM unnest($1::text[]) AS p
        """

    typealias Row = Void

    var payloads: [String]

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(payloads)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws {}
}
