import Foundation
import Hummingbird
import ParleyChat
import ParleyProtocol

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
    /// `payloads` holds the events' JSON as stored, by ``StoredEventPayloads/key(_:_:)`` (those
    /// missing are encoded here).
    func publish(
        _ events: [ChannelEvent], feed: [(userId: String, event: UserFeedEvent)] = [], payloads: [String: Data] = [:]
    ) {
        if let relay = relay.withLock({ $0 }) {
            relay.relay(events, feed: feed, payloads: payloads)
            return
        }
        deliver(events, feed: feed, payloads: payloads)
    }

    /// An event as delivery needs it: what decides who receives it, and its frame. Built from an
    /// event, or from its stored JSON's few routing fields (``StoredEventHeader``) without
    /// decoding the rest.
    struct Delivery: Sendable {
        var cid: String
        var seq: Int64
        var type: ChannelEventType
        var onlyForUserId: String?
        /// The user a member event is about.
        var memberUserId: String?
        var frame: EncodedFrame

        init(_ event: ChannelEvent, payload: Data?) {
            cid = event.cid
            seq = event.seq
            type = event.type
            onlyForUserId = event.onlyForUserId
            memberUserId = event.member?.user.id
            frame = EncodedFrame(event, payload: payload)
        }

        init(_ header: StoredEventHeader, payload: Data) {
            cid = header.cid
            seq = header.seq
            type = header.type
            onlyForUserId = header.onlyForUserId
            memberUserId = header.member?.user.id
            frame = EncodedFrame(payload: payload)
        }
    }

    /// Delivers events to this process's connections (``publish(_:feed:payloads:)`` without the relay).
    func deliver(
        _ events: [ChannelEvent], feed: [(userId: String, event: UserFeedEvent)] = [], payloads: [String: Data] = [:]
    ) {
        deliver(routed: events.map { Delivery($0, payload: payloads[StoredEventPayloads.key($0.cid, $0.seq)]) }, feed: feed)
    }

    /// Delivers events, in order, and feed items to this process's connections.
    func deliver(routed events: [Delivery], feed: [(userId: String, event: UserFeedEvent)] = []) {
        let encodedFeed = feed.map { (userId: $0.userId, frame: EncodedFrame(.feed($0.event))) }
        var writes = PendingBatches()
        state.withLock { state in
            for event in events {
                for connectionId in state.subscribers[event.cid] ?? [] {
                    guard let connection = state.connections[connectionId] else { continue }
                    if let only = event.onlyForUserId, only != connection.userId { continue }
                    if !connection.enqueue(event.frame, into: &writes) {
                        // The socket cannot keep up: stop the channel here and tell it to resync.
                        Self.unsubscribe(&state, connectionId, from: event.cid)
                        connection.markForReset(event.cid)
                    }
                }
                switch event.type {
                case .memberRemoved:
                    guard let userId = event.memberUserId else { break }
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
                    _ = connection.enqueue(frame, into: &writes)
                    // A member's sockets receive the channel from the commit that made them a
                    // member: waiting for the client's subscribe would lose what is written
                    // between its reload and that subscribe.
                    if event.kind == .channelJoined { Self.subscribe(&state, connectionId, to: event.cid) }
                }
            }
        }
        writes.schedule()
    }

    /// Relays a typing indicator to the channel's subscribers but the typist's own connections.
    func publishTyping(_ event: TypingEvent) {
        let frame = EncodedFrame(.typing(event))
        var writes = PendingBatches()
        state.withLock { state in
            for connectionId in state.subscribers[event.cid] ?? [] {
                guard let connection = state.connections[connectionId], connection.userId != event.userId else { continue }
                _ = connection.enqueue(frame, into: &writes)
            }
        }
        writes.schedule()
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
