import Foundation
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// A write's reads leave as one statement, and its writes as one (PostgresNIO runs a connection's
/// statements one round trip each).
@Suite("PostgreSQL merged statements", .timeLimit(.minutes(3)), .postgresWatchdog(seconds: 200))
struct PostgresMergedStatementTests {
    @Test("Parameters are renumbered after the statements before them; writes merge into data-modifying WITHs")
    func renumbering() {
        let first: PreparedSQL = "UPDATE channels SET last_seq = \(Int64(4)) WHERE cid = \("messaging:a")"
        let second: PreparedSQL = "INSERT INTO events (cid, seq, payload) VALUES (\("messaging:a"), \(Int64(4)), \(Data([1])))"
        #expect(second.renumbered(by: 2).sql == "INSERT INTO events (cid, seq, payload) VALUES ($3, $4, $5)")
        let ten = PreparedSQL(stringLiteral: "SELECT $1, $10, $2")
        #expect(ten.renumbered(by: 9).sql == "SELECT $10, $19, $11")
        let merged = PreparedSQL.writes([first, second, first])
        #expect(merged.sql == """
            WITH w0 AS (UPDATE channels SET last_seq = $1 WHERE cid = $2), \
            w1 AS (INSERT INTO events (cid, seq, payload) VALUES ($3, $4, $5)) \
            UPDATE channels SET last_seq = $6 WHERE cid = $7
            """)
        #expect(merged.binds.count == 7)
        #expect(PreparedSQL.writes([first]).sql == first.sql)
        #expect(PreparedSQL.reads([first, second]) == nil)
    }

    @Test("A send runs two statements: its reads (author, channel, membership, id) in one, its writes in one")
    func sendIsTwoStatements() async throws {
        let storage = try await PostgresServerStorage.open(url: try await PostgresCluster.freshTestDatabase(), poolSize: 1)
        let service = try await PostgresGroupCommitTests.service(storage)
        _ = try await service.sendMessage("messaging:batch", SendMessageRequest(id: "warm", text: "warm"), by: "alice")
        let before = storage.statements.executed
        let response = try await service.sendMessage("messaging:batch", SendMessageRequest(id: "m", text: "hello"), by: "bob")
        #expect(storage.statements.executed - before == 2)
        #expect(response.message?.text == "hello")
        // A retry reads the stored message through the merged reads, and writes nothing.
        let retry = try await service.sendMessage("messaging:batch", SendMessageRequest(id: "m", text: "hello"), by: "bob")
        #expect(retry.events.isEmpty)
        #expect(retry.message?.id == "m")
        // A stranger's send: the merged reads find no membership.
        await #expect(throws: (any Error).self) {
            try await service.sendMessage("messaging:batch", SendMessageRequest(id: "x", text: "hi"), by: "carol")
        }
        let stored = try await storage.read { tx in
            (try tx.message("m")?.text, try tx.channel(ChannelId(type: "messaging", id: "batch"))?.lastSeq)
        }
        #expect(stored.0 == "hello")
        let events = try await storage.read { tx in try tx.events(ChannelId(type: "messaging", id: "batch"), after: 0, limit: 100) }
        #expect(stored.1 == events.last?.seq)
        await storage.close()
    }

    @Test("Two changes of one row in one write both land (they leave as two statements)")
    func oneRowTwice() async throws {
        let storage = try await PostgresGroupCommitTests.open()
        _ = try await PostgresGroupCommitTests.service(storage)
        let cid = ChannelId(type: "messaging", id: "batch")
        let seq = try await storage.write({ tx in
            guard var channel = try tx.channel(cid) else { throw ChatError.channelNotFound(cid) }
            channel.name = "Renamed"
            try tx.updateChannel(channel)
            // Moves the row's `last_seq`, written at the end of the write: the same row again.
            return try StorageConformanceTests.event(tx, cid).seq
        }, afterCommit: { _ in })
        let channel = try await storage.read { tx in try tx.channel(cid) }
        #expect(channel?.name == "Renamed")
        #expect(channel?.lastSeq == seq)
        await storage.close()
    }
}
