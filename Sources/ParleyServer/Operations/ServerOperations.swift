import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import ParleyChat
import Prometheus
import ServiceLifecycle

/// The metrics of `parley serve`: swift-metrics, exported by a Prometheus registry at `/metrics`.
public enum ParleyMetrics {
    /// The registry `/metrics` renders.
    public static let registry = PrometheusCollectorRegistry()
    private static let bootstrapped = PthreadMutex(false)

    /// Makes swift-metrics record into ``registry`` (once per process; `ParleyServerApp.run` calls it).
    public static func bootstrap() {
        let first = bootstrapped.withLock { done in
            defer { done = true }
            return !done
        }
        if first { MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry)) }
    }
}

/// Health, readiness, metrics and the graceful shutdown of one server process.
///
/// - `GET /health/live`: 200 while the process serves HTTP at all.
/// - `GET /health/ready`: 200 when the database answers and the process is not draining, else 503
///   (a load balancer stops sending new clients).
/// - `GET /metrics`: Prometheus text.
///
/// As a service of the application's service group it outlives the HTTP server on shutdown: the
/// server stops accepting and its sockets close with 1012 ("service restart": the client
/// reconnects, to another process, and syncs from its cursors, so nothing is lost); then this
/// service stops the fan-out and closes the database pool.
final class ServerOperations: Service, Sendable {
    let hub: EventHub
    let postgres: PostgresServerStorage?
    let fanout: PostgresFanout?
    let logger: Logger
    /// Deletes expired reaction operation ids while the server runs.
    let pruner: ReactionOperationPruner?
    private let draining = PthreadMutex(false)
    private let connections = Gauge(label: "parley_connections")

    /// The close code of drained sockets: 1012, service restart.
    static let restartCloseCode: UInt16 = 1012

    init(
        hub: EventHub, postgres: PostgresServerStorage?, fanout: PostgresFanout?, pruner: ReactionOperationPruner? = nil,
        logger: Logger
    ) {
        self.hub = hub
        self.pruner = pruner
        self.postgres = postgres
        self.fanout = fanout
        self.logger = logger
    }

    func run() async throws {
        // Until the service group shuts down (after the HTTP server has drained), pruning meanwhile.
        if let pruner {
            await cancelWhenGracefulShutdown { await pruner.run() }
        } else {
            try? await gracefulShutdown()
        }
        drain()
        await fanout?.stop()
        await postgres?.close()
    }

    /// Stops readiness and closes every socket with ``restartCloseCode`` (their queued frames first).
    func drain() {
        let first = draining.withLock { draining in
            defer { draining = true }
            return !draining
        }
        if first { logger.info("draining: closing sockets with service restart") }
        hub.closeAll(code: Self.restartCloseCode)
    }

    var isDraining: Bool { draining.withLock { $0 } }

    /// Whether new clients should come here.
    func isReady() async -> Bool {
        if isDraining { return false }
        if let postgres { return await postgres.ping() }
        return true
    }

    /// The Prometheus text of every metric.
    func metricsText() -> String {
        connections.record(hub.connectionCount)
        if let fanout {
            let counts = fanout.counts
            Gauge(label: "parley_fanout_notifications").record(counts.notifications)
            Gauge(label: "parley_fanout_gap_reads").record(counts.gapReads)
            Gauge(label: "parley_fanout_catch_up_reads").record(counts.catchUpDeliveries)
            Gauge(label: "parley_fanout_listen_connects").record(counts.listenConnects)
            if let others = fanout.otherProcesses { Gauge(label: "parley_fanout_other_processes").record(others) }
        }
        if let postgres {
            Gauge(label: "parley_db_pool_size").record(postgres.poolSize)
            Gauge(label: "parley_db_transactions_in_flight").record(postgres.inFlight)
            Gauge(label: "parley_fanout_notify_statements").record(postgres.notifier.statementsSent)
        }
        return ParleyMetrics.registry.emitToString()
    }
}

/// Answers `/health/live`, `/health/ready` and `/metrics` before authentication.
struct OperationsMiddleware: RouterMiddleware {
    typealias Context = ParleyRequestContext

    let operations: ServerOperations

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .get else { return try await next(request, context) }
        switch request.uri.path {
        case "/health/live":
            return Self.text("live\n", status: .ok)
        case "/health/ready":
            return await operations.isReady() ? Self.text("ready\n", status: .ok) : Self.text("not ready\n", status: .serviceUnavailable)
        case "/metrics":
            return Self.text(operations.metricsText(), status: .ok, contentType: "text/plain; version=0.0.4")
        default:
            return try await next(request, context)
        }
    }

    static func text(_ text: String, status: HTTPResponse.Status, contentType: String = "text/plain") -> Response {
        Response(
            status: status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
