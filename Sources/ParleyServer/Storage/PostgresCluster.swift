import Foundation
#if canImport(Glibc)
import Glibc
import ParleyChat
#endif

/// A throwaway PostgreSQL cluster for tests and benchmarks: `initdb` in a temporary directory,
/// `pg_ctl start` on a free loopback port, stopped and removed by ``stop()`` (the shared one when
/// the process exits).
///
/// PostgreSQL refuses to run as root, so under root (CI containers) the cluster runs as the
/// `postgres` system user the Debian package creates, in a directory that user owns; otherwise
/// as the current user. There is no skip: without PostgreSQL (`scripts/install-deps` installs
/// it) the tests that need it fail.
public final class PostgresCluster: Sendable {
    /// The cluster's directory (data, log, socket).
    public let directory: URL
    /// The loopback port it listens on.
    public let port: Int
    /// The PostgreSQL binaries used (`initdb`, `pg_ctl`, `createdb`).
    public let binaries: URL

    /// A URL for `database` on the cluster (trust authentication on loopback).
    public func url(database: String = "postgres") -> String { "postgres://postgres@127.0.0.1:\(port)/\(database)" }

    /// The process's cluster, started on first use.
    public static func shared() throws -> PostgresCluster {
        try sharedCluster.withLock { cluster in
            if let cluster { return cluster }
            let started = try PostgresCluster.start()
            cluster = started
            atexit { PostgresCluster.stopShared() }
            return started
        }
    }

    private static let sharedCluster = PthreadMutex<PostgresCluster?>(nil)

    /// The `pg_ctl` and data directory of every cluster started in this process and not stopped
    /// (kept apart from ``sharedCluster``, whose lock a hung start may hold).
    private static let running = PthreadMutex<[String: String]>([:])

    /// Stops every cluster this process started, at once (`pg_ctl stop -m immediate`, each
    /// bounded to 10 s): for a watchdog about to end a hung test process.
    public static func emergencyStopAll() {
        for (dataPath, pgCtl) in running.withLock({ $0 }) {
            let cluster = PostgresCluster(
                directory: URL(fileURLWithPath: dataPath).deletingLastPathComponent(), port: 0,
                binaries: URL(fileURLWithPath: pgCtl).deletingLastPathComponent())
            _ = try? cluster.run(pgCtl, ["-D", dataPath, "-w", "-t", "5", "-m", "immediate", "stop"], timeout: 10)
        }
    }

    private static func stopShared() {
        sharedCluster.withLock { $0?.stop() }
    }

    /// A new empty database on the shared cluster; its URL.
    public static func freshDatabase() throws -> String {
        try shared().createDatabase()
    }

    /// Runs a blocking cluster call (the tools are waited for) on a thread outside Swift's
    /// concurrency pool, which has one thread per core: blocking one of them starves every other
    /// task of the process for the seconds `initdb` or `pg_ctl` take.
    public static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            Thread.detachNewThread { continuation.resume(with: Result(catching: work)) }
        }
    }

    /// A new empty database on this cluster; its URL.
    public func createDatabase() throws -> String {
        let name = "t_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try run(binaries.appendingPathComponent("createdb").path, [
            "-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres", name,
        ], asOwner: false)
        return url(database: name)
    }

    private init(directory: URL, port: Int, binaries: URL) {
        self.directory = directory
        self.port = port
        self.binaries = binaries
    }

    static var isRoot: Bool { getuid() == 0 }

    /// The newest PostgreSQL server binaries installed (`/usr/lib/postgresql/N/bin`).
    static func findBinaries() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        guard let newest = versions.compactMap(Int.init).max() else {
            throw ClusterError("No PostgreSQL server under /usr/lib/postgresql: run scripts/install-deps.")
        }
        return root.appendingPathComponent("\(newest)/bin")
    }

    /// Starts a new cluster; `fsync: false` trades durability for speed (tests).
    public static func start(fsync: Bool = false) throws -> PostgresCluster {
        let binaries = try findBinaries()
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("parley-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cluster = PostgresCluster(directory: directory, port: try freePort(), binaries: binaries)
        if isRoot { try cluster.run("/bin/chown", ["-R", "postgres:postgres", directory.path], asOwner: false) }
        try cluster.run(binaries.appendingPathComponent("initdb").path, [
            "-D", cluster.dataPath, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C.UTF-8",
        ])
        running.withLock { $0[cluster.dataPath] = binaries.appendingPathComponent("pg_ctl").path }
        try cluster.startServer(fsync: fsync)
        return cluster
    }

    var dataPath: String { directory.appendingPathComponent("data").path }

    /// `pg_ctl start` (waits until it accepts connections).
    public func startServer(fsync: Bool = false) throws {
        var options = "-p \(port) -k \(directory.path) -c listen_addresses=127.0.0.1 -c max_connections=200"
        if !fsync { options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off" }
        try run(binaries.appendingPathComponent("pg_ctl").path, [
            "-D", dataPath, "-l", directory.appendingPathComponent("log").path, "-w", "-t", "60", "-o", options, "start",
        ])
    }

    /// `pg_ctl stop -m fast`: connections are cut, the data stays (a restart follows). `immediate`
    /// stops as a crash does (`-m immediate`: no checkpoint; the restart replays the WAL).
    public func stopServer(immediate: Bool = false) throws {
        try run(binaries.appendingPathComponent("pg_ctl").path, [
            "-D", dataPath, "-w", "-m", immediate ? "immediate" : "fast", "stop",
        ])
    }

    /// Stops the server and removes the directory.
    public func stop() {
        _ = try? run(binaries.appendingPathComponent("pg_ctl").path, ["-D", dataPath, "-w", "-m", "immediate", "stop"])
        _ = Self.running.withLock { $0.removeValue(forKey: dataPath) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs a PostgreSQL tool, as the cluster's owner when `asOwner` (the `postgres` user under root),
    /// and returns what it printed; one still running after `timeout` seconds is killed and reported
    /// (a hung tool fails, it does not hang the caller).
    ///
    /// `posix_spawn` and `waitpid`, not Foundation's `Process`: its reaping of children stalled
    /// in test processes (the tool exited, `waitUntilExit` never returned). Output goes to a
    /// temporary file, not a pipe, since `pg_ctl start` leaves a server running that could hold
    /// a pipe open.
    @discardableResult
    public func run(_ executable: String, _ arguments: [String], asOwner: Bool = true, timeout: TimeInterval = 90) throws -> String {
        // The tools must not inherit a working directory the postgres user cannot enter.
        let inRoot = ["/bin/sh", "-c", "cd / && exec \"$@\"", "sh"]
        let argv = (asOwner && Self.isRoot) ? inRoot + ["/usr/sbin/runuser", "-u", "postgres", "--", executable] + arguments
                                            : inRoot + [executable] + arguments
        let outputPath = NSTemporaryDirectory() + "parley-pg-tool-\(UUID().uuidString.prefix(8)).log"
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        // The tool starts with no signal blocked: a blocked mask is inherited, and this process's
        // threads block some (pgbench's -T runs on SIGALRM and never ended under it).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environ)
        guard spawned == 0 else { throw ClusterError("\(argv[0]) could not start: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid || (waited < 0 && errno != EINTR) { break }
            if Date() >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
                throw ClusterError("\(executable) \(arguments.joined(separator: " ")) still running after \(Int(timeout)) s: killed. \(output)")
            }
            usleep(20_000)
        }
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard exited && code == 0 else {
            throw ClusterError("\(executable) \(arguments.joined(separator: " ")) failed (status \(status)): \(output)")
        }
        return output
    }

    /// A loopback TCP port nobody listens on now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClusterError("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw ClusterError("bind() failed") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw ClusterError("getsockname() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// The cluster could not be set up.
struct ClusterError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
