import Foundation
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// Reads announced ahead of a write's body (``ServerTransaction/expect(_:)``): sent together, and
/// each answered with the rows the body would have read one by one.
@Suite("PostgreSQL announced reads", .timeLimit(.minutes(3)), .postgresWatchdog(seconds: 200))
struct PostgresExpectedReadTests {
    static let bob = UserRecord(id: "bob", name: "Bob", role: .user, createdAt: .ms(1_000))

    @Test("An announced read answers the row, and a second read of it asks the database again")
    func announcedReadsAnswerOnce() async throws {
        let storage = try await PostgresGroupCommitTests.open()
        _ = try await storage.write({ tx in try tx.upsertUser(Self.bob) }, afterCommit: { _ in })
        let names = try await storage.write({ tx in
            tx.expect([.user("bob"), .user("nobody")])
            let first = try tx.user("bob")?.name
            var renamed = Self.bob
            renamed.name = "Robert"
            try tx.upsertUser(renamed)
            // Not the announced answer again: it predates the rename.
            let second = try tx.user("bob")?.name
            return [first, second, try tx.user("nobody")?.name]
        }, afterCommit: { _ in })
        #expect(names == ["Bob", "Robert", nil])
    }

    @Test("A write of a batch never reads the rows another write of the batch announced and left unread")
    func unreadAnnouncementsDoNotLeak() async throws {
        let storage = try await PostgresGroupCommitTests.open()
        _ = try await storage.write({ tx in try tx.upsertUser(Self.bob) }, afterCommit: { _ in })
        let results = try await PostgresGroupCommitTests.inOneBatch(storage, [
            { @Sendable in
                try await storage.write({ tx in
                    // Announced, never read: its answer holds the old name.
                    tx.expect([.user("bob")])
                    var renamed = Self.bob
                    renamed.name = "Robert"
                    try tx.upsertUser(renamed)
                    return "renamed"
                }, afterCommit: { _ in })
            },
            { @Sendable in try await storage.write({ tx in try tx.user("bob")?.name ?? "none" }, afterCommit: { _ in }) },
        ])
        #expect(try results.map { try $0.get() } == ["renamed", "Robert"])
    }

    @Test("A write that failed after announcing its reads leaves nothing for the next write of the batch")
    func failedWriteForgetsAnnouncements() async throws {
        let storage = try await PostgresGroupCommitTests.open()
        _ = try await storage.write({ tx in try tx.upsertUser(Self.bob) }, afterCommit: { _ in })
        let results = try await PostgresGroupCommitTests.inOneBatch(storage, [
            { @Sendable in
                try await storage.write({ tx -> String in
                    tx.expect([.user("bob")])
                    var renamed = Self.bob
                    renamed.name = "Robert"
                    try tx.upsertUser(renamed)
                    throw ChatError.userNotFound("bob")
                }, afterCommit: { _ in })
            },
            { @Sendable in try await storage.write({ tx in try tx.user("bob")?.name ?? "none" }, afterCommit: { _ in }) },
        ])
        #expect(throws: ChatError.self) { try results[0].get() }
        #expect(try results[1].get() == "Bob")
    }
}
