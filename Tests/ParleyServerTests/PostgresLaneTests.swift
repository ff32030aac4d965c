import Foundation
import ParleyChat
import ParleyProtocol
import PostgresNIO
import Testing
@testable import ParleyServer

/// The PostgreSQL engine's group commit lanes and its statements sent without waiting.
@Suite("PostgreSQL group commit lanes", .timeLimit(.minutes(3)), .postgresWatchdog(seconds: 200))
struct PostgresLaneTests {
    static func channels(_ storage: PostgresServerStorage, _ cids: [ChannelId]) async throws {
        _ = try await storage.write({ tx in
            for cid in cids { try tx.insertChannel(StorageConformanceTests.channel(cid.id, at: tx.now)) }
        }, afterCommit: { _ in })
    }

    /// A channel id of lane `lane` among `lanes`.
    static func channel(inLane lane: Int, among lanes: Int) -> ChannelId {
        let id = (0..<100).map { "lane\($0)" }.first { CommitLocks.stripe(of: "messaging:\($0)", among: lanes) == lane }!
        return ChannelId(type: .messaging, id: id)
    }

    @Test("A write to a channel of another lane commits while a batch of the first lane is still running")
    func lanesSideBySide() async throws {
        let storage = try await PostgresServerStorage.open(
            url: try await PostgresCluster.freshTestDatabase(), poolSize: 8, lanes: 2)
        let (held, free) = (Self.channel(inLane: 0, among: 2), Self.channel(inLane: 1, among: 2))
        try await Self.channels(storage, [held, free])
        let semaphore = DispatchSemaphore(value: 0)
        let holding = Task {
            try await storage.write(in: held, { tx in
                _ = try tx.channel(held)
                semaphore.wait()
                return try StorageConformanceTests.event(tx, held).seq
            }, afterCommit: { _ in })
        }
        while storage.inFlight < 1 { try await Task.sleep(for: .milliseconds(2)) }
        let other = Task {
            try await storage.write(in: free, { tx in
                _ = try tx.channel(free)
                return try StorageConformanceTests.event(tx, free).seq
            }, afterCommit: { _ in })
        }
        let otherResult = await awaitResult(of: other, within: .seconds(20))
        semaphore.signal()
        #expect(try otherResult?.get() == 1, "the other lane's write waited for the held batch")
        #expect(try await holding.value == 1)
        await storage.close()
    }

    @Test("Across three lanes and many channels, each channel's sequence numbers are gapless, acknowledged and published in order")
    func orderingAcrossLanes() async throws {
        let storage = try await PostgresServerStorage.open(
            url: try await PostgresCluster.freshTestDatabase(), poolSize: 12, lanes: 3)
        let cids = (0..<6).map { ChannelId(type: .messaging, id: "c\($0)") }
        #expect(Set(cids.map { CommitLocks.stripe(of: $0.rawValue, among: 3) }).count > 1, "the channels span lanes")
        try await Self.channels(storage, cids)
        try await PostgresGroupCommitTests.writeConcurrently(storage, 300, to: cids, inLanes: true)
        await storage.close()
    }

    struct Refused: Error {}

    static func message(_ id: String, in cid: ChannelId, _ tx: any ServerTransaction) -> MessageRecord {
        MessageRecord(
            id: id, cid: cid, userId: "u", type: .regular, text: id, createdAt: tx.now, updatedAt: tx.now, parentId: nil,
            showInChannel: false, quotedId: nil, mentionedIds: [], attachments: [], replyCount: 0)
    }

    @Test("A lone write (no savepoint) that fails after sending its inserts and its append leaves nothing behind, no gap")
    func loneWriteRollsBack() async throws {
        let storage = try await PostgresGroupCommitTests.open()
        let cid = ChannelId(type: .messaging, id: "lone")
        try await Self.channels(storage, [cid])
        await #expect(throws: Refused.self) {
            try await storage.write(in: cid, { tx in
                _ = try tx.channel(cid)
                try tx.insertMessage(Self.message("gone", in: cid, tx))
                _ = try StorageConformanceTests.event(tx, cid)
                throw Refused()
            }, afterCommit: { _ in })
        }
        let seq = try await storage.write(in: cid, { tx in
            _ = try tx.channel(cid)
            return try StorageConformanceTests.event(tx, cid).seq
        }, afterCommit: { _ in })
        #expect(seq == 1)
        #expect(try await PostgresGroupCommitTests.stored(storage, ["gone"]).isEmpty)
        let head = try await storage.read { tx in try tx.channel(cid)?.lastSeq }
        #expect(head == 1)
        await storage.close()
    }

    @Test("A statement sent without waiting fails its own write only; a rolled-back append leaves no gap")
    func sentStatementFailsItsWrite() async throws {
        let storage = try await PostgresGroupCommitTests.open()
        let cid = ChannelId(type: .messaging, id: "sent")
        try await Self.channels(storage, [cid])
        @Sendable func message(_ id: String, _ tx: any ServerTransaction) -> MessageRecord { Self.message(id, in: cid, tx) }
        _ = try await storage.write({ tx in try tx.insertMessage(message("p0", tx)) }, afterCommit: { _ in })
        // The batch runs them in the order they queued, whatever it is: the checks do not depend on it.
        let writes: [@Sendable () async throws -> Int64] = [
            {
                try await storage.write({ tx in
                    _ = try tx.channel(cid)
                    try tx.insertMessage(message("p1", tx))
                    return try StorageConformanceTests.event(tx, cid).seq
                }, afterCommit: { _ in })
            },
            {
                // A primary key taken: the insert's failure is this write's, not the batch's.
                try await storage.write({ tx in
                    try tx.insertMessage(message("p0", tx))
                    return 0
                }, afterCommit: { _ in })
            },
            {
                try await storage.write({ tx -> Int64 in
                    _ = try tx.channel(cid)
                    _ = try StorageConformanceTests.event(tx, cid)
                    throw Refused()
                }, afterCommit: { _ in })
            },
            {
                try await storage.write({ tx in
                    _ = try tx.channel(cid)
                    try tx.insertMessage(message("p2", tx))
                    return try StorageConformanceTests.event(tx, cid).seq
                }, afterCommit: { _ in })
            },
        ]
        let results = try await PostgresGroupCommitTests.inOneBatch(storage, writes)
        #expect(Set([try results[0].get(), try results[3].get()]) == [1, 2])
        #expect((try? results[1].get()) == nil)
        #expect((try? results[2].get()) == nil)
        #expect(try await PostgresGroupCommitTests.stored(storage, ["p0", "p1", "p2"]) == ["p0", "p1", "p2"])
        let seqs = try await storage.read { tx in try tx.events(cid, after: 0, limit: 10).map(\.seq) }
        #expect(seqs == [1, 2])
        await storage.close()
    }
}
