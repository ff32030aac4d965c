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

    private init(text: ByteBuffer) {
        self.text = text
    }

    /// The frame of `event`, around its JSON as it was stored when there is one (the bytes the
    /// wire's encoder gives for the event: its keys sorted, so the frame reads `data` then `type`),
    /// or encoded here.
    init(_ event: ChannelEvent, payload: Data?) {
        guard let payload else {
            self.init(.event(event))
            return
        }
        self.init(payload: payload)
    }

    /// The frame of an event around its JSON as stored (see ``init(_:payload:)``).
    init(payload: Data) {
        var text = ByteBuffer()
        text.reserveCapacity(payload.count + 32)
        text.writeStaticString("{\"data\":")
        text.writeBytes(payload)
        text.writeStaticString(",\"type\":\"event\"}")
        self.init(text: text)
    }
}

/// Where a connection's frames go: the socket's event loop (``ChannelFrameSink``), or a stand-in
/// in tests. Writing never waits: frames are handed to the socket in order and `written` reports
/// when they have left, which is what bounds a slow reader's queue.
protocol FrameSink: Sendable {
    /// Runs `body` where writes may be issued (the socket's event loop), after everything
    /// scheduled before it.
    func execute(_ body: @escaping @Sendable () -> Void)
    /// Identifies where ``execute(_:)`` runs: sinks with the same executor run their bodies on
    /// one thread, in one order (the sockets of one event loop), so one job may write to all of
    /// them.
    var executor: ObjectIdentifier { get }
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
        var writes = PendingBatches()
        let accepted = enqueue(frame, into: &writes)
        writes.schedule()
        return accepted
    }

    /// Queues an encoded frame without scheduling its batch: when the connection needs one, it
    /// joins `writes`, which the caller schedules (one job per event loop for a whole delivery).
    /// `false` when the queue is full (the frame is lost).
    func enqueue(_ frame: EncodedFrame, into writes: inout PendingBatches) -> Bool {
        let (accepted, sink) = state.withLock { state -> (Bool, (any FrameSink)?) in
            guard !state.isFinished, !state.isBroken, state.queued.count + state.inFlight < queueLimit else {
                return (false, nil)
            }
            state.queued.append(frame)
            return (true, Self.scheduleIfIdle(&state))
        }
        if let sink { writes.add(self, on: sink) }
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
    fileprivate func writeBatch() {
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

/// The batch jobs a delivery owes: connections that now have frames queued and no job scheduled,
/// grouped by where their sockets write. A message to a channel of ten members is one job per
/// event loop instead of one per member (each job on another thread's loop is a lock and a
/// wake-up of that thread).
struct PendingBatches {
    private var groups: [ObjectIdentifier: (sink: any FrameSink, connections: [ClientConnection])] = [:]

    /// Adds `connection`, whose batch job must run on `sink`.
    mutating func add(_ connection: ClientConnection, on sink: any FrameSink) {
        groups[sink.executor, default: (sink, [])].connections.append(connection)
    }

    /// Schedules one job per executor that writes each of its connections' batches, in the
    /// order they were added.
    func schedule() {
        for (sink, connections) in groups.values {
            sink.execute { for connection in connections { connection.writeBatch() } }
        }
    }
}
