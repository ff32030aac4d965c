import Foundation
import NIOCore
import ParleyChat

/// Dead-client detection for every WebSocket with one timer: each interval the wheel pings every
/// socket, and closes one that sent nothing at all (not even the pong to the previous ping) for
/// a whole interval.
///
/// Hummingbird's own auto-ping keeps a task per socket (about 3 KB each while idle); this keeps
/// a small channel handler per socket and one task for the server.
final class HeartbeatWheel: Sendable {
    private struct State {
        var members: [ObjectIdentifier: NIOLoopBound<HeartbeatHandler>] = [:]
        var timer: Task<Void, Never>?
    }

    /// How often sockets are pinged; a socket silent for this long after a ping is closed.
    let interval: Duration
    private let state = PthreadMutex(State())

    init(interval: Duration) {
        self.interval = interval
    }

    /// Watches `channel` (a WebSocket after its upgrade) until it closes.
    func watch(_ channel: any Channel) async throws {
        try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(HeartbeatHandler(wheel: self), position: .first)
        }.get()
    }

    /// The number of sockets watched.
    var count: Int { state.withLock { $0.members.count } }

    fileprivate func add(_ handler: NIOLoopBound<HeartbeatHandler>, id: ObjectIdentifier) {
        state.withLock { state in
            state.members[id] = handler
            guard state.timer == nil else { return }
            let interval = interval
            state.timer = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    guard let self, self.tick() else { return }
                }
            }
        }
    }

    fileprivate func remove(_ id: ObjectIdentifier) {
        state.withLock { _ = $0.members.removeValue(forKey: id) }
    }

    /// Pings (or closes) every socket on its own event loop; `false` when none is left (the
    /// timer then ends, and the next socket starts another).
    private func tick() -> Bool {
        let members = state.withLock { state -> [NIOLoopBound<HeartbeatHandler>] in
            if state.members.isEmpty { state.timer = nil }
            return Array(state.members.values)
        }
        for member in members {
            member.eventLoop.execute { member.value.beat() }
        }
        return !members.isEmpty
    }

    deinit {
        state.withLock { $0.timer?.cancel() }
    }
}

/// The per-socket half of ``HeartbeatWheel``: first in the pipeline, it notes that bytes arrived
/// (any frame, a pong included, proves the client alive) and writes the pings, already encoded.
final class HeartbeatHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// A server ping: FIN, opcode 0x9, no mask, empty payload.
    static let ping: [UInt8] = [0x89, 0x00]

    private let wheel: HeartbeatWheel
    private var context: ChannelHandlerContext?
    /// Bytes arrived since the last ping.
    private var heard = true
    /// A ping went out and is unanswered.
    private var pinged = false

    init(wheel: HeartbeatWheel) {
        self.wheel = wheel
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        wheel.add(NIOLoopBound(self, eventLoop: context.eventLoop), id: ObjectIdentifier(self))
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        wheel.remove(ObjectIdentifier(self))
    }

    func channelInactive(context: ChannelHandlerContext) {
        wheel.remove(ObjectIdentifier(self))
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        heard = true
        context.fireChannelRead(data)
    }

    /// One beat of the wheel, on the socket's event loop: close a socket silent since the last
    /// ping; ping the others.
    func beat() {
        guard let context else { return }
        if pinged && !heard {
            context.close(promise: nil)
            return
        }
        heard = false
        pinged = true
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: Self.ping)), promise: nil)
    }
}
