import Foundation
import Logging
import PostgresNIO
import Testing
@testable import ParleyServer

/// The fan-out's wake-ups: their payload (``WakeUp``) and how the notifier coalesces them.
@Suite("PostgreSQL wake-ups", .timeLimit(.minutes(1)), .postgresWatchdog(seconds: 90))
struct PostgresWakeUpTests {
    @Test("A wake-up names its origin and each channel's newest sequence, and reads back the same")
    func roundTrip() throws {
        let payloads = WakeUp.payloads(origin: "p-1", ["messaging:b": 9, "messaging:a": 3, "team:x-y": 12])
        #expect(payloads == ["e\tp-1\n3\tmessaging:a\n9\tmessaging:b\n12\tteam:x-y"])
        let parsed = try #require(WakeUp.parse(payloads[0]))
        #expect(parsed.origin == "p-1")
        #expect(parsed.channels.map(\.cid) == ["messaging:a", "messaging:b", "team:x-y"])
        #expect(parsed.channels.map(\.seq) == [3, 9, 12])
        #expect(WakeUp.payloads(origin: "p-1", [:]).isEmpty)
    }

    @Test("Many channels split into several payloads, each within NOTIFY's limit, naming every channel once")
    func split() throws {
        var appended: [String: Int64] = [:]
        for index in 0..<2_000 { appended["messaging:\(String(repeating: "c", count: 40))-\(index)"] = Int64(index + 1) }
        let payloads = WakeUp.payloads(origin: "p-2", appended)
        #expect(payloads.count > 1)
        #expect(payloads.allSatisfy { $0.utf8.count <= WakeUp.limit })
        var read: [String: Int64] = [:]
        for payload in payloads {
            let parsed = try #require(WakeUp.parse(payload))
            #expect(parsed.origin == "p-2")
            for (cid, seq) in parsed.channels {
                #expect(read[cid] == nil)
                read[cid] = seq
            }
        }
        #expect(read == appended)
    }

    @Test("Other payloads and damaged wake-ups are not read as wake-ups")
    func foreign() {
        #expect(WakeUp.parse("f\tp-1\t{}") == nil)
        #expect(WakeUp.parse("h\tp-1") == nil)
        #expect(WakeUp.parse("e\tp-1\nseven\tmessaging:a") == nil)
        #expect(WakeUp.parse("e\tp-1\n7 messaging:a") == nil)
        #expect(WakeUp.parse("") == nil)
    }

    @Test("After a quiet spell a wake-up leaves at once; the commits of the next window leave together, in one payload")
    func coalescing() async throws {
        let url = try await PostgresCluster.freshTestDatabase()
        let storage = try await PostgresServerStorage.open(url: url, poolSize: 2)
        let listener = try await PostgresConnection.connect(
            configuration: try PostgresSettings(url: url).connectionConfiguration, id: 98, logger: storage.logger)
        let notifier = PostgresNotifier(
            client: storage.client, origin: "coalescing", coalescing: .milliseconds(400), logger: storage.logger)
        let began = ContinuousClock.now
        let received = try await listener.listen(on: PostgresServerStorage.notifyChannel) { notifications in
            var iterator = notifications.makeAsyncIterator()
            notifier.committed(["messaging:a": 1])
            let first = try await iterator.next()
            let firstAfter = ContinuousClock.now - began
            notifier.committed(["messaging:b": 4])
            notifier.committed(["messaging:c": 7])
            notifier.committed(["messaging:b": 5])
            let second = try await iterator.next()
            return [(first?.payload, firstAfter), (second?.payload, ContinuousClock.now - began)]
        }
        try await listener.close()
        await storage.close()
        #expect(received[0].0 == "e\tcoalescing\n1\tmessaging:a")
        #expect(received[0].1 < .milliseconds(300))
        #expect(received[1].0 == "e\tcoalescing\n5\tmessaging:b\n7\tmessaging:c")
        #expect(received[1].1 >= .milliseconds(400))
        #expect(notifier.statementsSent == 2)
    }
}
