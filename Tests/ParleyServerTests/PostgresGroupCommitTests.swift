import Foundation
import ParleyChat
import ParleyProtocol
import PostgresNIO
import Synchronization
import Testing
@testable import ParleyServer

/// The PostgreSQL engine's group commit: writes queued behind a running batch share one
/// transaction, each in its own savepoint, and each writer hears back only once its batch committed.
@Suite("PostgreSQL group commit", .timeLimit(.minutes(3)), .postgresWatchdog(seconds: 200))
struct PostgresGroupCommitTests {
    /// A write that holds the committer until ``open()``: the writes queued meanwhile form the next batch.
    final class Gate: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        let task: Task<Void, any Error>

        init(_ storage: PostgresServerStorage) {
            let semaphore = semaphore
            task = Task { _ = try await storage.write({ _ in semaphore.wait() }, afterCommit: { _ in }) }
        }

        func open() async throws {
            semaphore.signal()
            try await task.value
        }
    }

    /// Runs `writes` as one batch, queued in the array's order: each starts while a gate holds the
    /// committer, the gate opens once all of them are queued. Their results, in order; checks that two batches ran (the
    /// gate's and theirs).
    static func inOneBatch<T: Sendable>(
        _ storage: PostgresServerStorage, _ writes: [@Sendable () async throws -> T]
    ) async throws -> [Result<T, any Error>] {
        let batches = storage.batchCount.load(ordering: .relaxed)
        let gate = Gate(storage)
        while storage.inFlight < 1 { try await Task.sleep(for: .milliseconds(2)) }
        // One at a time, each queued before the next starts: the queue's order is the array's
        // (tasks started together reach the queue in any order, and a test reading another write's
        // row depends on which ran first).
        var tasks: [Task<T, any Error>] = []
        for write in writes {
            tasks.append(Task { try await write() })
            while storage.inFlight < 1 + tasks.count { try await Task.sleep(for: .milliseconds(1)) }
        }
        try await gate.open()
        var results: [Result<T, any Error>] = []
        for task in tasks { results.append(await task.result) }
        #expect(storage.batchCount.load(ordering: .relaxed) - batches == 2)
        return results
    }

    /// The messages stored with these ids.
    static func stored(_ storage: PostgresServerStorage, _ ids: [String]) async throws -> [String] {
        var found: [String] = []
        for try await id in try await storage.client.query(
            "SELECT id FROM messages WHERE id = ANY(\(ids)) ORDER BY id", logger: storage.logger
        ).decode(String.self) {
            found.append(id)
        }
        return found
    }

    static func service(_ storage: PostgresServerStorage) async throws -> ChatService {
        let service = ChatService(storage: storage, hub: EventHub(), limits: WireLimits(), adminUserIds: [])
        for user in ["alice", "bob", "carol"] {
            _ = try await service.upsertUsers([WireUser(id: user, name: user)], by: user)
        }
        _ = try await service.createChannel(CreateChannelRequest(cid: "messaging:batch", memberIds: ["bob"]), by: "alice")
        return service
    }

    static func open() async throws -> PostgresServerStorage {
        try await PostgresServerStorage.open(url: try await PostgresCluster.freshTestDatabase(), poolSize: 4)
    }

    @Test("A batch holding one client id twice, and one already stored, inserts each message once and answers every send with it")
    func duplicatesInBatch() async throws {
        let storage = try await Self.open()
        let service = try await Self.service(storage)
        _ = try await service.sendMessage("messaging:batch", SendMessageRequest(id: "earlier", text: "first"), by: "alice")
        let sends = ["a", "dup", "b", "dup", "earlier", "c"].map { id in
            { @Sendable in
                try await service.sendMessage("messaging:batch", SendMessageRequest(id: id, text: "text \(id)"), by: "alice")
            }
        }
        let answers = try await Self.inOneBatch(storage, sends).map { try $0.get() }
        #expect(answers.map { $0.message?.id } == ["a", "dup", "b", "dup", "earlier", "c"])
        #expect(answers.map(\.events.count) == [1, 1, 1, 0, 0, 1])
        #expect(answers[4].message?.text == "first")
        let stored = try await storage.read { tx in
            try tx.messages(ChannelId(type: .messaging, id: "batch"), parentId: nil, before: nil, limit: 50).map(\.id)
        }
        #expect(stored.sorted() == ["a", "b", "c", "dup", "earlier"])
        await storage.close()
    }

    @Test("A refused write (not a member, frozen channel) fails alone: the rest of its batch lands with gapless sequence numbers")
    func refusalInBatch() async throws {
        let storage = try await Self.open()
        let service = try await Self.service(storage)
        _ = try await service.createChannel(CreateChannelRequest(cid: "messaging:ice", memberIds: ["bob"]), by: "alice")
        _ = try await service.setFrozen("messaging:ice", true, by: "alice")
        let before = try await storage.read { tx in try tx.channel(ChannelId(type: .messaging, id: "batch"))?.lastSeq ?? -1 }
        let sends: [(cid: String, id: String, by: String)] = [
            ("messaging:batch", "ok1", "alice"), ("messaging:batch", "intruder", "carol"), ("messaging:batch", "ok2", "bob"),
            ("messaging:ice", "cold", "bob"), ("messaging:batch", "ok3", "alice"),
        ]
        let results = try await Self.inOneBatch(storage, sends.map { send in
            { @Sendable in try await service.sendMessage(send.cid, SendMessageRequest(id: send.id, text: "hi"), by: send.by) }
        })
        #expect(results.map { (try? $0.get())?.message?.id } == ["ok1", nil, "ok2", nil, "ok3"])
        // Gapless, in the queue's order (the array's).
        #expect(results.compactMap { try? $0.get().events.first?.seq }.sorted() == [before + 1, before + 2, before + 3])
        #expect(try await Self.stored(storage, ["ok1", "ok2", "ok3", "intruder", "cold"]) == ["ok1", "ok2", "ok3"])
        let seqs = try await storage.read { tx in
            try tx.events(ChannelId(type: .messaging, id: "batch"), after: before, limit: 10).map(\.seq)
        }
        #expect(seqs == [before + 1, before + 2, before + 3])
        await storage.close()
    }

    final class Log: Sendable {
        let committed = PthreadMutex<[String: [Int64]]>([:])
    }

    @Test("A lone write whose statement fails in the database (not in its body) gets that failure, and nothing of it commits")
    func loneWriteDatabaseFailure() async throws {
        let storage = try await Self.open()
        await #expect(throws: PSQLError.self) {
            try await storage.write({ tx in
                try tx.upsertUser(UserRecord(id: "dave", name: "Dave", role: .user, createdAt: .ms(1)))
                // No such channel: the foreign key refuses the row when PostgreSQL runs it.
                try tx.upsertMember(MemberRecord(
                    cid: ChannelId(type: "messaging", id: "missing"), userId: "dave", role: "member", createdAt: .ms(1),
                    isMuted: false))
                return "written"
            }, afterCommit: { (_: String) in Issue.record("A failed write ran its afterCommit.") })
        }
        let dave = try await storage.read { tx in try tx.user("dave") }
        #expect(dave == nil)
        // The lane goes on.
        let next = try await storage.write({ tx in try tx.user("dave")?.name ?? "none" }, afterCommit: { _ in })
        #expect(next == "none")
    }

    @Test("Under concurrent writes to several channels, batches form and each channel's sequence numbers are gapless, acknowledged and published in order")
    func orderingUnderConcurrency() async throws {
        let storage = try await Self.open()
        let cids = (0..<3).map { ChannelId(type: .messaging, id: "c\($0)") }
        _ = try await storage.write({ tx in
            for cid in cids { try tx.insertChannel(StorageConformanceTests.channel(cid.id, at: tx.now)) }
        }, afterCommit: { _ in })
        let batches = storage.batchCount.load(ordering: .relaxed)
        try await Self.writeConcurrently(storage, 240, to: cids, inLanes: false)
        #expect(storage.batchCount.load(ordering: .relaxed) - batches < 240, "no two writes shared a commit")
        await storage.close()
    }

    /// `writers` writes at once, each a message and an event in one of `cids` (in turn); checks
    /// that each channel's sequence numbers are gapless, acknowledged and published in order. With
    /// `inLanes`, each write names its channel and reads its row first (the lanes' path); without,
    /// it names none and appends blind.
    static func writeConcurrently(
        _ storage: PostgresServerStorage, _ writers: Int, to cids: [ChannelId], inLanes: Bool
    ) async throws {
        let log = Log()
        let acknowledged = try await withThrowingTaskGroup(of: (String, Int64).self) { group in
            for index in 0..<writers {
                group.addTask {
                    let cid = cids[index % cids.count]
                    let seq = try await storage.write(in: inLanes ? cid : nil, { tx -> Int64 in
                        if inLanes { _ = try tx.channel(cid) }
                        try tx.insertMessage(MessageRecord(
                            id: "m\(index)", cid: cid, userId: "u", type: .regular, text: "\(index)", createdAt: tx.now,
                            updatedAt: tx.now, parentId: nil, showInChannel: false, quotedId: nil, mentionedIds: [],
                            attachments: [], replyCount: 0))
                        return try StorageConformanceTests.event(tx, cid).seq
                    }, afterCommit: { seq in log.committed.withLock { $0[cid.rawValue, default: []].append(seq) } })
                    return (cid.rawValue, seq)
                }
            }
            return try await group.reduce(into: [String: [Int64]]()) { $0[$1.0, default: []].append($1.1) }
        }
        let perChannel = Int64(writers / cids.count)
        for cid in cids {
            #expect(acknowledged[cid.rawValue]?.sorted() == Array(1...perChannel))
            #expect(log.committed.withLock { $0[cid.rawValue] } == Array(1...perChannel))
            let stored = try await storage.read { tx in try tx.events(cid, after: 0, limit: 500).map(\.seq) }
            #expect(stored == Array(1...perChannel))
        }
        #expect(try await Self.stored(storage, (0..<writers).map { "m\($0)" }).count == writers)
    }

    final class Acks: Sendable {
        let ids = PthreadMutex<[String]>([])
        let failed = Atomic<Int>(0)
        /// Writes acknowledged once PostgreSQL had been stopped: in flight at the crash, committed
        /// after the restart (the storage retries a batch whose connection died).
        let afterCrash = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
    }

    /// What the crash scenario saw: acknowledged ids, refused writes, and what the reopened
    /// store holds.
    struct CrashOutcome: Sendable {
        let acknowledged: Set<String>
        let failed: Int
        let acknowledgedAfterCrash: Int
        let messages: Set<String>
        let events: [Int64]
    }

    @Test("PostgreSQL killed mid-burst (immediate stop, no checkpoint) and restarted: every acknowledged write is there, with its event")
    func crashKeepsAcknowledged() async throws {
        // Bounded: a scenario still running after 90 s fails the test instead of hanging it. (It
        // once took minutes: after the crash, a batch kept sending statements to its dead
        // connection, and PostgresNIO drops those unanswered, so each waited out its own timeout.)
        let scenario = Task { try await Self.crashScenario() }
        guard let finished = await awaitResult(of: scenario, within: .seconds(90)) else {
            Issue.record("the crash scenario did not finish within 90 s")
            return
        }
        let outcome = try finished.get()
        // Mid-burst: writes in flight at the crash failed, or were retried and acknowledged after
        // the restart (which of the two depends on when the kill lands; CI once saw only the second).
        #expect(outcome.failed + outcome.acknowledgedAfterCrash > 0, "the crash came mid-burst")
        #expect(outcome.acknowledged.count >= 40)
        #expect(outcome.acknowledged.isSubset(of: outcome.messages), "lost: \(outcome.acknowledged.subtracting(outcome.messages).sorted())")
        #expect(outcome.events == Array(1...Int64(outcome.messages.count)))
    }

    static func crashScenario() async throws -> CrashOutcome {
        let cluster = try await PostgresCluster.offPool { try PostgresCluster.start(fsync: true) }
        defer { cluster.stop() }
        let url = try await PostgresCluster.offPool { try cluster.createDatabase() }
        let storage = try await PostgresServerStorage.open(url: url, poolSize: 4)
        let cid = ChannelId(type: .messaging, id: "crash")
        _ = try await storage.write({ tx in try tx.insertChannel(StorageConformanceTests.channel("crash", at: tx.now)) },
                                    afterCommit: { _ in })
        let acks = Acks()
        try await withThrowingTaskGroup(of: Void.self) { group in
            // Writers that keep writing until PostgreSQL is back: the crash finds batches in flight.
            for writer in 0..<8 {
                group.addTask {
                    var index = 0
                    // Until PostgreSQL stopped: writes queued then wait for the restart.
                    while !acks.stopped.load(ordering: .relaxed) {
                        index += 1
                        let id = "w\(writer)-\(index)"
                        do {
                            try await storage.write({ tx in
                                try tx.insertMessage(MessageRecord(
                                    id: id, cid: cid, userId: "u", type: .regular, text: id, createdAt: tx.now,
                                    updatedAt: tx.now, parentId: nil, showInChannel: false, quotedId: nil, mentionedIds: [],
                                    attachments: [], replyCount: 0))
                                _ = try StorageConformanceTests.event(tx, cid)
                            }, afterCommit: { _ in })
                            acks.ids.withLock { $0.append(id) }
                            if acks.stopped.load(ordering: .relaxed) { acks.afterCrash.add(1, ordering: .relaxed) }
                        } catch {
                            acks.failed.add(1, ordering: .relaxed)
                            try await Task.sleep(for: .milliseconds(20))
                        }
                    }
                }
            }
            group.addTask {
                while acks.ids.withLock({ $0.count }) < 40 { try await Task.sleep(for: .milliseconds(2)) }
                try await PostgresCluster.offPool { try cluster.stopServer(immediate: true) }
                acks.stopped.store(true, ordering: .relaxed)
                try await PostgresCluster.offPool { try cluster.startServer(fsync: true) }
            }
            try await group.waitForAll()
        }
        await storage.close()
        let reopened = try await PostgresServerStorage.open(url: url, poolSize: 2)
        let acknowledged = Set(acks.ids.withLock { $0 })
        let (messages, events) = try await reopened.read { tx throws -> (Set<String>, [Int64]) in
            (
                Set(try tx.messages(cid, parentId: nil, before: nil, limit: 10_000).map(\.id)),
                try tx.events(cid, after: 0, limit: 10_000).map(\.seq)
            )
        }
        await reopened.close()
        return CrashOutcome(
            acknowledged: acknowledged, failed: acks.failed.load(ordering: .relaxed),
            acknowledgedAfterCrash: acks.afterCrash.load(ordering: .relaxed), messages: messages, events: events)
    }
}
