import Foundation
import Logging
import ParleyChat
import ParleyProtocol
import PostgresNIO

/// Hands committed events on to delivery: ``EventHub`` calls it instead of delivering itself.
protocol EventRelay: AnyObject, Sendable {
    /// Events committed by this process (in its commit order, or nearly), with their JSON as
    /// stored (see ``EventHub/publish(_:feed:payloads:)``), and feed items.
    func relay(_ events: [ParleyProtocol.ChannelEvent], feed: [(userId: String, event: UserFeedEvent)], payloads: [String: Data])
    /// A user deleted here: their connections in every process close.
    func relayDisconnect(userId: String)
}

/// Fan-out between server processes that share one PostgreSQL database.
///
/// Each process holds one `LISTEN` connection. Writes that append events are followed, once
/// committed, by a `NOTIFY` (``PostgresNotifier``) naming the channels and their newest sequence
/// (``WakeUp``: a wake-up, never a body). A woken process reads the events after the last
/// sequence it delivered, for the channels its sockets follow, and fans them out locally. Its own commits come in through ``relay(_:feed:)`` with
/// their events. Both paths meet in one serial worker that keeps, per channel, the last sequence
/// delivered: an event at or below it is dropped (exactly once), an event beyond the next first
/// reads the gap from the database (in order). A periodic catch-up read (and one after every
/// `LISTEN` reconnect) covers notifications lost with a connection.
///
/// Wake-ups coalesce: the notified channels gather (each with its lowest and highest sequence)
/// while a read runs, and the next read takes them all, in one statement, no sooner than
/// ``coalescing`` after the last one began (a read after a quiet spell starts at once). The
/// notification's handler starts a read as it arrives, on the `LISTEN` connection's event loop and
/// through that connection (``PostgresFanoutLink``), without queueing behind the worker; the
/// worker delivers what it found, and meanwhile this process's own events of other channels (those
/// of the channels read wait for the read's end, so each channel stays in order, once).
///
/// Feed items (channel joined/left) and user deletions travel whole in their `NOTIFY`
/// (`f`, `d`), as they are not events of a channel's stream.
final class PostgresFanout: EventRelay {
    /// What the worker handles, one at a time.
    enum Input: Sendable {
        case local([ParleyProtocol.ChannelEvent], [FeedItem], payloads: [String: Data])
        case notification(String)
        /// A woken read ended (see ``PostgresFanout/startWokenRead()``).
        case wokenRead(WokenRead)
        case catchUp
    }

    /// A feed item as a `NOTIFY` (`f`) carries it.
    struct FeedItem: Sendable, Codable {
        var userId: String
        var event: UserFeedEvent
    }

    let storage: PostgresServerStorage
    let hub: EventHub
    let logger: Logger
    /// How often the catch-up read runs.
    let catchUpInterval: Duration
    /// The least time between the starts of two woken reads (see ``PostgresNotifier/coalescing``).
    let coalescing: Duration
    private let inputs: AsyncStream<Input>
    /// The worker's inputs.
    let continuation: AsyncStream<Input>.Continuation
    /// The last sequence delivered here, per channel (written by the worker only).
    let delivered = PthreadMutex<[String: Int64]>([:])
    /// Channels other processes appended to and the worker has not read yet: the lowest and the
    /// highest sequence notified per channel (see ``wake()``).
    let woken = PthreadMutex<[String: (first: Int64, last: Int64)]>([:])
    /// The woken read under way, if any (see PostgresFanout+WokenReads).
    let reading = PthreadMutex(Reading())
    /// When the last woken read began.
    let lastRead = PthreadMutex<ContinuousClock.Instant?>(nil)
    /// Who else listens (see PostgresFanout+Peers).
    let peers = PthreadMutex(Peers())
    /// What the fan-out has done so far (``counts``).
    let counters = PthreadMutex(Counters())
    private let tasks = PthreadMutex<[Task<Void, Never>]>([])

    /// What the fan-out has done (tests, metrics).
    struct Counters: Sendable {
        var notifications = 0
        var gapReads = 0
        var catchUpDeliveries = 0
        var listenConnects = 0
    }

    init(
        storage: PostgresServerStorage, hub: EventHub, catchUpInterval: Duration = .seconds(2),
        coalescing: Duration = PostgresNotifier.defaultCoalescing, logger: Logger
    ) {
        self.storage = storage
        self.hub = hub
        self.catchUpInterval = catchUpInterval
        self.coalescing = coalescing
        self.logger = logger
        (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
    }

    /// Starts listening, the worker and the catch-up timer; routes the hub's events here.
    func start() {
        hub.setRelay(self)
        let worker = Task { await self.work() }
        let listener = Task { await self.listen() }
        let timer = Task { [catchUpInterval, continuation] in
            while !Task.isCancelled {
                try? await Task.sleep(for: catchUpInterval)
                continuation.yield(.catchUp)
            }
        }
        tasks.withLock { $0 = [worker, listener, timer] }
    }

    /// Stops the listener, the timer and the worker.
    func stop() async {
        let tasks = self.tasks.withLock { tasks in
            defer { tasks = [] }
            return tasks
        }
        continuation.finish()
        for task in tasks {
            task.cancel()
            _ = await task.result
        }
    }

    var counts: Counters { counters.withLock { $0 } }

    // MARK: EventRelay

    func relay(_ events: [ParleyProtocol.ChannelEvent], feed: [(userId: String, event: UserFeedEvent)], payloads: [String: Data]) {
        let items = feed.map { FeedItem(userId: $0.userId, event: $0.event) }
        continuation.yield(.local(events, items, payloads: payloads))
        guard !items.isEmpty else { return }
        let payloads = items.compactMap { item -> String? in
            guard let json = try? Wire.encoder().encode(item) else { return nil }
            return "f\t\(storage.origin)\t\(String(decoding: json, as: UTF8.self))"
        }
        notify(payloads)
    }

    func relayDisconnect(userId: String) {
        notify(["d\t\(storage.origin)\t\(userId)"])
    }

    private func notify(_ payloads: [String]) {
        let client = storage.client
        let logger = logger
        Task { await PostgresNotifier.notify(payloads, through: client, logger: logger) }
    }

    // MARK: LISTEN

    private func listen() async {
        var connectionId = 0
        while !Task.isCancelled {
            connectionId += 1
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: storage.settings.connectionConfiguration, id: connectionId, logger: logger)
                counters.withLock { $0.listenConnects += 1 }
                do {
                    try await markPresent(on: connection)
                    try await listen(on: connection)
                } catch {
                    if !Task.isCancelled {
                        logger.warning("LISTEN connection lost", metadata: ["error": "\(String(reflecting: error))"])
                    }
                }
                markAbsent()
                try? await connection.close()
            } catch {
                logger.warning("LISTEN connection failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
    }

    /// Listens on `connection` until it closes (or this task is cancelled): each notification is
    /// handled on the connection's event loop as it arrives, and the `NOTIFY`s and woken reads go
    /// through the connection (``PostgresFanoutLink``) meanwhile.
    private func listen(on connection: PostgresConnection) async throws {
        let link = try await PostgresFanoutLink.prepare(on: connection)
        let listening = connection.addListener(channel: PostgresServerStorage.notifyChannel) { _, notification in
            self.received(notification.payload)
        }
        defer { listening.stop() }
        _ = try await connection.query("LISTEN \(unescaped: PostgresServerStorage.notifyChannel)", logger: logger)
        storage.notifier.link.withLock { $0 = link }
        defer { storage.notifier.link.withLock { $0 = nil } }
        // Whatever was committed while this process was not listening.
        continuation.yield(.catchUp)
        notify([hello])
        try await withTaskCancellationHandler {
            try await connection.closeFuture.get()
        } onCancel: {
            connection.close().whenComplete { _ in }
        }
        if !Task.isCancelled { logger.warning("LISTEN connection closed by the database") }
    }

    /// A notification: a hello, a wake-up (gathered for the woken read), or for the worker.
    private func received(_ payload: String) {
        counters.withLock { $0.notifications += 1 }
        if payload.hasPrefix("h\t") {
            received(hello: payload)
        } else if !gather(payload) {
            continuation.yield(.notification(payload))
        }
    }

    // MARK: Worker

    private func work() async {
        for await input in inputs {
            do {
                switch input {
                case .local(let events, let feed, let payloads):
                    try await deliverInOrder(holdingEventsOfChannelsRead(events, payloads: payloads), payloads: payloads)
                    if !feed.isEmpty { hub.deliver([], feed: feed.map { (userId: $0.userId, event: $0.event) }) }
                case .notification(let payload):
                    try await handle(payload)
                case .wokenRead(let read):
                    try await finishWokenRead(read)
                case .catchUp:
                    try await catchUp()
                }
            } catch {
                logger.warning("fan-out read failed", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
    }

    /// Delivers this process's committed events: each channel's next ones at once, a gap read first.
    func deliverInOrder(_ events: [ParleyProtocol.ChannelEvent], payloads: [String: Data]) async throws {
        var batch: [ParleyProtocol.ChannelEvent] = []
        for event in events {
            let last = delivered.withLock { $0[event.cid] } ?? (event.seq - 1)
            if event.seq <= last { continue }
            if event.seq > last + 1 {
                hub.deliver(batch, payloads: payloads)
                batch = []
                try await readAndDeliver(event.cid, after: last, through: event.seq - 1)
            }
            batch.append(event)
            delivered.withLock { $0[event.cid] = max($0[event.cid] ?? 0, event.seq) }
        }
        hub.deliver(batch, payloads: payloads)
    }

    static let decoder = Wire.decoder()

    private func handle(_ payload: String) async throws {
        let parts = payload.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts[1] != storage.origin else { return }
        switch parts[0] {
        case "f":
            let json = parts[2...].joined(separator: "\t")
            guard let item = try? Wire.decoder().decode(FeedItem.self, from: Data(json.utf8)) else { return }
            hub.deliver([], feed: [(userId: item.userId, event: item.event)])
        case "d":
            hub.disconnectHere(userId: parts[2])
        default:
            break
        }
    }

    /// Reads the stored events of `cid` after `seq` (through `last` when given) and delivers them.
    func readAndDeliver(_ cid: String, after seq: Int64, through last: Int64?) async throws {
        guard let channelId = try? ChannelId(cid: cid) else { return }
        counters.withLock { $0.gapReads += 1 }
        var after = seq
        while true {
            let from = after
            let page = try await storage.read { tx in try tx.events(channelId, after: from, limit: 500) }
            let events = page.filter { last == nil || $0.seq <= last! }
            hub.deliver(events)
            if let newest = events.last?.seq {
                after = newest
                delivered.withLock { $0[cid] = max($0[cid] ?? 0, newest) }
            }
            if page.count < 500 || events.count < page.count { return }
        }
    }

    /// For every channel followed here, delivers what was committed past the last delivered sequence.
    private func catchUp() async throws {
        try await countPeers()
        let followed = hub.subscribedChannels()
        guard !followed.isEmpty else { return }
        var heads: [(String, Int64)] = []
        for try await (cid, lastSeq) in try await storage.client.query(
            "SELECT cid, last_seq FROM channels WHERE cid = ANY(\(followed))", logger: logger
        ).decode((String, Int64).self) {
            heads.append((cid, lastSeq))
        }
        // The channels a woken read reads now are its to deliver (the next catch-up sees the rest).
        let beingRead = reading.withLock { $0.channels }
        for (cid, head) in heads where !beingRead.contains(cid) {
            guard let last = delivered.withLock({ $0[cid] }) else {
                // First seen here: its subscribers synced when they subscribed.
                delivered.withLock { $0[cid] = head }
                continue
            }
            if head > last {
                counters.withLock { $0.catchUpDeliveries += 1 }
                try await readAndDeliver(cid, after: last, through: nil)
            }
        }
    }
}
