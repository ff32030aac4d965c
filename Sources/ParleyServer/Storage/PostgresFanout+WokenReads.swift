import Foundation
import ParleyChat
import ParleyProtocol
import PostgresNIO

/// The woken reads of ``PostgresFanout``: what other processes' wake-ups (``WakeUp``) announce is
/// read here, one read at a time, off the worker, and delivered by the worker.
extension PostgresFanout {
    /// What a woken read found: each channel's events after its last delivered sequence, ready
    /// to deliver (their stored JSON, routed by its header), or the read's error.
    struct WokenRead: Sendable {
        typealias Found = Result<[String: [EventHub.Delivery]], any Error>

        var cids: [String]
        var result: Found
    }

    /// The woken read (at most one at a time). A notification's handler starts it, the worker
    /// delivers what it found (every delivery is the worker's). The worker goes on delivering this
    /// process's own events while it runs, but those of the channels it reads wait in `held` until
    /// it ends, so each channel's events still go out in order, once.
    struct Reading {
        var channels: Set<String> = []
        var held: [ParleyProtocol.ChannelEvent] = []
        var heldPayloads: [String: Data] = [:]
        /// A read runs, or its results are being delivered: the next one waits for that.
        var isRunning = false
        /// Channels were notified meanwhile: another read follows.
        var isWokenAgain = false
    }

    /// Gathers an event wake-up (``WakeUp``) into ``woken`` and wakes the reader; `false` for any
    /// other payload. Own ones are dropped.
    func gather(_ payload: String) -> Bool {
        guard let wakeUp = WakeUp.parse(payload) else { return false }
        guard wakeUp.origin != storage.origin, !wakeUp.channels.isEmpty else { return true }
        woken.withLock { woken in
            for (cid, seq) in wakeUp.channels {
                woken[cid] = woken[cid].map { (min($0.first, seq), max($0.last, seq)) } ?? (seq, seq)
            }
        }
        wake()
        return true
    }

    /// Starts a woken read, unless one runs (its end starts the next).
    func wake() {
        let start = reading.withLock { reading -> Bool in
            if reading.isRunning {
                reading.isWokenAgain = true
                return false
            }
            reading.isRunning = true
            return true
        }
        if start { startWokenReadCoalescing() }
    }

    /// Starts the next woken read (``startWokenRead()``) ``coalescing`` after the last one began,
    /// at once when that is past. Called with the read's slot taken.
    func startWokenReadCoalescing() {
        guard let due = lastRead.withLock({ $0 }).map({ $0 + coalescing }), due > .now else {
            startWokenRead()
            return
        }
        // The slot stays taken meanwhile: wake-ups gather for that read.
        if let link = storage.notifier.link.withLock({ $0 }) {
            link.run(at: due) { self.startWokenRead() }
            return
        }
        Task {
            // Cancellation cannot reach this task; a sleep that fails only shortens the window.
            try? await Task.sleep(until: due)
            self.startWokenRead()
        }
    }

    /// The events of `events` whose channel the running woken read reads are held for its end;
    /// the others are returned.
    func holdingEventsOfChannelsRead(
        _ events: [ParleyProtocol.ChannelEvent], payloads: [String: Data]
    ) -> [ParleyProtocol.ChannelEvent] {
        reading.withLock { reading in
            guard reading.isRunning else { return events }
            var now: [ParleyProtocol.ChannelEvent] = []
            for event in events {
                guard reading.channels.contains(event.cid) else {
                    now.append(event)
                    continue
                }
                reading.held.append(event)
                let key = StoredEventPayloads.key(event.cid, event.seq)
                reading.heldPayloads[key] = payloads[key]
            }
            return now
        }
    }

    /// Starts reading, in one statement and off the worker, what the woken channels followed
    /// here hold past their last delivered sequence; ``finishWokenRead(_:)`` delivers it. Called
    /// with the read's slot taken (``Reading/isRunning``), which it gives back when there is
    /// nothing to read.
    func startWokenRead() {
        var (cids, afters) = wokenChannels()
        while cids.isEmpty {
            let again = reading.withLock { reading -> Bool in
                guard reading.isWokenAgain else {
                    reading.isRunning = false
                    return false
                }
                reading.isWokenAgain = false
                return true
            }
            guard again else { return }
            (cids, afters) = wokenChannels()
        }
        counters.withLock { $0.gapReads += 1 }
        lastRead.withLock { $0 = .now }
        reading.withLock { $0.channels = Set(cids) }
        let continuation = self.continuation
        if let link = storage.notifier.link.withLock({ $0 }) {
            link.readEvents(cids: cids, afters: afters).whenComplete { [cids] rows in
                continuation.yield(.wokenRead(WokenRead(cids: cids, result: Self.found(rows))))
            }
            return
        }
        let (client, logger) = (storage.client, logger)
        Task { [cids, afters] in
            let rows: Result<[(cid: String, payload: Data)], any Error>
            do {
                var read: [(cid: String, payload: Data)] = []
                for try await row in try await client.execute(WokenEventsStatement(cids: cids, afters: afters), logger: logger) {
                    read.append(row)
                }
                rows = .success(read)
            } catch {
                rows = .failure(error)
            }
            continuation.yield(.wokenRead(WokenRead(cids: cids, result: Self.found(rows))))
        }
    }

    /// The events of a woken read's rows, by channel, as deliveries of their stored JSON (only
    /// its routing fields decoded, ``StoredEventHeader``).
    static func found(_ rows: Result<[(cid: String, payload: Data)], any Error>) -> WokenRead.Found {
        Result {
            var read: [String: [EventHub.Delivery]] = [:]
            for (cid, payload) in try rows.get() {
                let header = try decoder.decode(StoredEventHeader.self, from: payload)
                read[cid, default: []].append(EventHub.Delivery(header, payload: payload))
            }
            return read
        }
    }

    /// Takes the notified channels: those followed here with events past their last delivered
    /// sequence, and the sequence to read after.
    func wokenChannels() -> (cids: [String], afters: [Int64]) {
        let notified = woken.withLock { woken in
            defer { woken = [:] }
            return woken
        }
        var cids: [String] = []
        var afters: [Int64] = []
        for (cid, seqs) in notified.sorted(by: { $0.key < $1.key }) {
            let last = delivered.withLock { $0[cid] }
            guard hub.hasSubscribers(cid) else {
                // Nobody follows it here: remember where the stream is, read nothing.
                delivered.withLock { $0[cid] = max($0[cid] ?? 0, seqs.last) }
                continue
            }
            let from = last ?? (seqs.first - 1)
            if seqs.last > from {
                cids.append(cid)
                afters.append(from)
            }
        }
        return (cids, afters)
    }

    /// Delivers what a woken read found (what was delivered meanwhile left out), then the events
    /// held while it ran; then reads again what was notified meanwhile, or frees the slot.
    func finishWokenRead(_ read: WokenRead) async throws {
        let ended = reading.withLock { reading in
            defer {
                reading.channels = []
                reading.held = []
                reading.heldPayloads = [:]
            }
            return reading
        }
        defer { startWokenReadCoalescing() }
        do {
            let found = try read.result.get()
            for cid in read.cids {
                let last = delivered.withLock { $0[cid] } ?? 0
                let events = (found[cid] ?? []).filter { $0.seq > last }
                hub.deliver(routed: events)
                if let newest = events.last?.seq {
                    delivered.withLock { $0[cid] = max($0[cid] ?? 0, newest) }
                }
                if let newest = found[cid]?.last?.seq, found[cid]?.count == WokenEventsStatement.page {
                    try await readAndDeliver(cid, after: newest, through: nil)
                }
            }
        } catch {
            // What the notifications announced is read by the next catch-up.
            logger.warning("fan-out read failed", metadata: ["error": "\(String(reflecting: error))"])
        }
        try await deliverInOrder(ended.held, payloads: ended.heldPayloads)
    }
}
