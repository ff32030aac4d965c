import Foundation
import Logging
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// The reaction operation ids a server keeps (so a retried reaction applies once) are forgotten
/// once older than the retention, in bounded batches, on every engine: the table no longer grows
/// with every reaction ever sent.
@Suite("Reaction operation pruning", .timeLimit(.minutes(1)), .postgresWatchdog(seconds: 90))
struct ReactionOperationPruningTests {
    typealias Engine = StorageConformanceTests.Engine

    @Test("Ids older than the retention go in batches of at most the batch size; younger ones still make a retry apply nothing",
          arguments: Engine.allCases)
    func expiredIdsArePrunedInBatches(engine: Engine) async throws {
        try await StorageConformanceTests.with(engine) { storage in
            let service = try await StorageConcurrencyConformanceTests.service(storage)
            _ = try await service.sendMessage("messaging:race", SendMessageRequest(id: "m", text: "hi"), by: "alice")
            func like(_ operationId: String) async throws -> WriteResponse {
                try await service.addReaction("m", AddReactionRequest(type: "like", operationId: operationId), by: "bob")
            }
            for index in 0..<20 { _ = try await like("old-\(index)") }
            try await Task.sleep(for: .milliseconds(20))
            let boundary = Date()
            try await Task.sleep(for: .milliseconds(20))
            for index in 0..<3 { _ = try await like("new-\(index)") }

            // One batch deletes at most its limit.
            let first = try await storage.write(
                { tx in try tx.pruneReactionOperations(before: boundary, limit: 7) }, afterCommit: { _ in })
            #expect(first == 7)
            // The pruner deletes the rest, batch after batch, and nothing younger.
            let pruner = ReactionOperationPruner(
                storage: storage, retention: .seconds(3600), batchSize: 7, logger: Logger(label: "test"))
            #expect(try await pruner.prune(now: boundary.addingTimeInterval(3600)) == 13)
            #expect(try await pruner.prune(now: boundary.addingTimeInterval(3600)) == 0)

            let kept = try await storage.read { tx in
                try (0..<3).map { try tx.reactionOperation("new-\($0)", userId: "bob") }
                    + (0..<20).map { try tx.reactionOperation("old-\($0)", userId: "bob") }
            }
            #expect(kept == Array(repeating: "m", count: 3) + Array(repeating: nil, count: 20))
            let retried = try await like("new-1")
            #expect(retried.events.isEmpty, "a kept id still applies nothing again")
            #expect(retried.message?.reactionScores == ["like": 23])
        }
    }

    @Test("A running pruner deletes expired ids when it starts and again each interval, until cancelled")
    func runningPrunerPrunesEachInterval() async throws {
        let storage = try SQLiteServerStorage(path: nil)
        let service = try await StorageConcurrencyConformanceTests.service(storage)
        _ = try await service.sendMessage("messaging:race", SendMessageRequest(id: "m", text: "hi"), by: "alice")
        _ = try await service.addReaction("m", AddReactionRequest(type: "like", operationId: "first"), by: "bob")
        let pruner = ReactionOperationPruner(
            storage: storage, retention: .milliseconds(1), interval: .milliseconds(100), logger: Logger(label: "test"))
        func kept(_ operationId: String) async throws -> Bool {
            try await storage.read { tx in try tx.reactionOperation(operationId, userId: "bob") } != nil
        }
        try await Task.sleep(for: .milliseconds(5))
        let running = Task { await pruner.run() }
        try await Self.eventually { try await !kept("first") }
        _ = try await service.addReaction("m", AddReactionRequest(type: "like", operationId: "second"), by: "bob")
        #expect(try await kept("second"))
        try await Self.eventually { try await !kept("second") }
        running.cancel()
        await running.value
    }

    static func eventually(_ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while try await !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("the pruner never deleted the id")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test("The pruner a server runs keeps operation ids at least as long as clients retry them")
    func prunerRetentionCoversTheRetryWindow() throws {
        var configuration = ParleyServerConfiguration(databasePath: nil, jwtSecret: ServerHarness.secret)
        configuration.reactionOperationRetention = .seconds(60)
        let storage = try SQLiteServerStorage(path: nil)
        #expect(configuration.pruner(storage: storage, logger: .init(label: "test")).retention == WirePath.operationRetryWindow)
        configuration.reactionOperationRetention = .seconds(30 * 24 * 3600)
        #expect(configuration.pruner(storage: storage, logger: .init(label: "test")).retention == .seconds(30 * 24 * 3600))
        #expect(WirePath.operationIdRetention > WirePath.operationRetryWindow)
    }
}
