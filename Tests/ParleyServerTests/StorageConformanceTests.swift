import Foundation
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// What every `ServerStorage` engine must do; run against each engine (SQLite in memory and in a
/// WAL file, PostgreSQL in a throwaway cluster: see `PostgresCluster`).
@Suite("Server storage conformance", .timeLimit(.minutes(1)), .postgresWatchdog(seconds: 90))
struct StorageConformanceTests {
    enum Engine: String, CaseIterable, Sendable {
        case sqliteMemory, sqliteFile, postgres
    }

    /// A fresh storage of `engine`, removed after `body`.
    static func with(_ engine: Engine, _ body: (any ServerStorage) async throws -> Void) async throws {
        switch engine {
        case .sqliteMemory:
            try await body(try SQLiteServerStorage(path: nil))
        case .sqliteFile:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-storage-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            try await body(try SQLiteServerStorage(path: directory.appendingPathComponent("s.sqlite").path))
        case .postgres:
            let storage = try await PostgresServerStorage.open(url: try await PostgresCluster.freshTestDatabase(), poolSize: 4)
            do {
                try await body(storage)
            } catch {
                await storage.close()
                throw error
            }
            await storage.close()
        }
    }

    static func channel(_ id: String, at now: Date) -> ChannelRecord {
        ChannelRecord(
            cid: ChannelId(type: .messaging, id: id), name: id, config: ChannelConfig(), isFrozen: false, createdBy: "u",
            createdAt: now, updatedAt: now, lastMessageAt: nil, epoch: "epoch-\(id)", lastSeq: 0)
    }

    static func event(_ tx: any ServerTransaction, _ cid: ChannelId) throws -> ChannelEvent {
        try tx.appendEvent(cid) { seq, epoch in
            ChannelEvent(cid: cid.rawValue, seq: seq, epoch: epoch, type: .messageRead, actorId: "u", createdAt: tx.now)
        }
    }

    final class Log: Sendable {
        let committed = PthreadMutex<[Int64]>([])
    }

    @Test("Sequence numbers are per channel, gapless, taken in the write; a rolled-back write takes none", arguments: Engine.allCases)
    func sequences(engine: Engine) async throws {
        try await Self.with(engine) { storage in
            let a = ChannelId(type: .messaging, id: "a")
            let b = ChannelId(type: .messaging, id: "b")
            let log = Log()
            _ = try await storage.write({ tx in
                try tx.insertChannel(Self.channel("a", at: tx.now))
                try tx.insertChannel(Self.channel("b", at: tx.now))
            }, afterCommit: { _ in })
            for _ in 0..<3 {
                _ = try await storage.write({ tx in try Self.event(tx, a).seq }, afterCommit: { seq in
                    log.committed.withLock { $0.append(seq) }
                })
            }
            _ = try await storage.write({ tx in try Self.event(tx, b).seq }, afterCommit: { _ in })
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                _ = try await storage.write({ tx -> Int64 in
                    _ = try Self.event(tx, a)
                    throw Refused()
                }, afterCommit: { seq in log.committed.withLock { $0.append(seq) } })
            }
            #expect(log.committed.withLock { $0 } == [1, 2, 3])
            let next = try await storage.write({ tx in try Self.event(tx, a).seq }, afterCommit: { _ in })
            #expect(next == 4)
            let found = try await storage.read { tx throws -> [[Int64]] in
                [
                    try tx.events(a, after: 1, limit: 10).map(\.seq), try tx.events(a, after: 0, limit: 2).map(\.seq),
                    try tx.events(b, after: 0, limit: 10).map(\.seq), [try tx.channel(a)?.lastSeq ?? -1],
                    [try tx.oldestEventSeq(a) ?? -1],
                    try tx.events(a, after: 0, limit: 10).filter { $0.epoch != "epoch-a" }.map(\.seq),
                ]
            }
            #expect(found == [[2, 3, 4], [1, 2], [1], [4], [1], []])
        }
    }

    @Test("Deleting a channel removes its members, messages, reactions and events", arguments: Engine.allCases)
    func cascade(engine: Engine) async throws {
        try await Self.with(engine) { storage in
            let cid = ChannelId(type: .messaging, id: "gone")
            _ = try await storage.write({ tx in
                try tx.upsertUser(UserRecord(id: "u", name: "U", role: .user, createdAt: tx.now))
                try tx.insertChannel(Self.channel("gone", at: tx.now))
                try tx.upsertMember(MemberRecord(
                    cid: cid, userId: "u", role: .owner, createdAt: tx.now, lastReadAt: nil, lastReadMessageId: nil,
                    isMuted: false))
                try tx.insertMessage(MessageRecord(
                    id: "m", cid: cid, userId: "u", type: .regular, text: "hi", createdAt: tx.now, updatedAt: tx.now,
                    parentId: nil, showInChannel: false, quotedId: nil, mentionedIds: [], attachments: [], replyCount: 0))
                try tx.upsertReaction(ReactionRecord(
                    messageId: "m", userId: "u", type: "like", score: 1, createdAt: tx.now, updatedAt: tx.now))
                _ = try Self.event(tx, cid)
                try tx.deleteChannel(cid)
            }, afterCommit: { _ in })
            let left = try await storage.read { tx throws -> [Bool] in
                [
                    try tx.channel(cid) == nil, try tx.members(cid).isEmpty, try tx.message("m") == nil,
                    try tx.reactions("m").isEmpty, try tx.events(cid, after: 0, limit: 10).isEmpty,
                    try tx.channels(ofUser: "u", limit: 10).isEmpty, try tx.user("u") != nil,
                ]
            }
            #expect(left == Array(repeating: true, count: 7))
        }
    }

    @Test("Message pages go back from an anchor, oldest first; a thread's page holds its replies", arguments: Engine.allCases)
    func pages(engine: Engine) async throws {
        try await Self.with(engine) { storage in
            let cid = ChannelId(type: .messaging, id: "pages")
            _ = try await storage.write({ tx in
                try tx.insertChannel(Self.channel("pages", at: tx.now))
                for index in 0..<10 {
                    try tx.insertMessage(MessageRecord(
                        id: "m\(index)", cid: cid, userId: "u", type: index == 9 ? .reply : .regular, text: "text \(index)",
                        createdAt: Date(timeIntervalSince1970: Double(index)), updatedAt: tx.now,
                        parentId: index == 9 ? "m0" : nil, showInChannel: false, quotedId: nil, mentionedIds: [],
                        attachments: [], replyCount: 0))
                }
            }, afterCommit: { _ in })
            let pages = try await storage.read { tx throws -> [[String]] in
                [
                    try tx.messages(cid, parentId: nil, before: nil, limit: 3).map(\.id),
                    try tx.messages(cid, parentId: nil, before: "m6", limit: 3).map(\.id),
                    try tx.messages(cid, parentId: "m0", before: nil, limit: 5).map(\.id),
                    try tx.search("TEXT 4", in: [cid], limit: 5).map(\.id), try tx.search("100%", in: [cid], limit: 5).map(\.id),
                ]
            }
            #expect(pages == [["m6", "m7", "m8"], ["m3", "m4", "m5"], ["m9"], ["m4"], []])
        }
    }

    @Test(
        "Concurrent writes (which may share a commit) keep each channel's order: a refused write rolls back alone, the rest get gapless sequence numbers and run afterCommit in that order, and an id written twice is inserted once",
        arguments: Engine.allCases)
    func concurrentWrites(engine: Engine) async throws {
        try await Self.with(engine) { storage in
            let cid = ChannelId(type: .messaging, id: "busy")
            _ = try await storage.write({ tx in try tx.insertChannel(Self.channel("busy", at: tx.now)) }, afterCommit: { _ in })
            struct Refused: Error {}
            let log = Log()
            let writers = 300
            let acknowledged = await withTaskGroup(of: Int64?.self) { group in
                for index in 0..<writers {
                    group.addTask {
                        try? await storage.write({ tx -> Int64 in
                            // Writers 2k and 2k+1 both write message k: the second must see the first's row.
                            let id = "m\(index / 2)"
                            if try tx.message(id) == nil {
                                try tx.insertMessage(MessageRecord(
                                    id: id, cid: cid, userId: "u", type: .regular, text: "\(index)", createdAt: tx.now,
                                    updatedAt: tx.now, parentId: nil, showInChannel: false, quotedId: nil, mentionedIds: [],
                                    attachments: [], replyCount: 0))
                            }
                            let seq = try Self.event(tx, cid).seq
                            // Refused after writing: its message and sequence number must be undone.
                            if index % 5 == 0 { throw Refused() }
                            return seq
                        }, afterCommit: { seq in log.committed.withLock { $0.append(seq) } })
                    }
                }
                var seqs: [Int64] = []
                for await seq in group { if let seq { seqs.append(seq) } }
                return seqs
            }
            let committed = Int64(writers - writers / 5)
            #expect(acknowledged.sorted() == Array(1...committed))
            #expect(log.committed.withLock { $0 } == Array(1...committed))
            let stored = try await storage.read { tx throws -> (seqs: [Int64], lastSeq: Int64?, messages: Int) in
                (
                    try tx.events(cid, after: 0, limit: 1_000).map(\.seq), try tx.channel(cid)?.lastSeq,
                    try tx.messages(cid, parentId: nil, before: nil, limit: 1_000).count
                )
            }
            #expect(stored.seqs == Array(1...committed))
            #expect(stored.lastSeq == committed)
            // Of each pair at most one writer was refused (no two consecutive multiples of 5).
            #expect(stored.messages == writers / 2)
        }
    }
}

/// The chat service's rules on each engine where engines differ most: concurrent writers.
@Suite("Server storage conformance: concurrent writes", .timeLimit(.minutes(1)), .postgresWatchdog(seconds: 90))
struct StorageConcurrencyConformanceTests {
    static func service(_ storage: any ServerStorage) async throws -> ChatService {
        let service = ChatService(storage: storage, hub: EventHub(), limits: WireLimits(), adminUserIds: [])
        for user in ["alice", "bob"] {
            _ = try await service.upsertUsers([WireUser(id: user, name: user)], by: user)
        }
        _ = try await service.createChannel(CreateChannelRequest(cid: "messaging:race", memberIds: ["bob"]), by: "alice")
        return service
    }

    @Test("The same send from eight connections at once is stored once, with one event; all answer it",
          arguments: StorageConformanceTests.Engine.allCases)
    func idempotentSends(engine: StorageConformanceTests.Engine) async throws {
        try await StorageConformanceTests.with(engine) { storage in
            let service = try await Self.service(storage)
            let before = try await storage.read { tx in try tx.channel(ChannelId(type: .messaging, id: "race"))?.lastSeq ?? -1 }
            let answers = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await service.sendMessage("messaging:race", SendMessageRequest(id: "once", text: "hi"), by: "alice")
                            .message?.id
                    }
                }
                return try await group.reduce(into: [String?]()) { $0.append($1) }
            }
            #expect(answers == Array(repeating: "once", count: 8))
            let (count, events) = try await storage.read { tx throws -> (Int, [ChannelEventType]) in
                let cid = ChannelId(type: .messaging, id: "race")
                return (
                    try tx.messages(cid, parentId: nil, before: nil, limit: 50).filter { $0.id == "once" }.count,
                    try tx.events(cid, after: before, limit: 50).map(\.type)
                )
            }
            #expect(count == 1)
            #expect(events == [.messageNew])
        }
    }

    @Test("Concurrent sends to one channel take gapless sequence numbers, each once",
          arguments: StorageConformanceTests.Engine.allCases)
    func concurrentSequences(engine: StorageConformanceTests.Engine) async throws {
        try await StorageConformanceTests.with(engine) { storage in
            let service = try await Self.service(storage)
            let cid = ChannelId(type: .messaging, id: "race")
            let before = try await storage.read { tx in try tx.channel(cid)?.lastSeq ?? -1 }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        _ = try await service.sendMessage(
                            "messaging:race", SendMessageRequest(id: "m\(index)", text: "message \(index)"),
                            by: index % 2 == 0 ? "alice" : "bob")
                    }
                }
                try await group.waitForAll()
            }
            let seqs = try await storage.read { tx in try tx.events(cid, after: before, limit: 100).map(\.seq) }
            #expect(seqs == Array((before + 1)...(before + 40)))
        }
    }

    @Test("Search finds whole words and word beginnings, case-insensitively, not deleted messages",
          arguments: StorageConformanceTests.Engine.allCases)
    func search(engine: StorageConformanceTests.Engine) async throws {
        try await StorageConformanceTests.with(engine) { storage in
            let service = try await Self.service(storage)
            let texts = ["Hello world", "see example.com for docs", "hello-there friend", "Nothing here", "gone hello"]
            for (index, text) in texts.enumerated() {
                _ = try await service.sendMessage("messaging:race", SendMessageRequest(id: "s\(index)", text: text), by: "alice")
            }
            _ = try await service.deleteMessage("s4", by: "alice")
            func ids(_ query: String) async throws -> [String] {
                try await service.search(query, cid: "messaging:race", limit: 10, by: "bob").messages.map(\.id).sorted()
            }
            #expect(try await ids("hel") == ["s0", "s2"])
            #expect(try await ids("WORLD") == ["s0"])
            #expect(try await ids("example.com") == ["s1"])
            #expect(try await ids("hello world") == ["s0"])
            #expect(try await ids("there friend") == ["s2"])
            #expect(try await ids("50%") == [])
            #expect(try await ids("missing") == [])
        }
    }
}
