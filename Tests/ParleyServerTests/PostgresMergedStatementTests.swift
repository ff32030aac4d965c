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
        // A `$` that is no parameter (a dollar quote, a trailing one) stays as it is.
        let dollars = PreparedSQL(stringLiteral: "SELECT $$a$$, $2 || '$'")
        #expect(dollars.renumbered(by: 3).sql == "SELECT $$a$$, $5 || '$'")
        #expect(PreparedSQL(stringLiteral: "SELECT $").renumbered(by: 1).sql == "SELECT $")
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

    @Test("A batch runs without savepoints: a refused send drops its unsent writes, the others land; a failed statement runs the batch again with savepoints")
    func optimisticBatch() async throws {
        let storage = try await PostgresGroupCommitTests.open()
        let service = try await PostgresGroupCommitTests.service(storage)
        let sends: [(id: String, by: String)] = [("a", "alice"), ("stranger", "carol"), ("b", "bob")]
        let results = try await PostgresGroupCommitTests.inOneBatch(storage, sends.map { send in
            { @Sendable in try await service.sendMessage("messaging:batch", SendMessageRequest(id: send.id, text: "hi"), by: send.by) }
        })
        #expect(results.map { (try? $0.get())?.message?.id } == ["a", nil, "b"])
        #expect(storage.savepointRuns.load(ordering: .relaxed) == 0)
        #expect(try await PostgresGroupCommitTests.stored(storage, ["a", "b", "stranger"]) == ["a", "b"])

        // The id "a" taken: only that write's insert fails, found out by the run with savepoints.
        let cid = ChannelId(type: .messaging, id: "batch")
        let retried = try await PostgresGroupCommitTests.inOneBatch(storage, [
            { @Sendable in try await service.sendMessage("messaging:batch", SendMessageRequest(id: "c", text: "hi"), by: "alice") },
            { @Sendable in
                try await storage.write({ tx in
                    try tx.insertMessage(PostgresLaneTests.message("a", in: cid, tx))
                    return WriteResponse(events: [])
                }, afterCommit: { _ in })
            },
            { @Sendable in try await service.sendMessage("messaging:batch", SendMessageRequest(id: "d", text: "hi"), by: "bob") },
        ])
        #expect(storage.savepointRuns.load(ordering: .relaxed) == 1)
        #expect((try? retried[0].get())?.message?.id == "c", "\(retried[0])")
        #expect((try? retried[1].get()) == nil)
        #expect((try? retried[2].get())?.message?.id == "d")
        #expect(try await PostgresGroupCommitTests.stored(storage, ["c", "d"]) == ["c", "d"])
        let events = try await storage.read { tx in try tx.events(cid, after: 0, limit: 100) }
        #expect(events.map(\.seq) == Array(1...Int64(events.count)))
        await storage.close()
    }
}

/// Errors of the prepared statements (PostgresNIO's legacy `PostgresError`) read as the others do.
@Suite("PostgreSQL errors of prepared statements", .timeLimit(.minutes(3)), .postgresWatchdog(seconds: 200))
struct PostgresPreparedErrorTests {
    @Test("A prepared insert's unique violation is retryable, as a plain statement's is")
    func preparedUniqueViolationIsRetryable() async throws {
        let storage = try await PostgresGroupCommitTests.open()
        _ = try await PostgresGroupCommitTests.service(storage)
        let cid = ChannelId(type: .messaging, id: "batch")
        _ = try await storage.write({ tx in try tx.insertMessage(PostgresLaneTests.message("taken", in: cid, tx)) }, afterCommit: { _ in })
        var caught: (any Error)?
        do {
            _ = try await storage.write({ tx in try tx.insertMessage(PostgresLaneTests.message("taken", in: cid, tx)) }, afterCommit: { _ in })
        } catch {
            caught = error
        }
        let error = try #require(caught)
        #expect(PostgresServerStorage.sqlState(of: error) == "23505")
        #expect(PostgresServerStorage.isRetryable(error))
        #expect(PostgresServerStorage.isDatabaseError(error))
        await storage.close()
    }
}
