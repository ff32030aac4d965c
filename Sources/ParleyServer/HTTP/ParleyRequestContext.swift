import Hummingbird
import HummingbirdAuth
import HummingbirdWebSocket
import ParleyProtocol

/// The request context of the HTTP routes: the authenticated actor, set by ``APIMiddleware``.
struct ParleyRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The token's subject (every route runs after authentication).
    var actorId: String = ""

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}

/// The request context of the WebSocket upgrade: the actor, when the request's token is valid.
struct ParleyWebSocketContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The token's subject; `nil` when authentication failed (the upgrade is then refused).
    var actorId: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
    }
}

/// Authenticates a WebSocket upgrade request, leaving the actor in the context (or none).
struct WebSocketAuthMiddleware: RouterMiddleware {
    typealias Context = ParleyWebSocketContext

    let authenticator: Authenticator

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.actorId = try? await authenticator.actor(of: request)
        return try await next(request, context)
    }
}

/// Authentication shared by HTTP requests and the WebSocket upgrade.
struct Authenticator: Sendable {
    let tokens: ServerTokens
    let storage: any ServerStorage

    /// The actor of a request: its bearer token (or, for browsers' WebSockets, `?token=`),
    /// verified, for a user that is not deleted.
    func actor(of request: Request) async throws(WireError) -> String {
        guard let token = request.headers.bearer?.token ?? request.uri.queryParameters["token"].map(String.init),
              !token.isEmpty
        else { throw WireError.unauthorized("A bearer token is required.") }
        let userId = try await tokens.verify(token)
        let deleted: Bool
        do {
            deleted = try await storage.read { tx in try tx.user(userId)?.deletedAt != nil }
        } catch {
            throw WireError.internalError
        }
        if deleted { throw WireError.unauthorized("The token's user was deleted.") }
        return userId
    }
}

/// Authenticates every request, applies the per-user rate limit, and turns every error into
/// the wire's JSON error body. Unauthenticated requests never reach a route.
struct APIMiddleware: RouterMiddleware {
    typealias Context = ParleyRequestContext

    let authenticator: Authenticator
    let limiter: RateLimiter

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            var context = context
            context.actorId = try await authenticator.actor(of: request)
            if let retryAfter = limiter.take(context.actorId) {
                throw WireError.rateLimited(retryAfter: retryAfter)
            }
            return try await next(request, context)
        } catch {
            return JSONResponses.error(Self.wireError(error))
        }
    }

    static func wireError(_ error: any Error) -> WireError {
        switch error {
        case let error as HTTPError:
            switch error.status {
            case .notFound: return WireError(code: .notFound, message: "No such endpoint.", status: 404)
            case .contentTooLarge: return WireError(code: .payloadTooLarge, message: "The body is too large.", status: 413)
            case .methodNotAllowed: return WireError(code: .notFound, message: "No such endpoint.", status: 405)
            default: return WireError.badRequest(error.body ?? "The request is invalid.")
            }
        case is DecodingError:
            return WireError.badRequest("The body is not valid JSON for this request.")
        default:
            return WireError(any: error)
        }
    }
}
