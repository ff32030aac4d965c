import Foundation
import PostgresNIO

/// Whether other server processes share the database, so that this one's commits must wake them.
///
/// A process alone on its database has no one to `NOTIFY`: the statement (about one per two sends
/// under load) and the wake-up it brings back to this process's own `LISTEN` are pure cost.
/// Presence is the `LISTEN` connection itself: it holds a session advisory lock in Parley's key
/// space (keyed by its backend's pid) for as long as it lives, which PostgreSQL drops with the
/// connection, however the process ends. Every catch-up tick counts the other holders in this
/// database (`pg_locks`); a process that starts listening says hello (`h <origin>`), so the others
/// resume their wake-ups at once instead of at their next count. Until the first count, and
/// whenever it fails, a process notifies (the safe side). What a process committed before it
/// learnt of a newcomer reaches the newcomer's sockets through the newcomer's catch-up read, as
/// for a lost notification.
extension PostgresFanout {
    /// The first key of the advisory locks that mark listening processes ("PRLY").
    static let presenceLockSpace: Int32 = 0x5052_4C59

    struct Peers: Sendable {
        /// The backend pid of this process's `LISTEN` connection, while it is up.
        var listenerPid: Int32?
        /// Other listening processes at the last count (nil before the first).
        var others: Int?
        /// Hellos received so far: a count that started before one may not say "alone".
        var hellos = 0
    }

    /// Marks this process present on its new `LISTEN` connection (before it listens).
    func markPresent(on connection: PostgresConnection) async throws {
        var pid: Int32?
        for try await value in try await connection.query(
            "SELECT pg_backend_pid()", logger: logger
        ).decode(Int32.self) {
            pid = value
        }
        guard let pid else { return }
        _ = try await connection.query("SELECT pg_advisory_lock(\(Self.presenceLockSpace), \(pid))", logger: logger)
        peers.withLock { $0.listenerPid = pid }
    }

    /// The `LISTEN` connection ended: this process is not present until the next one.
    func markAbsent() {
        peers.withLock { $0.listenerPid = nil }
    }

    /// Another process started listening: wake-ups go out again from now on.
    func received(hello payload: String) {
        let parts = payload.split(separator: "\t", maxSplits: 1)
        guard parts.count == 2, parts[1] != storage.origin else { return }
        peers.withLock { peers in
            peers.hellos += 1
            peers.others = max(peers.others ?? 0, 1)
        }
        storage.notifier.isAlone = false
    }

    /// The hello this process sends once it listens.
    var hello: String { "h\t\(storage.origin)" }

    /// Counts the other listening processes and tells the notifier whether this one is alone.
    func countPeers() async throws {
        let (listener, hellosBefore) = peers.withLock { ($0.listenerPid, $0.hellos) }
        guard let listener else {
            storage.notifier.isAlone = false
            return
        }
        var others = 1
        for try await count in try await storage.client.query("""
            SELECT count(*) FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND objsubid = 2
              AND classid = \(Int64(Self.presenceLockSpace))::oid AND objid::bigint <> \(Int64(listener))
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            """, logger: logger
        ).decode(Int64.self) {
            others = Int(count)
        }
        let isAlone = peers.withLock { peers in
            // A hello during the count: its sender may not be in it.
            guard others > 0 || peers.hellos == hellosBefore else { return false }
            peers.others = others
            return others == 0
        }
        storage.notifier.isAlone = isAlone
    }

    /// Other listening processes at the last count (nil before the first).
    var otherProcesses: Int? { peers.withLock { $0.others } }
}
