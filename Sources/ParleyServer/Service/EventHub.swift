import Foundation
import ParleyProtocol
import Synchronization

/// One WebSocket session's outbound side: a bounded queue of frames the socket writer drains.
final class ClientConnection: Sendable {
    /// The connection's id (for logs and the welcome frame).
    let id: String
    /// The token's subject.
    let userId: String
    /// The frames to write, in order.
    let frames: AsyncStream<ServerFrame>
    private let continuation: AsyncStream<ServerFrame>.Continuation
    /// Channels whose events were dropped because the queue was full; a reset frame follows.
    private let pendingResets = Mutex<Set<String>>([])

    /// The WebSocket close code the socket ends with when not a normal closure (1012, "service
    /// restart", when the server drains its sockets on shutdown: the client reconnects).
    let closeCode = Mutex<UInt16?>(nil)

    /// Frames queued beyond this are dropped (and the channel reset for this connection).
    static let queueLimit = 4_096

    init(userId: String, queueLimit: Int = ClientConnection.queueLimit) {
        id = UUID().uuidString
        self.userId = userId
        (frames, continuation) = AsyncStream.makeStream(of: ServerFrame.self, bufferingPolicy: .bufferingOldest(queueLimit))
    }

    /// Queues a frame; `false` when the queue is full (the frame is lost).
    @discardableResult
    func send(_ frame: ServerFrame) -> Bool {
        if case .enqueued = continuation.yield(frame) { return true }
        return false
    }

    /// Remembers that `cid` must be reset once the queue has room.
    func markForReset(_ cid: String) {
        pendingResets.withLock { _ = $0.insert(cid) }
    }

    /// The channels to reset now (emptied).
    func takePendingResets() -> Set<String> {
        pendingResets.withLock { resets in
            defer { resets = [] }
            return resets
        }
    }

    /// Ends the frame stream (the socket closes after the queued frames).
    func finish() { continuation.finish() }
}

/// The live fan-out: which connection is subscribed to which channel, and delivery of committed
/// events to them. Called from the storage's `afterCommit`, so it sees events in commit order.
final class EventHub: Sendable {
    private struct State {
        var connections: [String: ClientConnection] = [:]
        var connectionsByUser: [String: Set<String>] = [:]
        var subscribers: [String: Set<String>] = [:]
        var subscriptions: [String: Set<String>] = [:]
    }

    private let state = Mutex(State())
    /// Several server processes (PostgreSQL): committed events pass through the relay, which hands
    /// them back in sequence order, with other processes' events, to ``deliver(_:feed:)``.
    private let relay = Mutex<(any EventRelay)?>(nil)

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

    /// Every open connection (graceful shutdown closes them).
    func allConnections() -> [ClientConnection] {
        state.withLock { Array($0.connections.values) }
    }

    func register(_ connection: ClientConnection) {
        state.withLock { state in
            state.connections[connection.id] = connection
            state.connectionsByUser[connection.userId, default: []].insert(connection.id)
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
            state.subscribers[cid, default: []].insert(connection.id)
            state.subscriptions[connection.id, default: []].insert(cid)
        }
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
    /// everyone's.
    func publish(_ events: [ChannelEvent], feed: [(userId: String, event: UserFeedEvent)] = []) {
        if let relay = relay.withLock({ $0 }) {
            relay.relay(events, feed: feed)
            return
        }
        deliver(events, feed: feed)
    }

    /// Delivers events to this process's connections (``publish(_:feed:)`` without the relay).
    func deliver(_ events: [ChannelEvent], feed: [(userId: String, event: UserFeedEvent)] = []) {
        state.withLock { state in
            for event in events {
                for connectionId in state.subscribers[event.cid] ?? [] {
                    guard let connection = state.connections[connectionId] else { continue }
                    if let only = event.onlyForUserId, only != connection.userId { continue }
                    if !connection.send(.event(event)) {
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
            for (userId, event) in feed {
                for connectionId in state.connectionsByUser[userId] ?? [] {
                    state.connections[connectionId]?.send(.feed(event))
                }
            }
        }
    }

    /// Relays a typing indicator to the channel's subscribers but the typist's own connections.
    func publishTyping(_ event: TypingEvent) {
        state.withLock { state in
            for connectionId in state.subscribers[event.cid] ?? [] {
                guard let connection = state.connections[connectionId], connection.userId != event.userId else { continue }
                connection.send(.typing(event))
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
