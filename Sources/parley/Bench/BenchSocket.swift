import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import ParleyProtocol
import Synchronization

/// The load generator's WebSocket side: one connection on NIO's shared event loops, each frame
/// handed to `onFrame` on the socket's event loop as it arrives.
///
/// A plain NIO pipeline (HTTP upgrade, then WebSocket frames), not an async client: a frame costs
/// the generator its bytes off the socket and one read of the part it measures (``BenchProbe``), no task switch and no copy into a
/// `String`. The generator shares the machine's cores with the server it measures, so what it
/// spends per delivery is taken from the server.
final class BenchSocket: Sendable {
    private let channel: any Channel

    private init(channel: any Channel) {
        self.channel = channel
    }

    static func open(port: Int, token: String, onFrame: @escaping @Sendable (ServerFrame) -> Void) async throws -> BenchSocket {
        try await open(port: port, token: token, probe: ServerFrame.self, onFrame: onFrame)
    }

    /// Opens a socket whose frames are decoded as `Probe` (a part of ``ServerFrame``); returns once
    /// the server's welcome came.
    static func open<Probe: BenchProbe>(
        port: Int, token: String, probe: Probe.Type, onFrame: @escaping @Sendable (Probe) -> Void
    ) async throws -> BenchSocket {
        let group = MultiThreadedEventLoopGroup.singleton
        let welcomed = group.any().makePromise(of: Void.self)
        // The token in the query, as browsers send it.
        let path = "\(WirePath.webSocket)?token=\(token)"
        let address = try SocketAddress(ipAddress: "127.0.0.1", port: port)
        let bootstrap = ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                let request = BenchUpgradeRequest(host: "127.0.0.1:\(port)", path: path, welcomed: welcomed)
                let upgrader = NIOWebSocketClientUpgrader(maxFrameSize: 1 << 24) { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            BenchFrameHandler(probe: Probe.self, welcomed: welcomed, onFrame: onFrame))
                    }
                }
                return channel.eventLoop.makeCompletedFuture {
                    // The welcome may come in the same read as the upgrade's answer: forwarded.
                    try channel.pipeline.syncOperations.addHTTPClientHandlers(
                        leftOverBytesStrategy: .forwardBytes, withClientUpgrade: (upgraders: [upgrader], completionHandler: { context in
                            // The bytes after the upgrade's answer are WebSocket frames: not for it.
                            context.pipeline.syncOperations.removeHandler(name: BenchUpgradeRequest.name, promise: nil)
                        }))
                    try channel.pipeline.syncOperations.addHandler(request, name: BenchUpgradeRequest.name)
                }
            }
        // An address, not a host name: no resolver and no Happy Eyeballs per connection.
        let channel = try await bootstrap.connect(to: address).get()
        channel.closeFuture.whenComplete { _ in welcomed.fail(BenchAPI.Failure(message: "the WebSocket closed before its welcome")) }
        do {
            try await welcomed.futureResult.get()
        } catch {
            try? await channel.close()
            throw error
        }
        return BenchSocket(channel: channel)
    }

    func send(_ frame: ClientFrame) {
        let data = (try? Wire.encoder().encode(frame)) ?? Data("{}".utf8)
        channel.writeAndFlush(
            WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(bytes: data)), promise: nil)
    }

    /// Says goodbye (a close frame) and closes the connection.
    func close() async {
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: ByteBuffer(bytes: [0x03, 0xE8]))
        try? await channel.writeAndFlush(frame)
        try? await channel.close()
    }
}

/// Sends the upgrade request once connected; an answer that reaches it means the upgrade failed.
private final class BenchUpgradeRequest: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    /// The handler's name in the pipeline (it leaves once upgraded).
    static let name = "bench-upgrade-request"

    let host: String
    let path: String
    let welcomed: EventLoopPromise<Void>

    init(host: String, path: String, welcomed: EventLoopPromise<Void>) {
        self.host = host
        self.path = path
        self.welcomed = welcomed
    }

    func channelActive(context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        headers.add(name: "Content-Length", value: "0")
        context.write(wrapOutboundOut(.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        welcomed.fail(BenchAPI.Failure(message: "the WebSocket upgrade was refused: \(head.status.code)"))
        context.close(promise: nil)
    }
}

/// Reads the server's frames: answers pings and the close handshake, and reads each text frame
/// (reassembled when fragmented) as the probe.
private final class BenchFrameHandler<Probe: BenchProbe>: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let decoder = Wire.decoder()
    private let welcomed: EventLoopPromise<Void>
    private var isWelcomed = false
    private let onFrame: @Sendable (Probe) -> Void
    /// A text message's fragments so far.
    private var partial: ByteBuffer?

    init(probe: Probe.Type, welcomed: EventLoopPromise<Void>, onFrame: @escaping @Sendable (Probe) -> Void) {
        self.welcomed = welcomed
        self.onFrame = onFrame
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            if frame.fin {
                received(frame.unmaskedData)
            } else {
                partial = frame.unmaskedData
            }
        case .continuation:
            guard var text = partial else { return }
            var more = frame.unmaskedData
            text.writeBuffer(&more)
            if frame.fin {
                partial = nil
                received(text)
            } else {
                partial = text
            }
        case .ping:
            context.writeAndFlush(
                wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)),
                promise: nil)
        case .connectionClose:
            let answer = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(answer), promise: nil)
            context.close(promise: nil)
        default:
            break
        }
    }

    private func received(_ text: ByteBuffer) {
        if !isWelcomed {
            guard let first = try? decoder.decode(ServerFrame.self, from: Data(text.readableBytesView)), case .welcome = first else { return }
            isWelcomed = true
            welcomed.succeed()
        }
        guard let frame = text.withUnsafeReadableBytes({ Probe.read($0, decoder: decoder) }) else { return }
        onFrame(frame)
    }
}
