import Foundation
import Logging
import ParleyChat
import ParleyProtocol
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

    @Test(
        "After a quiet spell a wake-up leaves at once; the commits of the next window leave together, in one payload",
        arguments: [false, true])
    func coalescing(throughLink: Bool) async throws {
        let url = try await PostgresCluster.freshTestDatabase()
        let storage = try await PostgresServerStorage.open(url: url, poolSize: 2)
        let configuration = try PostgresSettings(url: url).connectionConfiguration
        let listener = try await PostgresConnection.connect(configuration: configuration, id: 98, logger: storage.logger)
        let notifier = PostgresNotifier(
            client: storage.client, origin: "coalescing", coalescing: .seconds(1), logger: storage.logger)
        // Through the fan-out's own connection (see PostgresFanoutLink), or through the pool.
        let own = try await PostgresConnection.connect(configuration: configuration, id: 97, logger: storage.logger)
        let link = try await PostgresFanoutLink.prepare(on: own)
        if throughLink { notifier.link.withLock { $0 = link } }
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
        try await own.close()
        await storage.close()
        #expect(received[0].0 == "e\tcoalescing\n1\tmessaging:a")
        #expect(received[0].1 < .milliseconds(800), "the first leaves at once, not a window later")
        #expect(received[1].0 == "e\tcoalescing\n5\tmessaging:b\n7\tmessaging:c")
        #expect(received[1].1 >= .seconds(1))
        #expect(notifier.statementsSent == 2)
    }

    @Test("A woken read through the fan-out's connection finds each channel's events after its sequence, in order, as stored")
    func wokenRead() async throws {
        let url = try await PostgresCluster.freshTestDatabase()
        let storage = try await PostgresServerStorage.open(url: url, poolSize: 2)
        let (a, b) = (ChannelId(type: .messaging, id: "wa"), ChannelId(type: .messaging, id: "wb"))
        let stored = try await storage.write({ tx in
            try tx.insertChannel(StorageConformanceTests.channel("wa", at: tx.now))
            try tx.insertChannel(StorageConformanceTests.channel("wb", at: tx.now))
            return try (0..<3).map { _ in try StorageConformanceTests.event(tx, a) }
                + (0..<2).map { _ in try StorageConformanceTests.event(tx, b) }
        }, afterCommit: { _ in })
        let connection = try await PostgresConnection.connect(
            configuration: try PostgresSettings(url: url).connectionConfiguration, id: 96, logger: storage.logger)
        let link = try await PostgresFanoutLink.prepare(on: connection)
        let rows = try await link.readEvents(cids: [a.rawValue, b.rawValue], afters: [1, 0]).get()
        let none = try await link.readEvents(cids: [a.rawValue], afters: [3]).get()
        try await connection.close()
        await storage.close()

        #expect(rows.map(\.cid) == [a.rawValue, a.rawValue, b.rawValue, b.rawValue])
        let events = try rows.map { try Wire.decoder().decode(ParleyProtocol.ChannelEvent.self, from: $0.payload) }
        #expect(events.map(\.seq) == [2, 3, 1, 2])
        #expect(events.map(\.epoch) == stored[1...].map(\.epoch))
        #expect(events.map(\.cid) == stored[1...].map(\.cid))
        #expect(none.isEmpty)
    }
}
