import AsyncHTTPClient
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ParleyChat
import ParleyProtocol

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
    let state = PthreadMutex(State())
    /// The event loop its sockets run on.
    let sockets = SocketLoop()
    let logger = Logger(label: "parley.remote", factory: { _ in SwiftLogNoOpLogHandler() })

    struct State {
        var sync: ChatSyncStore?
        var loop: Task<Void, Never>?
        var writer: WebSocketOutboundWriter?
        var isConnected = false
        var isDraining = false
        var requestCounter = 0
        /// Channels whose store holds their first message: no older history to fetch.
        var completeHistory: Set<ChannelId> = []
        /// Threads whose store holds their first reply: no older replies to fetch.
        var completeThreads: Set<MessageId> = []
        /// Attachments uploaded (`messageId#index`), so a retried send does not upload them again.
        var uploaded: [String: URL] = [:]
        /// Downloads under way, by upload id (requests for one file share its download).
        var downloads: [String: Task<URL, any Error>] = [:]
        /// The upload limit the server gave when it refused a file as too large.
        var serverMaxAttachmentSize: Int64?
    }

    /// A backend for `configuration`; it connects when a ``ChatClient`` attaches it.
    public init(configuration: RemoteChatConfiguration) {
        self.configuration = configuration
        let timeout = configuration.requestTimeout.components
        self.http = HTTPTransport(
            serverURL: configuration.serverURL, token: configuration.token,
            timeout: .nanoseconds(timeout.seconds * 1_000_000_000 + timeout.attoseconds / 1_000_000_000))
    }

    deinit {
        state.withLock { $0.loop?.cancel() }
    }

    /// Starts the connection loop for `sync`'s store (called once by ``ChatClient``).
    public func attach(to sync: ChatSyncStore) {
        state.withLock { $0.sync = sync }
        ChatAttachmentTransfers.shared.register(self)
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

    /// The client is gone: stops reconnecting, without waiting. The cancelled connection loop
    /// closes the socket with a close handshake, then ends (it holds this backend until then;
    /// ``disconnect()`` is the awaited form).
    public func detach() {
        let loop = state.withLock { state in
            defer { state.loop = nil }
            return state.loop
        }
        loop?.cancel()
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

    var sync: ChatSyncStore? { state.withLock { $0.sync } }

    // MARK: Connection

    func run() async {
        var attempt = 0
        while !Task.isCancelled {
            guard let sync else { return }
            sync.setConnectionStatus(.connecting)
            var reason = "the connection closed"
            let reachedLive = ReachedLive()
            // Every attempt runs on the backend's event loop (see ``SocketLoop``).
            let group = sockets.current
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
            // of them: the attempt is given up (see ``end(_:on:reachedLive:)``).
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
                    reachedLive.setEnded()
                    ended.finish(nil)
                } catch {
                    reachedLive.setEnded()
                    ended.finish(String(describing: error))
                }
            }
            let outcome = await withTaskCancellationHandler {
                await ended.wait()
            } onCancel: {
                ended.finish("cancelled")
            }
            watchdog.cancel()
            // Not cancelled with this loop: the attempt ends the same way on a disconnect.
            await Task { await self.end(connection, on: group, reachedLive: reachedLive) }.value
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

    /// Ends a connection attempt before the next one starts: its socket closes first (the close
    /// handshake, which the WebSocket client bounds by the handshake timeout), and then its task
    /// is waited for, so nothing of the attempt still runs on the event loop afterwards.
    ///
    /// Only an attempt still waiting for its upgrade (the WebSocket client hands out no socket to
    /// close until the upgrade is answered), or one that does not end within the handshake
    /// timeout after the close (a server that stopped reading), has its event loop retired:
    /// shutting the loop down is the one way left to close that socket, and the attempts after
    /// it get a new loop. A refused or dropped connection ends on its own and retires nothing.
    func end(_ connection: Task<WebSocketCloseFrame?, any Error>, on group: MultiThreadedEventLoopGroup, reachedLive: ReachedLive) async {
        let writer = state.withLock { state in
            defer { state.writer = nil }
            return state.writer
        }
        if reachedLive.ended { return }
        // Not cancelled: the WebSocket client's cancellation handler closes the socket from a
        // task of its own, which would find the retired loop already shut down.
        guard reachedLive.upgraded, let writer else {
            sockets.retire(group)
            return
        }
        let stopped = AttemptEnd()
        Task {
            _ = await connection.result
            stopped.finish(nil)
        }
        Task { [timeout = configuration.handshakeTimeout] in
            try? await Task.sleep(for: timeout)
            stopped.finish("the attempt did not end")
        }
        try? await writer.close(.normalClosure, reason: nil)
        if await stopped.wait() != nil {
            sockets.retire(group)
        }
    }

    /// The event loop group the backend's sockets run on: one thread for the backend's life,
    /// not one per connection attempt, shut down with the backend (after its last attempt ended:
    /// the connection loop holds the backend until then).
    final class SocketLoop: Sendable {
        private let group = PthreadMutex(MultiThreadedEventLoopGroup(numberOfThreads: 1))

        /// The group new attempts run on.
        var current: MultiThreadedEventLoopGroup { group.withLock { $0 } }

        /// Shuts `stuck` down (closing the socket on it) and gives later attempts a new group.
        func retire(_ stuck: MultiThreadedEventLoopGroup) {
            let replaced = group.withLock { group -> Bool in
                guard group === stuck else { return false }
                group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
                return true
            }
            if replaced { stuck.shutdownGracefully { _ in } }
        }

        deinit {
            group.withLock { $0 }.shutdownGracefully { _ in }
        }
    }

    /// The end of one connection attempt: the first of the socket closing, the watchdog giving
    /// up on it and the loop being cancelled; later ones are ignored.
    final class AttemptEnd: Sendable {
        private struct State {
            var outcome: String??
            var waiter: CheckedContinuation<String?, Never>?
        }
        private let state = PthreadMutex(State())

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
    /// ``ended`` once the attempt's task is over.
    final class ReachedLive: Sendable {
        private let flags = PthreadMutex((upgraded: false, live: false, ended: false))
        var value: Bool { flags.withLock { $0.live } }
        var upgraded: Bool { flags.withLock { $0.upgraded } }
        var ended: Bool { flags.withLock { $0.ended } }
        func set() { flags.withLock { $0.live = true } }
        func setUpgraded() { flags.withLock { $0.upgraded = true } }
        func setEnded() { flags.withLock { $0.ended = true } }
    }
}
