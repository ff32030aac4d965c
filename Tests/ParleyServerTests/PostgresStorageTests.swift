import Foundation
import Logging
import ParleyChat
import ParleyProtocol
import PostgresNIO
import Testing
@testable import ParleyServer

/// What only the PostgreSQL engine has: migrations shared by processes, the search index, the
/// `NOTIFY` of a commit.
@Suite("PostgreSQL storage", .timeLimit(.minutes(1)), .postgresWatchdog(seconds: 90))
struct PostgresStorageTests {
    @Test("Migrations applied by several processes starting at once run once, in order; reopening applies nothing")
    func concurrentMigrations() async throws {
        let url = try await PostgresCluster.freshTestDatabase()
        let storages = try await withThrowingTaskGroup(of: PostgresServerStorage.self) { group in
            for _ in 0..<4 { group.addTask { try await PostgresServerStorage.open(url: url, poolSize: 2) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let expected = PostgresServerStorage.migrations.map(\.version)
        for storage in storages {
            #expect(try await storage.schemaVersions() == expected)
            await storage.close()
        }
        let again = try await PostgresServerStorage.open(url: url, poolSize: 2)
        #expect(try await again.schemaVersions() == expected)
        await again.close()
    }

    @Test("Search goes through the GIN index of the messages' tsvector")
    func searchUsesIndex() async throws {
        let storage = try await PostgresServerStorage.open(url: try await PostgresCluster.freshTestDatabase(), poolSize: 2)
        let plan = try await storage.client.withConnection { connection in
            try await connection.query("SET enable_seqscan = off", logger: storage.logger)
            var lines: [String] = []
            for try await line in try await connection.query(
                "EXPLAIN SELECT id FROM messages WHERE search @@ to_tsquery('simple', 'hello:*')", logger: storage.logger
            ).decode(String.self) {
                lines.append(line)
            }
            return lines.joined(separator: "\n")
        }
        await storage.close()
        #expect(plan.contains("messages_search"), "\(plan)")
    }

    @Test("A write that appends events notifies its channel and sequence, never the body; a read-only write notifies nothing")
    func notifyPayload() async throws {
        let url = try await PostgresCluster.freshTestDatabase()
        let storage = try await PostgresServerStorage.open(url: url, poolSize: 2)
        let settings = try PostgresSettings(url: url)
        let listener = try await PostgresConnection.connect(
            configuration: settings.connectionConfiguration, id: 99, logger: storage.logger)
        let payloads = try await listener.listen(on: PostgresServerStorage.notifyChannel) { notifications in
            let cid = ChannelId(type: .messaging, id: "n")
            _ = try await storage.write({ tx in
                try tx.insertChannel(StorageConformanceTests.channel("n", at: tx.now))
            }, afterCommit: { _ in })
            _ = try await storage.write({ tx in
                _ = try StorageConformanceTests.event(tx, cid)
                _ = try StorageConformanceTests.event(tx, cid)
            }, afterCommit: { _ in })
            var received: [String] = []
            for try await notification in notifications {
                received.append(notification.payload)
                break
            }
            return received
        }
        #expect(payloads == ["e\t\(storage.origin)\n2\tmessaging:n"])
        try await listener.close()
        await storage.close()
    }
}
