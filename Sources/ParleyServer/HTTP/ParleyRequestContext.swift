import Hummingbird
import Foundation
import HummingbirdAuth
import HummingbirdWebSocket
import NIOCore
import ParleyChat
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
    /// The connection (after the upgrade, the WebSocket's: its frames are written straight into it).
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
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
        // A socket lives long: the deleted-user check is made here, once, not per frame.
        context.actorId = try? await authenticator.actor(of: request, checkingDeletion: true)
        return try await next(request, context)
    }
}

/// Authentication shared by HTTP requests and the WebSocket upgrade.
struct Authenticator: Sendable {
    let tokens: ServerTokens
    let storage: any ServerStorage
    /// Tokens already verified (signature, algorithm, subject), with their expiry.
    let verified = VerifiedTokens()

    /// The actor of a request: its bearer token (or, for browsers' WebSockets, `?token=`),
    /// verified, for a user that is not deleted when `checkingDeletion` (HTTP requests leave
    /// that check to the operation's own transaction, which reads the actor anyway: see
    /// ``ChatService/actor(_:_:)``).
    func actor(of request: Request, checkingDeletion: Bool) async throws(WireError) -> String {
        guard let token = request.headers.bearer?.token ?? request.uri.queryParameters["token"].map(String.init),
              !token.isEmpty
        else { throw WireError.unauthorized("A bearer token is required.") }
        let userId = try await subject(of: token)
        guard checkingDeletion else { return userId }
        let deleted: Bool
        do {
            deleted = try await storage.read { tx in try tx.user(userId)?.deletedAt != nil }
        } catch {
            throw WireError.internalError
        }
        if deleted { throw ChatService.deletedActor }
        return userId
    }

    /// The token's subject: from the cache while the token is unexpired, else verified (and cached).
    func subject(of token: String, now: Date = Date()) async throws(WireError) -> String {
        if let userId = verified.subject(of: token, now: now) { return userId }
        let claims = try await tokens.verifiedClaims(token)
        verified.insert(token, claims: claims)
        return claims.userId
    }
}

/// Tokens whose signature has been checked, so a client's every request does not pay for the
/// HMAC and the JSON of its token again. A token is the exact signed string: the same string
/// verifies the same way every time, except for expiry, which is checked on every use.
final class VerifiedTokens: Sendable {
    private let tokens = PthreadMutex<[String: ServerTokens.Claims]>([:])
    /// At most this many tokens are remembered (the cache starts over when full).
    static let capacity = 50_000

    func subject(of token: String, now: Date) -> String? {
        tokens.withLock { tokens in
            guard let claims = tokens[token] else { return nil }
            guard claims.expiresAt > now else {
                tokens[token] = nil
                return nil
            }
            return claims.userId
        }
    }

    func insert(_ token: String, claims: ServerTokens.Claims) {
        tokens.withLock { tokens in
            if tokens.count >= Self.capacity { tokens.removeAll(keepingCapacity: true) }
            tokens[token] = claims
        }
    }

    var count: Int { tokens.withLock { $0.count } }
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
            context.actorId = try await authenticator.actor(of: request, checkingDeletion: false)
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
