import Foundation
import Hummingbird
import ParleyChat
import ParleyProtocol

/// A server frame as the JSON text that goes on the wire, encoded once however many sockets it
/// goes to (the bytes are shared, not copied).
struct EncodedFrame: Sendable {
    /// The frame's UTF-8 JSON.
    let text: ByteBuffer

    private static let encoder = Wire.encoder()

    init(_ frame: ServerFrame) {
        text = ByteBuffer(bytes: (try? Self.encoder.encode(frame)) ?? Data("{}".utf8))
    }
}

/// Where a connection's frames go: the socket's event loop (``ChannelFrameSink``), or a stand-in
/// in tests. Writing never waits: frames are handed to the socket in order and `written` reports
/// when they have left, which is what bounds a slow reader's queue.
protocol FrameSink: Sendable {
    /// Runs `body` where writes may be issued (the socket's event loop), after everything
    /// scheduled before it.
    func execute(_ body: @escaping @Sendable () -> Void)
    /// Writes `frames` in order and flushes them; `written` runs once they have left (`true`) or
    /// the socket failed (`false`). Called from ``execute(_:)``'s body.
    func write(_ frames: [EncodedFrame], written: @escaping @Sendable (Bool) -> Void)
    /// Closes the socket from this side, after the frames written so far: with `code`, or a
    /// normal closure when it is `nil`.
    func close(code: UInt16?)
    /// The hub ended the session: if the socket is still open once the sink's close deadline has
    /// passed, it is closed outright, without the close handshake. A client that stopped reading
    /// keeps frames (and so the close) in flight, one that never answers keeps the handshake
    /// open: neither may hold the socket, and a graceful shutdown waiting for it, any longer.
    func closeOutrightAfterDeadline()
}

/// One WebSocket session's outbound side: a bounded queue of encoded frames, handed to the
/// socket's event loop in batches.
///
/// No task exists for an idle or a busy connection: a send that finds no batch scheduled
/// schedules one job on the socket's event loop, which writes everything queued (resets
/// included) with one flush. Frames count against the queue limit until the socket reports them
/// written, so a reader that stops reading fills the queue and loses the channel (a reset
/// follows) instead of growing the server's memory.
final class ClientConnection: Sendable {
    private struct State {
        /// Frames not yet handed to the socket, oldest first.
        var queued: [EncodedFrame] = []
        /// Frames handed to the socket and not yet reported written.
        var inFlight = 0
        /// Channels whose events were dropped because the queue was full; a reset frame follows.
        var pendingResets: Set<String> = []
        /// Where frames go, once the session has a socket.
        var sink: (any FrameSink)?
        /// A batch job is scheduled on the sink and has not run yet.
        var isScheduled = false
        /// No more frames are accepted (the hub or the session ended it).
        var isFinished = false
        /// The socket is closed from this side once the queue is written (the hub ended the session).
        var closesWhenWritten = false
        /// The socket failed; frames are dropped.
        var isBroken = false
        /// The hub ended the session (``finish()``); the sink's close deadline runs once the
        /// session has a socket.
        var isEndedByHub = false
        /// The close deadline was handed to the sink.
        var isDeadlineArmed = false
    }

    /// The connection's id (for logs and the welcome frame).
    let id: String
    /// The token's subject.
    let userId: String
    private let queueLimit: Int
    private let state = PthreadMutex(State())

    /// The WebSocket close code the socket ends with when not a normal closure (1012, "service
    /// restart", when the server drains its sockets on shutdown: the client reconnects).
    let closeCode = PthreadMutex<UInt16?>(nil)

    /// Frames queued (or in flight) beyond this are dropped (and the channel reset for this connection).
    static let queueLimit = 4_096

    init(userId: String, queueLimit: Int = ClientConnection.queueLimit) {
        id = UUID().uuidString
        self.userId = userId
        self.queueLimit = queueLimit
    }

    /// Queues a frame; `false` when the queue is full (the frame is lost).
    @discardableResult
    func send(_ frame: ServerFrame) -> Bool {
        send(EncodedFrame(frame))
    }

    /// Queues an encoded frame; `false` when the queue is full (the frame is lost).
    @discardableResult
    func send(_ frame: EncodedFrame) -> Bool {
        let (accepted, sink) = state.withLock { state -> (Bool, (any FrameSink)?) in
            guard !state.isFinished, !state.isBroken, state.queued.count + state.inFlight < queueLimit else {
                return (false, nil)
            }
            state.queued.append(frame)
            return (true, Self.scheduleIfIdle(&state))
        }
        sink.map(schedule)
        return accepted
    }

    /// Remembers that `cid` must be reset once the queue has room.
    func markForReset(_ cid: String) {
        state.withLock { _ = $0.pendingResets.insert(cid) }
    }

    /// The channels to reset now (emptied).
    func takePendingResets() -> Set<String> {
        state.withLock { state in
            defer { state.pendingResets = [] }
            return state.pendingResets
        }
    }

    /// The frames queued and not yet written (emptied); for a connection without a socket.
    func takeQueued() -> [EncodedFrame] {
        state.withLock { state in
            defer { state.queued = [] }
            return state.queued
        }
    }

    /// Whether frames are queued, scheduled or in flight (none once an idle connection's last
    /// frames are written).
    var isWriting: Bool { state.withLock { $0.isScheduled || $0.inFlight > 0 } }

    /// Starts writing to the session's socket: what is queued now, and every later frame.
    func startWriting(to sink: any FrameSink) {
        let (scheduled, deadline) = state.withLock { state in
            state.sink = sink
            return (Self.scheduleIfIdle(&state), Self.armDeadline(&state))
        }
        scheduled.map(schedule)
        deadline?.closeOutrightAfterDeadline()
    }

    /// Ends the connection from the hub: later frames are refused, and the socket closes from
    /// this side once the queued frames are written.
    func finish() {
        let (sink, deadline) = state.withLock { state -> ((any FrameSink)?, (any FrameSink)?) in
            guard !state.isFinished else { return (nil, nil) }
            state.isFinished = true
            state.closesWhenWritten = true
            state.isEndedByHub = true
            return (Self.scheduleIfIdle(&state), Self.armDeadline(&state))
        }
        sink.map(schedule)
        deadline?.closeOutrightAfterDeadline()
    }

    /// The sink to start the close deadline on (once), when the hub ended a session that has one.
    private static func armDeadline(_ state: inout State) -> (any FrameSink)? {
        guard state.isEndedByHub, !state.isDeadlineArmed, let sink = state.sink else { return nil }
        state.isDeadlineArmed = true
        return sink
    }

    /// Ends the connection from the session (its socket is gone): nothing more is handed to the
    /// socket once this returns (a batch already taken is written before anything the session
    /// writes next, on the same event loop).
    func stopWriting() {
        state.withLock { state in
            state.isFinished = true
            state.closesWhenWritten = false
            state.sink = nil
            state.queued = []
        }
    }

    /// Marks a batch job scheduled when there is something to do and none is pending; the sink
    /// to schedule it on (outside the lock), or `nil`.
    private static func scheduleIfIdle(_ state: inout State) -> (any FrameSink)? {
        guard !state.isScheduled, !state.isBroken, let sink = state.sink,
              !state.queued.isEmpty || (!state.pendingResets.isEmpty && state.inFlight == 0)
                || (state.closesWhenWritten && state.inFlight == 0)
        else { return nil }
        state.isScheduled = true
        return sink
    }

    private func schedule(on sink: any FrameSink) {
        sink.execute { [self] in self.writeBatch() }
    }

    /// On the sink: writes everything queued (then the resets owed, then the close, if asked).
    private func writeBatch() {
        enum Step {
            case nothing
            case write(any FrameSink, [EncodedFrame])
            case close(any FrameSink)
        }
        let step = state.withLock { state -> Step in
            state.isScheduled = false
            guard !state.isBroken, let sink = state.sink else { return .nothing }
            var frames = state.queued
            state.queued = []
            // A reset follows the frames that were queued before its channel was dropped.
            for cid in state.pendingResets.sorted() {
                frames.append(EncodedFrame(.reset(ResetFrame(cid: cid, reason: .slowConsumer))))
            }
            state.pendingResets = []
            if !frames.isEmpty {
                state.inFlight += frames.count
                return .write(sink, frames)
            }
            if state.closesWhenWritten && state.inFlight == 0 {
                state.closesWhenWritten = false
                return .close(sink)
            }
            return .nothing
        }
        switch step {
        case .nothing:
            break
        case .write(let sink, let frames):
            sink.write(frames) { [self] ok in self.written(frames.count, ok: ok) }
        case .close(let sink):
            sink.close(code: closeCode.withLock { $0 })
        }
    }

    /// The socket reports a batch written (or failed).
    private func written(_ count: Int, ok: Bool) {
        let sink = state.withLock { state -> (any FrameSink)? in
            state.inFlight -= count
            guard ok else {
                state.isBroken = true
                state.queued = []
                return nil
            }
            return Self.scheduleIfIdle(&state)
        }
        sink.map(schedule)
    }
}

/// The live fan-out: which connection is subscribed to which channel, and delivery of committed
/// events to them. Called from the storage's `afterCommit`, so it sees events in commit order.
final class EventHub: Sendable {
    private struct State {
        var connections: [String: ClientConnection] = [:]
        var connectionsByUser: [String: Set<String>] = [:]
        var subscribers: [String: Set<String>] = [:]
        var subscriptions: [String: Set<String>] = [:]
        /// Set once the hub closed its connections for good (graceful shutdown): the code every
        /// later connection is closed with as soon as it registers.
        var closingCode: UInt16?
    }

    private let state = PthreadMutex(State())
    /// Several server processes (PostgreSQL): committed events pass through the relay, which hands
    /// them back in sequence order, with other processes' events, to ``deliver(_:feed:)``.
    private let relay = PthreadMutex<(any EventRelay)?>(nil)

    /// Routes published events through `relay` from now on.
    func setRelay(_ relay: any EventRelay) {
        self.relay.withLock { $0 = relay }
    }

    /// The channels with at least one subscribed connection here.
    func subscribedChannels() -> [String] {
        state.withLock { Array($0.subscribers.keys) }
    }

    /// Whether any connection here receives `cid`.
    func hasSubscribers(_ cid: String) -> Bool {
        state.withLock { $0.subscribers[cid]?.isEmpty == false }
    }

    /// Adds a connection to the hub; `false`, with the connection finished (it closes with the
    /// hub's closing code once its socket is attached), when ``closeAll(code:)`` came first.
    @discardableResult
    func register(_ connection: ClientConnection) -> Bool {
        let refused = state.withLock { state -> UInt16? in
            if let code = state.closingCode { return code }
            state.connections[connection.id] = connection
            state.connectionsByUser[connection.userId, default: []].insert(connection.id)
            return nil
        }
        guard let refused else { return true }
        connection.closeCode.withLock { $0 = refused }
        connection.finish()
        return false
    }

    /// Closes every connection with `code` (after the frames queued for it), and every connection
    /// registered from now on as soon as it registers. Graceful shutdown waits for open sockets:
    /// a client that reconnected while the server drained, its socket upgraded after the drain
    /// took its list, must not keep the server waiting forever.
    func closeAll(code: UInt16) {
        let open = state.withLock { state -> [ClientConnection] in
            state.closingCode = code
            return Array(state.connections.values)
        }
        for connection in open {
            connection.closeCode.withLock { $0 = code }
            unregister(connection)
        }
    }

    func unregister(_ connection: ClientConnection) {
        state.withLock { state in
            state.connections[connection.id] = nil
            state.connectionsByUser[connection.userId]?.remove(connection.id)
            if state.connectionsByUser[connection.userId]?.isEmpty == true { state.connectionsByUser[connection.userId] = nil }
            for cid in state.subscriptions.removeValue(forKey: connection.id) ?? [] {
                state.subscribers[cid]?.remove(connection.id)
                if state.subscribers[cid]?.isEmpty == true { state.subscribers[cid] = nil }
            }
        }
        connection.finish()
    }

    /// Starts live delivery of `cid` to the connection (membership checked by the caller, in a
    /// write transaction, so no removal can slip between the check and this).
    func subscribe(_ connection: ClientConnection, to cid: String) {
        state.withLock { state in
            guard state.connections[connection.id] != nil else { return }
            Self.subscribe(&state, connection.id, to: cid)
        }
    }

    private static func subscribe(_ state: inout State, _ connectionId: String, to cid: String) {
        state.subscribers[cid, default: []].insert(connectionId)
        state.subscriptions[connectionId, default: []].insert(cid)
    }

    func unsubscribe(_ connectionId: String, from cid: String) {
        state.withLock { Self.unsubscribe(&$0, connectionId, from: cid) }
    }

    private static func unsubscribe(_ state: inout State, _ connectionId: String, from cid: String) {
        state.subscribers[cid]?.remove(connectionId)
        if state.subscribers[cid]?.isEmpty == true { state.subscribers[cid] = nil }
        state.subscriptions[connectionId]?.remove(cid)
    }

    /// Whether the connection receives `cid` live.
    func isSubscribed(_ connectionId: String, to cid: String) -> Bool {
        state.withLock { $0.subscriptions[connectionId]?.contains(cid) == true }
    }

    /// Delivers committed events in order. A `member.removed` reaches the removed user and then
    /// ends their subscriptions to the channel before any later event; `channel.deleted` ends
    /// everyone's; a `channel.joined` feed item subscribes the new member's sockets.
    /// Each frame is encoded once, before the hub is locked, and shared by its recipients.
    func publish(_ events: [ChannelEvent], feed: [(userId: String, event: UserFeedEvent)] = []) {
        if let relay = relay.withLock({ $0 }) {
            relay.relay(events, feed: feed)
            return
        }
        deliver(events, feed: feed)
    }

    /// Delivers events to this process's connections (``publish(_:feed:)`` without the relay).
    func deliver(_ events: [ChannelEvent], feed: [(userId: String, event: UserFeedEvent)] = []) {
        let encoded = events.map { EncodedFrame(.event($0)) }
        let encodedFeed = feed.map { (userId: $0.userId, frame: EncodedFrame(.feed($0.event))) }
        state.withLock { state in
            for (event, frame) in zip(events, encoded) {
                for connectionId in state.subscribers[event.cid] ?? [] {
                    guard let connection = state.connections[connectionId] else { continue }
                    if let only = event.onlyForUserId, only != connection.userId { continue }
                    if !connection.send(frame) {
                        // The socket cannot keep up: stop the channel here and tell it to resync.
                        Self.unsubscribe(&state, connectionId, from: event.cid)
                        connection.markForReset(event.cid)
                    }
                }
                switch event.type {
                case .memberRemoved:
                    guard let userId = event.member?.user.id else { break }
                    for connectionId in state.connectionsByUser[userId] ?? [] {
                        Self.unsubscribe(&state, connectionId, from: event.cid)
                    }
                case .channelDeleted:
                    for connectionId in state.subscribers[event.cid] ?? [] {
                        Self.unsubscribe(&state, connectionId, from: event.cid)
                    }
                default:
                    break
                }
            }
            for ((userId, event), (_, frame)) in zip(feed, encodedFeed) {
                for connectionId in state.connectionsByUser[userId] ?? [] {
                    guard let connection = state.connections[connectionId] else { continue }
                    connection.send(frame)
                    // A member's sockets receive the channel from the commit that made them a
                    // member: waiting for the client's subscribe would lose what is written
                    // between its reload and that subscribe.
                    if event.kind == .channelJoined { Self.subscribe(&state, connectionId, to: event.cid) }
                }
            }
        }
    }

    /// Relays a typing indicator to the channel's subscribers but the typist's own connections.
    func publishTyping(_ event: TypingEvent) {
        let frame = EncodedFrame(.typing(event))
        state.withLock { state in
            for connectionId in state.subscribers[event.cid] ?? [] {
                guard let connection = state.connections[connectionId], connection.userId != event.userId else { continue }
                connection.send(frame)
            }
        }
    }

    /// Closes every connection of a user (deleted users).
    func disconnect(userId: String) {
        relay.withLock { $0 }?.relayDisconnect(userId: userId)
        disconnectHere(userId: userId)
    }

    /// Closes the user's connections in this process only.
    func disconnectHere(userId: String) {
        let connections = state.withLock { state in
            (state.connectionsByUser[userId] ?? []).compactMap { state.connections[$0] }
        }
        for connection in connections { unregister(connection) }
    }

    /// The number of open connections.
    var connectionCount: Int { state.withLock { $0.connections.count } }
}
