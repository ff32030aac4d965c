import Foundation
import GRDB
import Testing
@testable import ParleyChat

@Suite struct ConcurrentWritersTests {
    @Test func twoClientsOnOneFileWriteConcurrently() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("chat.sqlite")
        let alice = try makeClient("alice", url: url, seed: 1)
        try await addCast(alice)
        let cid = try await makeChannel(alice, members: ["bob"])
        // A second connection pool on the same file: SQLite's locks, not one queue, keep order.
        let bob = try makeClient("bob", url: url, seed: 2)
        let perWriter = 60
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (client, name) in [(alice, "alice"), (bob, "bob")] {
                for lane in 0..<3 {
                    group.addTask {
                        for index in 0..<(perWriter / 3) {
                            let id = try await client.sendMessage("\(name) lane \(lane) #\(index)", in: cid)
                            if index % 4 == 0 { try await client.addReaction(.like, to: id) }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let count = try alice.reader {
            try Int.fetchOne($0.db, sql: "SELECT count(*) FROM message WHERE cid = ? AND type = 'regular'", arguments: [cid.rawValue])
        }
        #expect(count == 2 * perWriter)
        #expect(try alice.failedMessages().isEmpty && bob.failedMessages().isEmpty)
        #expect(try storeViolations(alice) == [])
    }
}
