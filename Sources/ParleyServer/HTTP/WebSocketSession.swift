import Foundation
import HummingbirdWebSocket
import Logging
import ParleyProtocol

/// One authenticated WebSocket: a writer draining the connection's frame queue (events,
/// answers, resets) and a reader handling the client's frames in order.
struct WebSocketSession {
    let actorId: String
    let service: ChatService
    let limiter: RateLimiter
    let logger: Logger

    private static let encoder = Wire.encoder()
    private static let decoder = Wire.decoder()

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let connection = ClientConnection(userId: actorId)
        let hub = service.hub
        hub.register(connection)
        connection.send(.welcome(WelcomeFrame(
            protocolVersion: Wire.version, userId: actorId, connectionId: connection.id, limits: service.limits)))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for await frame in connection.frames {
                        try await outbound.write(.text(Self.encode(frame)))
                        for cid in connection.takePendingResets() {
                            try await outbound.write(.text(Self.encode(.reset(ResetFrame(cid: cid, reason: .slowConsumer)))))
                        }
                    }
                    // The hub ended the session (a deleted user): close from this side.
                    if let code = connection.closeCode.withLock({ $0 }) {
                        try await outbound.close(.unknown(code), reason: "service restart: reconnect")
                    } else {
                        try await outbound.close(.normalClosure, reason: "session ended")
                    }
                } catch {
                    logger.debug("WebSocket write ended", metadata: ["error": "\(error)"])
                }
            }
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
            hub.unregister(connection)
        }
    }

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

    static func encode(_ frame: ServerFrame) -> String {
        (try? String(decoding: encoder.encode(frame), as: UTF8.self)) ?? "{}"
    }
}
