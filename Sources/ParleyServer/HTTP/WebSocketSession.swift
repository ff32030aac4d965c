import Foundation
import HummingbirdWebSocket
import Logging
import NIOWebSocket
import ParleyProtocol

/// One authenticated WebSocket: a reader handling the client's frames in order, and the
/// connection's frame queue (events, answers, resets), which writes through short tasks that
/// exist only while frames are pending (see ``ClientConnection``).
struct WebSocketSession {
    let actorId: String
    let service: ChatService
    let limiter: RateLimiter
    let logger: Logger

    private static let decoder = Wire.decoder()

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let connection = ClientConnection(userId: actorId)
        let hub = service.hub
        let logger = self.logger
        hub.register(connection)
        connection.send(.welcome(WelcomeFrame(
            protocolVersion: Wire.version, userId: actorId, connectionId: connection.id, limits: service.limits)))
        connection.startWriting(write: { frame in
            // The frame's bytes are shared with every other recipient, not copied.
            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: frame.text)))
        }, close: {
            // The hub ended the session (a deleted user, or a draining server): close from this side.
            do {
                if let code = connection.closeCode.withLock({ $0 }) {
                    try await outbound.close(.unknown(code), reason: "service restart: reconnect")
                } else {
                    try await outbound.close(.normalClosure, reason: "session ended")
                }
            } catch {
                logger.debug("WebSocket close failed", metadata: ["error": "\(error)"])
            }
        })
        do {
            for try await message in inbound.messages(maxSize: service.limits.maxFrameBytes * 2) {
                guard case .text(let text) = message else {
                    connection.send(.error(ErrorFrame(error: .badRequest("Frames are JSON text."))))
                    continue
                }
                await handle(text, connection: connection)
            }
        } catch {
            logger.debug("WebSocket read ended", metadata: ["error": "\(error)"])
        }
        // Nothing is written once this returns (the socket belongs to the handler that called it).
        await connection.stopWriting()
        hub.unregister(connection)
    }

    // Not inlined: its locals would otherwise sit in the session's long-lived frame.
    @inline(never)
    func handle(_ text: String, connection: ClientConnection) async {
        if let retryAfter = limiter.take(actorId) {
            connection.send(.error(ErrorFrame(error: .rateLimited(retryAfter: retryAfter))))
            return
        }
        guard text.utf8.count <= service.limits.maxFrameBytes else {
            connection.send(.error(ErrorFrame(error: .payloadTooLarge(limit: service.limits.maxFrameBytes))))
            return
        }
        let frame: ClientFrame
        do {
            frame = try Self.decoder.decode(ClientFrame.self, from: Data(text.utf8))
        } catch {
            connection.send(.error(ErrorFrame(error: .badRequest("The frame is not a valid client frame."))))
            return
        }
        var requestId: String?
        do {
            switch frame {
            case .subscribe(let subscribe):
                connection.send(.subscribed(try await service.subscribe(connection, to: subscribe.cids)))
            case .unsubscribe(let unsubscribe):
                for cid in unsubscribe.cids { service.hub.unsubscribe(connection.id, from: cid) }
            case .sync(let request):
                requestId = request.requestId
                connection.send(.syncResult(try await service.sync(request, by: actorId)))
            case .typing(let typing):
                try await service.typing(
                    typing.cid, parentMessageId: typing.parentMessageId, isTyping: typing.isTyping, by: actorId)
            case .ping(let ping):
                connection.send(.pong(ping))
            }
        } catch {
            connection.send(.error(ErrorFrame(requestId: requestId, error: WireError(any: error))))
        }
    }
}
