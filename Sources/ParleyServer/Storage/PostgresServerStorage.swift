import Foundation
import Logging
import Metrics
import NIOCore
import NIOPosix
import ParleyChat
import PostgresNIO
import Synchronization

/// The PostgreSQL storage engine: several server processes share one database.
///
/// The chat service's transaction bodies are synchronous (the SQLite engine runs them on GRDB's
/// writer), so this engine runs each body on a thread of its own pool, on a connection leased
/// from PostgresNIO's pool, and waits there for each query's answer. A write is one
/// `READ COMMITTED` transaction that locks the rows it reads to change (`SELECT … FOR UPDATE`
/// on the channel and message): writes to one channel queue on the channel's row, as they queue
/// on SQLite's single writer, and its `last_seq` is taken under that lock, so sequence numbers stay
/// gapless and in commit order. A body that meets a serialization failure, a deadlock or a unique
/// violation (two first sends of one message id) runs again from the start, where it sees the
/// winner's row: a retried send answers the stored message (idempotent) instead of failing.
///
/// Each write that appends events is followed, once committed, by one tiny `NOTIFY` per channel
/// (origin, channel id, sequence: never a body; see ``PostgresNotifier``); other processes'
/// ``PostgresFanout`` reads the events behind it.
final class PostgresServerStorage: ServerStorage {
    /// The `LISTEN`/`NOTIFY` channel of the fan-out.
    static let notifyChannel = "parley_events"

    let client: PostgresClient
    let settings: PostgresSettings
    /// The threads transaction bodies run on (each blocks on its queries).
    private let threads: NIOThreadPool
    private let runTask: Task<Void, Never>
    let logger: Logger
    /// This process's id in `NOTIFY` payloads, so it skips its own.
    let origin: String
    /// The pool's size.
    let poolSize: Int
    let inFlightCount = Atomic<Int>(0)
    let writeTimer = Metrics.Timer(label: "parley_db_write_seconds")
    let retries = Counter(label: "parley_db_write_retries_total")
    let commitLocks = CommitLocks()
    /// The hot statements prepared on each connection (see ``PreparedSQL``).
    let statements = PostgresPreparedStatements()
    /// Sends the fan-out's wake-ups for committed appends.
    let notifier: PostgresNotifier
    /// The group commit lanes: the writes waiting for each lane's next batch (see
    /// `PostgresServerStorage+GroupCommit.swift`).
    let lanes: [PendingWrites]
    /// Group commits run (committed or not), and the writes per batch.
    let batchCount = Atomic<Int>(0)
    let batchSizes = Recorder(label: "parley_db_batch_writes")
    /// Batches that ran again with a savepoint per write (see ``PostgresGroupCommitScope/Mode-swift.enum``).
    let savepointRuns = Atomic<Int>(0)

    /// Writes queued or in a batch now.
    var inFlight: Int { inFlightCount.load(ordering: .relaxed) }

    /// Connects to `url` (`postgres://user:password@host:port/database`), applies the migrations
    /// not applied yet (under an advisory lock, so several processes may start at once), and starts
    /// the pool. Writes commit in `lanes` group commits side by side (by default a lane per four
    /// connections of the pool: a lane holds one connection for its running batch and one for
    /// the batch waiting for its sync, and reads need some too).
    static func open(
        url: String, poolSize: Int = ParleyServerConfiguration.defaultPostgresPoolSize, lanes: Int? = nil, logger: Logger = Logger(label: "parley.postgres")
    ) async throws -> PostgresServerStorage {
        let settings = try PostgresSettings(url: url)
        let storage = PostgresServerStorage(
            settings: settings, poolSize: poolSize, lanes: max(1, lanes ?? poolSize / 4), logger: logger)
        do {
            try await storage.migrate()
        } catch {
            await storage.close()
            throw error
        }
        return storage
    }

    private init(settings: PostgresSettings, poolSize: Int, lanes: Int, logger: Logger) {
        self.settings = settings
        self.logger = logger
        self.poolSize = poolSize
        self.lanes = (0..<lanes).map { _ in PendingWrites() }
        var configuration = settings.clientConfiguration
        configuration.options.maximumConnections = poolSize
        configuration.options.minimumConnections = min(2, poolSize)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        runTask = Task { await client.run() }
        threads = NIOThreadPool(numberOfThreads: poolSize)
        threads.start()
        origin = UUID().uuidString.lowercased().prefix(12).description
        notifier = PostgresNotifier(client: client, origin: origin, logger: logger)
    }

    /// Stops the pool and the threads.
    func close() async {
        runTask.cancel()
        _ = await runTask.result
        try? await threads.shutdownGracefully()
    }

    // MARK: Transactions

    func read<T: Sendable>(_ body: @Sendable (any ServerTransaction) throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await onThread { [logger, statements] in
                let tx = PostgresTransaction(connection: connection, logger: logger, isWrite: false, statements: statements)
                // Not waited for: the body's first query follows it on the connection.
                tx.send("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                do {
                    let result = try body(tx)
                    try tx.execute("COMMIT")
                    return result
                } catch {
                    tx.discardSent()
                    _ = try? tx.execute("ROLLBACK")
                    throw error
                }
            }
        }
    }

    /// Runs `work` on a thread of the pool and waits for it.
    ///
    /// The pool keeps its work item (and so whatever it captured) a moment after handing back
    /// the answer, and a cancelled item stays queued: so `work` goes in a box that lets go of it
    /// before this returns. (Passing it straight through `withoutActuallyEscaping` crashed the
    /// process now and then with "non-escaping closure has escaped".)
    func onThread<R: Sendable>(_ work: @Sendable () throws -> R) async throws -> R {
        try await withoutActuallyEscaping(work) { work in
            let box = WorkBox(work)
            defer { box.release() }
            return try await threads.runIfActive { try box.run() }
        }
    }

    /// Whether a write that failed with `error` runs again: a serialization failure, a deadlock,
    /// or a unique violation (the body sees the other transaction's row on its next run).
    static func isRetryable(_ error: any Error) -> Bool {
        guard let state = sqlState(of: error) else { return false }
        return ["40001", "40P01", "23505"].contains(state)
    }

    /// The SQLSTATE of PostgreSQL's error: from PostgresNIO's `PSQLError`, or from the legacy
    /// `PostgresError` that its prepared statements fail with.
    static func sqlState(of error: any Error) -> String? {
        if let error = error as? PSQLError { return error.serverInfo?[.sqlState] }
        if case .server(let message) = error as? PostgresError { return message.fields[.sqlState] }
        return nil
    }

    /// Whether `error` came from the database or the connection (not from a write's own rules).
    static func isDatabaseError(_ error: any Error) -> Bool {
        error is PSQLError || error is PostgresError || error is PostgresStorageError
    }

    // MARK: Migrations

    /// The schema, one version a step. A step never changes once shipped; a change is a new step.
    static let migrations: [(version: Int, statements: [String])] = [
        (1, [
            """
            CREATE TABLE users (
                id TEXT PRIMARY KEY, name TEXT NOT NULL, image_url TEXT, avatar_color BIGINT,
                role TEXT NOT NULL, created_at BIGINT NOT NULL, deleted_at BIGINT)
            """,
            """
            CREATE TABLE channels (
                cid TEXT PRIMARY KEY, name TEXT, image_url TEXT, config TEXT NOT NULL,
                is_frozen BOOLEAN NOT NULL, created_by TEXT, created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL, last_message_at BIGINT, epoch TEXT NOT NULL, last_seq BIGINT NOT NULL)
            """,
            """
            CREATE TABLE members (
                cid TEXT NOT NULL REFERENCES channels(cid) ON DELETE CASCADE, user_id TEXT NOT NULL,
                role TEXT NOT NULL, created_at BIGINT NOT NULL, last_read_at BIGINT,
                last_read_message_id TEXT, is_muted BOOLEAN NOT NULL DEFAULT FALSE, PRIMARY KEY (cid, user_id))
            """,
            "CREATE INDEX members_by_user ON members(user_id)",
            """
            CREATE TABLE messages (
                id TEXT PRIMARY KEY, cid TEXT NOT NULL REFERENCES channels(cid) ON DELETE CASCADE,
                user_id TEXT NOT NULL, type TEXT NOT NULL, text TEXT NOT NULL, created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL, text_updated_at BIGINT, deleted_at BIGINT, parent_id TEXT,
                show_in_channel BOOLEAN NOT NULL, quoted_id TEXT, mentioned TEXT NOT NULL,
                attachments TEXT NOT NULL, reply_count INTEGER NOT NULL DEFAULT 0)
            """,
            "CREATE INDEX messages_by_channel ON messages(cid, parent_id, created_at, id)",
            """
            CREATE TABLE reactions (
                message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE, user_id TEXT NOT NULL,
                type TEXT NOT NULL, score INTEGER NOT NULL, created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL, PRIMARY KEY (message_id, user_id, type))
            """,
            """
            CREATE TABLE events (
                cid TEXT NOT NULL REFERENCES channels(cid) ON DELETE CASCADE, seq BIGINT NOT NULL,
                payload BYTEA NOT NULL, PRIMARY KEY (cid, seq))
            """,
        ]),
        // Full-text search: the words of each message (the `simple` configuration: no stemming and
        // no stop words, like FTS5's default tokenizer), GIN-indexed.
        (2, [
            """
            ALTER TABLE messages ADD COLUMN search tsvector
                GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED
            """,
            "CREATE INDEX messages_search ON messages USING GIN (search)",
        ]),
        // The reaction operations applied, by the client's operation id: a retry applies nothing.
        (3, [
            """
            CREATE TABLE reaction_operations (
                user_id TEXT NOT NULL, operation_id TEXT NOT NULL,
                message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE, created_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, operation_id))
            """,
            "CREATE INDEX reaction_operations_by_message ON reaction_operations(message_id)",
        ]),
        // Pruning finds the operations older than the retention through their time.
        (4, ["CREATE INDEX reaction_operations_by_time ON reaction_operations(created_at)"]),
        // Uploaded files, bytes included (see ``ServerStorage/insertUpload(_:)``); `IF NOT EXISTS`
        // so the step is harmless if it is ever renumbered.
        (5, [
            """
            CREATE TABLE IF NOT EXISTS uploads (
                id TEXT PRIMARY KEY, cid TEXT NOT NULL REFERENCES channels(cid) ON DELETE CASCADE,
                user_id TEXT NOT NULL, file_name TEXT NOT NULL, mime_type TEXT NOT NULL,
                bytes BYTEA NOT NULL, created_at BIGINT NOT NULL)
            """,
            "CREATE INDEX IF NOT EXISTS uploads_by_channel ON uploads(cid)",
        ]),
    ]

    /// The advisory lock key of migrations (any constant; "parley" in ASCII).
    static let migrationLock: Int64 = 0x70_61_72_6c_65_79

    /// Applies the steps not applied yet, in one transaction holding the migration lock: a second
    /// process starting at the same moment waits, then finds them applied.
    func migrate() async throws {
        try await client.withConnection { connection in
            try await connection.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS parley_schema_migrations (
                        version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                    """, logger: logger)
                var applied: Set<Int> = []
                for try await version in try await connection.query(
                    "SELECT version FROM parley_schema_migrations", logger: logger
                ).decode(Int.self) {
                    applied.insert(version)
                }
                for migration in Self.migrations where !applied.contains(migration.version) {
                    for statement in migration.statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query(
                        "INSERT INTO parley_schema_migrations (version) VALUES (\(migration.version))", logger: logger)
                    logger.info("applied schema migration", metadata: ["version": "\(migration.version)"])
                }
            }
        }
    }

    /// The applied schema versions (for tests and `/health/ready`).
    func schemaVersions() async throws -> [Int] {
        var versions: [Int] = []
        for try await version in try await client.query(
            "SELECT version FROM parley_schema_migrations ORDER BY version", logger: logger
        ).decode(Int.self) {
            versions.append(version)
        }
        return versions
    }

    /// Whether the database answers (a `SELECT 1` through the pool).
    func ping() async -> Bool {
        do {
            _ = try await client.query("SELECT 1", logger: logger)
            return true
        } catch {
            return false
        }
    }
}

/// Where the database is: parsed from a `postgres://` URL.
struct PostgresSettings: Sendable {
    var host: String
    var port: Int
    var username: String
    var password: String?
    var database: String?

    /// Parses `postgres://user:password@host:port/database` (also `postgresql://`).
    init(url: String) throws {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? "")
        else { throw PostgresURLError(url: url) }
        host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
        port = components.port ?? 5432
        username = components.user?.removingPercentEncoding ?? "postgres"
        password = components.password?.removingPercentEncoding
        let path = components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        database = path.isEmpty ? nil : path
    }

    var clientConfiguration: PostgresClient.Configuration {
        PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: .disable)
    }

    var connectionConfiguration: PostgresConnection.Configuration {
        PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: .disable)
    }
}

/// A `--postgres` value that is not a `postgres://` URL.
struct PostgresURLError: Error, CustomStringConvertible {
    let url: String
    var description: String { "Not a PostgreSQL URL (postgres://user:password@host:port/database): \(url)" }
}

/// A closure handed to another thread that can be taken back: ``release()`` drops it, whoever
/// still holds the box.
private final class WorkBox<R>: Sendable {
    private let work: PthreadMutex<(@Sendable () throws -> R)?>

    init(_ work: @escaping @Sendable () throws -> R) {
        self.work = PthreadMutex(work)
    }

    /// Runs the closure (it is released when this returns); fails once released.
    func run() throws -> R {
        guard let work = work.withLock({ $0 }) else { throw CancellationError() }
        return try work()
    }

    func release() {
        work.withLock { $0 = nil }
    }
}

/// Locks held from a write's `COMMIT` through its `afterCommit`, one per channel it appended to
/// (striped: channels sharing a stripe share a lock, which only orders their commits too).
final class CommitLocks: Sendable {
    private final class Stripe: Sendable {
        let lock = PthreadMutex(())
    }

    private let stripes = (0..<256).map { _ in Stripe() }

    /// Runs `body` holding the locks of `channels` (taken in stripe order: no two writers wait
    /// on each other).
    func withLocks(for channels: some Sequence<String>, _ body: () throws -> Void) rethrows {
        let indices = Set(channels.map { Self.stripe(of: $0, among: stripes.count) })
        try locked(indices.sorted()[...], body)
    }

    /// The stripe (or group commit lane) of channel `cid` among `count`: a hash (FNV-1a), the same
    /// in every process.
    static func stripe(of cid: String, among count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in cid.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash % UInt64(count))
    }

    private func locked(_ indices: ArraySlice<Int>, _ body: () throws -> Void) rethrows {
        guard let first = indices.first else { return try body() }
        try stripes[first].lock.withLock { _ in try locked(indices.dropFirst(), body) }
    }
}
