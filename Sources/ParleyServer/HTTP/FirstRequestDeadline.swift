import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

extension HTTPServerBuilder {
    /// Hummingbird's HTTP/1 server with WebSocket upgrade, whose connections must send their first
    /// request head within `firstRequestTimeout` (see ``FirstRequestDeadlineHandler``).
    static func http1WebSocketUpgrade(
        webSocketRouter: Router<ParleyWebSocketContext>, configuration: HTTP1WebSocketUpgradeChannel.Configuration,
        firstRequestTimeout: Duration
    ) -> HTTPServerBuilder {
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            FirstRequestDeadlineChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                timeout: firstRequestTimeout)
        }
    }
}

/// A server connection as `inner` sets it up, with a ``FirstRequestDeadlineHandler`` in front.
struct FirstRequestDeadlineChannel<Inner: ServerChildChannel>: ServerChildChannel {
    let inner: Inner
    let timeout: Duration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(
                FirstRequestDeadlineHandler(timeout: TimeAmount(timeout), logger: logger), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Inner.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Closes a connection that has not sent its first request head (up to the empty line that ends
/// it) within the timeout, or when the server shuts down gracefully before it did; then steps out
/// of the pipeline.
///
/// Until the head has arrived, Hummingbird's WebSocket upgrade negotiation waits for it with no
/// handler that hears graceful shutdown and no idle timeout, and cancellation does not end that
/// wait: one client that connected and never spoke (or stopped mid-head) held a graceful shutdown
/// until its time limit, and held a file descriptor as long as it kept the socket open.
final class FirstRequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let timeout: TimeAmount
    private let logger: Logger
    private var deadline: Scheduled<Void>?
    /// The last four bytes read, to find the end of the head: CR LF CR LF (or a lenient LF LF).
    private var lastBytes: UInt32 = 0

    init(timeout: TimeAmount, logger: Logger) {
        self.timeout = timeout
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let logger = logger
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            logger.debug("A connection sent no request head in time; closed")
            loopBound.value.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let headEnded = Self.findEndOfHead(in: unwrapInboundIn(data), after: &lastBytes)
        context.fireChannelRead(data)
        if headEnded {
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            // Nothing has been asked of this connection yet: there is nothing to finish.
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Whether `buffer` holds the end of the head, `lastBytes` being the bytes read before it
    /// (updated with those of `buffer` up to the end of the head).
    static func findEndOfHead(in buffer: ByteBuffer, after lastBytes: inout UInt32) -> Bool {
        for byte in buffer.readableBytesView {
            lastBytes = lastBytes << 8 | UInt32(byte)
            if lastBytes == 0x0D0A_0D0A || lastBytes & 0xFFFF == 0x0A0A { return true }
        }
        return false
    }
}
