import AsyncHTTPClient
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ParleyChat
import ParleyProtocol
import Synchronization

/// A ``ChatBackend`` that talks to `parley serve`: writes go over HTTP, events arrive over one
/// WebSocket, and the local store (through ``ChatSyncStore``) follows the server.
///
/// ```swift
/// let backend = RemoteChatBackend(configuration: .init(serverURL: url, token: jwt))
/// let client = try ChatClient(config: .init(currentUserId: "alice", databaseURL: file), backend: backend)
/// ```
///
/// On every (re)connect it lists the user's channels (reloading those it never saw or whose
/// stream restarted), subscribes to them first and then syncs after its cursors, so no event
/// falls between the two; events that arrive live during the sync wait for it. Then it sends
/// the queued messages, oldest first. A lost connection is retried with exponential backoff and
/// jitter (``RemoteChatConfiguration/reconnectDelay(attempt:random:)``); meanwhile sends stay
/// queued and ``ChatClient/connectionStatus`` says `disconnected`.
///
/// The actor is always the token's subject: operations `by` any other user are refused.
public final class RemoteChatBackend: ChatBackend {
    /// Where it connects.
    public let configuration: RemoteChatConfiguration
    let http: HTTPTransport
    private let state = Mutex(State())
    private let logger = Logger(label: "parley.remote", factory: { _ in SwiftLogNoOpLogHandler() })

    private struct State {
        var sync: ChatSyncStore?
        var loop: Task<Void, Never>?
        var writer: WebSocketOutboundWriter?
        var isConnected = false
        var isDraining = false
        var requestCounter = 0
        /// Channels whose store holds their first message: no older history to fetch.
        var completeHistory: Set<ChannelId> = []
    }

    /// A backend for `configuration`; it connects when a ``ChatClient`` attaches it.
    public init(configuration: RemoteChatConfiguration) {
        self.configuration = configuration
        self.http = HTTPTransport(serverURL: configuration.serverURL, token: configuration.token)
    }

    deinit {
        state.withLock { $0.loop?.cancel() }
    }

    /// Starts the connection loop for `sync`'s store (called once by ``ChatClient``).
    public func attach(to sync: ChatSyncStore) {
        state.withLock { $0.sync = sync }
        connect()
    }

    /// Connects (again, after ``disconnect()``); reconnects on its own after failures.
    public func connect() {
        let loop = Task { [weak self] in
            guard let self else { return }
            await self.run()
        }
        state.withLock { state in
            state.loop?.cancel()
            state.loop = loop
        }
    }

    /// Closes the connection and stops reconnecting.
    public func disconnect() async {
        let (loop, writer, sync) = state.withLock { state in
            let result = (state.loop, state.writer, state.sync)
            state.loop = nil
            return result
        }
        sync?.setConnectionStatus(.disconnecting)
        loop?.cancel()
        try? await writer?.close(.normalClosure, reason: nil)
        await loop?.value
        sync?.setConnectionStatus(.disconnected(error: nil))
    }

    /// Whether the socket is open and caught up.
    public var isConnected: Bool { state.withLock { $0.isConnected } }

    private var sync: ChatSyncStore? { state.withLock { $0.sync } }

    // MARK: Connection

    private func run() async {
        var attempt = 0
        while !Task.isCancelled {
            guard let sync else { return }
            sync.setConnectionStatus(.connecting)
            var reason = "the connection closed"
            let reachedLive = ReachedLive()
            // The socket gets an event loop of its own, so that a handshake that never ends can
            // be ended: the WebSocket client lets a peer half-close the connection, and a close
            // (or silence) between the TCP connect and the upgrade's answer would otherwise leave
            // the upgrade waiting forever, and this loop with it.
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let socketConfiguration = WebSocketClientConfiguration(
                maxFrameSize: 1 << 24, closeTimeout: configuration.handshakeTimeout,
                autoPing: .enabled(timePeriod: configuration.pingInterval))
            let connection = Task { [configuration, logger] in
                try await WebSocketClient.connect(
                    url: configuration.webSocketURL, configuration: socketConfiguration, eventLoopGroup: group, logger: logger
                ) { [weak self] inbound, outbound, _ in
                    try await self?.session(inbound: inbound, outbound: outbound, sync: sync, reachedLive: reachedLive)
                }
            }
            // Not upgraded within the handshake timeout, or upgraded but not caught up within ten
            // of them: the attempt is given up. Its event loop is shut down, closing its socket,
            // and the loop moves on without waiting for it: neither a cancellation nor the peer's
            // FIN (the client allows half-closed sockets) reliably ends a wait in the upgrade.
            let ended = AttemptEnd()
            let watchdog = Task { [timeout = configuration.handshakeTimeout] in
                try? await Task.sleep(for: timeout)
                if Task.isCancelled { return }
                if reachedLive.upgraded {
                    try? await Task.sleep(for: timeout * 9)
                    if Task.isCancelled || reachedLive.value { return }
                    ended.finish("not caught up within \(timeout * 10)")
                } else {
                    ended.finish("no WebSocket upgrade within \(timeout)")
                }
            }
            Task {
                do {
                    _ = try await connection.value
                    ended.finish(nil)
                } catch {
                    ended.finish(String(describing: error))
                }
            }
            let outcome = await withTaskCancellationHandler {
                await ended.wait()
            } onCancel: {
                ended.finish("cancelled")
            }
            watchdog.cancel()
            connection.cancel()
            group.shutdownGracefully { _ in }
            if let outcome { reason = outcome }
            state.withLock { state in
                state.writer = nil
                state.isConnected = false
            }
            if Task.isCancelled { return }
            sync.setConnectionStatus(.disconnected(error: .notConnected(reason: reason)))
            attempt = reachedLive.value ? 0 : attempt + 1
            try? await Task.sleep(for: configuration.reconnectDelay(attempt: attempt))
        }
    }

    /// The end of one connection attempt: the first of the socket closing, the watchdog giving
    /// up on it and the loop being cancelled; later ones are ignored.
    private final class AttemptEnd: Sendable {
        private struct State {
            var outcome: String??
            var waiter: CheckedContinuation<String?, Never>?
        }
        private let state = Mutex(State())

        func finish(_ reason: String?) {
            let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
                guard state.outcome == nil else { return nil }
                state.outcome = .some(reason)
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: reason)
        }

        func wait() async -> String? {
            await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
                let outcome = state.withLock { state -> String?? in
                    if state.outcome == nil { state.waiter = continuation }
                    return state.outcome
                }
                if let outcome { continuation.resume(returning: outcome) }
            }
        }
    }

    /// Set once a session caught up, so the next failure retries at once rather than backing off;
    /// ``upgraded`` once the WebSocket upgrade is over (the handshake watchdog stands down).
    private final class ReachedLive: Sendable {
        private let flags = Mutex((upgraded: false, live: false))
        var value: Bool { flags.withLock { $0.live } }
        var upgraded: Bool { flags.withLock { $0.upgraded } }
        func set() { flags.withLock { $0.live = true } }
        func setUpgraded() { flags.withLock { $0.upgraded = true } }
    }

    private func session(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, sync: ChatSyncStore, reachedLive: ReachedLive
    ) async throws {
        // Upgraded: the watchdog now gives the session until it catches up.
        reachedLive.setUpgraded()
        state.withLock { $0.writer = outbound }
        var frames = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
        guard case .welcome = try await Self.next(&frames) else { throw ChatError.serverError(code: "no_welcome", message: "") }

        // Bootstrap: the user's channels, reloaded where the store never saw them or their
        // stream restarted; channels the user left meanwhile go.
        let list: ChannelListResponse = try await http.send(.GET, WirePath.channels)
        let local = Dictionary(uniqueKeysWithValues: try sync.cursors().map { ($0.cid, $0) })
        var cursors: [ChannelCursor] = []
        var listed: Set<ChannelId> = []
        for channel in list.channels {
            guard let snapshot = WireMapping.snapshot(channel) else { continue }
            let cid = snapshot.channel.cid
            listed.insert(cid)
            if let cursor = local[cid], cursor.epoch == snapshot.cursor.epoch, cursor.sequence <= snapshot.cursor.sequence {
                cursors.append(ChannelCursor(cid: cid.rawValue, epoch: cursor.epoch, seq: cursor.sequence))
            } else {
                try await sync.reset(snapshot)
                historyReset(cid, complete: false)
                cursors.append(ChannelCursor(cid: cid.rawValue, epoch: snapshot.cursor.epoch, seq: snapshot.cursor.sequence))
            }
        }
        for cid in local.keys where !listed.contains(cid) { try await sync.removeChannel(cid) }

        // Subscribe first, then sync after the cursors; live events wait for the sync's answer.
        try await send(.subscribe(SubscribeFrame(cids: cursors.map(\.cid))), on: outbound)
        let requestId = nextRequestId()
        try await send(.sync(SyncRequest(requestId: requestId, cursors: cursors)), on: outbound)
        var pending: [ParleyProtocol.ChannelEvent] = []
        var isSyncing = !cursors.isEmpty
        if !isSyncing { goLive(sync, reachedLive) }

        while let frame = try await Self.next(&frames) {
            switch frame {
            case .event(let event):
                if isSyncing { pending.append(event) } else { try await apply([event], sync: sync) }
            case .syncResult(let result) where result.requestId == requestId && isSyncing:
                for channel in result.channels {
                    if channel.reset != nil, let cid = try? ChannelId(cid: channel.cid) {
                        try await reload(cid, sync: sync)
                    } else {
                        try await apply(channel.events, sync: sync)
                    }
                }
                try await apply(pending, sync: sync)
                pending = []
                isSyncing = false
                goLive(sync, reachedLive)
            case .typing(let typing):
                guard typing.userId != sync.currentUserId, let cid = try? ChannelId(cid: typing.cid) else { continue }
                try await sync.applyTyping(in: cid, userId: typing.userId, parentMessageId: typing.parentMessageId, isTyping: typing.isTyping)
            case .feed(let feed):
                guard let cid = try? ChannelId(cid: feed.cid) else { continue }
                switch feed.kind {
                case .channelJoined:
                    try await reload(cid, sync: sync)
                    try await send(.subscribe(SubscribeFrame(cids: [feed.cid])), on: outbound)
                case .channelLeft, .channelDeleted:
                    try await sync.removeChannel(cid)
                }
            case .reset(let reset):
                guard let cid = try? ChannelId(cid: reset.cid) else { continue }
                try await reload(cid, sync: sync)
                try await send(.subscribe(SubscribeFrame(cids: [reset.cid])), on: outbound)
            case .error(let failure) where failure.requestId == requestId:
                throw WireMapping.error(failure.error)
            default:
                continue
            }
        }
    }

    private static func next(_ frames: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> ServerFrame? {
        while let message = try await frames.next() {
            guard case .text(let text) = message else { continue }
            if let frame = try? Wire.decoder().decode(ServerFrame.self, from: Data(text.utf8)) { return frame }
        }
        return nil
    }

    private func send(_ frame: ClientFrame, on outbound: WebSocketOutboundWriter) async throws {
        let data = try Wire.encoder().encode(frame)
        try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
    }

    private func nextRequestId() -> String {
        state.withLock { state in
            state.requestCounter += 1
            return "sync-\(state.requestCounter)"
        }
    }

    private func goLive(_ sync: ChatSyncStore, _ reachedLive: ReachedLive) {
        state.withLock { $0.isConnected = true }
        reachedLive.set()
        sync.setConnectionStatus(.connected)
        Task { await self.drain() }
    }

    /// Applies events in order; channels the store cannot continue are reloaded.
    private func apply(_ events: [ParleyProtocol.ChannelEvent], sync: ChatSyncStore) async throws {
        let mapped = events.compactMap(WireMapping.event)
        let result = try await sync.apply(mapped)
        for cid in result.needsReset { try await reload(cid, sync: sync) }
    }

    /// Replaces the local channel with the server's (a reset, or a channel seen for the first time).
    private func reload(_ cid: ChannelId, sync: ChatSyncStore) async throws(ChatError) {
        do throws(ChatError) {
            let state: ChannelStateResponse = try await http.send(
                .GET, WirePath.channel(cid.rawValue) + "?messages=\(configuration.channelMessageLimit)")
            if let snapshot = WireMapping.snapshot(state) {
                try await sync.reset(snapshot)
                historyReset(cid, complete: state.messages.count < configuration.channelMessageLimit)
            }
        } catch .channelNotFound {
            try await sync.removeChannel(cid)
        }
    }

    // MARK: History

    /// A reload replaced the channel's messages with its latest ones: older history is on the
    /// server unless the reload brought fewer than it asked for (`complete`).
    private func historyReset(_ cid: ChannelId, complete: Bool) {
        state.withLock { state in
            if complete { state.completeHistory.insert(cid) } else { state.completeHistory.remove(cid) }
        }
    }

    /// Whether the server may have messages of `cid` older than the store's: until a page of
    /// history (or a reload) reached the channel's first message.
    public func mayHaveOlderMessages(in cid: ChannelId) -> Bool {
        !state.withLock { $0.completeHistory.contains(cid) }
    }

    /// Fetches up to `limit` messages older than the store's oldest from the server into the
    /// store; returns whether older ones remain there.
    public func loadOlderMessages(in cid: ChannelId, limit: Int) async throws(ChatError) -> Bool {
        guard let sync else { throw ChatError.notConnected(reason: "the backend is not attached to a client") }
        var path = WirePath.channelMessages(cid.rawValue) + "?limit=\(max(1, min(limit, 200)))"
        if let oldest = try sync.oldestSyncedMessageId(in: cid) {
            path += "&before=" + (oldest.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+"))) ?? oldest)
        }
        let page: MessagesResponse = try await http.send(.GET, path)
        try await sync.storeOlderMessages(page.messages.compactMap(WireMapping.message))
        if page.reachedStart { historyReset(cid, complete: true) }
        return !page.reachedStart
    }

    // MARK: Outbox

    /// Sends the queued messages, oldest first, until none is left or the connection drops. A
    /// message the server refuses for good is marked failed (the UI offers to resend it).
    func drain() async {
        guard let sync else { return }
        let started = state.withLock { state -> Bool in
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        guard started else { return }
        var failures = 0
        while true {
            // The local store failing (a full disk, a read-only file) stops this drain; the
            // queued messages stay queued for the next one (the next reconnect or send).
            var storeFailed = false
            var requestFailed = false
            // A page of the outbox at a time: reading all of a long outbox for every message
            // sent made draining thousands of queued messages quadratic.
            while isConnected, !storeFailed, !requestFailed {
                let page: [OutgoingMessage]
                do {
                    page = try sync.queuedMessages(limit: Self.drainPage)
                } catch {
                    logger.error("remote: reading the outbox failed: \(error)")
                    storeFailed = true
                    break
                }
                if page.isEmpty { break }
                for next in page {
                    guard isConnected else { break }
                    do {
                        try await post(next)
                        failures = 0
                    } catch where error.isConnectionFailure {
                        // The socket may still be up while requests fail: wait as a reconnect would.
                        failures += 1
                        try? await Task.sleep(for: configuration.reconnectDelay(attempt: failures - 1))
                        requestFailed = true
                        break
                    } catch {
                        do {
                            try await sync.markSendFailed(next.id)
                        } catch let storeError {
                            // Not marked failed: sending it again now would loop on the same refusal.
                            logger.error("remote: marking \(next.id) failed did not stick: \(storeError)")
                            storeFailed = true
                            break
                        }
                    }
                }
            }
            // A send that came in while draining was queued: look once more before stopping.
            var more = false
            if !storeFailed && isConnected {
                do {
                    more = try !sync.queuedMessages().isEmpty
                } catch {
                    logger.error("remote: reading the outbox failed: \(error)")
                }
            }
            let stop = state.withLock { state -> Bool in
                if !more { state.isDraining = false }
                return !more
            }
            if stop { return }
        }
    }

    /// How many queued messages a drain reads at once.
    static let drainPage = 64

    private func post(_ message: OutgoingMessage) async throws(ChatError) {
        let response: WriteResponse = try await http.send(
            .POST, WirePath.channelMessages(message.cid.rawValue), body: WireMapping.sendRequest(message))
        try await applyWrite(response, in: message.cid)
    }

    // MARK: Writes

    private func actor(_ userId: UserId) throws(ChatError) -> ChatSyncStore {
        guard let sync else { throw ChatError.notConnected(reason: "the backend is not attached to a client") }
        guard userId == sync.currentUserId else {
            throw ChatError.serverError(code: "unauthorized", message: "a remote backend acts only as its token's user, not \(userId)")
        }
        return sync
    }

    /// Applies what a write answered (without moving cursors: the events come again in order).
    private func applyWrite(_ response: WriteResponse, in cid: ChannelId) async throws(ChatError) {
        guard let sync else { return }
        var changes = response.events.map(WireMapping.change)
        if let message = response.message.flatMap(WireMapping.message) { changes.append(.message(message)) }
        try await sync.applyUnsequenced(changes, in: cid)
    }

    private func write<Body: Encodable>(
        _ method: HTTPMethod, _ path: String, body: Body?, cid: ChannelId?, by userId: UserId
    ) async throws(ChatError) {
        _ = try actor(userId)
        let response: WriteResponse = try await http.send(method, path, body: body)
        if let cid { try await applyWrite(response, in: cid) }
    }

    /// Creates or updates users on the server and in the store.
    public func upsertUsers(_ users: [ChatUser]) async throws(ChatError) {
        let response: UsersResponse = try await http.send(
            .POST, WirePath.users, body: UpsertUsersRequest(users: users.map(WireMapping.user)))
        try await sync?.upsertUsers(response.users.map(WireMapping.user))
    }

    /// Creates the channel on the server, then loads it and subscribes to it.
    public func createChannel(_ request: ChannelCreationRequest, by userId: UserId) async throws(ChatError) {
        let sync = try actor(userId)
        let body = CreateChannelRequest(
            cid: request.cid.rawValue, name: request.name, imageURL: request.imageURL, memberIds: request.memberIds,
            config: request.config.map(WireMapping.config), isFrozen: request.isFrozen)
        let _: WriteResponse = try await http.send(.POST, WirePath.channels, body: body)
        try await reload(request.cid, sync: sync)
        if let writer = state.withLock({ $0.writer }) {
            try? await send(.subscribe(SubscribeFrame(cids: [request.cid.rawValue])), on: writer)
        }
    }

    /// Renames the channel or changes its image.
    public func updateChannel(_ cid: ChannelId, name: String?, imageURL: URL?, by userId: UserId) async throws(ChatError) {
        try await write(.PATCH, WirePath.channel(cid.rawValue), body: UpdateChannelRequest(name: name, imageURL: imageURL), cid: cid, by: userId)
    }

    /// Freezes or unfreezes the channel.
    public func setFrozen(_ isFrozen: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.PUT, WirePath.frozen(cid.rawValue), body: SetFlagRequest(value: isFrozen), cid: cid, by: userId)
    }

    /// Mutes or unmutes the channel for the user.
    public func setMuted(_ isMuted: Bool, cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.PUT, WirePath.muted(cid.rawValue), body: SetFlagRequest(value: isMuted), cid: cid, by: userId)
    }

    /// Deletes the channel on the server and here.
    public func deleteChannel(_ cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.DELETE, WirePath.channel(cid.rawValue), body: EmptyResponse?.none, cid: nil, by: userId)
        try await sync?.removeChannel(cid)
    }

    /// Adds members.
    public func addMembers(_ userIds: [UserId], to cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.POST, WirePath.members(cid.rawValue), body: MembersRequest(userIds: userIds), cid: cid, by: userId)
    }

    /// Removes members (the user's own id: leaving).
    public func removeMembers(_ userIds: [UserId], from cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.POST, WirePath.removeMembers(cid.rawValue), body: MembersRequest(userIds: userIds), cid: cid, by: userId)
    }

    /// Sends a message; offline, or while queued messages are still going out (order matters),
    /// throws ``ChatError/notConnected(reason:)`` and the message stays queued.
    public func sendMessage(_ message: OutgoingMessage, by userId: UserId) async throws(ChatError) {
        let sync = try actor(userId)
        let (connected, draining) = state.withLock { ($0.isConnected, $0.isDraining) }
        // An older message still queued (its send failed, the drain has not reached it) goes first.
        // A store that cannot be read says so to the sender rather than letting a message jump the queue.
        let oldest = connected && !draining ? try sync.queuedMessages().first?.id : nil
        let behind = oldest.map { $0 != message.id } ?? false
        guard connected, !draining, !behind else {
            if connected { Task { await self.drain() } }
            throw ChatError.notConnected(reason: connected ? "queued behind earlier messages" : "offline")
        }
        do {
            try await post(message)
        } catch where error.isConnectionFailure {
            // The request failed but the socket may live on: the drain retries it, in order.
            if isConnected { Task { await self.drain() } }
            throw error
        }
    }

    /// Edits a message.
    public func editMessage(_ id: MessageId, text: String, by userId: UserId) async throws(ChatError) {
        let _: WriteResponse = try await sendWrite(.PATCH, WirePath.message(id), body: EditMessageRequest(text: text), by: userId)
    }

    /// Deletes a message.
    public func deleteMessage(_ id: MessageId, by userId: UserId) async throws(ChatError) {
        let _: WriteResponse = try await sendWrite(.DELETE, WirePath.message(id), body: EmptyResponse?.none, by: userId)
    }

    /// Adds a reaction.
    public func addReaction(
        _ type: MessageReactionType, score: Int, enforceUnique: Bool, to messageId: MessageId, by userId: UserId
    ) async throws(ChatError) {
        let body = AddReactionRequest(type: type.rawValue, score: score, enforceUnique: enforceUnique)
        let _: WriteResponse = try await sendWrite(.POST, WirePath.reactions(messageId), body: body, by: userId)
    }

    /// Removes the user's reaction.
    public func removeReaction(_ type: MessageReactionType, from messageId: MessageId, by userId: UserId) async throws(ChatError) {
        let _: WriteResponse = try await sendWrite(.DELETE, WirePath.reaction(messageId, type: type.rawValue), body: EmptyResponse?.none, by: userId)
    }

    /// Marks the channel read.
    public func markRead(_ cid: ChannelId, by userId: UserId) async throws(ChatError) {
        try await write(.POST, WirePath.read(cid.rawValue), body: EmptyResponse?.none, cid: cid, by: userId)
    }

    /// Says the user is typing (relayed live, never stored).
    public func startTyping(in cid: ChannelId, parentMessageId: MessageId?, by userId: UserId) async throws(ChatError) {
        _ = try actor(userId)
        let _: EmptyResponse = try await http.send(
            .POST, WirePath.typing(cid.rawValue), body: TypingRequest(parentMessageId: parentMessageId, isTyping: true))
    }

    /// Says the user stopped typing.
    public func stopTyping(in cid: ChannelId, by userId: UserId) async throws(ChatError) {
        _ = try actor(userId)
        let _: EmptyResponse = try await http.send(.POST, WirePath.typing(cid.rawValue), body: TypingRequest(isTyping: false))
    }

    /// A message write: its answer's events are applied to the message's channel.
    private func sendWrite<Body: Encodable>(
        _ method: HTTPMethod, _ path: String, body: Body?, by userId: UserId
    ) async throws(ChatError) -> WriteResponse {
        _ = try actor(userId)
        let response: WriteResponse = try await http.send(method, path, body: body)
        if let cid = (response.message?.cid ?? response.events.first?.cid).flatMap({ try? ChannelId(cid: $0) }) {
            try await applyWrite(response, in: cid)
        }
        return response
    }
}
