import Foundation
import GRDB

/// The SQLite database behind a ``ChatClient``: the single source of truth.
///
/// One writer connection (GRDB serialises writes on its queue) and a few readers (WAL lets them
/// read while a write is in progress). Writes go through ``write(_:)`` or ``writeSync(_:)``
/// (IMMEDIATE transactions); whatever a transaction changed, however it was written, reaches
/// ``observers`` after its commit through the ``StoreChangeCollector`` on the writer connection.
final class ChatStore: Sendable {
    /// The database connection(s).
    let writer: any DatabaseWriter
    /// The database file's path, or `":memory:"`.
    let path: String
    /// Where committed changes go.
    let observers: StoreObservers
    /// Watches the writer connection and publishes each commit to ``observers``.
    private let collector: StoreChangeCollector

    /// Page cache of the writer connection, in KiB. Small on purpose: the process budget with a
    /// 100,000-message channel open is 60 MB, and the OS page cache holds the rest of the file.
    static let cacheSizeKiB = 4096
    /// Page cache of each reader connection, in KiB: readers page through history once (an
    /// index range scan per page of messages), so a large cache per reader only grew with the
    /// distance the user scrolled, up to 4 MB a connection.
    static let readerCacheSizeKiB = 1024

    /// Opens (creating if needed) the database at `url`, or an in-memory database if `url` is nil.
    ///
    /// - Throws: ``ChatError/databaseUnreadable(path:reason:movedTo:)`` when the file is not a
    ///   SQLite database or is corrupted; other ``ChatError`` storage errors otherwise.
    init(url: URL?) throws(ChatError) {
        var configuration = Configuration()
        configuration.label = "ParleyChat"
        configuration.busyMode = .timeout(15)  // concurrent writers in other processes wait
        configuration.maximumReaderCount = 3
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            let kib = db.configuration.readonly ? ChatStore.readerCacheSizeKiB : ChatStore.cacheSizeKiB
            try db.execute(sql: "PRAGMA cache_size = -\(kib)")
            if !db.configuration.readonly {
                // WAL + NORMAL: a committed transaction survives a process crash (SIGKILL); only
                // a power loss can lose the last commits, never corrupt the file.
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        let path = url?.path ?? ":memory:"
        self.path = path
        let observers = StoreObservers()
        self.observers = observers
        let collector = StoreChangeCollector(observers: observers)
        self.collector = collector
        do {
            if let url {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                let pool = try DatabasePool(path: url.path, configuration: configuration)
                writer = pool
            } else {
                writer = try DatabaseQueue(configuration: configuration)
            }
            try StoreSchema.migrator.migrate(writer)
            // After the migrations: the collector's temporary triggers name the tables.
            try writer.writeWithoutTransaction { db in try collector.install(on: db) }
            // Reading the schema and one row of each table touches the first pages of every
            // B-tree: a damaged header or root page fails here, at open, not in the middle of a
            // session.
            try writer.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                for table in ["user", "channel", "member", "message", "reaction", "reaction_aggregate"] {
                    _ = try Row.fetchOne(db, sql: "SELECT * FROM \(table) LIMIT 1")
                }
            }
        } catch let error as DatabaseError {
            throw ChatError(error, path: path)
        } catch let error as CocoaError {
            throw ChatError.databaseError(code: -1, reason: "cannot create the database folder: \(error.localizedDescription)")
        } catch {
            throw ChatError.wrapping(error, path: path)
        }
    }

    /// Reads synchronously. Used by controllers on the main actor: page queries take well under a
    /// millisecond, and a synchronous read cannot interleave with other controller updates.
    func read<T>(_ body: (Database) throws -> T) throws(ChatError) -> T {
        do {
            return try writer.read(body)
        } catch {
            throw ChatError.wrapping(error, path: path)
        }
    }

    /// Reads without blocking the caller's thread.
    func asyncRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(ChatError) -> T {
        do {
            return try await writer.read(body)
        } catch {
            throw ChatError.wrapping(error, path: path)
        }
    }

    /// Runs `body` in an IMMEDIATE transaction; its changes are published after the commit.
    @discardableResult
    func write<T: Sendable>(
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(ChatError) -> T {
        do {
            return try await writer.writeWithoutTransaction { db in
                try Self.transaction(db, body)
            }
        } catch {
            throw ChatError.wrapping(error, path: path)
        }
    }

    /// The synchronous form of ``write(_:)``, for bulk imports and benchmarks.
    @discardableResult
    func writeSync<T>(_ body: (Database) throws -> T) throws(ChatError) -> T {
        do {
            return try writer.writeWithoutTransaction { db in
                try Self.transaction(db, body)
            }
        } catch {
            throw ChatError.wrapping(error, path: path)
        }
    }

    private static func transaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        var result: T?
        try db.inTransaction(.immediate) {
            result = try body(db)
            return .commit
        }
        guard let result else { preconditionFailure("transaction committed without a result") }
        return result
    }

    /// Publishes a change that did not come from the database (the client's outbox, memory only).
    func publish(_ change: StoreChange) {
        observers.publish(change)
    }
}

// MARK: - Unreadable files

extension ChatStore {
    /// Moves the database file at `url` and its `-wal` and `-shm` companions aside, next to it,
    /// under a name ending in `.unreadable-<timestamp>`. Never deletes anything.
    ///
    /// - Returns: the new path of the main file.
    static func moveAside(_ url: URL, now: Date = Date()) throws(ChatError) -> URL {
        let manager = FileManager.default
        let stamp = Int64(now.timeIntervalSince1970 * 1000)
        var destination = url.appendingPathExtension("unreadable-\(stamp)")
        var attempt = 1
        while manager.fileExists(atPath: destination.path) {
            attempt += 1
            destination = url.appendingPathExtension("unreadable-\(stamp)-\(attempt)")
        }
        do {
            try manager.moveItem(at: url, to: destination)
            for suffix in ["-wal", "-shm"] {
                let companion = URL(fileURLWithPath: url.path + suffix)
                if manager.fileExists(atPath: companion.path) {
                    try manager.moveItem(at: companion, to: URL(fileURLWithPath: destination.path + suffix))
                }
            }
        } catch {
            throw ChatError.databaseError(
                code: -1,
                reason: "cannot move the unreadable database \(url.path) aside: \(error.localizedDescription)")
        }
        return destination
    }
}

// MARK: - Fault injection (tests)

/// Storage faults tests inject through real SQLite mechanisms.
enum StorageFault: Sendable {
    /// `PRAGMA max_page_count` pinned to the current size: any write that needs a new page fails
    /// with SQLITE_FULL, exactly as on a full disk.
    case diskFull
    /// `PRAGMA query_only`: every write fails with SQLITE_READONLY, as on a read-only file system.
    case readOnly
}

extension ChatStore {
    /// Injects `fault` into the writer connection, or clears faults when `nil`.
    func simulate(_ fault: StorageFault?) throws(ChatError) {
        do {
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA query_only = 0")
                try db.execute(sql: "PRAGMA max_page_count = 1073741823")
                switch fault {
                case .diskFull:
                    let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 1
                    try db.execute(sql: "PRAGMA max_page_count = \(pages)")
                case .readOnly:
                    try db.execute(sql: "PRAGMA query_only = 1")
                case nil:
                    break
                }
            }
        } catch {
            throw ChatError.wrapping(error, path: path)
        }
    }
}
