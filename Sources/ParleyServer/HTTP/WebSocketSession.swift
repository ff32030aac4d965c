import Foundation
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import ParleyProtocol

/// One authenticated WebSocket: a reader handling the client's frames in order, and the
/// connection's frame queue (events, answers, resets), written in batches on the socket's event
/// loop (see ``ClientConnection``).
struct WebSocketSession {
    let actorId: String
    let service: ChatService
    let limiter: RateLimiter
    /// How long a socket the server closes has to finish the close before it is cut.
    let closeTimeout: Duration
    let logger: Logger

    private static let decoder = Wire.decoder()

    /// The upgraded socket's session: watched by the heartbeat, then run until it ends.
    static func run(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        context: WebSocketRouterContext<ParleyWebSocketContext>, service: ChatService, limiter: RateLimiter,
        heartbeat: HeartbeatWheel, closeTimeout: Duration
    ) async {
        guard let actorId = context.requestContext.actorId else { return }
        let channel = context.requestContext.channel
        do {
            try await heartbeat.watch(channel)
        } catch {
            return
        }
        let session = WebSocketSession(
            actorId: actorId, service: service, limiter: limiter, closeTimeout: closeTimeout, logger: context.logger)
        await session.run(inbound: inbound, outbound: outbound, channel: channel)
    }

    /// Runs the session on `channel` (the upgraded socket, written directly on its event loop)
    /// until the client's frames end.
    ///
    /// An idle socket's whole cost is this task's suspended frames, so the long-lived frame holds
    /// only the reading loop: setting up and ending are synchronous calls (their locals live on
    /// the thread's stack, not in the task), and each frame is handled in a call of its own.
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel) async {
        let connection = start(outbound: outbound, channel: channel)
        do {
            var messages = inbound.messages(maxSize: service.limits.maxFrameBytes * 2).makeAsyncIterator()
            while let message = try await messages.next() {
                await handle(message, connection: connection)
            }
        } catch {
            logger.debug("WebSocket read ended", metadata: ["error": "\(error)"])
        }
        end(connection)
    }

    /// Registers the connection, queues the welcome and starts writing.
    @inline(never)
    func start(outbound: WebSocketOutboundWriter, channel: any Channel) -> ClientConnection {
        let connection = ClientConnection(userId: actorId)
        service.hub.register(connection)
        connection.send(.welcome(WelcomeFrame(
            protocolVersion: Wire.version, userId: actorId, connectionId: connection.id, limits: service.limits)))
        connection.startWriting(
            to: ChannelFrameSink(channel: channel, outbound: outbound, closeTimeout: closeTimeout, logger: logger))
        return connection
    }

    /// Nothing is written once this returns (the socket belongs to the handler that called `run`).
    @inline(never)
    func end(_ connection: ClientConnection) {
        connection.stopWriting()
        service.hub.unregister(connection)
    }

    @inline(never)
    func handle(_ message: WebSocketMessage, connection: ClientConnection) async {
        guard case .text(let text) = message else {
            connection.send(.error(ErrorFrame(error: .badRequest("Frames are JSON text."))))
            return
        }
        await handle(text, connection: connection)
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

/// A connection's frames written straight into the upgraded channel on its event loop: no task
/// and no actor hop per frame, one flush per batch. Control frames (pongs, the close handshake)
/// still go through Hummingbird's handler; the close is asked of it too, after the frames.
struct ChannelFrameSink: FrameSink {
    let channel: any Channel
    let outbound: WebSocketOutboundWriter
    /// How long after the hub ends the session the socket may stay open.
    let closeTimeout: Duration
    let logger: Logger

    func execute(_ body: @escaping @Sendable () -> Void) {
        channel.eventLoop.execute(body)
    }

    /// The socket's event loop.
    var executor: ObjectIdentifier { ObjectIdentifier(channel.eventLoop) }

    func write(_ frames: [EncodedFrame], written: @escaping @Sendable (Bool) -> Void) {
        let promise = channel.eventLoop.makePromise(of: Void.self)
        for (index, frame) in frames.enumerated() {
            // The frame's bytes are shared with every other recipient, not copied.
            let data = WebSocketFrame(fin: true, opcode: .text, data: frame.text)
            channel.write(data, promise: index == frames.count - 1 ? promise : nil)
        }
        channel.flush()
        promise.futureResult.whenComplete { result in
            if case .success = result { written(true) } else { written(false) }
        }
    }

    func close(code: UInt16?) {
        let outbound = outbound
        let logger = logger
        // The hub ended the session (a deleted user, or a draining server whose code tells the
        // client to reconnect): close from this side.
        Task {
            do {
                if let code {
                    try await outbound.close(.unknown(code), reason: "service restart: reconnect")
                } else {
                    try await outbound.close(.normalClosure, reason: "session ended")
                }
            } catch {
                logger.debug("WebSocket close failed", metadata: ["error": "\(error)"])
            }
        }
    }
}

extension ChannelFrameSink {
    func closeOutrightAfterDeadline() {
        let channel = channel
        let parts = closeTimeout.components
        let deadline = TimeAmount.nanoseconds(parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000)
        // A socket already closed answers the close with an error nobody needs.
        channel.eventLoop.scheduleTask(in: deadline) { channel.close(promise: nil) }
    }
}
