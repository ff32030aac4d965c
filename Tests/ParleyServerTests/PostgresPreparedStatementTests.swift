import Foundation
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// The hot statements run prepared: parsed and planned once per connection, then only bound.
@Suite("PostgreSQL prepared statements", .timeLimit(.minutes(3)), .postgresWatchdog(seconds: 200))
struct PostgresPreparedStatementTests {
    @Test("Sends prepare their statements once per connection; later sends only bind them, and read back what they wrote")
    func preparedOnce() async throws {
        // One connection: every send runs on it.
        let storage = try await PostgresServerStorage.open(url: try await PostgresCluster.freshTestDatabase(), poolSize: 1)
        let service = try await PostgresGroupCommitTests.service(storage)
        for index in 0..<3 {
            _ = try await service.sendMessage("messaging:batch", SendMessageRequest(id: "warm-\(index)", text: "warm"), by: "alice")
        }
        let afterWarmUp = storage.statements.prepared
        #expect(afterWarmUp > 0)
        for index in 0..<20 {
            _ = try await service.sendMessage(
                "messaging:batch", SendMessageRequest(id: "m-\(index)", text: "text \(index)"), by: index % 2 == 0 ? "alice" : "bob")
        }
        #expect(storage.statements.prepared == afterWarmUp)
        // Every type a prepared statement binds (text, bigint, integer, boolean, bytea, nulls) reads back.
        let (message, events) = try await storage.read { tx in
            (try tx.message("m-19"), try tx.events(ChannelId(type: "messaging", id: "batch"), after: 0, limit: 100))
        }
        #expect(message?.text == "text 19")
        #expect(message?.userId == "bob")
        #expect(message?.replyCount == 0)
        #expect(message?.parentId == nil)
        #expect(message?.showInChannel == false)
        let sent = events.filter { $0.type == .messageNew }.compactMap(\.message?.id)
        #expect(sent.suffix(20) == (0..<20).map { "m-\($0)" })
        #expect(events.map(\.seq) == Array(1...Int64(events.count)))
    }
}
