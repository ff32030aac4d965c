import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import ParleyChat
import ParleyProtocol
import ServiceLifecycle

/// How `parley serve` runs.
public struct ParleyServerConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port (0 picks a free one; ``ParleyServerApp/run(configuration:logger:onRunning:)`` reports it).
    public var port: Int
    /// The SQLite file; `nil` keeps everything in memory (tests).
    public var databasePath: String?
    /// The HS256 secret tokens are signed with.
    public var jwtSecret: [UInt8]
    /// The limits enforced.
    public var limits: WireLimits
    /// Users who become admins when they first write themselves.
    public var adminUserIds: Set<String>
    /// How often every WebSocket is pinged; a socket that sends nothing (not even the pong) for
    /// this long after a ping is closed as dead.
    public var pingInterval: Duration
    /// A PostgreSQL database (`postgres://user:password@host:port/database`) instead of the SQLite
    /// file: several server processes may share it.
    public var postgresURL: String?
    /// The PostgreSQL connection pool's size (and the threads transactions run on); by default
    /// ``defaultPostgresPoolSize``.
    public var postgresPoolSize: Int = Self.defaultPostgresPoolSize

    /// Four connections per core, at least 4 and at most 16. More connections than the cores can
    /// keep busy split the group commits into smaller batches and add threads to switch between:
    /// on 2 cores, one process with 8 connections held about 10% more sends per second than with 16.
    public static var defaultPostgresPoolSize: Int {
        min(16, max(4, 4 * ProcessInfo.processInfo.activeProcessorCount))
    }
    /// How long an applied reaction operation id is remembered (a retry within it applies
    /// nothing); at least ``WirePath/operationRetryWindow``, how long clients retry.
    public var reactionOperationRetention: Duration = WirePath.operationIdRetention
    /// How often expired reaction operation ids are deleted (also once at start).
    public var pruneInterval: Duration = .seconds(3600)
    /// How long a socket the server closes (graceful shutdown, a deleted user) has to take its
    /// last frames and answer the close before it is cut: a client that stopped reading cannot
    /// hold a shutdown longer than this.
    public var closeTimeout: Duration = .seconds(3)
    /// How long a new connection has to send its first request head before it is closed: a client
    /// that connects and never speaks cannot hold a file descriptor, nor a graceful shutdown
    /// (which closes such connections at once).
    public var firstRequestTimeout: Duration = .seconds(10)
    /// What `POST /v1/uploads` accepts (size and types).
    public var uploads = UploadPolicy()
    /// Whether welcome frames name the upload limit (``WireLimits/maxUploadBytes``); false plays
    /// a server from before they did (tests of clients facing one).
    var advertisesUploadLimit = true

    /// The limits welcome frames carry: ``limits``, with the upload limit of ``uploads``.
    var advertisedLimits: WireLimits {
        var advertised = limits
        advertised.maxUploadBytes = advertisesUploadLimit ? uploads.maxBytes : nil
        return advertised
    }
    /// Fetches the page of the first http(s) link of a new message and adds its preview to the
    /// message (`parley serve --link-previews` sets `HTTPLinkPreviewFetcher`); nil, the default,
    /// fetches nothing.
    public var linkPreviewFetcher: (any LinkPreviewFetching)?

    /// Describes a server.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String?, jwtSecret: [UInt8],
        limits: WireLimits = WireLimits(), adminUserIds: Set<String> = [], postgresURL: String? = nil,
        pingInterval: Duration = .seconds(30)
    ) {
        self.postgresURL = postgresURL
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.jwtSecret = jwtSecret
        self.limits = limits
        self.adminUserIds = adminUserIds
        self.pingInterval = pingInterval
    }
}

/// The Parley server: HTTP API and WebSocket on one port (see `ParleyProtocol`'s ``WirePath``).
///
/// ```swift
/// try await ParleyServerApp.run(configuration: .init(databasePath: path, jwtSecret: secret)) { port in
///     print("listening on \(port)")
/// }
/// ```
public enum ParleyServerApp {
    /// Runs the server until the process is asked to stop (SIGINT or SIGTERM).
    public static func run(
        configuration: ParleyServerConfiguration, logger: Logger = Logger(label: "parley.server"),
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        ParleyMetrics.bootstrap()
        let app = try await makeApplication(configuration: configuration, logger: logger, onRunning: onRunning)
        var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = drainLimit
        try await ServiceGroup(configuration: group).run()
    }

    /// The longest a graceful shutdown waits for open connections (sockets are asked to
    /// reconnect elsewhere, requests in flight finish) before the rest are cut: a client that
    /// never closes its end must not keep the process from stopping.
    static let drainLimit: Duration = .seconds(10)

    /// Runs a server for `configuration` while `body` runs with its port, then shuts it down
    /// gracefully, bounded by `drainLimit`. For tests: a connection left open cannot hang them.
    ///
    /// If the server still runs `drainLimit` after that, it is left behind with a warning on
    /// standard error rather than waited for.
    static func withServer<T: Sendable>(
        configuration: ParleyServerConfiguration, logger: Logger, drainLimit: Duration = .seconds(5),
        _ body: (Int) async throws -> T
    ) async throws -> T {
        let (ports, reportPort) = AsyncStream.makeStream(of: Int.self)
        let app = try await makeApplication(configuration: configuration, logger: logger) { port in
            reportPort.yield(port)
            reportPort.finish()
        }
        var groupConfiguration = ServiceGroupConfiguration(services: [app], logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = drainLimit
        let group = ServiceGroup(configuration: groupConfiguration)
        let running = Task {
            defer { reportPort.finish() }
            try await group.run()
        }
        let result: Result<T, any Error>
        let port = await ports.first(where: { _ in true })
        if let port {
            do { result = .success(try await body(port)) } catch { result = .failure(error) }
        } else {
            result = .failure(CancellationError())
        }
        await group.triggerGracefulShutdown()
        if let stopped = await awaitResult(of: running, within: drainLimit * 2) {
            try stopped.get()
        } else {
            FileHandle.standardError.write(Data("""
                ParleyServerApp.withServer: the server on port \(port ?? configuration.port) still runs \(drainLimit * 2) after \
                its graceful shutdown; left behind

                """.utf8))
        }
        return try result.get()
    }

    static func makeApplication(
        configuration: ParleyServerConfiguration, logger: Logger,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws -> some ApplicationProtocol {
        let hub = EventHub()
        let storage: any ServerStorage
        let operations: ServerOperations
        if let url = configuration.postgresURL {
            let postgres = try await PostgresServerStorage.open(
                url: url, poolSize: configuration.postgresPoolSize, logger: logger)
            let fanout = PostgresFanout(storage: postgres, hub: hub, logger: logger)
            fanout.start()
            storage = postgres
            operations = ServerOperations(
                hub: hub, postgres: postgres, fanout: fanout,
                pruner: configuration.pruner(storage: postgres, logger: logger), logger: logger)
        } else {
            storage = try SQLiteServerStorage(path: configuration.databasePath)
            operations = ServerOperations(
                hub: hub, postgres: nil, fanout: nil, pruner: configuration.pruner(storage: storage, logger: logger),
                logger: logger)
        }
        let service = ChatService(
            storage: storage, hub: hub, limits: configuration.advertisedLimits, adminUserIds: configuration.adminUserIds,
            linkPreviewFetcher: configuration.linkPreviewFetcher, logger: logger)
        let tokens = try await ServerTokens(secret: configuration.jwtSecret)
        let authenticator = Authenticator(tokens: tokens, storage: storage)
        let limiter = RateLimiter(rate: configuration.limits.requestsPerSecond, burst: configuration.limits.requestBurst)

        let router = Router(context: ParleyRequestContext.self)
        // Health and metrics answer before authentication.
        router.add(middleware: OperationsMiddleware(operations: operations))
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: APIMiddleware(authenticator: authenticator, limiter: limiter))
        Routes(service: service).add(to: router)
        UploadRoutes(service: service, policy: configuration.uploads).add(to: router)

        let webSocketRouter = Router(context: ParleyWebSocketContext.self)
        // Authenticated once, before the upgrade (in a short-lived task): the session's long-lived
        // task starts from the actor it found.
        webSocketRouter.add(middleware: WebSocketAuthMiddleware(authenticator: authenticator))
        // One timer pings every socket (instead of Hummingbird's task per socket).
        let heartbeat = HeartbeatWheel(interval: configuration.pingInterval)
        webSocketRouter.ws(RouterPath(WirePath.webSocket)) { _, context in
            // A refused upgrade falls through to the HTTP router, whose middleware answers the error.
            context.actorId == nil ? .dontUpgrade : .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            // On graceful shutdown every socket closes with "service restart": clients reconnect elsewhere.
            await withGracefulShutdownHandler {
                await WebSocketSession.run(
                    inbound: inbound, outbound: outbound, context: context, service: service, limiter: limiter,
                    heartbeat: heartbeat, closeTimeout: configuration.closeTimeout)
            } onGracefulShutdown: {
                operations.drain()
            }
        }

        return Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: webSocketRouter,
                configuration: .init(ws: .init(
                    maxFrameSize: configuration.limits.maxFrameBytes * 2, autoPing: .disabled,
                    closeTimeout: configuration.closeTimeout)),
                firstRequestTimeout: configuration.firstRequestTimeout),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "parley"),
            services: [operations],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }
}

extension ParleyServerConfiguration {
    /// The pruner of expired reaction operation ids in `storage`.
    func pruner(storage: any ServerStorage, logger: Logger) -> ReactionOperationPruner {
        ReactionOperationPruner(
            storage: storage, retention: max(reactionOperationRetention, WirePath.operationRetryWindow),
            interval: pruneInterval, logger: logger)
    }
}
